/* The arithmetic of idle energy and residency, freestanding (host-tested from
 * synthetic MSR sequences: tests/unit/test_energy.c):
 *   - RAPL energy counters (Intel SDM vol. 3B, 15.10: MSR_*_ENERGY_STATUS; AMD PPR
 *     for family 17h on: C001029AH, C001029BH) are 32 bits wide and count in units
 *     of 1/2^ESU J, ESU being bits 12:8 of the power-unit MSR (606H, C0010299H);
 *     the DRAM counter of the Xeons from Haswell-EP on counts in a fixed 15.3 uJ
 *     (2^-16 J) instead. A run's energy is the sum of its reads' differences modulo
 *     2^32, right while no two reads lie a whole wrap apart: energy_read_interval_ms
 *     says how often to read at a power ceiling;
 *   - residency counters (core and package C-states, MPERF for C0) count at the
 *     TSC's rate: a share of an interval in parts per million.
 * Integers only (the kernel has no floating point). */
#ifndef LIB_ENERGY_H
#define LIB_ENERGY_H

#include <stdbool.h>
#include <stdint.h>

#define ENERGY_ESU(power_unit_msr)  ((unsigned)(((power_unit_msr) >> 8) & 0x1f))
#define ENERGY_ESU_DRAM_FIXED       16          /* 15.2587890625 uJ */
#define ENERGY_MAX_WATTS            1000        /* the power ceiling reads are spaced for */

/* One 32-bit energy counter over a run: every read folded in as it comes. */
struct energy_counter {
	uint32_t first, last;           /* raw readings */
	unsigned esu;                   /* the unit of the first reading */
	uint64_t nj;                    /* energy since energy_start, nanojoules */
	uint32_t reads;
	bool moved;                     /* some reading differed from the first */
	bool unit_changed;              /* a reading came with another unit: the delta
					 * across the change cannot be converted, the run's
					 * energy is not to be used */
	uint32_t implausible;           /* deltas above the ceiling's most for their
					 * interval: a missed wrap, or a bogus counter */
};

void energy_start(struct energy_counter *c, uint32_t raw, unsigned esu);
/* Fold in a reading taken cycles TSC cycles after the previous one (tsc_hz: the
 * TSC's rate; 0: no plausibility check). False when the delta was implausible (it is
 * still added: nothing better is known). */
bool energy_add(struct energy_counter *c, uint32_t raw, unsigned esu, uint64_t cycles,
		uint64_t tsc_hz);
/* The counter's energy in microjoules (rounded down). */
static inline uint64_t energy_uj(const struct energy_counter *c) { return c->nj / 1000; }
/* Usable: it moved, its unit held, no implausible delta. */
static inline bool energy_valid(const struct energy_counter *c)
{
	return c->moved && !c->unit_changed && !c->implausible;
}

/* Nanojoules of delta units at 1/2^esu J (exact to below 1 nJ). */
uint64_t energy_nj(uint64_t delta, unsigned esu);
/* The longest time between two reads of a counter in units of 1/2^esu J such that
 * at ENERGY_MAX_WATTS it advances at most half its range (2^31 units): no wrap can
 * hide between them. In milliseconds, at least 1. */
uint64_t energy_read_interval_ms(unsigned esu);
/* Average power in microwatts of uj over cycles at tsc_hz (0 when cycles is 0). */
uint64_t energy_power_uw(uint64_t uj, uint64_t cycles, uint64_t tsc_hz);

/* The share of an interval of cycles TSC cycles a residency counter advanced by
 * delta covered, in ppm (at most 10^6: a counter read a little after the TSC). */
uint64_t residency_ppm(uint64_t delta, uint64_t cycles);

#endif
