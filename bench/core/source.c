/* Timer sources (see source.h). Rates are rounded to the timer's own tick; one-shot
 * modes are re-armed by bench_irq: relative ones (PIT, APIC one-shot) run slow by
 * the interrupt latency, absolute ones (TSC deadline, HPET comparator) do not. */
#include "source.h"
#include "format.h"
#include "lib.h"
#include "handler.h"
#include "clock.h"
#include "timers.h"
#include "cpu.h"
#include "hpet.h"
#include "idt.h"
#include "ioapic.h"
#include "irq.h"
#include "lapic.h"
#include "pic.h"
#include "pit.h"
#include "console.h"
#include "record.h"
#include "run.h"

/* Where the I/O APIC and FSB paths deliver: the boot CPU, unless tick on several
 * CPUs gave the interrupt to another (source_route_to). */
static bool route_to_other;
static uint32_t route_apic_id;

void source_route_to(uint32_t apic_id)
{
	route_to_other = apic_id != irq.bsp_apic_id;
	route_apic_id = apic_id;
}

static uint32_t destination(void) { return route_to_other ? route_apic_id : irq.bsp_apic_id; }

/* ---- every timer's period ---- */

/* Ticks of a timer counting at rate per period at hz (rounded to the nearest), and
 * the rate that period gives, in millihertz; NULL, or why not. */
static const char *ticks_at(uint64_t rate, uint32_t hz, uint64_t min, uint64_t max,
			    const char *why, uint64_t *period, uint64_t *millihz)
{
	uint64_t ticks = (rate + hz / 2) / hz;
	if (ticks < min || ticks > max)
		return why;
	*period = ticks;
	*millihz = mul_div(rate, 1000, ticks);
	return NULL;
}

const char *source_period(unsigned timer_bit, uint32_t hz, uint64_t *period, uint64_t *millihz)
{
	if (!hz)
		return "a rate of 0 Hz";
	switch (timer_bit) {
	case TIMER_PIT:
		return ticks_at(PIT_HZ, hz, 2, 0xffff, "the rate is outside the PIT's "
				"divisor range (19..596591 Hz)", period, millihz);
	case TIMER_LAPIC:
		return ticks_at(timers.lapic_hz, hz, 1, 0xffffffffu, "the rate is outside the "
				"APIC timer's 32-bit count range", period, millihz);
	case TIMER_TSCDL:
		return ticks_at(clock_tsc_hz(), hz, 1, ~0ull, "the rate is above the TSC's",
				period, millihz);
	default: {
		/* The HPET's rate is not a whole number of hertz: its period is in fs. */
		const char *why = ticks_at(timers.hpet_hz, hz, 1, ~0ull, "the rate is above "
					   "the HPET's counter rate", period, millihz);
		if (!why)
			*millihz = mul_div(FS_PER_S, 1000, *period * timers.hpet_caps.period_fs);
		return why;
	}
	}
}

/* ---- PIT ---- */

static const char *pit_divisor(uint32_t hz, uint64_t *millihz, uint8_t vector,
			       enum bench_eoi eoi, enum bench_rearm rearm)
{
	uint64_t div;
	const char *why = source_period(TIMER_PIT, hz, &div, millihz);
	if (why)
		return why;
	bench_irq_install(vector, eoi, rearm);
	birq.period = div;
	return NULL;
}

static const char *pit_start_pic(uint32_t hz, uint64_t *millihz)
{
	const char *why = pit_divisor(hz, millihz, VEC_PIC_BASE + 0, EOI_PIC0, REARM_NONE);
	if (why)
		return why;
	pic_unmask(0);
	pit_periodic((uint16_t)birq.period);
	return NULL;
}

static const char *pit_start_ioapic(uint32_t hz, uint64_t *millihz, enum bench_rearm rearm)
{
	const char *why = pit_divisor(hz, millihz, VEC_PIT_IOAPIC, bench_eoi_lapic(), rearm);
	if (why || (why = irq_unreachable(destination())))
		return why;
	if (!irq_route_isa(0, VEC_PIT_IOAPIC, destination()))
		return "ISA IRQ0 cannot be routed through the I/O APIC";
	if (rearm == REARM_PIT)
		pit_oneshot((uint16_t)birq.period);
	else
		pit_periodic((uint16_t)birq.period);
	return NULL;
}

