/* The arithmetic of the ftq workload (fixed time quanta; docs/METHOD.md, "ftq"):
 * quantum k of a run ends at start + (k + 1) x quantum on the TSC, whatever an
 * interrupt took from it, and the units of work done before each end are folded
 * into the run's totals and its series. Pure C: bench/core/workload.c runs the loop,
 * tests/unit/test_ftq.c feeds these synthetic TSC sequences across the 64-bit
 * wrap. */
#ifndef LIB_FTQ_H
#define LIB_FTQ_H

#include <stdbool.h>
#include <stdint.h>

#define FTQ_SERIES_MAX 1024     /* quanta kept per run for the spectrum */

/* now lies before end: their difference taken as signed, so a quantum that ends
 * past the TSC's wrap still ends after its start. */
static inline bool ftq_before(uint64_t now, uint64_t end)
{
	return (int64_t)(now - end) < 0;
}

struct ftq_sum {
	uint64_t quanta;                /* folded so far */
	uint64_t work;                  /* units in all */
	uint32_t min, max;              /* units in the poorest and the richest quantum */
	uint32_t series[FTQ_SERIES_MAX];        /* units of the first quanta */
};

void ftq_reset(struct ftq_sum *s);
/* Quantum s->quanta did `units` units of work. */
void ftq_fold(struct ftq_sum *s, uint32_t units);
/* How many of the quanta folded are in the series. */
static inline uint64_t ftq_kept(const struct ftq_sum *s)
{
	return s->quanta < FTQ_SERIES_MAX ? s->quanta : FTQ_SERIES_MAX;
}

#endif
