/* The time base (see clock.h). */
#include "clock.h"

uint64_t clock_tsc_rate;

void clock_set_tsc_hz(uint64_t hz) { clock_tsc_rate = hz; }

static uint64_t rate(void) { return clock_tsc_rate ? clock_tsc_rate : CLOCK_UNCALIBRATED_HZ; }

uint64_t clock_cycles_ms(uint64_t ms) { return mul_div(rate(), ms, 1000); }
uint64_t clock_cycles_us(uint64_t us) { return mul_div(rate(), us, 1000000); }
uint64_t clock_ns(uint64_t cycles) { return mul_div(cycles, 1000000000, rate()); }

void clock_delay_us(uint64_t us)
{
	struct deadline d = deadline_in_cycles(clock_cycles_us(us));
	while (!deadline_passed(&d))
		cpu_relax();
}

struct deadline deadline_in_cycles(uint64_t cycles)
{
	return (struct deadline){ .start = rdtsc(), .cycles = cycles };
}

struct deadline deadline_in_ms(uint64_t ms) { return deadline_in_cycles(clock_cycles_ms(ms)); }

/* Unsigned difference: right across a TSC wrap too. */
bool deadline_passed(const struct deadline *d) { return rdtsc() - d->start >= d->cycles; }
