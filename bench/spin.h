/* tick's spin workload: a loop that reads the TSC at every step (bench/spin_loop.S, the
 * measuring loop) and stores each step longer than a threshold, a hole, into a
 * buffer sized for the run; which holes held an interrupt, their sizes and the
 * intervals between them are worked out from the buffer after the run's closing TSC
 * read (bench/spin.c). docs/METHOD.md, "tick": the step, the threshold, the
 * bookkeeping left inside the interval. */
#ifndef BENCH_SPIN_H
#define BENCH_SPIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "hist.h"

/* One hole, as bench/spin_loop.S stores it. */
struct spin_hole {
	uint32_t cycles;                /* its length: the step's TSC difference */
	uint32_t count;                 /* the handler's count (low 32 bits) right after it */
	uint32_t start_lo;              /* the low half of the TSC read that opened it */
	uint32_t end_hi;                /* the high half of the read that closed it */
};

/* What spin_run reads (in) and writes (out); the offsets are spin_loop.S's. */
struct spin_run {
	uint64_t iterations;            /* in: steps */
	const volatile uint64_t *count; /* in: the handler entries of this CPU */
	struct spin_hole *holes;        /* in: the buffer ... */
	uint64_t capacity;              /* in: ... of this many holes */
	uint32_t threshold;             /* in: a step longer than this is a hole */
	uint32_t reserve;               /* in: the last slots, for holes holding an interrupt */
	uint64_t start, end;            /* out: the ordered TSC reads around the loop */
	uint64_t stored, dropped;       /* out: holes in the buffer, holes past its end */
};
_Static_assert(offsetof(struct spin_run, threshold) == 32 && offsetof(struct spin_run, reserve) == 36 &&
	       offsetof(struct spin_run, start) == 40 &&
	       offsetof(struct spin_run, dropped) == 64, "bench/spin_loop.S's offsets");
_Static_assert(sizeof(struct spin_hole) == 16, "bench/spin_loop.S's slot");

/* The measuring loop (bench/spin_loop.S): r->iterations steps, interrupts as they are. */
void spin_run(struct spin_run *r);

/* The spin workload's view of the interrupts on one CPU. */
struct spin_view {
	struct spin_hole *holes;        /* the buffer (spin_view_init) */
	uint64_t capacity;
	uint32_t threshold;             /* a step longer than this is a hole (calibrated) */
	/* The step: the last timer-off run's cycles / iterations (a fraction). */
	uint64_t step_cycles, step_iterations;
	struct {                        /* the calibration (spin_calibrate) */
		uint64_t steps, cycles;     /* its steps, their cycles in the run without holes */
		uint64_t above, p999;       /* steps above the mean step; the 99.9th percentile */
	} cal;
	struct spin_run run;            /* the last run */
	uint32_t count_before;          /* the handler's count when it began */
	/* The last run's holes (spin_view_digest). */
	uint64_t gaps;                  /* holes during which the handler ran */
	uint64_t gap_interrupts;        /* handler entries those holes hold */
	uint64_t gap_cycles;            /* sum over those holes of (hole - step) */
	uint64_t unexplained;           /* holes without a handler entry */
	uint64_t unexplained_cycles;
	struct hist gap_hist;           /* hole - step, per hole with an interrupt */
	struct hist interval_hist;      /* from one such hole's start to the next's */
};

/* The measuring loop's instructions a step (bench/spin_loop.S; the spin record's
 * step_instructions: the report says cycles are instructions where every step of
 * the calibration took as many cycles). */
#define SPIN_LOOP_INSTRUCTIONS 8

/* The buffer of capacity holes (zeroed memory from alloc); false without memory. */
bool spin_view_init(struct spin_view *v, uint64_t capacity);
/* The holes a run may need: its interrupts at the highest rate (twice: QEMU's
 * busy-guest HPET quirk) and a margin for holes without one. */
uint64_t spin_capacity(uint32_t max_hz, uint32_t ms);

/* The threshold, from the loop's own steps with no timer (interrupts off), and a
 * first step. */
void spin_calibrate(struct spin_view *v);
/* One run of the loop, counting the handler entries at *count; its cycles. */
uint64_t spin_measure(struct spin_view *v, uint64_t iterations, const volatile uint64_t *count);
/* A timer-off run's cycles and iterations: the step of the runs that follow. */
void spin_view_take_step(struct spin_view *v, uint64_t cycles, uint64_t iterations);
/* The step, rounded to the nearest cycle. */
uint64_t spin_view_step(const struct spin_view *v);
/* The last run's counts and histograms, from its holes. */
void spin_view_digest(struct spin_view *v);
/* The TSC read that opened a hole. */
uint64_t spin_hole_start(const struct spin_hole *h);

#endif
