/* The ACPI power-management timer: a free-running 3.579545 MHz counter of 24 or 32
 * bits at the port the FADT gives (ACPI 6.5, 4.8.3.3). Never hard-code the port:
 * QEMU's pc machine has it at 0x608 under SeaBIOS and 0xb008 under OVMF. */
#ifndef ARCH_X86_PMTIMER_H
#define ARCH_X86_PMTIMER_H

#include <stdint.h>
#include <stdbool.h>
#include "cpu.h"

#define PMTIMER_HZ 3579545

extern uint16_t pmtimer_port;
extern uint32_t pmtimer_mask;          /* 0xffffff or 0xffffffff */

bool pmtimer_init(uint16_t port, bool is_32bit);
static inline uint32_t pmtimer_read(void) { return inl(pmtimer_port) & pmtimer_mask; }

#endif
