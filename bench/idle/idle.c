/* idle: what a tick costs an idle machine in energy and wake-ups.
 *
 * For each state of wait= and each run, windows of ms= at each HZ in turn, the
 * tickless one (hz 0) first, as tick alternates its runs so that drift (the
 * package's temperature among it) cancels. In a window every AP is parked in the
 * state (bench/core/idlewait.h: idle_park, woken at the end by an IPI) and the boot CPU
 * idles in it too, woken by its tick at hz (timer=, by default the local APIC's;
 * without ARAT in a deep state the HPET or the PIT, which do not stop there) or,
 * tickless, by one one-shot at the window's end and nothing else.
 *
 * Interval: from an ordered TSC read after every CPU is parked and the tick runs
 * (t0) to the first read at or past t0 + ms (t1, after the wake that ended it).
 * Inside it: the states, the ticks' wake-ups and handlers, the idle loop's checks
 * and the RAPL reads it makes (at t0, t1, and whenever energy_read_interval_ms has
 * passed, so that no 32-bit wrap hides between two reads; tickless, that interval
 * bounds the one-shot: those extra wakes are counted). The "idle" record gives the
 * energy of each RAPL domain over [t0, t1], the package's average power, the
 * package temperature at t1, the boot CPU's wake-ups, the residency of its core,
 * its package and (mean) the APs' cores. docs/METHOD.md, "idle". */
#include "bench.h"
#include "plan.h"
#include "idlecaps.h"
#include "idlecount.h"
#include "idlewait.h"
#include "problem.h"
#include "alloc.h"
#include "clock.h"
#include "console.h"
#include "cpu.h"
#include "energy.h"
#include "format.h"
#include "handler.h"
#include "hpet.h"
#include "lapic.h"
#include "lib.h"
#include "record.h"
#include "smp.h"
#include "source.h"
#include "timers.h"

#define BOUND_MS 200                    /* a wake may come this late before the wait ends */

/* One RAPL domain's counter over a window, where idle_caps found it. */
struct energy_set {
	struct energy_counter c[RAPL_DOMAINS];
	uint64_t last_tsc;
	uint64_t read_every;            /* cycles: energy_read_interval_ms */
};

enum { ENERGY_UNKNOWN, ENERGY_OK, ENERGY_ABSENT };
static unsigned energy_state;

/* The APs, parked: each its waiter and its counters around the window. */
struct ap_park {
	struct idle_waiter w;
	struct idle_snap a, b;
} __attribute__((aligned(64)));
static struct ap_park *aps;
static volatile uint64_t ap_gen;
static volatile bool ap_stop;

/* One window on the boot CPU. */
struct window {
	uint64_t cycles, wakeups, spurious, millihz;
	struct idle_snap a, b;
	struct energy_set e;
	bool temp;
	unsigned temp_c;
};

static uint32_t raw32(uint32_t msr)
{
	uint64_t v = 0;
	rdmsr_safe(msr, &v);
	return (uint32_t)v;
}

static unsigned esu_now(void)
{
	return ENERGY_ESU(raw32(idle_caps.rapl.unit_msr));
}

static unsigned esu_of(unsigned d, unsigned esu)
{
	return d == RAPL_DRAM && idle_caps.rapl.dram_fixed_unit ? ENERGY_ESU_DRAM_FIXED : esu;
}

static void energy_begin(struct energy_set *e)
{
	unsigned esu = esu_now();
	for (unsigned d = 0; d < RAPL_DOMAINS; d++)
		if (idle_caps.rapl.msr[d])
			energy_start(&e->c[d], raw32(idle_caps.rapl.msr[d]), esu_of(d, esu));
	e->last_tsc = rdtsc();
	e->read_every = clock_cycles_ms(energy_read_interval_ms(esu));
}

static void energy_read(struct energy_set *e)
{
	unsigned esu = esu_now();
	uint64_t now = rdtsc();
	for (unsigned d = 0; d < RAPL_DOMAINS; d++)
		if (idle_caps.rapl.msr[d])
			energy_add(&e->c[d], raw32(idle_caps.rapl.msr[d]), esu_of(d, esu),
				   now - e->last_tsc, clock_tsc_hz());
	e->last_tsc = now;
}

