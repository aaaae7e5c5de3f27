/* tick under Linux (see tickrun.h). */
#define _GNU_SOURCE
#include "tickrun.h"
#include "measured.h"
#include "cpu.h"
#include "host.h"
#include "hist.h"
#include "record.h"
#include "runfields.h"
#include "splitmix.h"
#include "tick_words.h"
#include "workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define HOLES_PER_SECOND 20000  /* the spin buffer's budget: ticks, other interrupts,
				 * a hypervisor's exits (about 1000 a second seen) */
#define FTQ_AFTER 2             /* quanta after a tick's own counted as its */

static struct spin_view view;
static struct ftq_view ftq;
static const volatile uint64_t no_handler;      /* no handler of ours counts here */
static uint8_t *kinds;                          /* each stored hole's kind */

/* What /proc, getrusage, the TSC and CLOCK_MONOTONIC say at one end of a run. */
struct reading {
	struct proc_counts irq, softirq;
	uint64_t nivcsw, tsc, ns;
};

struct run_result {
	uint64_t cycles, start;
	uint64_t call;                          /* the run's call of the measured code */
	struct proc_counts irq, softirq;        /* over the run */
	struct run_counts counts;
	struct tick_grid grid;
	struct hole_split split;                /* spin */
	struct ftq_loss loss;                   /* ftq */
};

/* A workload's runs added up, for the summary. */
struct sums {
	uint64_t runs, cycles, timer, preempted;
	uint64_t ticks, tick_cycles, beneath, beneath_cycles, irqs, grid_points;
	uint64_t ftq_ticks, lost_cycles, lost_after_cycles;
};

static const char *read_counts(unsigned cpu, struct reading *r)
{
	char *text = read_file("/proc/interrupts");
	bool irq = text && proc_counts_parse(text, cpu, &r->irq);
	free(text);
	text = read_file("/proc/softirqs");
	bool softirq = text && proc_counts_parse(text, cpu, &r->softirq);
	free(text);
	if (!irq || !softirq)
		return "/proc/interrupts or /proc/softirqs is unreadable or has no column for the CPU (offline?)";
	uint64_t loc;
	return proc_count(&r->irq, "LOC", &loc) ? NULL :
	       "/proc/interrupts has no LOC line: the local timer's interrupts cannot be counted";
}

/* Another task ran on the CPU: the thread's involuntary context switches so far. */
static uint64_t preemptions(void)
{
	struct rusage u;
	getrusage(RUSAGE_THREAD, &u);
	return (uint64_t)u.ru_nivcsw;
}

static uint64_t run_workload(unsigned w, uint64_t iterations)
{
	switch (w) {
	case WORKLOAD_SPIN: return spin_measure(&view, iterations, &no_handler);
	case WORKLOAD_MATRIX: return workload_matrix(iterations);
	case WORKLOAD_FTQ: return workload_ftq(iterations, &ftq);
	default: return workload_memwalk(iterations);
	}
}

/* Iterations that take about ms (three rounds of scaling); ftq's quanta of ftq_us. */
static uint64_t iterations_for(unsigned w, const struct config *cfg, uint64_t tsc_hz)
{
	if (w == WORKLOAD_FTQ) {
		ftq.quantum = mul_div(tsc_hz, cfg->ftq_us, 1000000);
		uint64_t quanta = (uint64_t)cfg->ms * 1000 / cfg->ftq_us;
		return quanta ? quanta : 1;
	}
	uint64_t target = mul_div(tsc_hz, cfg->ms, 1000), n = 16;
	for (int round = 0; round < 3; round++) {
		uint64_t cycles = run_workload(w, n);
		n = cycles ? mul_div(n, target, cycles) : n * 16;
		n = n ? n : 1;
	}
	return n;
}

/* The spin run's step: its own steps between the holes, cycles less the holes over
 * iterations less their count (a hole is one step; the dropped ones are not known,
 * so the step is then the calibration's). */
static void spin_step(uint64_t cycles, uint64_t iterations)
{
	uint64_t holes = 0;
	for (uint64_t i = 0; i < view.run.stored; i++)
		holes += view.holes[i].cycles;
	if (!view.run.dropped && holes < cycles && view.run.stored < iterations)
		spin_view_take_step(&view, cycles - holes, iterations - view.run.stored);
}

