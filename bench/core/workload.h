/* tick's fixed amounts of work. Each returns the TSC cycles it took, from an ordered
 * TSC read before its first iteration to one after its last, interrupts enabled
 * in between (the caller's timer, if any, interrupts it). */
#ifndef BENCH_WORKLOAD_H
#define BENCH_WORKLOAD_H

#include <stdint.h>
#include "ftq.h"
#include "spin.h"

uint64_t workload_matrix(uint64_t iterations);

/* The spin workload is bench/core/spin.h's. On another CPU (bench/tick/tickmp.c): matrix
 * works on its own matrices (from workload_matrices_alloc, NULL when memory is
 * short), not the boot CPU's. memwalk's buffer is shared: CPUs chase the same
 * read-only cycle. */
struct matrices;
struct matrices *workload_matrices_alloc(void);
uint64_t workload_matrix_on(struct matrices *m, uint64_t iterations);
uint64_t workload_memwalk(uint64_t iterations);

/* Take memwalk's buffer (kib KiB) and link it into one random cycle; NULL when it
 * fits, else why not. */
const char *workload_memwalk_init(uint32_t kib);

/* ftq (fixed time quanta): quanta of `quantum` cycles back to back, each counting
 * the units of work done before its end (lib/run/ftq.h); the boot CPU's. */
struct ftq_view {
	uint64_t quantum;               /* cycles, from ftq_us= */
	struct ftq_sum sum;             /* the run's units, per quantum and in all */
};
uint64_t workload_ftq(uint64_t quanta, struct ftq_view *f);

#endif
