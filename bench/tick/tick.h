/* tick's parts: the records and console lines (bench/tick/tickrec.c) that bench/tick/tick.c
 * (one CPU, the boot CPU) and bench/tick/tickmp.c (several CPUs at once) both use, and
 * tickmp's entry points, which only tick.c calls. */
#ifndef BENCH_TICK_H
#define BENCH_TICK_H

#include <stdbool.h>
#include <stdint.h>
#include "handler.h"
#include "hist.h"
#include "pmuplan.h"
#include "problem.h"
#include "source.h"
#include "tickwork.h"
#include "workload.h"

struct tick_config {
	const struct timer_source *source;
	uint32_t hz;
	unsigned workload;
	uint64_t iterations;
	unsigned cpus;                  /* CPUs running it at once */
	unsigned irq_cpu;               /* irq_cpu=: who takes a single global interrupt */
	struct tick_model model;        /* the handler's work (bench/tick/tickwork.h) */
	enum bench_handler handler;     /* the handler it asks for (handler=) */
};

/* Readings taken around a run, outside its interval: SMIs (MSR 0x34, Intel only),
 * APERF/MPERF (the core clock against the TSC: turbo and throttling show), and on
 * the boot CPU alone the performance counters (bench/tick/tickpmu.h). Per CPU. */
struct counters {
	uint64_t calls;                 /* of the measured code on this CPU (measured.h) */
	uint64_t smi, aperf, mperf;
	bool has_smi, has_pmu;
	uint64_t pmu[PMU_MAX_COUNTED];
};


/* bench/tick/tickrec.c. */
/* pmu: read the performance counters too (the boot CPU's one-CPU runs). */
void tick_read_counters(struct counters *c, bool pmu);
/* on: the timer runs; millihz: the rate of the interrupts this CPU gets (0 none):
 * gives "expected". f: ftq's quanta (the ftq workload, else NULL); the run
 * record, then ftq's series records. */
void tick_emit_run(const struct tick_config *t, uint32_t apic_id, unsigned run, bool on,
		   uint64_t millihz,
		   uint64_t cycles, uint64_t interrupts, const struct spin_view *v,
		   const struct ftq_view *f, const struct counters *a, const struct counters *b);
/* A skip or an error of tick's configuration t (cpu: an APIC id, or UINT32_MAX for
 * none), with its fields and its work model's, and why. */
void tick_problem(enum problem_kind kind, const struct tick_config *t, uint32_t cpu,
		  const char *why);
void tick_emit_spin_stats(const struct tick_config *t, uint32_t apic_id, unsigned run,
			  const char *what, const struct hist *h, uint64_t period);
/* The spin loop's calibration on CPU apic_id, its console line and "spin" record. */
void tick_spin_calibrate(struct spin_view *v, uint32_t apic_id);
void tick_spin_emit_calibration(const struct spin_view *v, uint32_t apic_id);
/* After a run's closing TSC read: a spin run's holes worked out; a timer-off run's
 * cycles are the step of the runs that follow. */
void tick_spin_done(const struct tick_config *t, struct spin_view *v, bool on, uint64_t cycles);
/* The off/on pairs tick has run in this boot, on one CPU or several: a run's
 * "position" is 2 tick_pair, off, and 2 tick_pair + 1, on; whoever runs a pair
 * counts it after its on run. */
extern unsigned tick_pair;
/* The console's line for one CPU: sums = { cycles off, cycles on, interrupts }. */
void tick_print_result(const struct tick_config *t, uint32_t apic_id, const uint64_t sums[3]);

/* bench/tick/tickmp.c. */
/* Before the first tick_mp_config: the APs' spin buffers (capacity holes) and
 * calibration, matrices. */
void tick_mp_prepare(unsigned cpus, uint64_t capacity);
/* t on t->cpus CPUs at once (the boot CPU and the first APs), runs times off/on. */
void tick_mp_config(const struct tick_config *t, unsigned runs);

#endif