static const char *pit_start_periodic_ioapic(uint32_t hz, uint64_t *millihz)
{
	return pit_start_ioapic(hz, millihz, REARM_NONE);
}

static const char *pit_start_oneshot(uint32_t hz, uint64_t *millihz)
{
	return pit_start_ioapic(hz, millihz, REARM_PIT);
}

static void pit_stop_pic(void) { pit_stop(); pic_mask(0); bench_irq_uninstall(VEC_PIC_BASE); }
static void pit_stop_ioapic(void) { pit_stop(); irq_mask_isa(0); bench_irq_uninstall(VEC_PIT_IOAPIC); }

/* ---- local APIC timer and TSC deadline ---- */

static const char *lapic_start(uint32_t hz, uint64_t *millihz, enum bench_rearm rearm)
{
	uint64_t count;
	const char *why = source_period(TIMER_LAPIC, hz, &count, millihz);
	if (why)
		return why;
	bench_irq_install(VEC_LAPIC_TIMER, bench_eoi_lapic(), rearm);
	birq.period = count;
	if (rearm == REARM_LAPIC)
		lapic_timer_oneshot(VEC_LAPIC_TIMER, (uint32_t)count);
	else
		lapic_timer_periodic(VEC_LAPIC_TIMER, (uint32_t)count);
	return NULL;
}

static const char *lapic_start_periodic(uint32_t hz, uint64_t *millihz)
{
	return lapic_start(hz, millihz, REARM_NONE);
}

static const char *lapic_start_oneshot(uint32_t hz, uint64_t *millihz)
{
	return lapic_start(hz, millihz, REARM_LAPIC);
}

static void lapic_stop_all(void) { lapic_timer_stop(); bench_irq_uninstall(VEC_LAPIC_TIMER); }

/* TSC-deadline re-armed from the handler at deadline + period: a deadline already
 * in the past fires at once (SDM vol. 3A, 12.5.4.1), so none is lost. */
static const char *tscdl_start(uint32_t hz, uint64_t *millihz)
{
	uint64_t period;
	const char *why = source_period(TIMER_TSCDL, hz, &period, millihz);
	if (why)
		return why;
	bench_irq_install(VEC_LAPIC_TIMER, bench_eoi_lapic(), REARM_TSCDL);
	birq.period = period;
	tscdl_setup(VEC_LAPIC_TIMER);
	birq.next = rdtsc() + period;
	tscdl_arm(birq.next);
	return NULL;
}

static void tscdl_stop_all(void) { tscdl_stop(); lapic_stop_all(); }

/* ---- HPET ---- */

static const char *hpet_ticks(uint32_t hz, uint64_t *millihz, enum bench_rearm rearm)
{
	uint64_t ticks;
	const char *why = source_period(TIMER_HPET, hz, &ticks, millihz);
	if (why)
		return why;
	bench_irq_install(VEC_HPET, bench_eoi_lapic(), rearm);
	birq.period = ticks;
	return NULL;
}

/* An I/O APIC input comparator n may use, not among taken (a bit per input): above
 * the ISA range when it can. */
static int hpet_ioapic_input(unsigned n, uint32_t taken)
{
	uint32_t routes = timers.hpet_caps.timer[n].routes & ~taken;
	for (int pin = 31; pin >= 16; pin--)
		if (routes & (1u << pin) && ioapic_has_gsi((uint32_t)pin))
			return pin;
	for (int pin = 0; pin < 16; pin++)
		if (routes & (1u << pin) && ioapic_has_gsi((uint32_t)pin))
			return pin;
	return -1;
}

static const char *hpet_route_ioapic(unsigned n)
{
	int pin = hpet_ioapic_input(n, 0);
	if (irq_unreachable(destination()))
		return irq_unreachable(destination());
	if (pin < 0 || !ioapic_route((uint32_t)pin, VEC_HPET, destination(), false, false))
		return "no I/O APIC input allowed for the comparator answers";
	birq.hpet_n = n;
	hpet_route(n, (unsigned)pin, 0, 0);
	return NULL;
}

