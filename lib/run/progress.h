/* The arithmetic of the run's progress lines (bench/core/bench.c says them; docs/METHOD.md,
 * "Progress"): a benchmark's estimate and the rest of the run's, scaled by the time
 * the finished benchmarks took against theirs, PROGRESS_PRIOR_MS of estimate counted
 * at 1:1 beforehand so that a short first benchmark does not swing it; and, where
 * that makes the time left more than the step before said, by how much the finished
 * benchmarks ran over, for the line to say why; and how a duration is said, there
 * and in iso/grub.cfg's titles (tools/grub-times.c). Host-tested
 * (tests/unit/test_progress.c). */
#ifndef LIB_PROGRESS_H
#define LIB_PROGRESS_H

#include <stddef.h>
#include <stdint.h>

#define PROGRESS_PRIOR_MS 3000

struct progress {
	uint64_t said_s;                /* the time left the step before said; 0: none */
};

struct progress_step {
	uint64_t own_s, left_s;         /* as said: whole seconds, 1 at least */
	uint64_t up_from_s;             /* left_s is more than the step before said: that;
					   else 0 */
	uint64_t over_tenths;           /* then: the finished benchmarks' time over their
					   estimate, in tenths */
};

/* The step of a benchmark of plan_ms, left_ms in the run from it on (its own
 * included), after benchmarks estimated at done_ms that took took_ms. */
void progress_step(struct progress *p, uint64_t plan_ms, uint64_t left_ms, uint64_t done_ms,
		   uint64_t took_ms, struct progress_step *s);

/* ms in whole seconds, rounded to the nearest, 1 at least. */
uint64_t progress_seconds(uint64_t ms);
/* s as the progress lines say it: "45 s", "3 min 20 s". */
void progress_duration(char *buf, size_t size, uint64_t s);

#endif
