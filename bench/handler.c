/* The measured interrupt handler (see handler.h). */
#include "handler.h"
#include "cpu.h"
#include "hpet.h"
#include "idt.h"
#include "lapic.h"
#include "pic.h"
#include "pit.h"
#include "lib.h"
#include "tickwork.h"

struct bench_irq_state birq;
volatile uint64_t bench_entry_tsc;

/* The injected cost starts at its own TSC read, so what precedes it in the handler
 * is not taken out of it: the handler gets longer by inject_cycles (plus at most
 * one turn of this loop). */
static void inject(uint64_t cycles)
{
	uint64_t from = rdtsc();
	while (rdtsc() - from < cycles)
		;
}

void bench_irq(void)
{
	uint64_t entry = bench_entry_tsc;
	birq.last_tsc = entry;
	birq.count++;
	/* storm drives timers past what the CPU can serve, and then the loop it
	 * measures never runs again: past its heartbeat deadline, leave without the
	 * EOI so the controller's in-service bit holds the timer off (handler.h).
	 * UINT64_MAX for every other benchmark: one compare, never taken. */
	if (entry >= birq.watchdog_tsc) {
		birq.watchdog_fired = true;
		return;
	}
	if (birq.inject_cycles)
		inject(birq.inject_cycles);
	if (tick_fp.active)
		tick_footprint_touch();         /* tick's work model (bench/tickwork.h) */
	if (birq.rearm == REARM_TSCDL) {
		birq.next += birq.period;
		tscdl_arm(birq.next);
	} else if (birq.rearm == REARM_LAPIC) {
		lapic_write(APIC_TMICT, (uint32_t)birq.period);
	} else if (birq.rearm == REARM_HPET) {
		bench_rearm_hpet(&birq);
	} else if (birq.rearm == REARM_PIT) {
		pit_oneshot((uint16_t)birq.period);
	}
	bench_eoi(birq.eoi);
}

/* ---- the APs' copy (handler.h) ---- */

struct bench_irq_slot birq_ap[BENCH_MAX_CPUS];

#define MSR_GS_BASE 0xc0000101
/* This CPU's slot, through the GS base (gcc's named address space, C only). */
#define MY ((__seg_gs struct bench_irq_state *)0)

void bench_irq_ap(uint64_t entry_tsc)
{
	MY->last_tsc = entry_tsc;
	MY->count++;
	if (MY->inject_cycles)
		inject(MY->inject_cycles);
	if (MY->rearm == REARM_TSCDL) {
		MY->next += MY->period;
		tscdl_arm(MY->next);
	} else if (MY->rearm == REARM_LAPIC) {
		lapic_write(APIC_TMICT, (uint32_t)MY->period);
	}
	bench_eoi(MY->eoi);
}

void bench_irq_ap_bind(unsigned index)
{
	wrmsr(MSR_GS_BASE, (uint64_t)(uintptr_t)&birq_ap[index].s);
}

void bench_irq_ap_reset(unsigned index, enum bench_rearm rearm)
{
	struct bench_irq_state *s = &birq_ap[index].s;
	uint64_t inject_cycles = s->inject_cycles;
	memset(s, 0, sizeof(*s));
	s->inject_cycles = inject_cycles;
	s->watchdog_tsc = UINT64_MAX;
	s->eoi = bench_eoi_lapic();
	s->rearm = rearm;
}

enum bench_eoi bench_eoi_lapic(void)
{
	return lapic_mode == LAPIC_X2APIC ? EOI_X2APIC : EOI_XAPIC;
}

void bench_irq_uninstall(uint8_t vector)
{
	extern void (*const isr_stubs[256])(void);
	idt_set_gate(vector, isr_stubs[vector], 0);
}
