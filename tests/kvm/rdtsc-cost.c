/* The host's own RDTSC cost, measured as the kernel measures it, for the KVM boot
 * case's check (tests/boot/check host-rdtsc): the least difference of 1000 unfenced
 * back-to-back pairs (platform_probe_speed, the platform record's rdtsc_cycles), and
 * the median of 1000 readcost samples of "rdtsc" (an RDTSC between two LFENCE;
 * RDTSC reads, less the least of 10000 such pairs: bench/readcost/readcost.c). Prints
 * "rdtsc_cycles N" and "readcost_rdtsc_p50 N". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return (uint64_t)hi << 32 | lo;
}

static inline uint64_t rdtsc_ordered(void)
{
	uint32_t lo, hi;
	__asm__ volatile("lfence; rdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

static int by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

int main(void)
{
	uint64_t least = UINT64_MAX, overhead = UINT64_MAX, samples[1000];
	for (int i = 0; i < 1000; i++) {
		uint64_t a = rdtsc(), b = rdtsc();
		if (b - a < least)
			least = b - a;
	}
	for (int i = 0; i < 10000; i++) {
		uint64_t a = rdtsc_ordered(), b = rdtsc_ordered();
		if (b - a < overhead)
			overhead = b - a;
	}
	for (int i = 0; i < 1000; i++) {
		uint64_t a = rdtsc_ordered();
		(void)rdtsc();
		uint64_t b = rdtsc_ordered();
		samples[i] = b - a > overhead ? b - a - overhead : 0;
	}
	qsort(samples, 1000, sizeof(samples[0]), by_value);
	printf("rdtsc_cycles %llu\nreadcost_rdtsc_p50 %llu\n", (unsigned long long)least,
	       (unsigned long long)samples[499]);
	return 0;
}
