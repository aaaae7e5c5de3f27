/* storm: at what interrupt rate does a timer eat the whole CPU?
 *
 * For each periodic source (and the TSC deadline, which re-arms itself) the rate
 * climbs from 1 kHz (or the lowest hz= given) towards STORM_MAX_HZ while a loop that
 * only reads the TSC runs with interrupts on.
 *
 * Interval: from the loop's first TSC read of the window (t0) to its first read at or
 * past t0 + ms= (t1). Inside it the loop's consecutive reads are normally one step
 * apart; a gap longer than STORM_GAP_STEPS steps is time the loop did not get (an
 * interrupt: its delivery, bench_entry, bench_irq, the EOI and the iretq). busy_cycles
 * is the sum of those gaps less one step each; cpu_permille = 1000 * busy / (t1 - t0).
 * The handler's count over the same window is compared with what the obtained rate
 * predicts.
 *
 * The climb stops when the loop keeps less than STORM_MIN_LOOP_PERMILLE of the CPU,
 * when more than 1% of the interrupts are lost, or at the timer's own limit. Once the
 * loop's share is large, the next rate is the one the measured cost per interrupt
 * predicts to take STORM_TARGET_PERMILLE, not double: so the climb nears the limit
 * without jumping past it into a livelock. Should it livelock anyway, the watchdog in
 * bench_irq (handler.h) stops the storm; see docs/METHOD.md. */
#include "bench.h"
#include "plan.h"
#include "handler.h"
#include "source.h"
#include "clock.h"
#include "timers.h"
#include "console.h"
#include "cpu.h"
#include "figure.h"
#include "format.h"
#include "idt.h"
#include "lapic.h"
#include "lib.h"
#include "pic.h"
#include "record.h"
#include "run.h"

#define STORM_FIRST_HZ          1000
#define STORM_MAX_HZ            1000000
#define STORM_MIN_LOOP_PERMILLE 100     /* stop once the loop keeps less than 10% */
#define STORM_TARGET_PERMILLE   950     /* a predicted step aims at this busy share */
#define STORM_GAP_STEPS         4       /* a gap of more loop steps is an interrupt */
#define STORM_WARMUP_MS         1       /* plus two periods, before each window */
#define STORM_WATCHDOG_MS       200     /* the loop made no progress for this long */
#define STORM_MAX_SOURCES       16

/* The loop's own step, measured with interrupts off, and its noise floor. */
struct loop_cal {
	uint64_t step;                  /* the shortest step, cycles */
	uint64_t gap;                   /* longer than this: time taken from the loop */
	uint64_t quiet_permille;        /* stolen share of a window without interrupts */
	uint64_t watchdog;              /* STORM_WATCHDOG_MS in cycles */
};

/* One window of the loop. */
struct spin {
	uint64_t cycles, busy, stolen, interrupts;
	uint64_t stalled;               /* the watchdog fired: the last step before it */
};

enum limit { LIMIT_CAP, LIMIT_CPU, LIMIT_LOST, LIMIT_WATCHDOG, LIMIT_TIMER };
static const char *const limit_names[] = {
	[LIMIT_CAP] = "cap", [LIMIT_CPU] = "cpu", [LIMIT_LOST] = "lost",
	[LIMIT_WATCHDOG] = "watchdog", [LIMIT_TIMER] = "timer",
};

/* What one source sustained, for the records and the closing table. */
struct storm_result {
	const struct timer_source *s;
	uint32_t max_hz;                /* highest requested rate sustained, 0: none */
	uint64_t max_millihz, max_permille;
	uint32_t limit_hz;              /* the rate that ended the climb (0: cap) */
	enum limit limit;
	unsigned rates;
};

/* The workload. Each step moves the watchdog's deadline on (a heartbeat: it trips
 * only after STORM_WATCHDOG_MS without one step of the loop). A gap in which the
 * handler was entered (its entry TSC lies inside) is busy; one without is stolen
 * (an SMI on a PC, the host descheduling QEMU). An interrupt arriving between the
 * rdtsc and the load of last_tsc makes a stolen gap look busy: two instructions'
 * window. */
