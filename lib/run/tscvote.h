/* The TSC calibration's vote among references, and counter deltas that are right
 * across a wrap at any counter width. Pure C (no hardware, no TSC): compiled for
 * the kernel and for the host unit tests (tests/unit/test_tscvote.c).
 *
 * Each reference gives the TSC rate it saw (0: absent) and how far it may be from
 * the truth (tolerance_ppm: its own error budget). Two references agree when they
 * are within the sum of their tolerances of each other. The winner is the reference
 * that the most others agree with; a tie goes to the earlier one in the table (the
 * caller lists them in its order of trust: measured before nominal). The rate taken
 * is that of the most trusted reference among the winner and those agreeing with
 * it; a reference that does not agree with the one taken disagrees, by ppm[i]. */
#ifndef KERNEL_TSCVOTE_H
#define KERNEL_TSCVOTE_H

#include <stdbool.h>
#include <stdint.h>

#define TSCVOTE_MAX 8

struct tsc_ref {
	const char *name;
	uint64_t hz;                    /* TSC cycles per second it gives; 0: absent */
	uint32_t tolerance_ppm;         /* how far from the truth it may be */
};

struct tsc_vote {
	int chosen;                     /* index of the reference taken, -1: none */
	uint64_t hz;                    /* its rate, 0 when none */
	unsigned present;               /* references with a rate */
	unsigned agreeing;              /* of them, those agreeing with the one taken */
	bool agrees[TSCVOTE_MAX];       /* reference i agrees with the one taken */
	int64_t ppm[TSCVOTE_MAX];       /* (hz_i - hz) / hz * 10^6, 0 when absent */
};

/* b - a for a counter of `bits` bits (1..64) that may have wrapped once. */
uint64_t counter_delta(uint64_t a, uint64_t b, unsigned bits);

/* (hz - ref_hz) / ref_hz * 10^6, rounded toward zero; ref_hz > 0, rates below 10^12. */
int64_t ppm_off(uint64_t hz, uint64_t ref_hz);

bool tsc_refs_agree(const struct tsc_ref *a, const struct tsc_ref *b);

/* Vote over refs[0..n) (n <= TSCVOTE_MAX), in the order of trust. */
void tsc_vote(const struct tsc_ref *refs, unsigned n, struct tsc_vote *v);

#endif