static bool energy_on(void) { return idle_caps.rapl.unit_msr && energy_state != ENERGY_ABSENT; }

/* ---- the APs --------------------------------------------------------------------- */

static uint64_t park_bound_ms;          /* each wait of a parked AP: the window and more */

static void park(void *arg)
{
	struct ap_park *p = arg;
	idle_snap_take(&p->a);
	idle_park(&p->w, &ap_gen, &ap_stop, park_bound_ms, NULL, NULL);
	idle_snap_take(&p->b);
}

/* Every AP into state s; false (with an error) when one took no job. */
static bool park_all(const struct idle_state *s, uint32_t ms)
{
	park_bound_ms = ms + 2 * BOUND_MS;
	ap_stop = false;
	for (unsigned i = 1; i < smp.online; i++) {
		aps[i].w = (struct idle_waiter){ s, 0, 0 };
		smp_wait(&smp.cpu[i], clock_cycles_ms(1000));   /* a job of before may linger */
		if (!smp_call(&smp.cpu[i], park, &aps[i])) {
			struct problem p;
			problem_begin(&p, PROBLEM_ERROR, "idle");
			ERROR_U64(&p, cpu, smp.cpu[i].apic_id);
			problem_end(&p, "the AP took no job");
			return false;
		}
	}
	clock_delay_us(100);                    /* into their state before t0 */
	return true;
}

/* The APs out of their state: the flag, the generation their wait watches, and a
 * wake IPI each; each then takes its last readings. */
static void wake_all(void)
{
	ap_stop = true;
	ap_gen++;
	for (unsigned i = 1; i < smp.online; i++)
		lapic_send_ipi(smp.cpu[i].apic_id, VEC_IPI_WAKE);
	for (unsigned i = 1; i < smp.online; i++)
		smp_wait(&smp.cpu[i], clock_cycles_ms(BOUND_MS));
}

/* ---- the boot CPU's wake sources ------------------------------------------------- */

/* The tick at hz: the first of timer= in the order lapic, hpet, pit, tscdl that has a
 * periodic mode here (the TSC deadline re-armed by its handler), the I/O APIC path
 * before the 8259's; without ARAT in a deep state no local timer (idle_lapic_wakes). */
static const struct timer_source *tick_source(const struct config *cfg, const struct idle_state *s)
{
	static const unsigned order[] = { TIMER_LAPIC, TIMER_HPET, TIMER_PIT, TIMER_TSCDL };
	const struct timer_source *pic = NULL;
	for (unsigned k = 0; k < ARRAY_SIZE(order); k++) {
		bool local = order[k] == TIMER_LAPIC || order[k] == TIMER_TSCDL;
		if (local && !idle_lapic_wakes(s, cpu.has_arat))
			continue;
		for (unsigned i = 0; i < timer_sources_count; i++) {
			const struct timer_source *t = &timer_sources[i];
			bool periodic = !strcmp(t->mode, "periodic") || t->timer_bit == TIMER_TSCDL;
			if (t->timer_bit != order[k] || !periodic || !source_selected(t, cfg))
				continue;
			if (t->delivery_bit != DELIVERY_PIC)
				return t;
			pic = pic ? pic : t;
		}
		if (pic)
			return pic;
	}
	return NULL;
}

/* Tickless: the one-shot that ends the window, the TSC deadline, else the local APIC
 * timer, else (without ARAT in a deep state) the HPET's comparator. */
static unsigned end_timer(const struct idle_state *s)
{
	bool local = idle_lapic_wakes(s, cpu.has_arat);
	return local && timers.tscdl ? TIMER_TSCDL : local && timers.lapic ? TIMER_LAPIC :
	       timers.hpet ? TIMER_HPET : ~0u;
}

/* Arm the end timer cycles from now; false when it cannot fire (an HPET comparator
 * the counter passed before it was written: it matches on equality only). */