static void spin(uint64_t cycles, const struct loop_cal *cal, struct spin *w)
{
	uint64_t n0 = birq.count;
	uint64_t t0 = rdtsc(), prev = t0, t, busy = 0, stolen = 0, end = t0 + cycles;
	w->stalled = 0;
	if (birq.watchdog_fired)                /* it stalled before this window */
		end = 0, w->stalled = birq.watchdog_tsc - cal->watchdog;
	while ((t = rdtsc()) < end) {
		uint64_t d = t - prev;
		if (d > cal->gap) {
			if (birq.watchdog_fired) {
				w->stalled = prev;
				break;
			}
			if (birq.last_tsc > prev)
				busy += d - cal->step;
			else
				stolen += d - cal->step;
		}
		birq.watchdog_tsc = t + cal->watchdog;
		prev = t;
	}
	birq.watchdog_tsc = UINT64_MAX;
	if (birq.watchdog_fired && !w->stalled)
		w->stalled = prev;
	w->interrupts = birq.count - n0;
	w->cycles = prev - t0;
	w->busy = busy;
	w->stolen = stolen;
}

static void calibrate_loop(uint32_t ms, struct loop_cal *cal)
{
	uint64_t step = UINT64_MAX, prev = rdtsc(), t, end = prev + clock_cycles_ms(1);
	while ((t = rdtsc()) < end) {
		if (t - prev < step)
			step = t - prev;
		prev = t;
	}
	cal->step = step ? step : 1;
	cal->gap = STORM_GAP_STEPS * cal->step;
	cal->watchdog = clock_cycles_ms(STORM_WATCHDOG_MS);
	struct spin w;
	spin(clock_cycles_ms(ms), cal, &w);
	cal->quiet_permille = w.cycles ? (w.busy + w.stolen) * 1000 / w.cycles : 0;
}

/* After stop(), the local APIC may still hold one interrupt of the storm in its IRR
 * (latched while the last one was in service). Let it in now, while nothing else
 * runs: the vector is back with the generic dispatcher, which counts and
 * acknowledges it. */
static void drain(void)
{
	uint64_t end = rdtsc() + clock_cycles_ms(1) / 10;
	irq_enable();
	while (rdtsc() < end)
		;
	irq_disable();
}

static void emit_rate(const struct timer_source *s, uint32_t hz, uint64_t millihz,
		      const struct spin *w, uint64_t expected, uint64_t permille)
{
	uint64_t lost = expected > w->interrupts ? expected - w->interrupts : 0;
	char share[24];
	figure_int(share, sizeof(share), (int64_t)permille, -1, FIGURE_PERCENT);
	kprintf("storm %-5s %-8s %-6s %7u Hz: interrupts took %s of the CPU, %llu interrupts, "
		"%llu expected\n", s->timer, s->mode, s->delivery, hz, share,
		(unsigned long long)w->interrupts, (unsigned long long)expected);
	struct record r;
	REC_BEGIN(&r, storm);
	source_fields(&r, s);
	REC_U64(&r, storm, hz, hz);
	REC_U64(&r, storm, obtained_millihz, millihz);
	REC_U64(&r, storm, cycles, w->cycles);
	REC_U64(&r, storm, busy_cycles, w->busy);
	REC_U64(&r, storm, stolen_cycles, w->stolen);
	REC_U64(&r, storm, cpu_permille, permille);
	REC_U64(&r, storm, interrupts, w->interrupts);
	REC_U64(&r, storm, expected, expected);
	REC_U64(&r, storm, lost, lost);
	record_emit(&r);
}

static void emit_limit(const struct storm_result *res, const struct loop_cal *cal)
{
	const struct timer_source *s = res->s;
	struct record r;
	REC_BEGIN(&r, storm_limit);
	source_fields(&r, s);
	REC_U64(&r, storm_limit, max_hz, res->max_hz);
	REC_U64(&r, storm_limit, max_obtained_millihz, res->max_millihz);
	REC_U64(&r, storm_limit, cpu_permille, res->max_permille);
	REC_STR(&r, storm_limit, limit, limit_names[res->limit]);
	REC_U64(&r, storm_limit, limit_hz, res->limit_hz);
	REC_U64(&r, storm_limit, rates, res->rates);
	REC_U64(&r, storm_limit, step_cycles, cal->step);
	REC_U64(&r, storm_limit, gap_cycles, cal->gap);
	REC_U64(&r, storm_limit, quiet_permille, cal->quiet_permille);
	record_emit(&r);
}

