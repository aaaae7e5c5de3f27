/* The multiboot2 boot information (Multiboot2 Specification 1.0, section 3.6):
 * what kmain reads of it, parsed once into struct boot_info. */
#ifndef KERNEL_MULTIBOOT2_H
#define KERNEL_MULTIBOOT2_H

#include <stdint.h>
#include <stdbool.h>
#include "screen.h"

#define MB2_TAG_END          0
#define MB2_TAG_CMDLINE      1
#define MB2_TAG_LOADER       2
#define MB2_TAG_MMAP         6
#define MB2_TAG_FRAMEBUFFER  8
#define MB2_TAG_EFI32        11   /* EFI 32-bit system table pointer */
#define MB2_TAG_EFI64        12   /* EFI 64-bit system table pointer */
#define MB2_TAG_SMBIOS       13   /* SMBIOS version, reserved, a copy of the entry point */
#define MB2_TAG_ACPI_OLD     14   /* copy of the ACPI 1.0 RSDP */
#define MB2_TAG_ACPI_NEW     15   /* copy of the ACPI 2.0+ RSDP */
#define MB2_TAG_EFI_MMAP     17
#define MB2_MMAP_AVAILABLE   1

struct boot_info {
	const char *cmdline;            /* "" when absent */
	const char *loader;             /* "" when absent */
	bool uefi;                      /* an EFI system table tag was passed */
	uint64_t efi_system_table;      /* its physical address, 0 when none */
	const void *smbios;             /* the SMBIOS tag's copy of the entry point */
	uint32_t smbios_len;
	uint64_t memory_bytes;          /* available RAM in the memory map */
	uint64_t free_base, free_len;   /* the largest available region below 4 GiB */
	uint64_t low_base, low_len;     /* the largest available region starting below 1 MiB */
	uint64_t info_start, info_end;  /* this information: first byte, first byte after */
	bool has_framebuffer;
	struct framebuffer fb;
	const void *rsdp;               /* the RSDP copy in the info (new preferred) */
	uint32_t rsdp_len;
	bool rsdp_new;                  /* it came from the ACPI 2.0+ tag */
};

/* Parse the information at info (size-checked: a tag running past the total size
 * ends the walk). Returns false when the structure is unusable. */
bool multiboot2_parse(const void *info, struct boot_info *out);

#endif