static bool arm_end(unsigned timer, uint64_t cycles)
{
	if (timer == TIMER_TSCDL) {
		tscdl_arm(rdtsc() + cycles);
		return true;
	}
	if (timer == TIMER_LAPIC) {
		uint64_t count = mul_div(cycles, timers.lapic_hz, clock_tsc_hz()) + 1;
		lapic_write(APIC_TMICT, count > 0xffffffffu ? 0xffffffffu : (uint32_t)count);
		return true;
	}
	uint64_t cmp = hpet_read() + mul_div(cycles, timers.hpet_hz, clock_tsc_hz()) + 1;
	hpet_arm(birq.hpet_n, cmp);
	return !hpet_reached(cmp);
}

/* ---- one window ------------------------------------------------------------------ */

static void maybe_read(struct window *wd)
{
	if (energy_on() && rdtsc() - wd->e.last_tsc >= wd->e.read_every)
		energy_read(&wd->e);
}

/* The boot CPU idles in s until cycles have passed since t0; end_timer ~0u: a tick
 * wakes it, else the one-shot of that timer (re-armed for each part of the window
 * that a RAPL read or the timer's range cut off). */
static void idle_until(struct window *wd, const struct idle_state *s, uint64_t t0,
		       unsigned timer)
{
	struct idle_waiter w = { s, 0, 0 };
	uint64_t start_count = birq.count, now;
	while ((now = rdtsc()) - t0 < wd->cycles) {
		uint64_t step = wd->cycles - (now - t0), since = now - wd->e.last_tsc;
		if (energy_on() && wd->e.read_every > since && wd->e.read_every - since < step)
			step = wd->e.read_every - since;
		if (timer != ~0u && !arm_end(timer, step))
			continue;
		struct deadline d = deadline_in_cycles(step + clock_cycles_ms(BOUND_MS));
		idle_wait(&w, &birq.count, birq.count, &d);
		maybe_read(wd);
	}
	wd->wakeups = birq.count - start_count;
	wd->spurious = w.spurious;
}

static void take_temperature(struct window *wd)
{
	uint64_t v;
	wd->temp = idle_caps.pkg_temp && !rdmsr_safe(MSR_IA32_THERM_STATUS_PKG, &v);
	if (wd->temp)
		wd->temp_c = PKG_THERM_READOUT(v);
}

/* The window itself, every CPU parked and the wake source running: t0 to t1. Where
 * the wake source is not the local APIC's own (which wakes a wait by itself:
 * kernel/clock.h), its one-shot past the window's end is the backstop; in a deep
 * state without ARAT that one may stop too, and the HPET or the PIT, which do not,
 * are the wake. */
static void measure(struct window *wd, const struct idle_state *s, uint32_t ms, unsigned timer,
		    bool local)
{
	wd->cycles = clock_cycles_ms(ms);
	struct deadline bound = deadline_in_cycles(wd->cycles + clock_cycles_ms(2 * BOUND_MS));
	bool backstop = !local && s->kind != IDLE_SPIN && clock_backstop(&bound);
	idle_snap_take(&wd->a);
	if (energy_on())
		energy_begin(&wd->e);
	uint64_t t0 = rdtsc_ordered();
	idle_until(wd, s, t0, timer);
	uint64_t t1 = rdtsc_ordered();
	if (energy_on())
		energy_read(&wd->e);
	idle_snap_take(&wd->b);
	wd->cycles = t1 - t0;
	take_temperature(wd);
	if (backstop)
		clock_backstop_stop();
}

/* ---- records ---------------------------------------------------------------------- */

static const char *const energy_keys[RAPL_DOMAINS] = {
	FIELD(idle, energy_uj, U64), FIELD(idle, energy_core_uj, U64),
	FIELD(idle, energy_dram_uj, U64)
};

