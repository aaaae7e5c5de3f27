/* The ACPI power-management timer: a free-running 3.579545 MHz counter of 24 or 32
 * bits at the port or memory address the FADT gives (ACPI 6.5, 4.8.3.3 and 5.2.9,
 * X_PM_TMR_BLK). Never hard-code the port: QEMU's pc machine has it at 0x608 under
 * SeaBIOS and 0xb008 under OVMF. */
#ifndef ARCH_X86_PMTIMER_H
#define ARCH_X86_PMTIMER_H

#include <stdint.h>
#include <stdbool.h>
#include "cpu.h"

#define PMTIMER_HZ 3579545

extern uint16_t pmtimer_port;
extern const volatile uint32_t *pmtimer_mmio;  /* the MMIO block, NULL for a port */
extern uint32_t pmtimer_mask;          /* 0xffffff or 0xffffffff */

/* space: ACPI_GAS_SYSTEM_IO (addr is a port) or ACPI_GAS_SYSTEM_MEMORY (a physical
 * address, mapped uncached). False when it cannot be mapped or does not count. */
bool pmtimer_init(uint8_t space, uint64_t addr, bool is_32bit);
/* A port or an MMIO read, one predictable branch apart (a PC has one or the other). */
static inline uint32_t pmtimer_read(void)
{
	return (pmtimer_mmio ? *pmtimer_mmio : inl(pmtimer_port)) & pmtimer_mask;
}

#endif
