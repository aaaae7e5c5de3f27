/* tick's records and console lines (see tick.h), the layer below both bench/tick/tick.c
 * (one CPU) and bench/tick/tickmp.c (several CPUs at once): neither calls the other's
 * code but tick.c calls tickmp.c's entry points. docs/FORMAT.md: "run", "stats". */
#include "tick.h"
#include "measured.h"
#include "clock.h"
#include "console.h"
#include "cost.h"
#include "cpu.h"
#include "figure.h"
#include "format.h"
#include "lib.h"
#include "record.h"
#include "runfields.h"
#include "tickpmu.h"
#include "tscvote.h"

/* MSR_SMI_COUNT is Intel's (SDM vol. 4, table 2-2, from Nehalem on). */
void tick_read_counters(struct counters *c, bool pmu)
{
	c->calls = measured_calls();
	c->has_pmu = pmu && tick_pmu_read(c->pmu);
	c->has_smi = !strcmp(cpu.vendor, "GenuineIntel") && !rdmsr_safe(MSR_SMI_COUNT, &c->smi);
	if (cpu.has_aperfmperf) {
		rdmsr_safe(MSR_IA32_APERF, &c->aperf);
		rdmsr_safe(MSR_IA32_MPERF, &c->mperf);
	}
}

unsigned tick_pair;

/* "pmu_EVENT": each counted event over the run, wrap-safe at its counter's width. */
static void pmu_fields(struct record *r, const struct counters *a, const struct counters *b)
{
	const struct pmu_plan *p = tick_pmu_plan();
	char key[32];
	for (unsigned i = 0; i < p->n; i++) {
		format(key, sizeof(key), FAMILY(run, pmu_EVENT, U64, "pmu_%s"),
		       pmu_event_names[p->c[i].event]);
		record_u64(r, key, counter_delta(a->pmu[i], b->pmu[i], p->c[i].width));
	}
}


/* The first quanta's units, FTQ_SERIES_CHUNK a record: the series tickstat's
 * spectrum reads. */
#define FTQ_SERIES_CHUNK 256
static void emit_ftq_series(const struct tick_config *t, uint32_t apic_id, unsigned run,
			    bool on, const struct ftq_view *f)
{
	uint64_t v[FTQ_SERIES_CHUNK], kept = ftq_kept(&f->sum);
	for (uint64_t first = 0; first < kept; first += FTQ_SERIES_CHUNK) {
		size_t n = kept - first < FTQ_SERIES_CHUNK ? kept - first : FTQ_SERIES_CHUNK;
		for (size_t i = 0; i < n; i++)
			v[i] = f->sum.series[first + i];
		struct record r;
		REC_BEGIN(&r, ftq);
		REC_STR(&r, ftq, bench, "tick");
		REC_U64(&r, ftq, cpu, apic_id);
		REC_U64(&r, ftq, cpus, t->cpus);
		source_fields(&r, t->source);
		REC_U64(&r, ftq, hz, t->hz);
		REC_STR(&r, ftq, workload, workload_names[t->workload]);
		tick_model_fields(&r, &t->model);
		REC_U64(&r, ftq, run, run);
		REC_BOOL(&r, ftq, timer_on, on);
		REC_U64(&r, ftq, first, first);
		REC_ARRAY(&r, ftq, work, v, n);
		record_emit(&r);
	}
}

void tick_problem(enum problem_kind kind, const struct tick_config *t, uint32_t cpu,
		  const char *why)
{
	struct problem p;
	source_problem_begin(&p, kind, "tick", t->source, t->hz);
	PROBLEM_STR(&p, workload, workload_names[t->workload]);
	if (cpu != UINT32_MAX)
		PROBLEM_U64(&p, cpu, cpu);
	PROBLEM_U64(&p, cpus, t->cpus);
	const struct tick_model *m = &t->model;
	if (m->preset)
		PROBLEM_STR(&p, tick_model, m->preset);
	if (m->work || tick_model_has_footprint(m)) {
		PROBLEM_U64(&p, tick_work, m->work);
		PROBLEM_U64(&p, tick_data_kib, m->data_kib);
		PROBLEM_U64(&p, tick_code_kib, m->code_kib);
		PROBLEM_U64(&p, tick_pages, m->pages);
	}
	problem_end(&p, why);
}

