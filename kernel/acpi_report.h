/* ACPI at boot: find the RSDP (multiboot2 tags, else the BIOS area), parse the tables
 * into the global `acpi`, emit the "acpi" record and one "acpi_problem" per table not
 * used. */
#ifndef KERNEL_ACPI_REPORT_H
#define KERNEL_ACPI_REPORT_H

#include "acpi.h"
#include "multiboot2.h"

extern struct acpi_info acpi;
/* Firmware tables in physical memory, readable (an acpi_map_fn): identity mapped
 * below 4 GiB, mapped on demand above. */
const void *acpi_map_phys(uint64_t phys, size_t len);
void acpi_init(const struct boot_info *bi);
/* dump=acpi: the tables acpi_init found, as hex text lines (acpi_dump.h). */
void acpi_dump_tables(void);

#endif
