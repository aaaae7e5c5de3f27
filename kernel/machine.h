/* Which machine this is: SMBIOS (the multiboot2 tag, the EFI configuration table, or
 * the BIOS area), the CPU and its microcode, the firmware kind, and an id derived
 * from them; the "machine" record and one "smbios_problem" per thing not used
 * (docs/FORMAT.md). */
#ifndef KERNEL_MACHINE_H
#define KERNEL_MACHINE_H

#include "multiboot2.h"

void machine_init(const struct boot_info *bi);
/* The machine record's id: eight hex digits, "" before machine_init(). */
const char *machine_id(void);
/* dump=smbios: the entry point and the structure table as hex text lines
 * ("smbiosdump NAME 0xADDRESS LENGTH +OFFSET: HEX", tools/acpi-undump --smbios). */
void machine_dump_smbios(void);

#endif