static const char *hpet_start_periodic_ioapic(uint32_t hz, uint64_t *millihz)
{
	int n = hpet_periodic_comparator();
	const char *why = hpet_ticks(hz, millihz, REARM_NONE);
	if (n < 0)
		return "no HPET comparator can run periodic";
	if (why || (why = hpet_route_ioapic((unsigned)n)))
		return why;
	hpet_periodic(birq.hpet_n, birq.period);
	return NULL;
}

/* Legacy replacement: comparator 0 drives ISA IRQ0 (HPET spec 2.3.9.2.3, table 2-6);
 * QEMU mutes the PIT meanwhile. */
static const char *hpet_start_legacy(uint32_t hz, uint64_t *millihz)
{
	const char *why = hpet_ticks(hz, millihz, REARM_NONE);
	if (why)
		return why;
	if (!timers.hpet_caps.legacy_capable || !timers.hpet_caps.timer[0].periodic)
		return "the HPET has no legacy replacement route with a periodic comparator 0";
	if (irq_unreachable(destination()))
		return irq_unreachable(destination());
	if (!irq_route_isa(0, VEC_HPET, destination()))
		return "ISA IRQ0 cannot be routed through the I/O APIC";
	birq.hpet_n = 0;
	hpet_route(0, 0, 0, 0);
	hpet_legacy(true);
	hpet_periodic(0, birq.period);
	return NULL;
}

/* FSB delivery: an MSI to the boot CPU (SDM vol. 3A, 13.11.1: address 0xfee00000 |
 * destination << 12; data = the vector, fixed, edge). */
static const char *hpet_start_msi(uint32_t hz, uint64_t *millihz)
{
	const char *why = hpet_ticks(hz, millihz, REARM_NONE);
	int found = -1;
	for (unsigned n = 0; n < timers.hpet_caps.timers && found < 0; n++)
		if (timers.hpet_caps.timer[n].fsb && timers.hpet_caps.timer[n].periodic)
			found = (int)n;
	if (why)
		return why;
	if (found < 0)
		return "no periodic HPET comparator can deliver by FSB (MSI)";
	if (irq_unreachable(destination()))
		return irq_unreachable(destination());
	birq.hpet_n = (unsigned)found;
	hpet_route(birq.hpet_n, 0, 0xfee00000u | destination() << 12, VEC_HPET);
	hpet_periodic(birq.hpet_n, birq.period);
	return NULL;
}

static const char *hpet_start_oneshot(uint32_t hz, uint64_t *millihz)
{
	const char *why = hpet_ticks(hz, millihz, REARM_HPET);
	if (why || (why = hpet_route_ioapic(0)))
		return why;
	birq.next = hpet_read() + birq.period;
	hpet_arm(0, birq.next);
	return NULL;
}

static void hpet_stop_all(void)
{
	unsigned n = birq.hpet_n;
	hpet_stop(n);
	hpet_legacy(false);
	irq_mask_isa(0);
	for (unsigned pin = 0; pin < 32; pin++)
		if (timers.hpet_caps.timer[n].routes & (1u << pin))
			ioapic_mask(pin);
	bench_irq_uninstall(VEC_HPET);
}

/* Spread: comparator after comparator, each periodic through an I/O APIC input of
 * its own to a CPU of its own (apic_ids[0], the boot CPU, by bench_entry; the APs
 * by bench_entry_ap on VEC_TIMER_AP), all started in phase. */
static struct { uint32_t comparators, inputs; } spread;

/* The comparators and inputs for up to cpus CPUs, in order; how many there are. */
static unsigned spread_plan(unsigned cpus, unsigned *comparator, int *input)
{
	uint32_t taken = 0;
	unsigned cpu = 0;
	for (unsigned n = 0; n < timers.hpet_caps.timers && cpu < cpus; n++) {
		int pin = timers.hpet_caps.timer[n].periodic ? hpet_ioapic_input(n, taken) : -1;
		if (pin < 0)
			continue;
		comparator[cpu] = n;
		input[cpu++] = pin;
		taken |= 1u << pin;
	}
	return cpu;
}

