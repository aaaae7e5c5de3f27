/* tick: what a periodic tick costs a fixed amount of work.
 *
 * Interval of each run: from an ordered TSC read before the workload's first
 * iteration to one after its last (workload.c), interrupts enabled in between. A
 * run without the timer and one with it (timer_on) form a pair, off then on, so slow
 * drift cancels; on one CPU the pairs of every configuration run in an order drawn
 * from the seed (order=random, the default), or each configuration's in turn
 * (order=fixed). The total cost per interrupt is (cycles on - cycles off) /
 * interrupts: the handler, the entry and exit, and what the interrupt does to caches,
 * TLB and pipeline (the indirect cost). The spin workload also sees each interrupt
 * as a hole in a TSC-reading loop: the direct cost. The ftq workload instead runs
 * fixed time quanta and counts the work done in each: its runs last the same with
 * and without the timer, and the work not done is the cost. Every configuration
 * runs with each work model of the handler (bench/tick/tickwork.h) in turn. The host
 * derives the figures and their confidence intervals from the "run" records
 * (tickstat summary, tickstat report). */
#include "bench.h"
#include "plan.h"
#include "problem.h"
#include "tick.h"
#include "tickpmu.h"
#include "handler.h"
#include "source.h"
#include "clock.h"
#include "timers.h"
#include "workload.h"
#include "console.h"
#include "cpu.h"
#include "record.h"
#include "run.h"
#include "lib.h"
#include "smp.h"
#include "alloc.h"
#include "splitmix.h"


static struct ftq_view ftq;
/* The last off run's cycles and ftq work: its on run's pair (ftq_pair_off). */
static uint64_t off_cycles, off_work;

static uint64_t run_workload(unsigned w, uint64_t iterations, struct spin_view *v)
{
	switch (w) {
	case WORKLOAD_SPIN: return spin_measure(v, iterations, &birq.count);
	case WORKLOAD_MATRIX: return workload_matrix(iterations);
	case WORKLOAD_FTQ: return workload_ftq(iterations, &ftq);
	default: return workload_memwalk(iterations);
	}
}

/* ftq's runs last the same: what the on run lost is its work done at the off run's
 * rate, in cycles. The off run's cycles for the on run's work (docs/METHOD.md). */
static uint64_t ftq_pair_off(uint64_t on_work)
{
	return off_work ? mul_div(off_cycles, on_work, off_work) : 0;
}

/* Iterations that take about ms without a timer (two rounds of scaling); ftq's
 * quanta of ftq_us. */
static uint64_t calibrate(unsigned w, const struct config *cfg, struct spin_view *v)
{
	uint32_t ms = cfg->ms;
	if (w == WORKLOAD_FTQ) {
		ftq.quantum = clock_cycles_us(cfg->ftq_us);
		uint64_t quanta = (uint64_t)ms * 1000 / cfg->ftq_us;
		return quanta ? quanta : 1;
	}
	uint64_t target = clock_cycles_ms(ms), n = 16;
	for (int round = 0; round < 3; round++) {
		uint64_t cycles = run_workload(w, n, v);
		n = cycles ? mul_div(n, target, cycles) : n * 16;
		if (n == 0)
			n = 1;
	}
	return n;
}

/* One run with the timer: start it, wait for it to fire, run the workload, stop. */
static bool run_on(const struct tick_config *t, unsigned run, uint64_t sums[3],
		   struct spin_view *v)
{
	uint64_t millihz;
	const struct timer_source *s = t->source;
	if (!source_start_checked("tick", s, t->hz, &millihz))
		return false;
	if (birq.handler != t->handler) {
		s->stop();
		source_problem("tick", PROBLEM_ERROR, s, t->hz, "no floor handler for this "
			       "source's acknowledgement and re-arm");
		return false;
	}
	struct counters a, b;
	tick_read_counters(&a, true);
	uint64_t before = birq.count;
	uint64_t cycles = run_workload(t->workload, t->iterations, v);
	uint64_t n = birq.count - before;
	tick_read_counters(&b, true);
	s->stop();
	tick_spin_done(t, v, true, cycles);
	uint32_t id = smp.cpu[0].apic_id;
	const struct ftq_view *f = t->workload == WORKLOAD_FTQ ? &ftq : NULL;
	tick_emit_run(t, id, run, true, millihz, cycles, n, v, f, &a, &b);
	if (t->workload == WORKLOAD_SPIN) {
		tick_emit_spin_stats(t, id, run, "gap", &v->gap_hist, 0);
		tick_emit_spin_stats(t, id, run, "interval", &v->interval_hist,
				     mul_div(clock_tsc_hz(), 1000, millihz));
	}
	if (f)
		sums[0] += ftq_pair_off(f->sum.work);
	sums[1] += cycles;
	sums[2] += n;
	return true;
}

