/* fire: does every timer, mode and delivery path interrupt at the rate asked for?
 *
 * Interval: from the TSC read just after the first interrupt of the configuration
 * (t0) to the first TSC read at or past t0 + ms= (t1), the CPU halted in between
 * (sti; hlt). The figure is the number of handler entries in [t0, t1], against
 * the number the obtained rate predicts for t1 - t0 cycles. One-shot modes are
 * re-armed from the handler: relative ones (PIT, APIC one-shot) run slow by the
 * interrupt latency, absolute ones (TSC deadline, HPET comparator) do not. */
#include "bench.h"
#include "timers.h"
#include "console.h"
#include "cpu.h"
#include "hpet.h"
#include "idt.h"
#include "ioapic.h"
#include "irq.h"
#include "lapic.h"
#include "pic.h"
#include "pit.h"
#include "record.h"
#include "run.h"

#define PROBE_EXTRA_MS 10       /* the first interrupt must come within 2 periods + this */

struct fire_config {
	const char *timer, *mode, *delivery;
	unsigned timer_bit, delivery_bit;
	const char *(*start)(uint32_t hz, uint64_t *millihz);  /* NULL, or why it cannot */
	void (*rearm)(void);                                    /* one-shot modes */
	void (*stop)(void);
	bool eoi_pic;                                           /* else the local APIC */
};

static const struct fire_config *cur;
static volatile uint64_t fired;
static uint64_t period, next;           /* in the timer's own ticks */
static int hpet_n;

static void on_interrupt(struct interrupt_frame *f)
{
	fired++;
	if (cur->rearm)
		cur->rearm();
	if (cur->eoi_pic)
		pic_eoi(0);
	else
		lapic_eoi();
}

/* ---- PIT ---- */

static const char *pit_divisor(uint32_t hz, uint64_t *millihz)
{
	uint64_t div = (PIT_HZ + hz / 2) / hz;
	if (div < 2 || div > 65535)
		return "the rate is outside the PIT's divisor range (19..596591 Hz)";
	period = div;
	*millihz = PIT_HZ * 1000ull / div;
	return NULL;
}

static const char *pit_start_pic(uint32_t hz, uint64_t *millihz)
{
	const char *why = pit_divisor(hz, millihz);
	if (why)
		return why;
	pic_unmask(0);
	pit_periodic((uint16_t)period);
	return NULL;
}

static const char *pit_start_ioapic(uint32_t hz, uint64_t *millihz)
{
	const char *why = pit_divisor(hz, millihz);
	if (why)
		return why;
	if (!irq_route_isa(0, VEC_PIT_IOAPIC))
		return "ISA IRQ0 cannot be routed through the I/O APIC";
	pit_periodic((uint16_t)period);
	return NULL;
}

static const char *pit_start_oneshot(uint32_t hz, uint64_t *millihz)
{
	const char *why = pit_divisor(hz, millihz);
	if (why)
		return why;
	if (!irq_route_isa(0, VEC_PIT_IOAPIC))
		return "ISA IRQ0 cannot be routed through the I/O APIC";
	pit_oneshot((uint16_t)period);
	return NULL;
}

static void pit_rearm(void) { pit_oneshot((uint16_t)period); }
static void pit_stop_pic(void) { pit_stop(); pic_mask(0); }
static void pit_stop_ioapic(void) { pit_stop(); irq_mask_isa(0); }

/* ---- local APIC timer and TSC deadline ---- */

static const char *lapic_count(uint32_t hz, uint64_t *millihz)
{
	period = (timers.lapic_hz + hz / 2) / hz;
	if (period < 1 || period > 0xffffffffu)
		return "the rate is outside the APIC timer's 32-bit count range";
	*millihz = timers.lapic_hz * 1000 / period;
	return NULL;
}

static const char *lapic_start_periodic(uint32_t hz, uint64_t *millihz)
{
	const char *why = lapic_count(hz, millihz);
	if (!why)
		lapic_timer_periodic(VEC_LAPIC_TIMER, (uint32_t)period);
	return why;
}

