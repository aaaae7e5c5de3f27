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
#define VEC_TIMER_AP     0x41   /* an AP's timer in tick's per-CPU runs (bench/tickmp.c):
				 * its local APIC timer, or an HPET comparator of its own */

struct irq_state {
	bool lapic;                 /* the local APIC is enabled */
	enum lapic_mode lapic_mode;
	uint32_t bsp_apic_id;
	unsigned ioapics;           /* I/O APICs that answered */
	bool pic;                   /* the 8259 pair is there (acpi_has_8259) */
	const char *lapic_problem;  /* why not, when !lapic */
};

extern struct irq_state irq;

void irq_init(const struct config *cfg);

/* Route ISA IRQ isa_irq through the I/O APIC (honouring the MADT's source override:
 * IRQ0 usually arrives on GSI 2) to vector on the CPU with local APIC apic_id. */
bool irq_route_isa(unsigned isa_irq, uint8_t vector, uint32_t apic_id);
void irq_mask_isa(unsigned isa_irq);

#endif
