/* tick's fixed amounts of work. Each returns the TSC cycles it took, from an ordered
 * TSC read before its first iteration to one after its last, interrupts enabled
 * in between (the caller's timer, if any, interrupts it). */
#ifndef BENCH_WORKLOAD_H
#define BENCH_WORKLOAD_H

#include <stdint.h>
#include "hist.h"
#include "ftq.h"

/* The spin workload's view of the interrupts: holes in a TSC-reading loop. */
struct spin_view {
	uint64_t threshold;             /* a step longer than this is a hole */
	uint64_t step;                  /* the loop's median step without a timer */
	uint64_t gaps;                  /* holes during which the handler ran */
	uint64_t gap_interrupts;        /* handler entries those holes hold */
	uint64_t gap_cycles;            /* sum over those holes of (hole - step) */
	uint64_t unexplained;           /* holes without a handler entry: SMI, hypervisor */
	uint64_t unexplained_cycles;
	struct hist gap_hist;           /* hole - step, per hole */
	struct hist interval_hist;      /* from one hole's start to the next's */
};

uint64_t workload_spin(uint64_t iterations, struct spin_view *v);
uint64_t workload_matrix(uint64_t iterations);

/* The same on another CPU (bench/tickmp.c): spin attributes holes to the handler
 * entries counted at *count; matrix works on its own matrices (from
 * workload_matrices_alloc, NULL when memory is short), not the boot CPU's. memwalk's
 * buffer is shared: CPUs chase the same read-only cycle. */
struct matrices;
uint64_t workload_spin_count(uint64_t iterations, struct spin_view *v,
			     const volatile uint64_t *count);
struct matrices *workload_matrices_alloc(void);
uint64_t workload_matrix_on(struct matrices *m, uint64_t iterations);
uint64_t workload_memwalk(uint64_t iterations);

/* Take memwalk's buffer (kib KiB) and link it into one random cycle; NULL when it
 * fits, else why not. */
const char *workload_memwalk_init(uint32_t kib);

/* ftq (fixed time quanta): quanta of `quantum` cycles back to back, each counting
 * the units of work done before its end (lib/ftq.h); the boot CPU's. */
struct ftq_view {
	uint64_t quantum;               /* cycles, from ftq_us= */
	struct ftq_sum sum;             /* the run's units, per quantum and in all */
};
uint64_t workload_ftq(uint64_t quanta, struct ftq_view *f);

/* Zero the counts and histograms, keep step and threshold. */
void spin_view_reset(struct spin_view *v);

/* Step length and hole threshold of the spin loop, measured with no timer running. */
void workload_spin_calibrate(struct spin_view *v);

#endif