unsigned source_hpet_spread_max(void)
{
	unsigned comparator[HPET_MAX_TIMERS];
	int input[HPET_MAX_TIMERS];
	return timers.hpet ? spread_plan(HPET_MAX_TIMERS, comparator, input) : 0;
}

const char *source_hpet_spread(unsigned cpus, const uint32_t *apic_ids, uint32_t hz,
			       uint64_t *millihz)
{
	unsigned comparator[HPET_MAX_TIMERS];
	int input[HPET_MAX_TIMERS];
	const char *why = hpet_ticks(hz, millihz, REARM_NONE);
	if (why)
		return why;
	if (spread_plan(cpus, comparator, input) < cpus)
		return "the HPET has too few periodic comparators with an I/O APIC input of their own";
	spread.comparators = spread.inputs = 0;
	birq.hpet_n = comparator[0];
	for (unsigned cpu = 0; cpu < cpus; cpu++) {
		if (irq_unreachable(apic_ids[cpu]))
			return irq_unreachable(apic_ids[cpu]);
		if (!ioapic_route((uint32_t)input[cpu], cpu ? VEC_TIMER_AP : VEC_HPET,
				  apic_ids[cpu], false, false))
			return "an HPET comparator's I/O APIC input cannot be routed";
		hpet_route(comparator[cpu], (unsigned)input[cpu], 0, 0);
		spread.inputs |= 1u << input[cpu];
		spread.comparators |= 1u << comparator[cpu];
	}
	hpet_periodic_set(spread.comparators, birq.period);
	return NULL;
}

void source_hpet_spread_stop(void)
{
	for (unsigned n = 0; n < HPET_MAX_TIMERS; n++)
		if (spread.comparators & (1u << n))
			hpet_stop(n);
	for (unsigned pin = 0; pin < 32; pin++)
		if (spread.inputs & (1u << pin))
			ioapic_mask(pin);
	bench_irq_uninstall(VEC_HPET);
	spread.comparators = spread.inputs = 0;
}


const struct timer_source timer_sources[] = {
	{ "pit", "periodic", "pic", TIMER_PIT, DELIVERY_PIC, pit_start_pic, pit_stop_pic },
	{ "pit", "periodic", "ioapic", TIMER_PIT, DELIVERY_IOAPIC, pit_start_periodic_ioapic, pit_stop_ioapic },
	{ "pit", "oneshot", "ioapic", TIMER_PIT, DELIVERY_IOAPIC, pit_start_oneshot, pit_stop_ioapic },
	{ "lapic", "periodic", "local", TIMER_LAPIC, DELIVERY_LOCAL, lapic_start_periodic, lapic_stop_all },
	{ "lapic", "oneshot", "local", TIMER_LAPIC, DELIVERY_LOCAL, lapic_start_oneshot, lapic_stop_all },
	{ "tscdl", "oneshot", "local", TIMER_TSCDL, DELIVERY_LOCAL, tscdl_start, tscdl_stop_all },
	{ "hpet", "periodic", "ioapic", TIMER_HPET, DELIVERY_IOAPIC, hpet_start_periodic_ioapic, hpet_stop_all },
	{ "hpet", "periodic", "legacy", TIMER_HPET, DELIVERY_LEGACY, hpet_start_legacy, hpet_stop_all },
	{ "hpet", "periodic", "msi", TIMER_HPET, DELIVERY_MSI, hpet_start_msi, hpet_stop_all },
	{ "hpet", "oneshot", "ioapic", TIMER_HPET, DELIVERY_IOAPIC, hpet_start_oneshot, hpet_stop_all },
};
const unsigned timer_sources_count = sizeof(timer_sources) / sizeof(timer_sources[0]);

