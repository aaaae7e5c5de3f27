/* The measured timer interrupt: bench/entry.S reads the TSC first, then bench_irq()
 * counts, optionally burns inject_cycles (inject=), re-arms a one-shot timer when the
 * mode asks for it, and sends the EOI. Settings are plain fields tested with
 * predictable branches: no function pointer on this path. */
#ifndef BENCH_HANDLER_H
#define BENCH_HANDLER_H

#include <stdint.h>
#include <stdbool.h>
#include "lapic.h"
#include "pic.h"

enum bench_eoi { EOI_XAPIC, EOI_X2APIC, EOI_PIC0 };
enum bench_rearm { REARM_NONE, REARM_LAPIC, REARM_TSCDL, REARM_HPET, REARM_PIT };

struct bench_irq_state {
	volatile uint64_t count;        /* handler entries since bench_irq_arm() */
	volatile uint64_t last_tsc;     /* TSC at the entry of the latest one */
	uint64_t inject_cycles;         /* busy-wait this long in every handler */
	enum bench_eoi eoi;
	enum bench_rearm rearm;
	uint64_t period;                /* re-arm step, in the timer's own ticks */
	uint64_t next;                  /* absolute re-arm modes: the next deadline */
	unsigned hpet_n;
	uint64_t hpet_late;             /* HPET re-arms that found their match passed */
	/* storm's safety net against a livelock (bench/storm.c moves the deadline on
	 * at every step of its loop): an entry at or past watchdog_tsc returns at once,
	 * without re-arming and without the EOI, so the controller's in-service bit
	 * holds the timer off and the interrupted loop runs again; watchdog_fired tells
	 * it the EOI is owed. UINT64_MAX (set by bench_irq_install): off. */
	uint64_t watchdog_tsc;
	volatile bool watchdog_fired;
};

extern struct bench_irq_state birq;
extern volatile uint64_t bench_entry_tsc;

void bench_entry(void);
void bench_irq(void);

/* Point vector at bench_entry, reset the counters; eoi for the timer's path. */
void bench_irq_install(uint8_t vector, enum bench_eoi eoi, enum bench_rearm rearm);
/* Give the vector back to the generic dispatcher. */
void bench_irq_uninstall(uint8_t vector);
/* Acknowledge the timer's interrupt on its path (inline: the handler's last act). */
static inline void bench_eoi(enum bench_eoi eoi)
{
	if (eoi == EOI_X2APIC)
		x2apic_eoi();
	else if (eoi == EOI_XAPIC)
		xapic_eoi();
	else
		pic_eoi(0);
}

/* The EOI kind for an interrupt that arrives through the local APIC. */
enum bench_eoi bench_eoi_lapic(void);

#endif