/* The energy fields of a window whose package counter moved; else why not. */
static void energy_fields(struct record *r, const struct window *wd)
{
	const struct energy_counter *pkg = &wd->e.c[RAPL_PKG];
	if (!energy_valid(pkg)) {
		REC_STR(r, idle, energy_invalid, !pkg->moved ? "the package counter did not move" :
			pkg->unit_changed ? "the energy unit changed" :
			"a read's difference exceeds 1000 W: a missed wrap or a bogus counter");
		return;
	}
	for (unsigned d = 0; d < RAPL_DOMAINS; d++)
		if (idle_caps.rapl.msr[d] && energy_valid(&wd->e.c[d]))
			record_u64(r, energy_keys[d], energy_uj(&wd->e.c[d]));
	REC_U64(r, idle, power_uw, energy_power_uw(energy_uj(pkg), wd->cycles, clock_tsc_hz()));
	REC_U64(r, idle, energy_reads, pkg->reads);
}

/* The APs' core residency, their mean ppm per counter ("ap_residency_c0_ppm", ...). */
static void ap_fields(struct record *r)
{
	unsigned n = smp.online - 1;
	uint64_t spurious = 0;
	char key[40];
	for (unsigned i = 1; i <= n; i++)
		spurious += aps[i].w.spurious;
	REC_U64(r, idle, ap_spurious, spurious);
	for (int c = -1; c < CST_FIRST_PKG; c++) {
		if (c < 0 ? !cpu.has_aperfmperf : !idle_caps.cstate.msr[c])
			continue;
		uint64_t sum = 0;
		for (unsigned i = 1; i <= n; i++)
			sum += idle_residency_ppm_of(&aps[i].a, &aps[i].b, c);
		format(key, sizeof(key), FAMILY(idle, ap_residency_X_ppm, U64, "ap_residency_%s_ppm"),
		       c < 0 ? "c0" : cstate_counter_names[c]);
		record_u64(r, key, sum / n);
	}
}

struct config_fields { const char *timer, *mode, *delivery; uint32_t hz; unsigned run; };

static void emit(const struct window *wd, const struct idle_state *s, const struct config_fields *f,
		 uint32_t ms)
{
	struct record r;
	REC_BEGIN(&r, idle);
	REC_STR(&r, idle, wait, s->name);
	REC_STR(&r, idle, timer, f->timer);
	REC_STR(&r, idle, mode, f->mode);
	REC_STR(&r, idle, delivery, f->delivery);
	REC_U64(&r, idle, hz, f->hz);
	REC_U64(&r, idle, run, f->run);
	REC_U64(&r, idle, cpus, smp.online);
	REC_U64(&r, idle, ms, ms);
	REC_U64(&r, idle, cycles, wd->cycles);
	REC_U64(&r, idle, wakeups, wd->wakeups);
	if (f->hz)
		REC_U64(&r, idle, expected,
			mul_div(wd->cycles, wd->millihz, clock_tsc_hz() * 1000));
	REC_U64(&r, idle, spurious, wd->spurious);
	if (energy_on())
		energy_fields(&r, wd);
	if (wd->temp && idle_caps.tjmax)
		REC_U64(&r, idle, temp_c, idle_caps.tjmax - wd->temp_c);
	else if (wd->temp)
		REC_U64(&r, idle, temp_below_tjmax_c, wd->temp_c);
	idle_residency_fields(&r, "", &wd->a, &wd->b);
	if (smp.online > 1)
		ap_fields(&r);
	record_emit(&r);
}

/* After the first window: a package counter that never moved is no energy figure
 * (QEMU's TCG reads MSRs it does not implement as 0): a skip naming RAPL, once. */
static void judge_energy(const struct window *wd, uint32_t ms)
{
	if (energy_state != ENERGY_UNKNOWN || !idle_caps.rapl.unit_msr)
		return;
	energy_state = wd->e.c[RAPL_PKG].moved ? ENERGY_OK : ENERGY_ABSENT;
	if (energy_state == ENERGY_OK)
		return;
	char why[200];
	format(why, sizeof(why), "RAPL: the package energy counter (MSR 0x%x) did not move in "
	       "%u ms: no energy counter here (an emulator reads MSRs it does not implement "
	       "as 0)", idle_caps.rapl.msr[RAPL_PKG], ms);
	struct problem p;
	problem_begin(&p, PROBLEM_SKIP, "idle");
	SKIP_STR(&p, what, "energy");
	problem_end(&p, why);
}

/* ---- the benchmark --------------------------------------------------------------- */

