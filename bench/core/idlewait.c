/* The idle wait loop (see idlewait.h). */
#include "idlewait.h"
#include "idlecaps.h"
#include "cpu.h"
#include "mwait.h"

/* The monitored line: a page of its own, never written, so that only interrupts
 * (and the events the SDM lists, vol. 2B MWAIT) end an MWAIT. */
static volatile uint8_t unwritten[4096] __attribute__((aligned(4096)));

bool idle_stamps_wake(const struct idle_state *s)
{
	return s->kind == IDLE_MWAIT && idle_caps.break_if0;
}

/* Let in the interrupt that ended an MWAIT with IF = 0: STI's shadow covers the NOP,
 * so it is taken right after it (SDM vol. 2B, STI). */
static inline void take_pending(void)
{
	__asm__ volatile("sti; nop; cli" ::: "memory");
}

/* One MWAIT; interrupts off before and after. */
static void mwait_once(struct idle_waiter *w)
{
	monitor(unwritten);
	if (!idle_stamps_wake(w->state)) {
		sti_mwait(w->state->hint);
		irq_disable();
		return;
	}
	uint64_t t = mwait_break_if0(w->state->hint);
	if (t)
		w->wake_tsc = t;
	take_pending();
}

bool idle_wait(struct idle_waiter *w, const volatile uint64_t *count, uint64_t before,
	       const struct deadline *d)
{
	const struct idle_state *s = w->state;
	if (s->kind == IDLE_SPIN) {
		irq_enable();
		while (*count == before && !deadline_passed(d))
			cpu_relax();
		irq_disable();
		return *count != before;
	}
	while (*count == before && !deadline_passed(d)) {
		if (s->kind == IDLE_HLT)
			wait_for_interrupt();
		else if (s->kind == IDLE_MWAIT)
			mwait_once(w);
		else {
			sti_tpause(s->hint, d->start + d->cycles);
			irq_disable();
		}
		w->spurious += *count == before;
	}
	return *count != before;
}

void idle_park(struct idle_waiter *w, const volatile uint64_t *count, const volatile bool *stop,
	       uint64_t bound_ms, void (*on_wake)(void *arg), void *arg)
{
	while (!*stop) {
		uint64_t before = *count;
		struct deadline d = deadline_in_ms(bound_ms);
		bool backstop = w->state->kind != IDLE_SPIN && clock_backstop(&d);
		bool came = idle_wait(w, count, before, &d);
		if (backstop)
			clock_backstop_stop();
		if (came && !*stop && on_wake)
			on_wake(arg);
	}
}

const char *idle_try_break_if0(void)
{
	struct deadline d = deadline_in_cycles(clock_cycles_us(1000));
	irq_disable();
	if (!clock_backstop(&d))
		return "no local APIC timer to end the trial MWAIT";
	monitor(unwritten);
	uint64_t t = mwait_break_if0(0);
	take_pending();
	clock_backstop_stop();
	return t ? NULL : "MWAIT with ECX[0] set raised an exception (QEMU 7.2 TCG "
			  "advertises CPUID.05H:ECX[1] and raises #GP for any ECX but 0)";
}
