/* Energy and residency arithmetic (see energy.h). */
#include "energy.h"

/* a * b / c, the quotient below 2^64: the product in 128 bits (one MUL), divided
 * bit by bit when it does not fit 64, since the kernel links no libgcc for a
 * 128-bit division (and lib/ does not see arch/'s mul_div). Off the measured paths. */
static uint64_t muldiv(uint64_t a, uint64_t b, uint64_t c)
{
	unsigned __int128 p = (unsigned __int128)a * b, r = 0;
	if (!(p >> 64))
		return (uint64_t)p / c;
	uint64_t q = 0;
	for (int i = 127; i >= 0; i--) {
		r = r << 1 | (uint64_t)(p >> i & 1);
		q <<= 1;
		if (r >= c) {
			r -= c;
			q |= 1;
		}
	}
	return q;
}

uint64_t energy_nj(uint64_t delta, unsigned esu)
{
	return muldiv(delta, 1000000000ull, 1ull << esu);
}

void energy_start(struct energy_counter *c, uint32_t raw, unsigned esu)
{
	*c = (struct energy_counter){ .first = raw, .last = raw, .esu = esu, .reads = 1 };
}

/* The most units the ceiling allows in cycles at tsc_hz. */
static uint64_t most_units(unsigned esu, uint64_t cycles, uint64_t tsc_hz)
{
	return muldiv(cycles, (uint64_t)ENERGY_MAX_WATTS << esu, tsc_hz) + 1;
}

bool energy_add(struct energy_counter *c, uint32_t raw, unsigned esu, uint64_t cycles,
		uint64_t tsc_hz)
{
	uint32_t delta = raw - c->last;         /* modulo 2^32: one wrap at most */
	bool plausible = !tsc_hz || delta <= most_units(esu, cycles, tsc_hz);
	c->unit_changed |= esu != c->esu;
	c->moved |= raw != c->first;
	c->nj += energy_nj(delta, esu);
	c->last = raw;
	c->reads++;
	c->implausible += !plausible;
	return plausible;
}

uint64_t energy_read_interval_ms(unsigned esu)
{
	uint64_t ms = muldiv(1ull << 31, 1000, (uint64_t)ENERGY_MAX_WATTS << esu);
	return ms ? ms : 1;
}

uint64_t energy_power_uw(uint64_t uj, uint64_t cycles, uint64_t tsc_hz)
{
	return cycles ? muldiv(uj, tsc_hz, cycles) : 0;
}

uint64_t residency_ppm(uint64_t delta, uint64_t cycles)
{
	if (!cycles)
		return 0;
	uint64_t ppm = muldiv(delta, 1000000, cycles);
	return ppm > 1000000 ? 1000000 : ppm;
}