static void run_off(const struct tick_config *t, unsigned run, uint64_t sums[3],
		    struct spin_view *v)
{
	struct counters a, b;
	tick_read_counters(&a, true);
	uint64_t before = birq.count;
	uint64_t cycles = run_workload(t->workload, t->iterations, v);
	tick_read_counters(&b, true);
	tick_spin_done(t, v, false, cycles);
	const struct ftq_view *f = t->workload == WORKLOAD_FTQ ? &ftq : NULL;
	tick_emit_run(t, smp.cpu[0].apic_id, run, false, 0, cycles, birq.count - before, v,
		      f, &a, &b);
	off_cycles = cycles;
	off_work = f ? f->sum.work : 0;
	if (!f)
		sums[0] += cycles;
}

static unsigned tick_mode(const struct timer_source *s)
{
	return strcmp(s->mode, "periodic") ? TICK_MODE_ONESHOT : TICK_MODE_PERIODIC;
}

/* tick_mode= : periodic, one-shot re-armed from the handler, or both; the TSC
 * deadline, which has no periodic mode, in either. */
static bool mode_wanted(const struct timer_source *s)
{
	return s->timer_bit == TIMER_TSCDL || (tick_settings.tick_modes & (1u << tick_mode(s)));
}

/* The sources of the modes tick_mode= asks for. Without delivery= on the command
 * line, one path per timer and mode: the first usable in timer_sources[] after the
 * 8259 (I/O APIC where there is one). taken[]: a flag per timer and mode. */
static bool tick_source(const struct timer_source *s, const struct config *cfg,
			bool *taken)
{
	if (!source_selected(s, cfg) || !mode_wanted(s))
		return false;
	if (config_given("delivery"))
		return true;
	unsigned slot = s->timer_bit * 2 + tick_mode(s);
	if (taken[slot])
		return false;
	if (s->delivery_bit == DELIVERY_PIC) {
		for (unsigned i = 0; i < timer_sources_count; i++)
			if (timer_sources[i].timer_bit == s->timer_bit &&
			    tick_mode(&timer_sources[i]) == tick_mode(s) &&
			    timer_sources[i].delivery_bit != DELIVERY_PIC &&
			    source_selected(&timer_sources[i], cfg))
				return false;
	}
	taken[slot] = true;
	return true;
}

/* tick's configurations on one CPU count: timers and modes x hz= x workload=. */
static unsigned tick_planned_configs(const struct config *cfg)
{
	bool taken[8] = { false };
	unsigned n = 0;
	for (unsigned i = 0; i < timer_sources_count; i++)
		if (tick_source(&timer_sources[i], cfg, taken))
			n++;
	unsigned workloads = 0;
	for (unsigned w = 0; w < WORKLOADS; w++)
		workloads += (cfg->workloads >> w) & 1;
	return n * cfg->hz.n * workloads * tick_model_count(cfg, &tick_settings);
}

static void run_single(struct tick_config *t, unsigned runs, unsigned done, unsigned total,
		       struct spin_view *view)
{
	uint64_t sums[3] = { 0, 0, 0 };
	t->cpus = 1;
	tick_work_set(&t->model);               /* its buffers were there when it was met */
	for (unsigned run = 0; run < runs; run++, tick_pair++) {
		kprintf("tick %u/%u: %s %s hz=%u %s%s run %u/%u\n", done, total,
			t->source->timer, t->source->mode, t->hz,
			workload_names[t->workload], tick_model_suffix(&t->model), run + 1, runs);
		run_off(t, run, sums, view);
		if (!run_on(t, run, sums, view))
			break;
	}
	tick_print_result(t, smp.cpu[0].apic_id, sums);
}

/* order=random (docs/METHOD.md, "tick"): the configurations on one CPU, calibrated
 * as tick_run's loop meets them, wait here; then the off/on pairs of them all run
 * in one order drawn from the seed, each pair off then on (the run with the timer
 * right after its own without). */
