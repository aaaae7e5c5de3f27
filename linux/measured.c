/* The calls of the measured code (bench/core/measured.h) in a program of one
 * measuring thread: tickbench-linux, and the host tests of the measuring loop. */
#include "measured.h"

static uint64_t calls;

void measured_count(void)
{
	calls++;
}

uint64_t measured_calls(void)
{
	return calls;
}
