/* The calls of the measured code, counted per CPU (measured.h). */
#include "measured.h"
#include "smp.h"

static uint64_t calls[SMP_MAX_CPUS];

void measured_count(void)
{
	calls[smp_self()]++;
}

uint64_t measured_calls(void)
{
	return calls[smp_self()];
}