static void window_problem(enum problem_kind kind, const struct idle_state *s, uint32_t hz,
			   const char *why)
{
	struct problem p;
	problem_begin(&p, kind, "idle");
	PROBLEM_STR(&p, wait, s->name);
	PROBLEM_U64(&p, hz, hz);
	problem_end(&p, why);
}

/* Start the window's wake source: the tick at f->hz, or the tickless one-shot's
 * route; *end gets the one-shot's timer (~0u for a tick). NULL, or why not. */
static const char *start_wake(const struct config *cfg, const struct idle_state *s,
			      struct config_fields *f, unsigned *end, bool *local,
			      const struct timer_source **tick, uint64_t *millihz)
{
	*end = ~0u;
	if (f->hz) {
		if (!(*tick = tick_source(cfg, s)))
			return "no timer of timer= can tick here (without ARAT, in a deep state, "
			       "only the HPET or the PIT)";
		*f = (struct config_fields){ (*tick)->timer, (*tick)->mode, (*tick)->delivery,
					     f->hz, f->run };
		*local = source_is_local(*tick);
		return source_start_checked("idle", *tick, f->hz, millihz) ? NULL : "";
	}
	if ((*end = end_timer(s)) == ~0u)
		return "no timer can end a tickless window here";
	f->timer = timer_names[*end];
	f->mode = "tickless";
	*local = *end != TIMER_HPET;
	return source_oneshot_route(*end, &f->delivery);
}

static void one_window(const struct config *cfg, const struct idle_state *s, uint32_t hz,
		       unsigned run)
{
	struct config_fields f = { "", "", "", hz, run };
	const struct timer_source *tick = NULL;
	struct window wd = { 0 };
	unsigned end;
	bool local = true;
	if (!park_all(s, cfg->ms))
		return;
	const char *why = start_wake(cfg, s, &f, &end, &local, &tick, &wd.millihz);
	if (!why)
		measure(&wd, s, cfg->ms, end, local);
	if (tick)
		tick->stop();
	else if (end != ~0u)
		source_oneshot_unroute(end);
	wake_all();
	if (why) {
		if (*why && run == 0)       /* "": source_start_checked said it */
			window_problem(PROBLEM_SKIP, s, hz, why);
		return;
	}
	judge_energy(&wd, cfg->ms);
	emit(&wd, s, &f, cfg->ms);
	kprintf("idle %s hz=%u run %u/%u: %llu wake-ups, %llu spurious\n", s->name, hz, run + 1,
		cfg->runs, (unsigned long long)wd.wakeups, (unsigned long long)wd.spurious);
}

static void idle_run(const struct config *cfg)
{
	struct idle_state states[IDLE_MAX_STATES];
	unsigned n = idle_states(cfg, "idle", states, IDLE_MAX_STATES);
	if (smp.online > 1 && !aps && !(aps = alloc(smp.online * sizeof(*aps), 64))) {
		window_problem(PROBLEM_ERROR, &states[0], 0, "no memory for the APs' state");
		return;
	}
	energy_state = ENERGY_UNKNOWN;
	if (!idle_caps.rapl.unit_msr) {
		struct problem p;
		problem_begin(&p, PROBLEM_SKIP, "idle");
		SKIP_STR(&p, what, "energy");
		problem_end(&p, idle_caps.rapl.why);
	}
	birq.inject_cycles = 0;
	for (unsigned i = 0; i < n; i++)
		for (unsigned run = 0; run < cfg->runs; run++) {
			one_window(cfg, &states[i], 0, run);
			for (unsigned h = 0; h < cfg->hz.n; h++)
				one_window(cfg, &states[i], cfg->hz.v[h], run);
		}
}

/* A window of ms at each HZ and without a tick, per state of wait= (a word that
 * names several states counts once: the estimate errs short) and run. */
static uint64_t plan_idle_ms(const struct config *cfg)
{
	return (uint64_t)cfg->wait.n * cfg->runs * (cfg->hz.n + 1) * (cfg->ms + PLAN_SETUP_MS);
}

const struct bench_ops idle_ops = { tsc_calibrated, plan_idle_ms, idle_run };