static const char *measure(const struct linux_info *li, unsigned w, uint64_t iterations,
			   struct run_result *r)
{
	static struct reading a, b;
	const char *why = read_counts(li->cpu, &a);
	if (why)
		return why;
	linux_grid(li, &r->grid);
	a.nivcsw = preemptions();
	tsc_and_monotonic(&a.tsc, &a.ns);
	r->start = rdtsc_ordered();
	r->cycles = run_workload(w, iterations);
	r->call = measured_calls() - 1;
	tsc_and_monotonic(&b.tsc, &b.ns);
	b.nivcsw = preemptions();
	if ((why = read_counts(li->cpu, &b)))
		return why;
	r->grid.tsc[0] = a.tsc, r->grid.tsc[1] = b.tsc, r->grid.ns[0] = a.ns, r->grid.ns[1] = b.ns;
	proc_counts_delta(&a.irq, &b.irq, &r->irq);
	proc_counts_delta(&a.softirq, &b.softirq, &r->softirq);
	proc_count(&r->irq, "LOC", &r->counts.timer);
	r->counts.others = proc_count_others(&r->irq, "LOC");
	r->counts.preempted = b.nivcsw - a.nivcsw;
	return NULL;
}

static void attribute(unsigned w, uint64_t iterations, struct run_result *r)
{
	memset(&r->split, 0, sizeof(r->split));
	if (w == WORKLOAD_SPIN) {
		spin_step(r->cycles, iterations);
		tick_holes_split(view.holes, view.run.stored, view.run.start, view.run.end,
				 view.step_cycles, view.step_iterations, &r->grid, &r->counts,
				 kinds, &r->split);
	}
	memset(&r->loss, 0, sizeof(r->loss));
	/* ftq's quanta against the grid only where the grid is this CPU's tick: as many
	 * timer interrupts as grid points, not nohz_full's one a second */
	uint64_t points = grid_points(&r->grid, r->start, r->start + r->cycles);
	if (w == WORKLOAD_FTQ && 2 * r->counts.timer >= points)
		ftq_tick_loss(ftq.sum.series, ftq_kept(&ftq.sum), r->start, ftq.quantum, &r->grid,
			      FTQ_AFTER, &r->loss);
}

static uint32_t tick_hz(const struct linux_info *li)
{
	return li->config_hz ? li->config_hz : (uint32_t)((1000000000u + li->tick_nsec / 2) / li->tick_nsec);
}

/* The fields naming the configuration, as the bare kernel's records have them. */
static void config_fields(struct record *r, const struct linux_info *li)
{
	record_str(r, FIELD_OF(bench, STR, run, stats, ftq), "tick");
	record_u64(r, FIELD_OF(cpu, U64, run, stats, ftq), li->apic_id);
	record_u64(r, FIELD_OF(cpus, U64, run, stats, ftq), 1);
	record_str(r, FIELD_OF(timer, STR, run, stats, ftq), li->timer);
	record_str(r, FIELD_OF(mode, STR, run, stats, ftq), li->mode);
	record_str(r, FIELD_OF(delivery, STR, run, stats, ftq), li->delivery);
	record_u64(r, FIELD_OF(hz, U64, run, stats, ftq), tick_hz(li));
}

/* irq_LABEL, softirq_LABEL: each source that fired on the CPU during the run (LOC
 * always). */
static void count_fields(struct record *rec, const char *prefix, const struct proc_counts *c)
{
	char key[PROC_LABEL_MAX + 16];
	for (unsigned i = 0; i < c->n; i++) {
		if (!c->line[i].count && strcmp(c->line[i].label, "LOC"))
			continue;
		snprintf(key, sizeof(key), "%s_%s", prefix, c->line[i].label);
		for (char *k = key; *k; k++)
			if (!((*k >= 'a' && *k <= 'z') || (*k >= 'A' && *k <= 'Z') ||
			      (*k >= '0' && *k <= '9')))
				*k = '_';
		record_u64(rec, key, c->line[i].count);
	}
}

