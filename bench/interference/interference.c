/* interference: what one CPU's timer interrupts cost another CPU that takes none.
 *
 * The boot CPU (noisy) runs its local APIC timer periodic at hz= (bench_entry,
 * birq: tick's path) and busy-waits with interrupts on (PAUSE) while the first AP
 * (the victim, its own timer off, no interrupt routed to it) runs matrix or memwalk
 * a fixed number of iterations. Interval: the victim's, from an ordered TSC read
 * before its workload's first iteration to one after its last (bench/core/workload.c).
 * Runs without the noisy CPU's timer and with it alternate, off, on, off, on, …; the
 * noisy CPU waits the same way in both. What differs is only its interrupts: their
 * effect on shared caches, memory and (on one core's two threads) the pipeline.
 * docs/METHOD.md, "interference". */
#include "bench.h"
#include "plan.h"
#include "workload.h"
#include "handler.h"
#include "console.h"
#include "cpu.h"
#include "lib.h"
#include "record.h"
#include "run.h"
#include "smp.h"
#include "source.h"
#include "clock.h"
#include "timers.h"

struct victim_run {
	unsigned workload;
	uint64_t iterations, cycles, interrupts;
	struct matrices *mat;
};

static uint64_t work(struct victim_run *v, uint64_t iterations)
{
	return v->workload == WORKLOAD_MATRIX ? workload_matrix_on(v->mat, iterations) :
						 workload_memwalk(iterations);
}

static void victim_job(void *arg)
{
	struct victim_run *v = arg;
	bench_irq_ap_bind(1);
	uint64_t before = birq_ap[1].s.count;
	v->cycles = work(v, v->iterations);
	v->interrupts = birq_ap[1].s.count - before;
}

static const struct timer_source *lapic_periodic(void)
{
	for (unsigned i = 0; i < timer_sources_count; i++)
		if (timer_sources[i].timer_bit == TIMER_LAPIC &&
		    !strcmp(timer_sources[i].mode, "periodic"))
			return &timer_sources[i];
	return NULL;
}

static const char *interference_valid(void)
{
	const char *why = tsc_calibrated();
	if (why)
		return why;
	if (smp.online < 2)
		return "one CPU online: no other CPU to disturb";
	return timers.lapic ? NULL : "no local APIC timer";
}

static void emit(const struct victim_run *v, uint32_t hz, unsigned run, bool on,
		 uint64_t noisy_irqs)
{
	struct record r;
	REC_BEGIN(&r, run);
	REC_STR(&r, run, bench, "interference");
	REC_U64(&r, run, cpu, smp.cpu[1].apic_id);
	REC_U64(&r, run, victim, smp.cpu[1].apic_id);
	REC_U64(&r, run, noisy, smp.cpu[0].apic_id);
	REC_STR(&r, run, timer, "lapic");
	REC_STR(&r, run, mode, "periodic");
	REC_U64(&r, run, hz, hz);
	REC_STR(&r, run, workload, workload_names[v->workload]);
	REC_U64(&r, run, run, run);
	REC_BOOL(&r, run, timer_on, on);
	REC_U64(&r, run, iterations, v->iterations);
	REC_U64(&r, run, cycles, v->cycles);
	REC_U64(&r, run, interrupts, noisy_irqs);
	REC_U64(&r, run, victim_interrupts, v->interrupts);
	REC_BOOL(&r, run, hypervisor, cpu.has_hypervisor);
	record_emit(&r);
}

/* One run: the victim's workload, the noisy CPU's timer on or off meanwhile. */
static bool one_run(struct victim_run *v, const struct timer_source *s, uint32_t hz,
		    unsigned run, bool on)
{
	uint64_t millihz;
	if (on && !source_start_checked("interference", s, hz, &millihz))
		return false;
	uint64_t before = birq.count;
	if (!smp_call(&smp.cpu[1], victim_job, v)) {
		run_error("interference", "the victim's mailbox was busy");
		if (on)
			s->stop();
		return false;
	}
	irq_enable();
	while (__atomic_load_n(&smp.cpu[1].job, __ATOMIC_ACQUIRE))
		cpu_relax();
	irq_disable();
	uint64_t n = birq.count - before;
	if (on)
		s->stop();
	emit(v, hz, run, on, n);
	return true;
}

/* Iterations of the workload that take about ms on the boot CPU, timer off. */
static uint64_t calibrate(struct victim_run *v, uint32_t ms)
{
	uint64_t target = clock_cycles_ms(ms), n = 4;
	for (int round = 0; round < 3; round++) {
		uint64_t cycles = work(v, n);
		n = cycles ? mul_div(n, target, cycles) : n * 16;
		if (!n)
			n = 1;
	}
	return n;
}

static void interference_run(const struct config *cfg)
{
	const struct timer_source *s = lapic_periodic();
	static struct victim_run v;
	if (!v.mat)
		v.mat = workload_matrices_alloc();
	const char *memwalk_why = workload_memwalk_init(cfg->memwalk_kib);
	for (unsigned w = WORKLOAD_MATRIX; w <= WORKLOAD_MEMWALK; w++) {
		if (!(cfg->workloads & (1u << w)) ||
		    (w == WORKLOAD_MATRIX && !v.mat) || (w == WORKLOAD_MEMWALK && memwalk_why))
			continue;
		v.workload = w;
		v.iterations = calibrate(&v, cfg->ms);
		for (unsigned h = 0; h < cfg->hz.n; h++) {
			kprintf("interference: cpu %u takes lapic %u Hz, cpu %u runs %s, %u runs\n",
				smp.cpu[0].apic_id, cfg->hz.v[h], smp.cpu[1].apic_id,
				workload_names[w], cfg->runs);
			for (unsigned run = 0; run < cfg->runs; run++)
				if (!one_run(&v, s, cfg->hz.v[h], run, false) ||
				    !one_run(&v, s, cfg->hz.v[h], run, true))
					break;
		}
	}
}

static unsigned workloads(const struct config *cfg, unsigned from)
{
	unsigned n = 0;
	for (unsigned w = from; w < 3; w++)
		n += (cfg->workloads >> w) & 1;
	return n;
}

/* The estimate of its run (bench/core/plan.h). */
static uint64_t plan_interference_ms(const struct config *cfg)
{
	uint64_t runs = (uint64_t)cfg->hz.n * cfg->runs * 2 + 1;  /* and the calibration */
	return workloads(cfg, WORKLOAD_MATRIX) * runs * cfg->ms;
}

const struct bench_ops interference_ops = { interference_valid, plan_interference_ms, interference_run };
