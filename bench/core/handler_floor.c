/* tick's floor entries and the choice of every measured gate (handler.h). A floor
 * entry is the one body (bench/core/handler_body.h) built for one place of its state,
 * one EOI kind and one re-arm kind: it counts the entry, re-arms where its mode
 * needs it, sends the EOI and returns: no TSC read, no call, no test of a setting,
 * no frame beyond the registers it uses (gcc's interrupt attribute saves exactly
 * those and ends in IRETQ; the kernel is built -mgeneral-regs-only, as that
 * attribute requires; this file without a frame pointer). The gate takes one when
 * the source is installed, where tick prefers the floor and there is one, so
 * nothing is decided on the measured path. Under QEMU -icount, from the gate to the
 * IRETQ: xAPIC 6 instructions, x2APIC 12, 8259 6 (push, count, the EOI's one or
 * four, pop, IRETQ); docs/METHOD.md, "tick". */
#include "handler_body.h"
#include "idt.h"
#include "irq.h"
#include "lib.h"

struct interrupt_frame;
typedef void floor_fn(struct interrupt_frame *);

/* Every floor entry: its name, where its state lives, its EOI and its re-arm. The
 * APs' serve their own local timers only. */
#define FLOOR_ENTRIES(X) \
	X(floor_8259,            AT_GLOBAL, EOI_PIC0,   REARM_NONE)  \
	X(floor_xapic,           AT_GLOBAL, EOI_XAPIC,  REARM_NONE)  \
	X(floor_xapic_lapic,     AT_GLOBAL, EOI_XAPIC,  REARM_LAPIC) \
	X(floor_xapic_tscdl,     AT_GLOBAL, EOI_XAPIC,  REARM_TSCDL) \
	X(floor_xapic_hpet,      AT_GLOBAL, EOI_XAPIC,  REARM_HPET)  \
	X(floor_xapic_pit,       AT_GLOBAL, EOI_XAPIC,  REARM_PIT)   \
	X(floor_x2apic,          AT_GLOBAL, EOI_X2APIC, REARM_NONE)  \
	X(floor_x2apic_lapic,    AT_GLOBAL, EOI_X2APIC, REARM_LAPIC) \
	X(floor_x2apic_tscdl,    AT_GLOBAL, EOI_X2APIC, REARM_TSCDL) \
	X(floor_x2apic_hpet,     AT_GLOBAL, EOI_X2APIC, REARM_HPET)  \
	X(floor_x2apic_pit,      AT_GLOBAL, EOI_X2APIC, REARM_PIT)   \
	X(floor_ap_xapic,        AT_SLOT,   EOI_XAPIC,  REARM_NONE)  \
	X(floor_ap_xapic_lapic,  AT_SLOT,   EOI_XAPIC,  REARM_LAPIC) \
	X(floor_ap_xapic_tscdl,  AT_SLOT,   EOI_XAPIC,  REARM_TSCDL) \
	X(floor_ap_x2apic,       AT_SLOT,   EOI_X2APIC, REARM_NONE)  \
	X(floor_ap_x2apic_lapic, AT_SLOT,   EOI_X2APIC, REARM_LAPIC) \
	X(floor_ap_x2apic_tscdl, AT_SLOT,   EOI_X2APIC, REARM_TSCDL)

#define FLOOR_DEFINE(name, at, eoi, rearm) \
	__attribute__((interrupt)) static void name(struct interrupt_frame *f) \
	{ handler_body(HANDLER_FLOOR, at, eoi, rearm, 0); }
FLOOR_ENTRIES(FLOOR_DEFINE)

/* [state][EOI kind][re-arm kind]; NULL: no floor entry for that source. */
#define FLOOR_SLOT(name, at, eoi, rearm) [at][eoi][rearm] = name,
static floor_fn *const floors[AT_SLOT + 1][EOI_PIC0 + 1][REARM_PIT + 1] = {
	FLOOR_ENTRIES(FLOOR_SLOT)
};

const char *const bench_handler_names[] = { "full", "floor" };
static enum bench_handler preferred = HANDLER_FULL;

void bench_irq_prefer(enum bench_handler h) { preferred = h; }

/* The entry for a source: the preferred floor where there is one, else the full
 * handler (bench/core/entry.S) of that state; *kind says which. An IDT gate takes an
 * entry of no arguments; the CPU calls a floor entry with none either. */
static bench_entry_fn *gate_entry(enum state_at at, enum bench_eoi eoi, enum bench_rearm rearm,
				  enum bench_handler *kind)
{
	floor_fn *floor = preferred == HANDLER_FLOOR ? floors[at][eoi][rearm] : NULL;
	*kind = floor ? HANDLER_FLOOR : HANDLER_FULL;
	if (floor)
		return (bench_entry_fn *)(uintptr_t)floor;
	return at == AT_SLOT ? bench_entry_ap : bench_entry;
}

void bench_irq_install(uint8_t vector, enum bench_eoi eoi, enum bench_rearm rearm)
{
	uint64_t inject_cycles = birq.inject_cycles;
	memset(&birq, 0, sizeof(birq));
	birq.inject_cycles = inject_cycles;
	birq.watchdog_tsc = UINT64_MAX;
	birq.eoi = eoi;
	birq.rearm = rearm;
	idt_set_gate(vector, gate_entry(AT_GLOBAL, eoi, rearm, &birq.handler), 0);
}

enum bench_handler bench_irq_ap_gate(enum bench_rearm rearm)
{
	enum bench_handler kind;
	idt_set_gate(VEC_TIMER_AP, gate_entry(AT_SLOT, bench_eoi_lapic(), rearm, &kind), 0);
	return kind;
}