static void spin_fields(struct record *rec, const struct hole_split *s)
{
	uint64_t step = spin_view_step(&view);
	TICK_RUN_SPIN(rec, s->ticks, s->ticks, s->tick_cycles, s->beneath,
		      s->beneath_cycles + s->beneath * step, step, view.threshold,
		      view.run.dropped);
	REC_U64(rec, run, grid_holes, s->on_grid);
	REC_U64(rec, run, tick_holes, s->found);
	REC_U64(rec, run, irq_holes, s->irqs);
	REC_U64(rec, run, irq_hole_cycles, s->irq_cycles);
	REC_U64(rec, run, shared_holes, s->shared);
	REC_U64(rec, run, shared_cycles, s->shared_cycles);
}

static void ftq_fields(struct record *rec, const struct ftq_loss *l)
{
	TICK_RUN_FTQ(rec, &ftq);
	REC_U64(rec, run, tick_quanta, l->ticks);
	REC_U64(rec, run, clean_quanta, l->clean);
	REC_U64(rec, run, lost_cycles, l->lost_cycles);
	REC_U64(rec, run, lost_after_cycles, l->lost_after_cycles);
}

static void emit_run(const struct linux_info *li, unsigned w, unsigned run, unsigned position,
		     uint64_t iterations, const struct run_result *r)
{
	struct record rec;
	REC_BEGIN(&rec, run);
	config_fields(&rec, li);
	TICK_RUN_COUNTS(&rec, workload_names[w], run, r->call, position, true, iterations,
			r->cycles, r->counts.timer);
	REC_U64(&rec, run, expected, strcmp(li->nohz, "full") ?
		   mul_div(r->cycles, tick_hz(li), li->tsc_hz) : 0);
	REC_STR(&rec, run, handler, "linux");
	REC_STR(&rec, run, nohz, li->nohz);
	REC_U64(&rec, run, preempted, r->counts.preempted);
	if (w == WORKLOAD_FTQ)
		ftq_fields(&rec, &r->loss);
	if (w == WORKLOAD_SPIN)
		spin_fields(&rec, &r->split);
	count_fields(&rec, FAMILY(run, irq_LABEL, U64, "irq"), &r->irq);
	count_fields(&rec, FAMILY(run, softirq_LABEL, U64, "softirq"), &r->softirq);
	REC_BOOL(&rec, run, hypervisor, cpu.has_hypervisor);
	record_emit(&rec);
}

static void emit_stats(const struct linux_info *li, unsigned run, const char *what,
		       const struct hist *h, uint64_t period)
{
	if (!h->n)
		return;
	struct record r;
	REC_BEGIN(&r, stats);
	config_fields(&r, li);
	REC_STR(&r, stats, what, what);
	REC_U64(&r, stats, run, run);
	if (period)
		REC_U64(&r, stats, period_cycles, period);
	hist_fields(&r, h);
	record_emit(&r);
}

/* The first quanta's units, 256 a record, as the bare kernel's ftq records. */
static void emit_ftq_series(const struct linux_info *li, unsigned run)
{
	uint64_t v[256], kept = ftq_kept(&ftq.sum);
	for (uint64_t first = 0; first < kept; first += 256) {
		size_t n = kept - first < 256 ? kept - first : 256;
		for (size_t i = 0; i < n; i++)
			v[i] = ftq.sum.series[first + i];
		struct record r;
		REC_BEGIN(&r, ftq);
		config_fields(&r, li);
		REC_STR(&r, ftq, workload, "ftq");
		REC_U64(&r, ftq, run, run);
		REC_BOOL(&r, ftq, timer_on, true);
		REC_U64(&r, ftq, first, first);
		REC_ARRAY(&r, ftq, work, v, n);
		record_emit(&r);
	}
}

static double ns_of(uint64_t cycles, uint64_t tsc_hz) { return cycles * 1e9 / (double)tsc_hz; }