static const char *lapic_start_oneshot(uint32_t hz, uint64_t *millihz)
{
	const char *why = lapic_count(hz, millihz);
	if (!why)
		lapic_timer_oneshot(VEC_LAPIC_TIMER, (uint32_t)period);
	return why;
}

static void lapic_rearm(void) { lapic_timer_oneshot(VEC_LAPIC_TIMER, (uint32_t)period); }

static const char *tscdl_start(uint32_t hz, uint64_t *millihz)
{
	period = (timers.tsc_hz + hz / 2) / hz;
	*millihz = timers.tsc_hz * 1000 / period;
	tscdl_setup(VEC_LAPIC_TIMER);
	next = rdtsc() + period;
	tscdl_arm(next);
	return NULL;
}

/* A deadline already in the past fires at once (SDM vol. 3A, 12.5.4.1). */
static void tscdl_rearm(void) { next += period; tscdl_arm(next); }
static void tscdl_stop_all(void) { tscdl_stop(); lapic_timer_stop(); }

/* ---- HPET ---- */

static const char *hpet_ticks(uint32_t hz, uint64_t *millihz)
{
	period = (timers.hpet_hz + hz / 2) / hz;
	if (period < 1)
		return "the rate is above the HPET's counter rate";
	*millihz = mul_div(FS_PER_S, 1000, period * timers.hpet_caps.period_fs);
	return NULL;
}

/* An I/O APIC input the comparator may use: above the ISA range when it can. */
static int hpet_ioapic_input(unsigned n)
{
	uint32_t routes = timers.hpet_caps.timer[n].routes;
	for (int pin = 31; pin >= 16; pin--)
		if (routes & (1u << pin))
			return pin;
	for (int pin = 0; pin < 16; pin++)
		if (routes & (1u << pin))
			return pin;
	return -1;
}

static const char *hpet_route_ioapic(void)
{
	int pin = hpet_ioapic_input((unsigned)hpet_n);
	if (pin < 0 || !ioapic_route((uint32_t)pin, VEC_HPET, irq.bsp_apic_id, false, false))
		return "no I/O APIC input allowed for the comparator answers";
	hpet_route((unsigned)hpet_n, (unsigned)pin, 0, 0);
	return NULL;
}

static const char *hpet_start_periodic_ioapic(uint32_t hz, uint64_t *millihz)
{
	const char *why = hpet_ticks(hz, millihz);
	if ((hpet_n = hpet_periodic_comparator()) < 0)
		return "no HPET comparator can run periodic";
	if (why || (why = hpet_route_ioapic()))
		return why;
	hpet_periodic((unsigned)hpet_n, period);
	return NULL;
}

/* Legacy replacement: comparator 0 drives ISA IRQ0 (spec 2.3.9.2.3, table 2-6),
 * and QEMU mutes the PIT meanwhile. */
static const char *hpet_start_legacy(uint32_t hz, uint64_t *millihz)
{
	const char *why = hpet_ticks(hz, millihz);
	if (why)
		return why;
	if (!timers.hpet_caps.legacy_capable || !timers.hpet_caps.timer[0].periodic)
		return "the HPET has no legacy replacement route with a periodic comparator 0";
	if (!irq_route_isa(0, VEC_HPET))
		return "ISA IRQ0 cannot be routed through the I/O APIC";
	hpet_n = 0;
	hpet_route(0, 0, 0, 0);
	hpet_legacy(true);
	hpet_periodic(0, period);
	return NULL;
}

/* FSB delivery: an MSI to the boot CPU (SDM vol. 3A, 13.11.1, message address
 * 0xfee00000 | destination << 12; data = vector, fixed, edge). */