/* The storm has livelocked: bench_irq left its last entry without the EOI, so the
 * controller holds the timer off; stop it for good, then send that EOI. */
static void watchdog_stopped(const struct timer_source *s, uint32_t hz,
			     uint64_t last_step)
{
	char why[96];
	uint64_t ms = (birq.last_tsc - last_step) / clock_cycles_ms(1);
	enum bench_eoi eoi = birq.eoi;
	s->stop();
	bench_eoi(eoi);
	drain();
	format(why, sizeof(why), "no progress: stopped by the watchdog after %llu ms",
	       (unsigned long long)ms);
	source_problem("storm", PROBLEM_ERROR, s, hz, why);
}

/* Start s at hz; false when the timer cannot go there, or its tick rounds hz back
 * to the last rate measured: the climb ends at the timer's limit. */
static bool start_rate(const struct timer_source *s, uint32_t hz,
		       struct storm_result *res, uint64_t *millihz)
{
	const char *why = s->start(hz, millihz);
	if (!why && (!res->max_millihz || *millihz > res->max_millihz))
		return true;
	s->stop();
	drain();
	if (why && !res->rates)
		source_problem("storm", PROBLEM_SKIP, s, hz, why);
	else
		kprintf("storm %s %s %s: no faster rate than %llu Hz: %s\n", s->timer,
			s->mode, s->delivery, (unsigned long long)res->max_millihz / 1000,
			why ? why : "the timer's resolution");
	res->limit = LIMIT_TIMER;
	res->limit_hz = hz;
	return false;
}

/* Warm up, measure one window, stop s; false when the watchdog stopped it. */
static bool measure(const struct timer_source *s, uint32_t hz, uint32_t ms,
		    const struct loop_cal *cal, struct spin *w)
{
	uint64_t warm = 2 * clock_tsc_hz() / hz + clock_cycles_ms(STORM_WARMUP_MS);
	birq.watchdog_tsc = rdtsc() + cal->watchdog;
	irq_enable();
	spin(warm, cal, w);
	if (!birq.watchdog_fired)
		spin(clock_cycles_ms(ms), cal, w);
	irq_disable();
	if (birq.watchdog_fired) {
		watchdog_stopped(s, hz, w->stalled);
		return false;
	}
	s->stop();
	drain();
	return true;
}

/* One rate: returns false and sets res->limit when the climb must end here. */
static bool storm_rate(const struct timer_source *s, uint32_t hz, uint32_t ms,
		       const struct loop_cal *cal, struct storm_result *res,
		       uint64_t *millihz, uint64_t *permille)
{
	struct spin w = { 0, 0, 0, 0, 0 };
	if (!start_rate(s, hz, res, millihz))
		return false;
	res->rates++;
	res->limit_hz = hz;
	if (!measure(s, hz, ms, cal, &w)) {
		res->limit = LIMIT_WATCHDOG;
		return false;
	}
	uint64_t expected = (mul_div(*millihz, w.cycles, clock_tsc_hz()) + 500) / 1000;
	uint64_t lost = expected > w.interrupts ? expected - w.interrupts : 0;
	*permille = w.cycles ? w.busy * 1000 / w.cycles : 1000;
	emit_rate(s, hz, *millihz, &w, expected, *permille);
	if (lost > expected / 100 + 1) {        /* 1%, plus one for the window's phase */
		res->limit = LIMIT_LOST;
		return false;
	}
	if (*permille > 1000 - STORM_MIN_LOOP_PERMILLE) {
		res->limit = LIMIT_CPU;
		return false;
	}
	res->max_hz = hz;
	res->max_millihz = *millihz;
	res->max_permille = *permille;
	res->limit_hz = 0;
	return true;
}

/* Double, unless the measured cost per interrupt predicts the double would take
 * more than STORM_TARGET_PERMILLE: then the rate predicted to take that much. */
