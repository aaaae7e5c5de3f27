/* Waiting in an idle state until an interrupt: the one loop latency, ipi and idle
 * wait in, whatever the state (lib/run/idlestate.h).
 *
 *   spin    PAUSE with interrupts on
 *   hlt     STI; HLT
 *   mwait   MONITOR on a line nobody writes, then MWAIT: with ECX[0] and IF = 0
 *           where the CPU allows it (idle_caps.break_if0), so the instruction after
 *           MWAIT stamps the wake (wake_tsc) before the handler runs and stamps its
 *           own; else STI; MWAIT
 *   tpause  STI; TPAUSE until the wait's deadline
 *
 * The wait instruction may return with no wake: another interrupt (a backstop),
 * a monitor trigger, TPAUSE's time limit, or nothing at all (QEMU's TCG runs MWAIT
 * as a no-op with several CPUs). The loop counts those returns (spurious), re-arms
 * and waits again, until the awaited count moves or the deadline passes. A halted
 * or MWAIT wait needs something sure to end it: the caller arms it (kernel/clock.h;
 * without ARAT never the local APIC timer alone in a deep state, idle_lapic_wakes). */
#ifndef BENCH_IDLEWAIT_H
#define BENCH_IDLEWAIT_H

#include <stdbool.h>
#include <stdint.h>
#include "clock.h"
#include "idlestate.h"

struct idle_waiter {
	const struct idle_state *state;
	uint64_t spurious;              /* returns of the wait instruction before the wake */
	uint64_t wake_tsc;              /* (MWAIT with ECX[0]) the TSC right after the MWAIT
					 * the wake ended; 0 in every other state */
};

/* Wait in w->state until *count differs from before or d has passed. Interrupts are
 * off on entry and on return. True when the count moved. */
bool idle_wait(struct idle_waiter *w, const volatile uint64_t *count, uint64_t before,
	       const struct deadline *d);

/* Park this CPU in w->state until *stop, woken by interrupts that move *count (an
 * AP's job: ipi's and latency's IPI targets, idle's parked CPUs). Each wait is
 * bounded by bound_ms, with the local APIC timer armed as its backstop (not when
 * spinning); on_wake(arg), when given, runs after each wake that moved the count. */
void idle_park(struct idle_waiter *w, const volatile uint64_t *count, const volatile bool *stop,
	       uint64_t bound_ms, void (*on_wake)(void *arg), void *arg);

/* Does this state stamp the wake before the handler (MWAIT with ECX[0] in use)? */
bool idle_stamps_wake(const struct idle_state *s);

/* MWAIT hint 0 with ECX[0] and IF = 0 once, woken by the local APIC timer 1 ms
 * later (the clock's backstop): NULL when that works, else why not (it faulted, or
 * there is no timer to wake it). For idle_caps, before any other use. */
const char *idle_try_break_if0(void);

#endif