static const char *hpet_start_msi(uint32_t hz, uint64_t *millihz)
{
	const char *why = hpet_ticks(hz, millihz);
	if (why)
		return why;
	hpet_n = -1;
	for (unsigned n = 0; n < timers.hpet_caps.timers && hpet_n < 0; n++)
		if (timers.hpet_caps.timer[n].fsb && timers.hpet_caps.timer[n].periodic)
			hpet_n = (int)n;
	if (hpet_n < 0)
		return "no periodic HPET comparator can deliver by FSB (MSI)";
	if (irq.bsp_apic_id > 0xff)
		return "the boot CPU's APIC id does not fit an MSI address";
	hpet_route((unsigned)hpet_n, 0, 0xfee00000u | irq.bsp_apic_id << 12, VEC_HPET);
	hpet_periodic((unsigned)hpet_n, period);
	return NULL;
}

static const char *hpet_start_oneshot(uint32_t hz, uint64_t *millihz)
{
	const char *why = hpet_ticks(hz, millihz);
	hpet_n = 0;
	if (why || (why = hpet_route_ioapic()))
		return why;
	next = hpet_read() + period;
	hpet_arm(0, next);
	return NULL;
}

/* The comparator matches on equality only: if the counter already passed the next
 * match, it would fire only after a wrap, so skip ahead (Linux hpet_next_event
 * checks the counter after the write in the same way). */
static void hpet_rearm(void)
{
	next += period;
	hpet_arm((unsigned)hpet_n, next);
	while ((int64_t)(hpet_read() - next) >= 0) {
		next = hpet_read() + period;
		hpet_arm((unsigned)hpet_n, next);
	}
}

static void hpet_stop_all(void)
{
	hpet_stop((unsigned)hpet_n);
	hpet_legacy(false);
	irq_mask_isa(0);
	for (unsigned pin = 0; pin < 32; pin++)
		if (timers.hpet_caps.timer[hpet_n].routes & (1u << pin))
			ioapic_mask(pin);
}

static const struct fire_config configs[] = {
	{ "pit", "periodic", "pic", TIMER_PIT, DELIVERY_PIC, pit_start_pic, NULL, pit_stop_pic, true },
	{ "pit", "periodic", "ioapic", TIMER_PIT, DELIVERY_IOAPIC, pit_start_ioapic, NULL, pit_stop_ioapic, false },
	{ "pit", "oneshot", "ioapic", TIMER_PIT, DELIVERY_IOAPIC, pit_start_oneshot, pit_rearm, pit_stop_ioapic, false },
	{ "lapic", "periodic", "local", TIMER_LAPIC, DELIVERY_LOCAL, lapic_start_periodic, NULL, lapic_timer_stop, false },
	{ "lapic", "oneshot", "local", TIMER_LAPIC, DELIVERY_LOCAL, lapic_start_oneshot, lapic_rearm, lapic_timer_stop, false },
	{ "tscdl", "oneshot", "local", TIMER_TSCDL, DELIVERY_LOCAL, tscdl_start, tscdl_rearm, tscdl_stop_all, false },
	{ "hpet", "periodic", "ioapic", TIMER_HPET, DELIVERY_IOAPIC, hpet_start_periodic_ioapic, NULL, hpet_stop_all, false },
	{ "hpet", "periodic", "legacy", TIMER_HPET, DELIVERY_LEGACY, hpet_start_legacy, NULL, hpet_stop_all, false },
	{ "hpet", "periodic", "msi", TIMER_HPET, DELIVERY_MSI, hpet_start_msi, NULL, hpet_stop_all, false },
	{ "hpet", "oneshot", "ioapic", TIMER_HPET, DELIVERY_IOAPIC, hpet_start_oneshot, hpet_rearm, hpet_stop_all, false },
};

static bool timer_present(unsigned bit)
{
	switch (bit) {
	case TIMER_PIT: return timers.pit;
	case TIMER_LAPIC: return timers.lapic;
	case TIMER_TSCDL: return timers.tscdl;
	case TIMER_HPET: return timers.hpet;
	}
	return false;
}

static void emit_problem(const char *type, const struct fire_config *c, uint32_t hz,
			 const char *why)
{
	kprintf("fire %s %s %s %u Hz: %s: %s\n", c->timer, c->mode, c->delivery, hz,
		type, why);
	struct record r;
	record_begin(&r, type);
	record_str(&r, "bench", "fire");
	record_str(&r, "timer", c->timer);
	record_str(&r, "mode", c->mode);
	record_str(&r, "delivery", c->delivery);
	record_u64(&r, "hz", hz);
	record_str(&r, "reason", why);
	record_emit(&r);
}

