/* splitmix64 (see splitmix.h). */
#include "splitmix.h"

uint64_t splitmix64_mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

uint64_t splitmix64_next(uint64_t *state)
{
	return splitmix64_mix(*state += 0x9e3779b97f4a7c15ull);
}

/* Lemire's multiply-shift: (32-bit random × n) / 2^32, a bias of n / 2^32 at most. */
uint32_t splitmix64_below(uint64_t *state, uint32_t n)
{
	return (uint32_t)((splitmix64_next(state) >> 32) * n >> 32);
}
