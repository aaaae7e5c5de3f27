/* The measured interrupt's state and set-up (see handler.h); its entries are
 * bench/core/handler_full.c and bench/core/handler_floor.c, one body (bench/core/handler_body.h). */
#include "handler.h"
#include "cpu.h"
#include "idt.h"
#include "lapic.h"
#include "lib.h"

struct bench_irq_state birq;
struct bench_irq_slot birq_ap[BENCH_MAX_CPUS];
volatile uint64_t bench_entry_tsc;

#define MSR_GS_BASE 0xc0000101

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