/* Wait, interrupts on, for the first interrupt; false if none comes in time. */
static bool first_interrupt(uint64_t limit_cycles)
{
	uint64_t t0 = rdtsc_ordered();
	irq_enable();
	while (!fired && rdtsc_ordered() - t0 < limit_cycles)
		cpu_relax();
	irq_disable();
	return fired != 0;
}

static void fire_one(const struct fire_config *c, uint32_t hz, uint32_t ms)
{
	uint64_t millihz = 0;
	cur = c;
	fired = 0;
	const char *why = c->start(hz, &millihz);
	if (why) {
		c->stop();
		emit_problem("skip", c, hz, why);
		return;
	}
	if (!first_interrupt(2 * timers.tsc_hz / hz + tsc_cycles_ms(PROBE_EXTRA_MS))) {
		c->stop();
		emit_problem("error", c, hz, "no interrupt arrived");
		run_set_status(RUN_ERROR);
		return;
	}
	/* Start on the next interrupt, halted: under QEMU -icount a busy-waiting guest
	 * sees each HPET periodic interrupt twice (../shared/notes, HPET quirk), and the
	 * spin above may have left such a duplicate pending. */
	wait_for_interrupt();
	fired = 0;
	uint64_t t0 = rdtsc_ordered(), t1, end = t0 + tsc_cycles_ms(ms);
	while ((t1 = rdtsc_ordered()) < end)
		wait_for_interrupt();
	uint64_t n = fired;
	c->stop();
	/* t0 follows an interrupt; t1 follows the one that ended the window. */
	uint64_t expected = (mul_div(millihz, t1 - t0, timers.tsc_hz) + 500) / 1000;
	kprintf("fire %-5s %-8s %-6s %6u Hz: %llu interrupts in %u ms, %llu expected\n",
		c->timer, c->mode, c->delivery, hz, (unsigned long long)n, ms,
		(unsigned long long)expected);
	struct record r;
	record_begin(&r, "fire");
	record_str(&r, "timer", c->timer);
	record_str(&r, "mode", c->mode);
	record_str(&r, "delivery", c->delivery);
	record_u64(&r, "hz", hz);
	record_u64(&r, "obtained_millihz", millihz);
	record_u64(&r, "ms", ms);
	record_u64(&r, "cycles", t1 - t0);
	record_u64(&r, "interrupts", n);
	record_u64(&r, "expected", expected);
	record_emit(&r);
}

const char *fire_valid(void)
{
	return timers.tsc_hz ? NULL : "the TSC could not be calibrated";
}

void fire_run(const struct config *cfg)
{
	idt_set_handler(VEC_PIC_BASE + 0, on_interrupt);
	idt_set_handler(VEC_PIT_IOAPIC, on_interrupt);
	idt_set_handler(VEC_HPET, on_interrupt);
	idt_set_handler(VEC_LAPIC_TIMER, on_interrupt);
	for (size_t i = 0; i < sizeof(configs) / sizeof(configs[0]); i++) {
		const struct fire_config *c = &configs[i];
		if (!(cfg->timers & (1u << c->timer_bit)) ||
		    !(cfg->deliveries & (1u << c->delivery_bit)) || !timer_present(c->timer_bit))
			continue;
		if ((c->eoi_pic && !irq.pic) || (!c->eoi_pic && !irq.lapic))
			continue;
		for (unsigned h = 0; h < cfg->hz.n; h++)
			fire_one(c, cfg->hz.v[h], cfg->ms);
	}
	for (int v = 0; v < 256; v++)
		if (v == VEC_PIC_BASE || v == VEC_PIT_IOAPIC || v == VEC_HPET || v == VEC_LAPIC_TIMER)
			idt_set_handler((uint8_t)v, NULL);
}