#define MAX_WAITING 256                 /* timers x modes x HZ x workloads x models */
static struct {
	struct tick_config config[MAX_WAITING];
	uint64_t sums[MAX_WAITING][3];
	bool stopped[MAX_WAITING];      /* its timer did not start: no more of its pairs */
	unsigned n;
} waiting;

struct pair { uint16_t config, run; };

/* Every pair of n configurations x runs, shuffled from seed (Fisher-Yates). */
static void tick_order(struct pair *p, unsigned n, unsigned runs, uint64_t seed)
{
	unsigned total = n * runs;
	for (unsigned i = 0; i < total; i++)
		p[i] = (struct pair){ (uint16_t)(i / runs), (uint16_t)(i % runs) };
	SPLITMIX64_SHUFFLE(p, total, &seed);
}

static void run_waiting(unsigned runs, uint64_t seed, struct spin_view *view)
{
	unsigned total = waiting.n * runs;
	struct pair *p = alloc(total * sizeof(*p), 8);
	if (!p && total) {
		kprintf("tick: no memory for the order of %u pairs: order=fixed\n", total);
		for (unsigned i = 0; i < waiting.n; i++)
			run_single(&waiting.config[i], runs, i + 1, waiting.n, view);
		return;
	}
	tick_order(p, waiting.n, runs, seed);
	for (unsigned k = 0; k < total; k++) {
		unsigned c = p[k].config;
		struct tick_config *t = &waiting.config[c];
		if (waiting.stopped[c])
			continue;
		kprintf("tick pair %u/%u: %s %s hz=%u %s%s run %u/%u\n", k + 1, total,
			t->source->timer, t->source->mode, t->hz, workload_names[t->workload],
			tick_model_suffix(&t->model), p[k].run + 1, runs);
		tick_work_set(&t->model);       /* the handler's work of this pair */
		run_off(t, p[k].run, waiting.sums[c], view);
		waiting.stopped[c] = !run_on(t, p[k].run, waiting.sums[c], view);
		tick_pair++;
	}
	for (unsigned c = 0; c < waiting.n; c++)
		tick_print_result(&waiting.config[c], smp.cpu[0].apic_id, waiting.sums[c]);
}

/* One configuration at each CPU count of tick_cpus= (resolved in counts[]). */
static void run_counts(struct tick_config *t, const struct config *cfg, const unsigned *counts,
		       unsigned n_counts, unsigned done, unsigned total, struct spin_view *view)
{
	for (unsigned c = 0; c < n_counts; c++) {
		if (counts[c] == 1 && tick_settings.order == ORDER_RANDOM && waiting.n < MAX_WAITING) {
			t->cpus = 1;
			waiting.config[waiting.n++] = *t;
			continue;
		}
		if (counts[c] == 1) {
			run_single(t, cfg->runs, done, total, view);
			continue;
		}
		t->cpus = counts[c];
		kprintf("tick %u/%u: %s %s hz=%u %s%s on %u CPUs at once, %u runs\n", done,
			total, t->source->timer, t->source->mode, t->hz,
			workload_names[t->workload], tick_model_suffix(&t->model), counts[c], cfg->runs);
		tick_mp_config(t, cfg->runs);
	}
}

/* Each work model in turn on one configuration (its iterations calibrated once, so
 * every model does the same work). */
static void run_models(struct tick_config *t, const struct config *cfg, const unsigned *counts,
		       unsigned n_counts, unsigned *done, unsigned total, struct spin_view *view)
{
	t->iterations = calibrate(t->workload, cfg, view);
	for (unsigned m = 0; m < tick_model_count(cfg, &tick_settings); m++) {
		tick_model_at(cfg, &tick_settings, m, &t->model);
		(*done)++;
		const char *why = tick_work_set(&t->model);
		if (why) {
			t->cpus = 1;
			tick_problem(PROBLEM_SKIP, t, UINT32_MAX, why);
			continue;
		}
		run_counts(t, cfg, counts, n_counts, *done, total, view);
	}
	tick_work_clear();
}

static uint32_t max_hz(const struct config *cfg)
{
	uint32_t most = 0;
	for (unsigned h = 0; h < cfg->hz.n; h++)
		most = cfg->hz.v[h] > most ? cfg->hz.v[h] : most;
	return most;
}

/* The handler tick installs (handler=); NULL, or why tick cannot run. Anything
 * asked of the handler beyond counting, re-arming and the EOI (any work model but
 * the floor: tick_handler_work) takes the full one for the whole sweep, so that
 * its models differ by their work alone. */