static void say_run(const struct linux_info *li, unsigned w, const struct run_result *r)
{
	double s = (double)r->cycles / (double)li->tsc_hz;
	fprintf(stderr, "  %.0f ms: %llu timer interrupts (%.1f Hz), %llu others", s * 1e3,
		(unsigned long long)r->counts.timer, r->counts.timer / s,
		(unsigned long long)r->counts.others);
	if (w == WORKLOAD_SPIN && r->split.ticks)
		fprintf(stderr, "; %llu tick holes of %.0f ns each (mean beyond the step)",
			(unsigned long long)r->split.ticks,
			ns_of(r->split.tick_cycles, li->tsc_hz) / (double)r->split.ticks);
	if (w == WORKLOAD_SPIN && r->split.beneath)
		fprintf(stderr, "; %llu holes beneath the OS", (unsigned long long)r->split.beneath);
	if (r->counts.preempted)
		fprintf(stderr, "; warning: another task ran on the CPU %llu times",
			(unsigned long long)r->counts.preempted);
	fprintf(stderr, "\n");
}

static void add_sums(struct sums *s, const struct run_result *r)
{
	s->runs++;
	s->cycles += r->cycles;
	s->timer += r->counts.timer;
	s->preempted += r->counts.preempted;
	s->ticks += r->split.ticks;
	s->tick_cycles += r->split.tick_cycles;
	s->beneath += r->split.beneath;
	s->beneath_cycles += r->split.beneath_cycles;
	s->irqs += r->split.irqs;
	s->grid_points += grid_points(&r->grid, r->start, r->start + r->cycles);
	s->ftq_ticks += r->loss.ticks;
	s->lost_cycles += r->loss.lost_cycles;
	s->lost_after_cycles += r->loss.lost_after_cycles;
}

/* Each run's place in the order: pair p is (workload, run) (order=random: shuffled
 * from the seed, Fisher-Yates; order=fixed: each workload's runs in turn). */
struct slot { unsigned workload, run; };
static unsigned plan_order(const struct config *cfg, struct slot *slots)
{
	unsigned n = 0;
	for (unsigned w = 0; w < WORKLOADS; w++)
		for (unsigned run = 0; (cfg->workloads >> w & 1) && run < cfg->runs; run++)
			slots[n++] = (struct slot){ w, run };
	uint64_t seed = cfg->seed;
	if (tick_settings.order == ORDER_RANDOM)
		SPLITMIX64_SHUFFLE(slots, n, &seed);
	return n;
}

/* An error record (the run's status becomes error) and its line; false. */
static bool tick_error(const char *workload, const char *why)
{
	struct record r;
	REC_BEGIN(&r, error);
	REC_STR(&r, error, bench, "tick");
	if (workload)
		REC_STR(&r, error, workload, workload);
	REC_STR(&r, error, reason, why);
	record_emit(&r);
	fprintf(stderr, "tick: error: %s\n", why);
	return false;
}

static bool prepare(const struct config *cfg, const struct linux_info *li)
{
	uint64_t capacity = spin_capacity(HOLES_PER_SECOND / 2, cfg->ms);
	const char *why = NULL;
	if (!spin_view_init(&view, capacity) || !(kinds = malloc(capacity)))
		why = "no memory for the spin loop's buffer of holes";
	else if (cfg->workloads & (1u << WORKLOAD_MEMWALK))
		why = workload_memwalk_init(cfg->memwalk_kib);
	if (why)
		return tick_error(NULL, why);
	spin_calibrate(&view);
	fprintf(stderr, "tick: spin step %llu cycles, 99.9th percentile %llu, hole threshold "
		"%llu cycles\n", (unsigned long long)spin_view_step(&view),
		(unsigned long long)view.cal.p999, (unsigned long long)view.threshold);
	struct record r;
	REC_BEGIN(&r, spin);
	REC_U64(&r, spin, cpu, li->apic_id);
	REC_U64(&r, spin, steps, view.cal.steps);
	REC_U64(&r, spin, cycles, view.cal.cycles);
	REC_U64(&r, spin, step_cycles, spin_view_step(&view));
	REC_U64(&r, spin, above_step, view.cal.above);
	REC_U64(&r, spin, p999_cycles, view.cal.p999);
	REC_U64(&r, spin, threshold_cycles, view.threshold);
	record_emit(&r);
	return true;
}

static void say_summary(const struct linux_info *li, unsigned w, const struct sums *s);

