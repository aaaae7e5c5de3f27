/* The time base (see clock.h). */
#include "clock.h"
#include "idt.h"
#include "irq.h"
#include "lapic.h"

uint64_t clock_tsc_rate;
static uint64_t lapic_rate;                     /* local APIC timer ticks per second */

void clock_set_tsc_hz(uint64_t hz) { clock_tsc_rate = hz; }

static uint64_t rate(void) { return clock_tsc_rate ? clock_tsc_rate : CLOCK_UNCALIBRATED_HZ; }

uint64_t clock_cycles_ms(uint64_t ms) { return mul_div(rate(), ms, 1000); }
uint64_t clock_cycles_us(uint64_t us) { return mul_div(rate(), us, 1000000); }
uint64_t clock_ns(uint64_t cycles) { return mul_div(cycles, 1000000000, rate()); }

uint64_t clock_bound(uint64_t cycles)
{
	return cpu.has_hypervisor ? cycles * CLOCK_HOSTED_SCALE : cycles;
}

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

static void backstop_handler(struct interrupt_frame *f) { lapic_eoi(); }

void clock_set_lapic_hz(uint64_t hz)
{
	lapic_rate = hz;
	idt_set_handler(VEC_BACKSTOP, backstop_handler);
}

bool clock_backstop(const struct deadline *d)
{
	if (!lapic_rate || !clock_tsc_rate || !lapic_enabled)
		return false;
	uint64_t gone = rdtsc() - d->start;
	uint64_t left = gone < d->cycles ? d->cycles - gone : 0;
	uint64_t count = mul_div(left, lapic_rate, clock_tsc_rate) + 1;
	lapic_timer_oneshot(VEC_BACKSTOP, count > 0xffffffffu ? 0xffffffffu : (uint32_t)count);
	return true;
}

void clock_backstop_stop(void) { lapic_timer_stop(); }

bool clock_halt(const volatile uint64_t *count, uint64_t before, const struct deadline *d,
		bool backstop)
{
	while (!(count && *count != before) && !deadline_passed(d)) {
		if (backstop)
			clock_backstop(d);
		wait_for_interrupt();
	}
	if (backstop)
		clock_backstop_stop();
	return count && *count != before;
}
