/* Interrupt controllers at boot: the 8259 pair remapped and masked, every I/O APIC
 * of the MADT masked, the local APIC enabled in the mode apic= asks for. The
 * "interrupts" record says what was set up. Vector plan below. */
#ifndef KERNEL_IRQ_H
#define KERNEL_IRQ_H

#include <stdbool.h>
#include <stdint.h>
#include "cmdline.h"
#include "lapic.h"

#define VEC_PIC_BASE     0x20   /* 8259 IRQ n: 0x20 + n */
#define VEC_PIT_IOAPIC   0x30
#define VEC_HPET         0x31   /* HPET comparator in use, any path */
#define VEC_LAPIC_TIMER  0x40   /* periodic, one-shot and TSC-deadline */
#define VEC_TIMER_AP     0x41   /* an AP's timer in tick's per-CPU runs (bench/tick/tickmp.c):
				 * its local APIC timer, or an HPET comparator of its own */
#define VEC_BACKSTOP     0x42   /* the local APIC timer waking a halted wait (kernel/clock.h) */

struct irq_state {
	bool lapic;                 /* the local APIC is enabled */
	enum lapic_mode lapic_mode;
	uint32_t bsp_apic_id;
	unsigned ioapics;           /* I/O APICs that answered */
	bool pic;                   /* the 8259 pair is there (acpi_has_8259) */
	const char *lapic_problem;  /* why not, when !lapic */
	const char *lapic_note;     /* why the mode is not the one apic= asked for, or NULL */
	bool x2apic_locked;         /* IA32_XAPIC_DISABLE_STATUS: no xAPIC mode */
	bool x2apic_opt_out;        /* the DMAR table's X2APIC_OPT_OUT flag */
	unsigned nmi_lint;          /* the boot CPU's NMI pin, 0 or 1 */
	bool nmi_from_madt;         /* ... from a MADT NMI entry (else the LINT1 default) */
};

extern struct irq_state irq;

void irq_init(const struct kernel_config *cfg);
/* This CPU's LINT pins after lapic_init: NMI where the MADT says (irq.c). */
void irq_setup_lints(uint32_t apic_id);
/* Why an interrupt through the I/O APIC or an MSI (the HPET's FSB) cannot reach the
 * CPU with this APIC id, or NULL when it can: both carry an 8-bit destination (I/O
 * APIC redirection entry bits 63:56, 82093AA datasheet 3.2.4; MSI address bits
 * 19:12, SDM vol. 3A, 13.11.1), in which 0xff is the broadcast (12.6.2.1); ids from
 * 255 up need interrupt remapping. */
const char *irq_unreachable(uint32_t apic_id);

/* Route ISA IRQ isa_irq through the I/O APIC (honouring the MADT's source override:
 * IRQ0 usually arrives on GSI 2) to vector on the CPU with local APIC apic_id. */
bool irq_route_isa(unsigned isa_irq, uint8_t vector, uint32_t apic_id);
void irq_mask_isa(unsigned isa_irq);

#endif