const char *source_oneshot_route(unsigned timer_bit, const char **delivery)
{
	*delivery = "local";
	switch (timer_bit) {
	case TIMER_PIT:
		if (irq.lapic && irq.ioapics) {
			*delivery = "ioapic";
			if (irq_unreachable(irq.bsp_apic_id))
				return irq_unreachable(irq.bsp_apic_id);
			bench_irq_install(VEC_PIT_IOAPIC, bench_eoi_lapic(), REARM_NONE);
			return irq_route_isa(0, VEC_PIT_IOAPIC, irq.bsp_apic_id) ? NULL :
			       "ISA IRQ0 cannot be routed through the I/O APIC";
		}
		*delivery = "pic";
		bench_irq_install(VEC_PIC_BASE + 0, EOI_PIC0, REARM_NONE);
		pic_unmask(0);
		return NULL;
	case TIMER_LAPIC:
		bench_irq_install(VEC_LAPIC_TIMER, bench_eoi_lapic(), REARM_NONE);
		lapic_write(APIC_LVTT, APIC_LVT_TIMER_ONESHOT | VEC_LAPIC_TIMER);
		return NULL;
	case TIMER_TSCDL:
		bench_irq_install(VEC_LAPIC_TIMER, bench_eoi_lapic(), REARM_NONE);
		tscdl_setup(VEC_LAPIC_TIMER);
		return NULL;
	case TIMER_HPET:
		*delivery = "ioapic";
		bench_irq_install(VEC_HPET, bench_eoi_lapic(), REARM_NONE);
		return hpet_route_ioapic(0);
	}
	return "no such timer";
}

void source_oneshot_unroute(unsigned timer_bit)
{
	switch (timer_bit) {
	case TIMER_PIT:
		pit_stop();
		if (irq.lapic && irq.ioapics)
			pit_stop_ioapic();
		else
			pit_stop_pic();
		break;
	case TIMER_LAPIC: lapic_stop_all(); break;
	case TIMER_TSCDL: tscdl_stop_all(); break;
	case TIMER_HPET: hpet_stop_all(); break;
	}
}

bool timer_present(unsigned bit)
{
	switch (bit) {
	case TIMER_PIT: return timers.pit;
	case TIMER_LAPIC: return timers.lapic;
	case TIMER_TSCDL: return timers.tscdl;
	case TIMER_HPET: return timers.hpet;
	}
	return false;
}

/* Is the delivery path there? The I/O APIC's and the HPET's legacy replacement
 * (ISA IRQ0 through the I/O APIC) need one I/O APIC and the local APIC; without
 * the MADT there is no I/O APIC, and the PIT goes through the 8259. */
static bool delivery_present(unsigned delivery_bit)
{
	switch (delivery_bit) {
	case DELIVERY_PIC: return irq.pic;
	case DELIVERY_IOAPIC:
	case DELIVERY_LEGACY: return irq.lapic && irq.ioapics;
	default: return irq.lapic;
	}
}

bool source_selected(const struct timer_source *s, const struct config *cfg)
{
	if (!(cfg->timers & (1u << s->timer_bit)) || !(cfg->deliveries & (1u << s->delivery_bit)))
		return false;
	return delivery_present(s->delivery_bit) && timer_present(s->timer_bit);
}

/* The delivery paths of timer_sources[] for timer and mode, "pic, ioapic", each path
 * this machine lacks marked so: then delivery= is not why it goes unserved. */
static void paths_of(unsigned timer_bit, const char *mode, char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < timer_sources_count; i++) {
		const struct timer_source *s = &timer_sources[i];
		if (s->timer_bit == timer_bit && !strcmp(s->mode, mode) && used < size)
			used += (size_t)format(buf + used, size - used, "%s%s%s", used ? ", " : "",
					       s->delivery, delivery_present(s->delivery_bit) ?
					       "" : " (none on this machine)");
	}
}

/* Is source i the first of its timer and mode in timer_sources[]? */
static bool first_of_mode(unsigned i)
{
	for (unsigned j = 0; j < i; j++)
		if (timer_sources[j].timer_bit == timer_sources[i].timer_bit &&
		    !strcmp(timer_sources[j].mode, timer_sources[i].mode))
			return false;
	return true;
}

