/* Did the CPU get there, and how fast does it run on waking? Readings of the
 * counters idle figures come from, taken around a batch of samples on the CPU the
 * batch ran on (idle_caps says which exist):
 *   - residency: MPERF (counts only in C0: the time awake), the core C-state
 *     counters of this CPU's core and the package ones (arch/x86/cstate.h), each
 *     counting at the TSC's rate; a counter's share of the batch's TSC interval is
 *     its residency (ppm, lib/run/energy.h). Granularity: what the counter counts in,
 *     and a package counter moves only when every core of the package is idle;
 *   - the core clock at wake: APERF/MPERF over the first WAKE_CLOCK_US after a wake
 *     (1000 = the nominal clock; below it the core came back slow, above it turbo). */
#ifndef BENCH_IDLECOUNT_H
#define BENCH_IDLECOUNT_H

#include <stdint.h>
#include "cstate.h"

#define WAKE_CLOCK_US 2

struct idle_snap {
	uint64_t tsc, mperf;
	uint64_t res[CST_COUNT];
};

/* The counters now, on this CPU (those idle_caps found). */
void idle_snap_take(struct idle_snap *s);

/* The residency of counter c (CST_*; -1: C0 from MPERF) from a to b, ppm. */
uint64_t idle_residency_ppm_of(const struct idle_snap *a, const struct idle_snap *b, int c);

struct record;
/* PREFIXresidency_c0_ppm (where MPERF exists), ..._cc6_ppm, ..._pc2_ppm, ... for each
 * counter idle_caps found, over a to b. */
void idle_residency_fields(struct record *r, const char *prefix, const struct idle_snap *a,
			   const struct idle_snap *b);

/* The core clock at a wake: APERF and MPERF now and WAKE_CLOCK_US later (busy),
 * their deltas added to *aperf, *mperf; nothing without APERF/MPERF. */
void idle_wake_clock(uint64_t *aperf, uint64_t *mperf);
/* "wake_clock_permille" = 1000 x aperf / mperf when mperf is not 0. */
void idle_wake_clock_field(struct record *r, uint64_t aperf, uint64_t mperf);

#endif
