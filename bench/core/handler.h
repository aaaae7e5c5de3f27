/* The measured timer interrupt, in two kinds, chosen when a source is installed:
 *   - the full handler: bench/core/entry.S reads the TSC first, then bench_irq() counts,
 *     keeps the entry's TSC (latency, ipi, storm), checks storm's watchdog,
 *     optionally burns inject_cycles (inject=), re-arms a one-shot timer when the
 *     mode asks for it, and sends the EOI. Settings are plain fields tested with
 *     predictable branches: no function pointer on this path.
 *   - the floor handler (bench/core/handler_floor.c): one entry per EOI kind and re-arm kind that
 *     counts, re-arms and sends the EOI, nothing else: what a timer interrupt cannot
 *     cost less than. tick uses it wherever nothing more is asked (handler=).
 * Both are one body (bench/core/handler_body.h), built for each entry. */
#ifndef BENCH_HANDLER_H
#define BENCH_HANDLER_H

#include <stdint.h>
#include <stdbool.h>
#include "lapic.h"
#include "pic.h"

enum bench_eoi { EOI_XAPIC, EOI_X2APIC, EOI_PIC0 };
enum bench_rearm { REARM_NONE, REARM_LAPIC, REARM_TSCDL, REARM_HPET, REARM_PIT };
enum bench_handler { HANDLER_FULL, HANDLER_FLOOR };
extern const char *const bench_handler_names[];     /* "full", "floor" */

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
	/* storm's safety net against a livelock (bench/storm/storm.c moves the deadline on
	 * at every step of its loop): an entry at or past watchdog_tsc returns at once,
	 * without re-arming and without the EOI, so the controller's in-service bit
	 * holds the timer off and the interrupted loop runs again; watchdog_fired tells
	 * it the EOI is owed. UINT64_MAX (set by bench_irq_install): off. */
	uint64_t watchdog_tsc;
	volatile bool watchdog_fired;
	enum bench_handler handler;     /* the kind bench_irq_install put in */
};

extern struct bench_irq_state birq;
extern volatile uint64_t bench_entry_tsc;

void bench_entry(void);
void bench_irq(uint64_t entry_tsc);

/* The APs' measured interrupt (tick's per-CPU runs, bench/tick/tickmp.c). The boot CPU
 * keeps birq and bench_entry unchanged; each AP has its own bench_irq_state in
 * birq_ap[], on its own cache lines, and its GS base points at it
 * (bench_irq_ap_bind, run on the AP): bench_irq_ap reaches its state through %gs,
 * with no pointer loaded from memory, no table and no lock. Its own vector,
 * VEC_TIMER_AP, is routed to bench_entry_ap in the shared IDT. The re-arms served
 * here are the local APIC timer's one-shot and the TSC deadline's; a periodic
 * timer (the APIC's, an HPET comparator of its own) needs none. */
#define BENCH_MAX_CPUS  256

struct bench_irq_slot {
	struct bench_irq_state s;
} __attribute__((aligned(128)));       /* two lines: no false sharing with the adjacent-line prefetch */

extern struct bench_irq_slot birq_ap[BENCH_MAX_CPUS];

void bench_entry_ap(void);
void bench_irq_ap(uint64_t entry_tsc);
/* On the AP: GS base = &birq_ap[index]. */
void bench_irq_ap_bind(unsigned index);
/* On the AP: zero its state, keep inject_cycles, set eoi and rearm. */
void bench_irq_ap_reset(unsigned index, enum bench_rearm rearm);

/* bench/core/handler_floor.c. Which handler bench_irq_install and bench_irq_ap_gate put in from
 * now on where there is a floor entry for the source: tick's choice (handler=)
 * while tick runs, the full one for every other benchmark. */
void bench_irq_prefer(enum bench_handler h);
/* Point vector at the preferred handler for the source (eoi: its path; rearm: its
 * mode), reset the counters; birq.handler says which. */
void bench_irq_install(uint8_t vector, enum bench_eoi eoi, enum bench_rearm rearm);
/* VEC_TIMER_AP at the preferred handler for the APs' local timers in this mode; the
 * kind it put in. The APs share the IDT: every AP of a run takes the same. */
enum bench_handler bench_irq_ap_gate(enum bench_rearm rearm);

/* An interrupt entry: what an IDT gate points at. */
typedef void bench_entry_fn(void);
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
