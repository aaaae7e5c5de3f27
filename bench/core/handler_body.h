/* The measured timer interrupt's one body, private to its entries: bench/core/handler_full.c
 * (the full handlers) and bench/core/handler_floor.c (the floor entries). handler_body() is
 * parameterised by
 *   - the handler: the floor (count, re-arm, EOI) or the full one (also the entry's
 *     TSC, storm's watchdog, the injected work and the work model's footprint);
 *   - where its state lives: birq, or this AP's birq_ap[] slot through the GS base
 *     (no pointer loaded from memory);
 *   - the EOI kind and the re-arm kind: a floor entry's own, fixed when its gate is
 *     installed, or (the full handler, one entry for every source: EOI_OF_STATE,
 *     REARM_OF_STATE) its state's, read at run time with predictable branches.
 * It is inlined into each entry with constant arguments, so each compiles to its own
 * straight path: no function pointer, no table, no test of a setting the entry was
 * built for. Under QEMU -icount an entry's instructions are its cost: the floor
 * entries and the full handlers execute the instructions they did as separate
 * copies, one fewer on an AP's APIC one-shot re-arm (docs/METHOD.md, "tick"). */
#ifndef BENCH_HANDLER_BODY_H
#define BENCH_HANDLER_BODY_H

#include <stddef.h>
#include "handler.h"
#include "cpu.h"
#include "hpet.h"
#include "lapic.h"
#include "pic.h"
#include "pit.h"
#include "footprint.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))

enum state_at {
	AT_GLOBAL,      /* birq: the boot CPU, or the one CPU a single interrupt reaches */
	AT_SLOT,        /* this AP's birq_ap[] slot (bench_irq_ap_bind) */
};

/* The full handler's kinds: its state's, read at run time. */
#define EOI_OF_STATE    ((enum bench_eoi)-1)
#define REARM_OF_STATE  ((enum bench_rearm)-1)

/* This CPU's slot, through the GS base (gcc's named address space, C only). */
#define MY ((__seg_gs struct bench_irq_state *)0)

/* Field f of the state at `at`; `at` is a constant in every entry, so one arm is
 * compiled. */
#define ST(at, f)               ((at) == AT_SLOT ? MY->f : birq.f)
#define ST_SET(at, f, v)        ((at) == AT_SLOT ? (void)(MY->f = (v)) : (void)(birq.f = (v)))

/* The floor's count: one INC of memory (only this CPU's handler writes it; the
 * volatile qualifier, for its readers, would make it a load, an add and a store). */
ALWAYS_INLINE void count_entry(enum state_at at)
{
	if (at == AT_SLOT)
		__asm__ volatile("incq %%gs:%c0" : : "i"(offsetof(struct bench_irq_state, count))
				 : "memory");
	else
		__asm__ volatile("incq %0" : "+m"(birq.count));
}

/* The injected cost starts at its own TSC read, so what precedes it in the handler
 * is not taken out of it: the handler gets longer by `cycles` (plus at most one
 * turn of this loop). */
static inline void inject(uint64_t cycles)
{
	uint64_t from = rdtsc();
	while (rdtsc() - from < cycles)
		;
}

/* The full handler's work between its count and its re-arm; false: leave at once,
 * without re-arming and without the EOI. storm drives timers past what the CPU can
 * serve, and then the loop it measures never runs again: past its heartbeat
 * deadline the controller's in-service bit, left set, holds the timer off
 * (handler.h). watchdog_tsc is UINT64_MAX for every other benchmark: one compare,
 * never taken. storm and the work models' footprints run on birq's CPU alone. */
ALWAYS_INLINE bool full_work(enum state_at at, uint64_t entry_tsc)
{
	if (at == AT_GLOBAL && entry_tsc >= birq.watchdog_tsc) {
		birq.watchdog_fired = true;
		return false;
	}
	uint64_t cycles = ST(at, inject_cycles);
	if (cycles)
		inject(cycles);
	if (at == AT_GLOBAL && tick_fp.active)
		tick_footprint_touch();         /* tick's work model (footprint.h) */
	return true;
}

/* The HPET one-shot's re-arm: the next match a period on. The comparator matches on
 * equality only (spec 2.3.9.2.1): a next match already passed would fire after a
 * counter wrap, so step past "now" and count it (Linux hpet_next_event). The
 * comparator stays enabled from its first arming (hpet_arm): its match value alone
 * re-arms it. */
static inline void rearm_hpet(struct bench_irq_state *s)
{
	s->next += s->period;
	hpet_write_cmp(s->hpet_n, s->next);
	while (hpet_reached(s->next)) {
		s->hpet_late++;
		s->next = hpet_read() + s->period;
		hpet_write_cmp(s->hpet_n, s->next);
	}
}

/* The one-shot modes' re-arm. An AP's slot serves its own local timer's only (the
 * APIC's one-shot, the TSC deadline); the HPET's and the PIT's go to birq's CPU.
 * The floor takes the least each needs: the APIC mode's own accessor (the EOI kind
 * says which) and the PIT's count alone (8254 datasheet, mode 0: writing the first
 * byte stops the count, the second loads it). The full handler keeps its general
 * verbs, those its figures of record were measured with: the APIC mode's
 * dispatcher, the PIT's mode with the count. */
ALWAYS_INLINE void rearm_timer(enum bench_handler h, enum state_at at, enum bench_eoi eoi,
			       enum bench_rearm kind)
{
	if (kind == REARM_TSCDL) {
		ST_SET(at, next, ST(at, next) + ST(at, period));
		tscdl_arm(ST(at, next));
	} else if (kind == REARM_LAPIC) {
		uint32_t count = (uint32_t)ST(at, period);
		if (h == HANDLER_FULL)
			lapic_write(APIC_TMICT, count);
		else if (eoi == EOI_X2APIC)
			x2apic_write(APIC_TMICT, count);
		else
			xapic_write(APIC_TMICT, count);
	} else if (at == AT_GLOBAL && kind == REARM_HPET) {
		rearm_hpet(&birq);
	} else if (at == AT_GLOBAL && kind == REARM_PIT) {
		if (h == HANDLER_FULL)
			pit_oneshot((uint16_t)birq.period);
		else
			pit_reload((uint16_t)birq.period);
	}
}

/* Count the entry (the full handler also keeps its TSC and does its work),
 * re-arm where the mode needs it, acknowledge. */
ALWAYS_INLINE void handler_body(enum bench_handler h, enum state_at at, enum bench_eoi eoi,
				enum bench_rearm kind, uint64_t entry_tsc)
{
	if (h == HANDLER_FLOOR) {
		count_entry(at);
	} else {
		ST_SET(at, last_tsc, entry_tsc);
		ST_SET(at, count, ST(at, count) + 1);
		if (!full_work(at, entry_tsc))
			return;
	}
	/* Two calls, not one on a kind chosen first: gcc then inlines the full
	 * handler's EOI late, as it did, and lays that handler out as it did. */
	if (h == HANDLER_FULL) {
		rearm_timer(h, at, eoi, ST(at, rearm));
		bench_eoi(ST(at, eoi));
	} else {
		rearm_timer(h, at, eoi, kind);
		bench_eoi(eoi);
	}
}

#endif
