/* ACPI at boot: find the RSDP (multiboot2 tags, else the BIOS area) and parse the
 * tables into the global `acpi` before any output (the SPCR table may name the
 * serial console); later, emit the "acpi" record and one "acpi_problem" per table
 * not used. */
#ifndef KERNEL_ACPI_TABLES_H
#define KERNEL_ACPI_TABLES_H

#include "acpi.h"
#include "multiboot2.h"

extern struct acpi_info acpi;
/* Firmware tables in physical memory, readable (an acpi_map_fn): identity mapped
 * below 4 GiB, mapped on demand above. */
const void *acpi_map_phys(uint64_t phys, size_t len);
void acpi_find(const struct boot_info *bi);     /* silent */
void acpi_emit_records(void);
/* dump=acpi: the tables acpi_find found, as hex text lines (acpi_dump.h). */
void acpi_dump_tables(void);

#endif
