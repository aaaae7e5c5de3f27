/* The serial console: which UART carries the log, and why. console=auto (the
 * default) takes the ACPI SPCR table's UART, else the first of COM1-COM4 that
 * answers, else a 16550-compatible PCI serial controller, else none (the screen
 * alone); console=com1...mmio32:ADDR takes the one named. docs/FORMAT.md: the boot
 * record's console fields. */
#ifndef KERNEL_SERIAL_H
#define KERNEL_SERIAL_H

#include <stdbool.h>
#include <stdint.h>
#include "acpi.h"
#include "cmdline.h"

/* Choose and program the UART; false when none answers (the screen alone). */
bool serial_init(const struct kernel_config *cfg, const struct acpi_info *acpi);
/* One human line: the UART in use, where it came from, what was passed over. */
void serial_say(void);

const char *console_serial_name(void);     /* "io:0x3f8", "mmio32:0x...", "none" */
const char *serial_from(void);             /* cmdline, spcr, com, pci, none */
const char *serial_why(void);              /* what was tried and passed over, or "" */
const char *serial_pci(void);              /* "BB:DD.F VVVV:DDDD" when from pci, else "" */
uint32_t serial_baud(void);                /* programmed rate; 0: the firmware's kept */

#endif