static bool served(unsigned timer_bit, const char *mode, const struct config *cfg)
{
	for (unsigned i = 0; i < timer_sources_count; i++)
		if (timer_sources[i].timer_bit == timer_bit && !strcmp(timer_sources[i].mode, mode) &&
		    source_selected(&timer_sources[i], cfg))
			return true;
	return false;
}

unsigned source_report_unserved(const char *bench, const struct config *cfg,
				bool (*wanted)(const struct timer_source *s))
{
	unsigned n = 0;
	for (unsigned i = 0; i < timer_sources_count; i++) {
		const struct timer_source *s = &timer_sources[i];
		if (!first_of_mode(i) || !((cfg->timers >> s->timer_bit) & 1) ||
		    !timer_present(s->timer_bit) || (wanted && !wanted(s)) ||
		    served(s->timer_bit, s->mode, cfg))
			continue;
		char why[200], paths[112];
		paths_of(s->timer_bit, s->mode, paths, sizeof(paths));
		format(why, sizeof(why), "no path of delivery= serves this timer in this mode "
		       "here: it takes %s", paths);
		struct problem p;
		problem_begin(&p, PROBLEM_SKIP, bench);
		SKIP_STR(&p, timer, s->timer);
		SKIP_STR(&p, mode, s->mode);
		problem_end(&p, why);
		n++;
	}
	return n;
}

/* The records that name a timer source so. */
#define SOURCE_TYPES run, ftq, stats, fire, storm, storm_limit
void source_fields(struct record *r, const struct timer_source *s)
{
	record_str(r, FIELD_OF(timer, STR, SOURCE_TYPES), s->timer);
	record_str(r, FIELD_OF(mode, STR, SOURCE_TYPES), s->mode);
	record_str(r, FIELD_OF(delivery, STR, SOURCE_TYPES), s->delivery);
}

void source_problem_begin(struct problem *p, enum problem_kind kind, const char *bench,
			  const struct timer_source *s, uint32_t hz)
{
	problem_begin(p, kind, bench);
	PROBLEM_STR(p, timer, s->timer);
	PROBLEM_STR(p, mode, s->mode);
	PROBLEM_STR(p, delivery, s->delivery);
	PROBLEM_U64(p, hz, hz);
}

void source_problem(const char *bench, enum problem_kind kind, const struct timer_source *s,
		    uint32_t hz, const char *why)
{
	struct problem p;
	source_problem_begin(&p, kind, bench, s, hz);
	problem_end(&p, why);
}

#define FIRST_EXTRA_MS 200      /* the first interrupt must come within 2 periods + this */

bool source_is_local(const struct timer_source *s)
{
	return s->timer_bit == TIMER_LAPIC || s->timer_bit == TIMER_TSCDL;
}

uint64_t source_first_bound(uint32_t hz)
{
	return clock_bound(2 * clock_tsc_hz() / hz + clock_cycles_ms(FIRST_EXTRA_MS));
}

bool source_wait_first(const struct timer_source *s, const volatile uint64_t *count, uint32_t hz)
{
	uint64_t limit = source_first_bound(hz);
	struct deadline d = deadline_in_cycles(limit);
	irq_enable();
	while (!*count && !deadline_passed(&d))
		cpu_relax();
	irq_disable();
	if (!*count)
		return false;
	/* One more, halted: under QEMU -icount a busy-waiting guest sees each HPET
	 * periodic interrupt twice (../shared/notes, the HPET quirk), and the spin above
	 * may have left such a duplicate pending. Bounded like the first: the local
	 * APIC timer is the backstop of the others (kernel/clock.h). */
	d = deadline_in_cycles(limit);
	return clock_halt(count, *count, &d, !source_is_local(s));
}

bool source_start_checked(const char *bench, const struct timer_source *s, uint32_t hz,
			  uint64_t *millihz)
{
	const char *why = s->start(hz, millihz);
	if (why) {
		s->stop();
		source_problem(bench, PROBLEM_SKIP, s, hz, why);
		return false;
	}
	if (!source_wait_first(s, &birq.count, hz)) {
		s->stop();
		source_problem(bench, PROBLEM_ERROR, s, hz, "no interrupt arrived");
		return false;
	}
	return true;
}
