/* tick's floor handlers (handler.h): one interrupt entry per EOI kind and re-arm
 * kind, chosen when the timer source is installed (bench_irq_install, here: it puts
 * in the preferred kind where there is one), so that nothing is decided on the
 * measured path. Each counts the entry, re-arms where its mode needs it, sends
 * the EOI and returns: no TSC read, no call, no test of a setting, no frame beyond
 * the registers it uses (gcc's interrupt attribute saves exactly those and ends in
 * IRETQ; the kernel is built -mgeneral-regs-only, as that attribute requires).
 * Under QEMU -icount, from the gate to the IRETQ: xAPIC 6 instructions, x2APIC 12,
 * 8259 6 (push, count, the EOI's one or four, pop, IRETQ); docs/METHOD.md, "tick".
 * The APs' entries (bench_entry_ap's slots, reached through %gs) are the same. */
#include "handler.h"
#include "idt.h"
#include "irq.h"
#include "lib.h"
#include "hpet.h"
#include "lapic.h"
#include "pic.h"
#include "pit.h"

struct interrupt_frame;
#define FLOOR __attribute__((interrupt)) static void

/* One instruction: only this CPU's handler writes its count (the volatile
 * qualifier, for its readers, would make it a load, an add and a store). */
static inline void count_entry(void) { __asm__ volatile("incq %0" : "+m"(birq.count)); }
static inline void count_entry_ap(void)
{
	__asm__ volatile("incq %%gs:%c0" : : "i"(offsetof(struct bench_irq_state, count)) : "memory");
}

/* The one-shot modes' re-arms. The PIT: a new count alone restarts mode 0 (8254
 * datasheet, mode 0: writing the first byte stops the count, the second loads it). */
static inline void rearm_tscdl(void) { birq.next += birq.period; tscdl_arm(birq.next); }
static inline void rearm_pit(void) { pit_reload((uint16_t)birq.period); }

FLOOR floor_8259(struct interrupt_frame *f) { count_entry(); pic_eoi(0); }
FLOOR floor_xapic(struct interrupt_frame *f) { count_entry(); xapic_eoi(); }
FLOOR floor_x2apic(struct interrupt_frame *f) { count_entry(); x2apic_eoi(); }

FLOOR floor_xapic_lapic(struct interrupt_frame *f)
{
	count_entry();
	xapic_write(APIC_TMICT, (uint32_t)birq.period);
	xapic_eoi();
}

FLOOR floor_x2apic_lapic(struct interrupt_frame *f)
{
	count_entry();
	x2apic_write(APIC_TMICT, (uint32_t)birq.period);
	x2apic_eoi();
}

FLOOR floor_xapic_tscdl(struct interrupt_frame *f) { count_entry(); rearm_tscdl(); xapic_eoi(); }
FLOOR floor_x2apic_tscdl(struct interrupt_frame *f) { count_entry(); rearm_tscdl(); x2apic_eoi(); }
FLOOR floor_xapic_hpet(struct interrupt_frame *f) { count_entry(); bench_rearm_hpet(&birq); xapic_eoi(); }
FLOOR floor_x2apic_hpet(struct interrupt_frame *f) { count_entry(); bench_rearm_hpet(&birq); x2apic_eoi(); }
FLOOR floor_xapic_pit(struct interrupt_frame *f) { count_entry(); rearm_pit(); xapic_eoi(); }
FLOOR floor_x2apic_pit(struct interrupt_frame *f) { count_entry(); rearm_pit(); x2apic_eoi(); }

/* The APs': their state through the GS base (handler.h). */
#define MY ((__seg_gs struct bench_irq_state *)0)

FLOOR floor_ap_xapic(struct interrupt_frame *f) { count_entry_ap(); xapic_eoi(); }
FLOOR floor_ap_x2apic(struct interrupt_frame *f) { count_entry_ap(); x2apic_eoi(); }

FLOOR floor_ap_xapic_lapic(struct interrupt_frame *f)
{
	count_entry_ap();
	xapic_write(APIC_TMICT, (uint32_t)MY->period);
	xapic_eoi();
}

FLOOR floor_ap_x2apic_lapic(struct interrupt_frame *f)
{
	count_entry_ap();
	x2apic_write(APIC_TMICT, (uint32_t)MY->period);
	x2apic_eoi();
}

FLOOR floor_ap_xapic_tscdl(struct interrupt_frame *f)
{
	count_entry_ap();
	MY->next += MY->period;
	tscdl_arm(MY->next);
	xapic_eoi();
}

FLOOR floor_ap_x2apic_tscdl(struct interrupt_frame *f)
{
	count_entry_ap();
	MY->next += MY->period;
	tscdl_arm(MY->next);
	x2apic_eoi();
}

typedef void floor_fn(struct interrupt_frame *);

/* [EOI kind][re-arm kind]; NULL: no such source. */
static floor_fn *const boot_floors[3][5] = {
	[EOI_XAPIC] = { floor_xapic, floor_xapic_lapic, floor_xapic_tscdl, floor_xapic_hpet,
			floor_xapic_pit },
	[EOI_X2APIC] = { floor_x2apic, floor_x2apic_lapic, floor_x2apic_tscdl, floor_x2apic_hpet,
			 floor_x2apic_pit },
	[EOI_PIC0] = { floor_8259 },
};
static floor_fn *const ap_floors[2][3] = {
	[EOI_XAPIC] = { floor_ap_xapic, floor_ap_xapic_lapic, floor_ap_xapic_tscdl },
	[EOI_X2APIC] = { floor_ap_x2apic, floor_ap_x2apic_lapic, floor_ap_x2apic_tscdl },
};

/* An IDT gate takes an entry of no arguments; the CPU calls it with none either. */
static bench_entry_fn *as_entry(floor_fn *f) { return (bench_entry_fn *)(uintptr_t)f; }

static bench_entry_fn *floor_entry(enum bench_eoi eoi, enum bench_rearm rearm)
{
	return boot_floors[eoi][rearm] ? as_entry(boot_floors[eoi][rearm]) : NULL;
}

static bench_entry_fn *floor_entry_ap(enum bench_eoi eoi, enum bench_rearm rearm)
{
	return eoi != EOI_PIC0 && rearm <= REARM_TSCDL && ap_floors[eoi][rearm] ?
	       as_entry(ap_floors[eoi][rearm]) : NULL;
}

const char *const bench_handler_names[] = { "full", "floor" };
static enum bench_handler preferred = HANDLER_FULL;

void bench_irq_prefer(enum bench_handler h) { preferred = h; }

void bench_irq_install(uint8_t vector, enum bench_eoi eoi, enum bench_rearm rearm)
{
	uint64_t inject_cycles = birq.inject_cycles;
	memset(&birq, 0, sizeof(birq));
	birq.inject_cycles = inject_cycles;
	birq.watchdog_tsc = UINT64_MAX;
	birq.eoi = eoi;
	birq.rearm = rearm;
	bench_entry_fn *floor = preferred == HANDLER_FLOOR ? floor_entry(eoi, rearm) : NULL;
	birq.handler = floor ? HANDLER_FLOOR : HANDLER_FULL;
	idt_set_gate(vector, floor ? floor : bench_entry, 0);
}

enum bench_handler bench_irq_ap_gate(enum bench_rearm rearm)
{
	bench_entry_fn *floor = preferred == HANDLER_FLOOR ?
				floor_entry_ap(bench_eoi_lapic(), rearm) : NULL;
	idt_set_gate(VEC_TIMER_AP, floor ? floor : bench_entry_ap, 0);
	return floor ? HANDLER_FLOOR : HANDLER_FULL;
}