static uint32_t next_rate(uint32_t hz, uint64_t millihz, uint64_t permille)
{
	uint64_t next = 2ull * hz;
	if (permille && permille * 2 > STORM_TARGET_PERMILLE) {
		uint64_t predicted = mul_div(millihz, STORM_TARGET_PERMILLE, permille * 1000);
		next = predicted > hz ? predicted : hz + 1;
	}
	return next > STORM_MAX_HZ ? STORM_MAX_HZ : (uint32_t)next;
}

static void storm_source(const struct timer_source *s, uint32_t first_hz, uint32_t ms,
			 const struct loop_cal *cal, struct storm_result *res)
{
	*res = (struct storm_result){ .s = s, .limit = LIMIT_CAP };
	uint32_t hz = first_hz;
	for (;;) {
		uint64_t millihz = 0, permille = 0;
		if (!storm_rate(s, hz, ms, cal, res, &millihz, &permille))
			break;
		if (hz >= STORM_MAX_HZ)
			break;
		hz = next_rate(hz, millihz, permille);
	}
	if (res->rates)
		emit_limit(res, cal);
}

static bool storms(const struct timer_source *s)
{
	return !strcmp(s->mode, "periodic") || s->timer_bit == TIMER_TSCDL;
}

static uint32_t first_rate(const struct config *cfg)
{
	if (!config_given("hz") || !cfg->hz.n)
		return STORM_FIRST_HZ;
	uint32_t lo = cfg->hz.v[0];
	for (unsigned i = 1; i < cfg->hz.n; i++)
		if (cfg->hz.v[i] < lo)
			lo = cfg->hz.v[i];
	return lo;
}

static void print_table(const struct storm_result *res, unsigned n)
{
	kprintf("storm: the highest rate each timer sustained (the loop kept %u%% of the "
		"CPU or more, at most 1%% of the interrupts lost)\n",
		STORM_MIN_LOOP_PERMILLE / 10);
	kprintf("  %-5s %-8s %-6s %9s %7s  %s\n", "timer", "mode", "deliv.", "max Hz",
		"CPU", "stopped by");
	for (unsigned i = 0; i < n; i++) {
		const struct storm_result *r = &res[i];
		if (!r->rates)
			continue;
		char share[24];
		figure_int(share, sizeof(share), (int64_t)r->max_permille, -1, FIGURE_PERCENT);
		kprintf("  %-5s %-8s %-6s %9llu %7s  %s at %u Hz\n", r->s->timer, r->s->mode,
			r->s->delivery, (unsigned long long)(r->max_millihz / 1000), share,
			limit_names[r->limit], r->limit_hz ? r->limit_hz : r->max_hz);
	}
}

static void storm_run(const struct config *cfg)
{
	static struct storm_result res[STORM_MAX_SOURCES];
	struct loop_cal cal;
	unsigned n = 0;
	uint64_t inject_was = birq.inject_cycles;
	birq.inject_cycles = cfg->tick_work.v[0];       /* inject= makes each interrupt dearer */
	source_report_unserved("storm", cfg, storms);
	irq_disable();
	calibrate_loop(cfg->ms, &cal);
	char quiet[24];
	figure_int(quiet, sizeof(quiet), (int64_t)cal.quiet_permille, -1, FIGURE_PERCENT);
	kprintf("storm: loop step %llu cycles, gaps over %llu cycles count, %s of a quiet "
		"window lost to gaps\n", (unsigned long long)cal.step,
		(unsigned long long)cal.gap, quiet);
	for (unsigned i = 0; i < timer_sources_count && n < STORM_MAX_SOURCES; i++)
		if (storms(&timer_sources[i]) && source_selected(&timer_sources[i], cfg))
			storm_source(&timer_sources[i], first_rate(cfg), cfg->ms, &cal, &res[n++]);
	birq.inject_cycles = inject_was;
	print_table(res, n);
}

#define STORM_RATES 8           /* rates a storm climbs through, typically */

/* The estimate of its run (bench/core/plan.h). */
static uint64_t plan_storm_ms(const struct config *cfg)
{
	return (uint64_t)plan_sources(cfg, true) * STORM_RATES * (cfg->ms + PLAN_SETUP_MS) + cfg->ms;
}

const struct bench_ops storm_ops = { tsc_calibrated, plan_storm_ms, storm_run };