void tick_emit_run(const struct tick_config *t, uint32_t apic_id, unsigned run, bool on,
		   uint64_t millihz,
		   uint64_t cycles, uint64_t interrupts, const struct spin_view *v,
		   const struct ftq_view *f, const struct counters *a, const struct counters *b)
{
	const struct timer_source *s = t->source;
	/* the interval's length at this CPU's rate */
	uint64_t expected = on ? mul_div(cycles, millihz, clock_tsc_hz() * 1000) : 0;
	bool has_smi = a->has_smi && b->has_smi;
	struct record r;
	REC_BEGIN(&r, run);
	REC_STR(&r, run, bench, "tick");
	REC_U64(&r, run, cpu, apic_id);
	REC_U64(&r, run, cpus, t->cpus);
	source_fields(&r, s);
	REC_U64(&r, run, hz, t->hz);
	TICK_RUN_COUNTS(&r, workload_names[t->workload], run, b->calls - 1,
			2 * (uint64_t)tick_pair + on, on, t->iterations, cycles, interrupts);
	if (on)
		REC_U64(&r, run, expected, expected);
	tick_model_fields(&r, &t->model);
	REC_U64(&r, run, inject, t->model.work);       /* tick_work's old name */
	REC_STR(&r, run, handler, bench_handler_names[t->handler]);
	if (f)
		TICK_RUN_FTQ(&r, f);
	if (t->workload == WORKLOAD_SPIN)
		TICK_RUN_SPIN(&r, v->gaps, v->gap_interrupts, v->gap_cycles, v->unexplained,
			      v->unexplained_cycles, spin_view_step(v), v->threshold,
			      v->run.dropped);
	if (has_smi)
		REC_U64(&r, run, smi, b->smi - a->smi);
	if (cpu.has_aperfmperf) {
		REC_U64(&r, run, aperf, b->aperf - a->aperf);
		REC_U64(&r, run, mperf, b->mperf - a->mperf);
	}
	if (a->has_pmu && b->has_pmu)
		pmu_fields(&r, a, b);
	REC_BOOL(&r, run, hypervisor, cpu.has_hypervisor);
	record_emit(&r);
	if (f)
		emit_ftq_series(t, apic_id, run, on, f);
	if (t->workload == WORKLOAD_SPIN && v->run.dropped)
		kprintf("  tick: %llu holes were not stored (the spin loop's buffer holds %llu, its "
			"second half for holes with an interrupt): the holes without one "
			"(unexplained) are undercounted\n",
			(unsigned long long)v->run.dropped, (unsigned long long)v->capacity);
}

void tick_spin_emit_calibration(const struct spin_view *v, uint32_t apic_id)
{
	struct record r;
	REC_BEGIN(&r, spin);
	REC_U64(&r, spin, cpu, apic_id);
	REC_U64(&r, spin, steps, v->cal.steps);
	REC_U64(&r, spin, cycles, v->cal.cycles);
	REC_U64(&r, spin, step_cycles, spin_view_step(v));
	REC_U64(&r, spin, above_step, v->cal.above);
	REC_U64(&r, spin, p999_cycles, v->cal.p999);
	REC_U64(&r, spin, threshold_cycles, v->threshold);
	REC_U64(&r, spin, step_instructions, SPIN_LOOP_INSTRUCTIONS);
	record_emit(&r);
}

void tick_spin_calibrate(struct spin_view *v, uint32_t apic_id)
{
	spin_calibrate(v);
	kprintf("tick: spin step %llu cycles (%llu cycles / %llu steps), 99.9th percentile "
		"%llu, hole threshold %llu cycles\n", (unsigned long long)spin_view_step(v),
		(unsigned long long)v->cal.cycles, (unsigned long long)v->cal.steps,
		(unsigned long long)v->cal.p999, (unsigned long long)v->threshold);
	tick_spin_emit_calibration(v, apic_id);
}

void tick_spin_done(const struct tick_config *t, struct spin_view *v, bool on, uint64_t cycles)
{
	if (t->workload != WORKLOAD_SPIN)
		return;
	if (!on)
		spin_view_take_step(v, cycles, t->iterations);
	spin_view_digest(v);
}

void tick_emit_spin_stats(const struct tick_config *t, uint32_t apic_id, unsigned run,
			  const char *what, const struct hist *h, uint64_t period)
{
	/* No sample, no distribution: a short run (ms=20 at 100 Hz) can see a single
	 * tick, hence no interval; FORMAT.md (and tickstat) want n >= 1. */
	if (!h->n)
		return;
	struct record r;
	REC_BEGIN(&r, stats);
	REC_STR(&r, stats, bench, "tick");
	REC_U64(&r, stats, cpu, apic_id);
	REC_U64(&r, stats, cpus, t->cpus);
	REC_STR(&r, stats, what, what);
	source_fields(&r, t->source);
	REC_U64(&r, stats, hz, t->hz);
	tick_model_fields(&r, &t->model);
	REC_U64(&r, stats, run, run);
	if (period)
		REC_U64(&r, stats, period_cycles, period);
	hist_fields(&r, h);
	record_emit(&r);
}

void tick_print_result(const struct tick_config *t, uint32_t apic_id, const uint64_t sums[3])
{
	const struct timer_source *s = t->source;
	char head[160];
	format(head, sizeof(head), "  %-5s %-6s %6u Hz %-7s%s", s->timer, s->delivery, t->hz,
	       workload_names[t->workload], tick_model_suffix(&t->model));
	if (t->cpus > 1)
		kprintf("  APIC id %u, %u CPUs:", apic_id, t->cpus);
	if (!sums[2] && t->cpus > 1) {
		/* it worked untouched while another CPU took the timer */
		int64_t lost = (int64_t)(sums[1] - sums[0]);
		kprintf("%s: no interrupt of its own; on - off %lld cycles in all\n", head,
			(long long)lost);
		return;
	}
	if (!sums[2] || !sums[0] || sums[1] < sums[0]) {
		kprintf("%s: no cost measurable (on %llu, off %llu cycles, %llu interrupts)\n", head,
			(unsigned long long)sums[1], (unsigned long long)sums[0],
			(unsigned long long)sums[2]);
		return;
	}
	uint64_t per = (sums[1] - sums[0]) / sums[2];
	char cycles[24], ns[24], share[32];      /* by lib/answer/figure.h's rule */
	figure_int(cycles, sizeof(cycles), (int64_t)per, 0, 0);
	cost_format_ns(ns, sizeof(ns), per);
	figure_int(share, sizeof(share), (int64_t)mul_div(sums[1] - sums[0], 1000000000, sums[0]),
		   -7, FIGURE_PERCENT);
	kprintf("%s: %6s cycles = %6s ns per interrupt, %s of the CPU\n", head, cycles, ns, share);
}
