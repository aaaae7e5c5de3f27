/* dump=acpi: every ACPI table reachable from the RSDP as hex text lines, for
 * tools/acpi-undump to turn back into table images (the host tests' fixtures). */
#ifndef KERNEL_ACPI_DUMP_H
#define KERNEL_ACPI_DUMP_H

#include <stddef.h>
#include "acpi.h"

/* rsdp: the RSDP copy acpi_find used (NULL when none), rsdp_len its size. */
void acpi_dump(const void *rsdp, size_t rsdp_len, acpi_map_fn map);

#endif
