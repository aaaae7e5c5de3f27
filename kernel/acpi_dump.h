/* dump=acpi: every ACPI table reachable from the RSDP as hex text lines, for
 * tools/acpi-undump to turn back into table images (the host tests' fixtures). */
#ifndef KERNEL_ACPI_DUMP_H
#define KERNEL_ACPI_DUMP_H

#include <stddef.h>
#include "acpi.h"

/* rsdp: the RSDP copy acpi_find used (NULL when none), rsdp_len its size. */
void acpi_dump(const void *rsdp, size_t rsdp_len, acpi_map_fn map);

/* The line format of every dump (dump=acpi, dump=smbios), len bytes at data:
 *   PREFIX NAME 0xADDRESS LENGTH +OFFSET: HEX    (up to 32 bytes a line) */
void dump_hex_lines(const char *prefix, const char *name, uint64_t addr, const void *data,
		    uint32_t len);

#endif
