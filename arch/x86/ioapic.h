/* I/O APIC (82093AA datasheet, section 3; Linux names). Redirection entries are
 * written masked first, then unmasked, so a half-written entry never fires. */
#ifndef ARCH_X86_IOAPIC_H
#define ARCH_X86_IOAPIC_H

#include <stdint.h>
#include <stdbool.h>

#define IO_APIC_REGSEL     0x00
#define IO_APIC_WIN        0x10
#define IO_APIC_ID         0x00
#define IO_APIC_VER        0x01     /* bits 23:16: max redirection entry */
#define IO_APIC_REDTBL(n)  (0x10 + 2 * (n))
#define   IO_APIC_RTE_LOW_ACTIVE (1u << 13)
#define   IO_APIC_RTE_LEVEL      (1u << 15)
#define   IO_APIC_RTE_MASKED     (1u << 16)

/* Register the I/O APIC at addr serving GSIs from gsi_base; masks every pin. */
bool ioapic_add(uint64_t addr, uint32_t gsi_base);
/* Deliver gsi as vector to the local APIC apic_id (fixed, physical), unmasked. */
bool ioapic_route(uint32_t gsi, uint8_t vector, uint32_t apic_id, bool level, bool low_active);
void ioapic_mask(uint32_t gsi);
bool ioapic_has_gsi(uint32_t gsi);
unsigned ioapic_pins(unsigned index);   /* redirection entries of the index-th I/O APIC */

#endif
