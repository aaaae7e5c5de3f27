/* The time base: the TSC's rate, set once by the calibration (kernel/timers.c at
 * boot), the conversions between cycles and time, delays, and deadlines for bounded
 * waits. Kernel services (console lock, AP start-up, selftests) and benchmarks alike
 * read time through it. Before the calibration a second is taken as
 * CLOCK_UNCALIBRATED_HZ cycles: waits are then only roughly bounded. */
#ifndef KERNEL_CLOCK_H
#define KERNEL_CLOCK_H

#include <stdbool.h>
#include <stdint.h>
#include "cpu.h"

#define CLOCK_UNCALIBRATED_HZ 3000000000ull     /* a TSC of 3 GHz until calibrated */

extern uint64_t clock_tsc_rate;                 /* 0 until calibrated; clock_tsc_hz() */

/* TSC cycles per second, 0 until the calibration set it. */
static inline uint64_t clock_tsc_hz(void) { return clock_tsc_rate; }
static inline bool clock_calibrated(void) { return clock_tsc_rate != 0; }
void clock_set_tsc_hz(uint64_t hz);

/* Cycles in a span of time, and time in a number of cycles (rounded down). */
uint64_t clock_cycles_ms(uint64_t ms);
uint64_t clock_cycles_us(uint64_t us);
uint64_t clock_ns(uint64_t cycles);

/* The bound of a wait that takes at most `cycles` on a PC. Under a hypervisor or an
 * emulator (CPUID's hypervisor bit) a vCPU, and the thread that delivers its timers,
 * run when the host schedules them, so the bound there is CLOCK_HOSTED_SCALE times
 * longer: 8 TCG vCPUs on 2 busy host cores missed a 1 s start line and a first
 * interrupt's 200 ms. */
#define CLOCK_HOSTED_SCALE 10
uint64_t clock_bound(uint64_t cycles);

/* Busy-wait this long (interrupts as they are). */
void clock_delay_us(uint64_t us);

/* A bounded wait: start one, then poll deadline_passed() in its loop.
 *   struct deadline d = deadline_in_ms(100);
 *   while (!done())
 *           if (deadline_passed(&d)) return "nothing came within 100 ms";  */
struct deadline { uint64_t start, cycles; };
struct deadline deadline_in_cycles(uint64_t cycles);
struct deadline deadline_in_ms(uint64_t ms);
bool deadline_passed(const struct deadline *d);

/* A halted wait needs something sure to wake it: an HPET comparator written after
 * its counter passed the value never fires (it matches on equality), an interrupt
 * path can be broken, and a real PC would then sleep for good. The backstop is the
 * local APIC timer, one-shot at the deadline on VEC_BACKSTOP (an EOI, nothing
 * else), for waits on any other timer. Where the local APIC timer (or its TSC-deadline
 * mode) is itself the timer awaited, it cannot also be the backstop; its own
 * interrupt is then the wake-up the SDM guarantees: a count-down reaching zero
 * always fires, and a TSC deadline already passed fires at once (vol. 3A, 12.5.4
 * and 12.5.4.1).
 *
 * clock_set_lapic_hz: the local APIC timer's rate at divide-by-1 (the calibration);
 * until then, and without a local APIC, there is no backstop. */
void clock_set_lapic_hz(uint64_t hz);
/* Arm the backstop for d (the local APIC timer fires at d's end, or earlier where
 * the count does not fit 32 bits); false when there is none. */
bool clock_backstop(const struct deadline *d);
void clock_backstop_stop(void);
/* Halt, interrupts on, until *count differs from before (count NULL: never) or d
 * has passed; returns with interrupts off, true when *count changed. backstop: arm
 * the backstop before every halt (else the caller armed it, or the awaited timer
 * is the local APIC's own) and stop it at the end. */
bool clock_halt(const volatile uint64_t *count, uint64_t before, const struct deadline *d,
		bool backstop);

#endif