static bool run_one(const struct config *cfg, const struct linux_info *li, struct slot slot,
		    unsigned position, unsigned total, uint64_t iterations, struct sums *sums)
{
	static struct run_result r;
	fprintf(stderr, "tick %u/%u: %s run %u/%u\n", position + 1, total,
		workload_names[slot.workload], slot.run + 1, cfg->runs);
	const char *why = measure(li, slot.workload, iterations, &r);
	if (why)
		return tick_error(workload_names[slot.workload], why);
	attribute(slot.workload, iterations, &r);
	emit_run(li, slot.workload, slot.run, position, iterations, &r);
	if (slot.workload == WORKLOAD_SPIN) {
		emit_stats(li, slot.run, "gap", &r.split.tick_hist, 0);
		emit_stats(li, slot.run, "interval", &r.split.interval_hist,
			   mul_div(li->tick_nsec, li->tsc_hz, 1000000000u));
		emit_stats(li, slot.run, "off_grid", &r.split.off_hist, 0);
	}
	if (slot.workload == WORKLOAD_FTQ)
		emit_ftq_series(li, slot.run);
	say_run(li, slot.workload, &r);
	add_sums(sums, &r);
	return true;
}

bool tick_linux(const struct config *cfg, const struct linux_info *li)
{
	static struct slot slots[WORKLOADS * 1000];
	static struct sums sums[WORKLOADS];
	uint64_t iterations[WORKLOADS] = { 0 };
	if (!prepare(cfg, li))
		return false;
	for (unsigned w = 0; w < WORKLOADS; w++)
		if (cfg->workloads >> w & 1)
			iterations[w] = iterations_for(w, cfg, li->tsc_hz);
	unsigned n = plan_order(cfg, slots);
	for (unsigned k = 0; k < n; k++)
		if (!run_one(cfg, li, slots[k], k, n, iterations[slots[k].workload],
			     &sums[slots[k].workload]))
			return false;
	for (unsigned w = 0; w < WORKLOADS; w++)
		if (sums[w].runs)
			say_summary(li, w, &sums[w]);
	return true;
}

/* The answer in words: the tick's direct cost and share, what lies beneath, what
 * ftq lost around each tick. */
static void say_summary(const struct linux_info *li, unsigned w, const struct sums *s)
{
	double seconds = (double)s->cycles / (double)li->tsc_hz;
	fprintf(stderr, "%s: %llu runs, %.0f ms; CPU %u took %.1f timer interrupts a second "
		"(tick grid: %.1f Hz)\n", workload_names[w], (unsigned long long)s->runs,
		seconds * 1e3, li->cpu, s->timer / seconds, s->grid_points / seconds);
	if (w == WORKLOAD_SPIN && s->ticks)
		fprintf(stderr, "  Linux's tick: direct cost %.0f ns per tick (%llu ticks found "
			"in holes), %.3f %% of the CPU\n",
			ns_of(s->tick_cycles, li->tsc_hz) / (double)s->ticks,
			(unsigned long long)s->ticks, 100.0 * s->tick_cycles / (double)s->cycles);
	if (w == WORKLOAD_SPIN)
		fprintf(stderr, "  beneath the OS (no interrupt count explains them, never billed "
			"to the tick): %.1f holes a second, %.0f ns each, %.3f %% of the CPU; other "
			"interrupts' holes: %llu\n", s->beneath / seconds,
			s->beneath ? ns_of(s->beneath_cycles, li->tsc_hz) / (double)s->beneath : 0.0,
			100.0 * s->beneath_cycles / (double)s->cycles, (unsigned long long)s->irqs);
	if (w == WORKLOAD_FTQ && s->ftq_ticks)
		fprintf(stderr, "  ftq: each tick's quantum and the %d after it lost %.0f ns of work, "
			"%.0f ns of it in the quanta after (the caches' and TLB's refill)\n", FTQ_AFTER,
			ns_of(s->lost_cycles, li->tsc_hz) / (double)s->ftq_ticks,
			ns_of(s->lost_after_cycles, li->tsc_hz) / (double)s->ftq_ticks);
	if (s->preempted)
		fprintf(stderr, "  warning: another task ran on CPU %u %llu times during these runs "
			"(--fifo, or isolcpus=, keeps it off)\n", li->cpu,
			(unsigned long long)s->preempted);
}
