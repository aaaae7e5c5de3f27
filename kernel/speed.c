/* How fast this CPU runs RDTSC and a plain loop, before anything is calibrated
 * (see platform.h, platform_probe_speed). */
#include "platform.h"
#include "cpu.h"

static uint64_t loop_1000(void)
{
	uint64_t a = rdtsc();
	__asm__ volatile("movl $1000, %%ecx\n1:\tdecl %%ecx\n\tjnz 1b" : : : "ecx", "cc");
	return rdtsc() - a;
}

void platform_probe_speed(struct platform_speed *s)
{
	s->rdtsc_cycles = s->loop_cycles = UINT64_MAX;
	for (int i = 0; i < RDTSC_PROBE_PAIRS; i++) {
		uint64_t a = rdtsc(), b = rdtsc();
		if (b - a < s->rdtsc_cycles)
			s->rdtsc_cycles = b - a;
	}
	for (int i = 0; i < RDTSC_PROBE_LOOPS; i++) {
		uint64_t c = loop_1000();
		if (c < s->loop_cycles)
			s->loop_cycles = c;
	}
}