static const char *choose_handler(const struct config *cfg, enum bench_handler *h)
{
	bool work = tick_handler_work(cfg, &tick_settings);
	if (tick_settings.handler == HANDLER_ONLY_FLOOR && work)
		return "handler=floor only counts, re-arms and acknowledges: a work model "
		       "(tick_work= or inject=, tick_data_kib=, tick_code_kib=, tick_pages=, "
		       "tick_model= but floor) needs handler=full (or auto)";
	*h = tick_settings.handler == HANDLER_ONLY_FULL || work ? HANDLER_FULL : HANDLER_FLOOR;
	return NULL;
}

/* Every timer source, rate and workload asked for, at each CPU count, with each
 * work model. */
static void run_configs(const struct config *cfg, struct tick_config proto,
			struct spin_view *view, const char *spin_why, const char *memwalk_why,
			const unsigned *counts, unsigned n_counts)
{
	bool taken[8] = { false };
	unsigned total = tick_planned_configs(cfg), done = 0;
	for (unsigned i = 0; i < timer_sources_count; i++) {
		if (!tick_source(&timer_sources[i], cfg, taken))
			continue;
		for (unsigned h = 0; h < cfg->hz.n; h++)
			for (unsigned w = 0; w < WORKLOADS; w++) {
				if (!(cfg->workloads & (1u << w)))
					continue;
				struct tick_config t = proto;
				t.source = &timer_sources[i];
				t.hz = cfg->hz.v[h];
				t.workload = w;
				const char *why = w == WORKLOAD_MEMWALK ? memwalk_why :
						  w == WORKLOAD_SPIN ? spin_why : NULL;
				if (why) {
					done += tick_model_count(cfg, &tick_settings);
					kprintf("tick %u/%u: %s skipped: %s\n", done, total,
						workload_names[w], why);
					continue;
				}
				run_models(&t, cfg, counts, n_counts, &done, total, view);
			}
	}
}

static void tick_run(const struct config *cfg)
{
	static struct spin_view view;
	unsigned counts[WORDS_LIST_MAX], n_counts;
	struct tick_config proto = { .cpus = 1, .irq_cpu = tick_settings.irq_cpu };
	const char *why = choose_handler(cfg, &proto.handler);
	if (why) {
		struct problem p;
		problem_begin(&p, PROBLEM_SKIP, "tick");
		problem_end(&p, why);
		return;
	}
	kprintf("tick: the %s handler\n", bench_handler_names[proto.handler]);
	const char *memwalk_why = (cfg->workloads & (1u << WORKLOAD_MEMWALK)) ?
				  workload_memwalk_init(cfg->memwalk_kib) : NULL;
	tick_work_prepare(cfg, &tick_settings);
	tick_pmu_start();
	uint64_t capacity = spin_capacity(max_hz(cfg), cfg->ms);
	const char *spin_why = view.holes || spin_view_init(&view, capacity) ? NULL :
			       "no memory for the spin loop's buffer of holes";
	if (!spin_why)
		tick_spin_calibrate(&view, smp.cpu[0].apic_id);
	n_counts = bench_cpu_counts("tick", "tick_cpus", &tick_settings.tick_cpus, counts);
	source_report_unserved("tick", cfg, mode_wanted);
	unsigned most = 1;
	for (unsigned c = 0; c < n_counts; c++)
		most = counts[c] > most ? counts[c] : most;
	if (most > 1)
		tick_mp_prepare(most, capacity);
	bench_irq_prefer(proto.handler);
	run_configs(cfg, proto, &view, spin_why, memwalk_why, counts, n_counts);
	run_waiting(cfg->runs, cfg->seed, &view);
	waiting.n = 0;
	tick_work_clear();
	tick_pmu_stop();
	bench_irq_prefer(HANDLER_FULL);
}

/* Off and on runs of ms each, per configuration (each work model one) and CPU
 * count, plus the workload's calibration (about ms) once for all its models. */
static uint64_t plan_tick_ms(const struct config *cfg)
{
	uint64_t configs = tick_planned_configs(cfg);
	uint64_t models = tick_model_count(cfg, &tick_settings);
	uint64_t cpu_counts = plan_cpu_counts(&tick_settings.tick_cpus);
	return (configs * cpu_counts * cfg->runs * 2 + configs / models) *
	       (cfg->ms + PLAN_SETUP_MS / 4);
}

const struct bench_ops tick_ops = { tsc_calibrated, plan_tick_ms, tick_run };
