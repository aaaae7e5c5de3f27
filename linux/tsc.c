/* The TSC against Linux's clocks (see host.h). */
#include "host.h"
#include "cpu.h"

#include <time.h>

static uint64_t clock_read_ns(clockid_t clock)
{
	struct timespec t;
	clock_gettime(clock, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* The clock read between two TSC reads; the pair with the least TSC between them. */
static void tsc_and_clock(clockid_t clock, uint64_t *tsc, uint64_t *ns)
{
	uint64_t best = UINT64_MAX;
	for (int i = 0; i < 8; i++) {
		uint64_t a = rdtsc_ordered(), t = clock_read_ns(clock), b = rdtsc_ordered();
		if (b - a < best) {
			best = b - a;
			*tsc = a + (b - a) / 2;
			*ns = t;
		}
	}
}

void tsc_and_monotonic(uint64_t *tsc, uint64_t *ns) { tsc_and_clock(CLOCK_MONOTONIC, tsc, ns); }

uint64_t tsc_measure_hz(void)
{
	uint64_t tsc[2], ns[2];
	struct timespec wait = { 0, 200000000 };
	tsc_and_clock(CLOCK_MONOTONIC_RAW, &tsc[0], &ns[0]);
	nanosleep(&wait, NULL);
	tsc_and_clock(CLOCK_MONOTONIC_RAW, &tsc[1], &ns[1]);
	return ns[1] > ns[0] ? mul_div(tsc[1] - tsc[0], 1000000000u, ns[1] - ns[0]) : 0;
}
