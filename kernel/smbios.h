/* SMBIOS: who made this machine and its firmware (DMTF DSP0134 3.6.0: 5.2 entry
 * points, 6.1 structures and strings, 7.1 BIOS (type 0), 7.2 system (type 1), 7.3
 * baseboard (type 2)). Pure parsing of a memory image through a map callback, so the
 * host tests feed it tables dumped from QEMU and the fuzzer feeds it anything.
 * Everything is checked before use: an entry point with a bad checksum or length, a
 * table that cannot be read, a structure or string set running past the table's end
 * is noted in problems[] and what it holds is not used. */
#ifndef KERNEL_SMBIOS_H
#define KERNEL_SMBIOS_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

#define SMBIOS_STR_MAX        64          /* longer strings are cut (bytes, NUL included) */
#define SMBIOS_MAX_PROBLEMS   8
#define SMBIOS_MAX_TABLE_LEN  (1u << 20)  /* a structure table beyond this is refused */
#define SMBIOS_EP_MAX_LEN     32          /* the largest entry point (2.1: 0x1f bytes) */

struct smbios_problem {
	uint64_t addr;                  /* the entry point's or the structure's address */
	const char *what;               /* a sentence */
};

struct smbios_info {
	const char *source;             /* "multiboot2", "efi", "bios-scan", "none" */
	char anchor[6];                 /* "_SM_", "_SM3_" or "" when none was usable */
	uint8_t major, minor;           /* the version the entry point declares */
	uint64_t entry_addr, table_addr;
	uint32_t table_len;             /* 2.x: the table's length; 3.x: its maximum size */
	unsigned structures;            /* structures walked */

	char sys_manufacturer[SMBIOS_STR_MAX], sys_product[SMBIOS_STR_MAX];
	char sys_version[SMBIOS_STR_MAX], sys_uuid[37];
	char board_manufacturer[SMBIOS_STR_MAX], board_product[SMBIOS_STR_MAX];
	char board_version[SMBIOS_STR_MAX];
	char bios_vendor[SMBIOS_STR_MAX], bios_version[SMBIOS_STR_MAX];
	char bios_date[SMBIOS_STR_MAX];

	unsigned n_problems;
	struct smbios_problem problems[SMBIOS_MAX_PROBLEMS];
};

/* Returns a pointer through which len bytes at physical address phys can be read,
 * or NULL when they cannot be (the same contract as acpi_map_fn). */
typedef const void *(*smbios_map_fn)(uint64_t phys, size_t len);

/* Parse the entry point whose ep_len bytes are at ep (a copy, or the firmware's own
 * at ep_addr) and the structure table it points to. ep NULL: no SMBIOS, source is
 * recorded and nothing else. */
void smbios_parse(const void *ep, size_t ep_len, uint64_t ep_addr, const char *source,
		  smbios_map_fn map, struct smbios_info *out);

/* The legacy way (DSP0134 5.2.1, 5.2.2): an anchor "_SM3_" or "_SM_" on a 16-byte
 * boundary in 0xf0000-0xfffff; the 64-bit one is preferred. 0 when absent. */
uint64_t smbios_scan_bios_area(smbios_map_fn map);

/* The UEFI way (UEFI 2.10, 4.6 EFI configuration table): the entry point listed in
 * the EFI system table at system_table under SMBIOS3_TABLE_GUID, else SMBIOS_TABLE_GUID.
 * 0 when absent or when the system table is not one. */
uint64_t smbios_find_efi(uint64_t system_table, smbios_map_fn map);

/* The 8 lowercase hex digits of the CRC-32 of the strings joined by '\n' (the
 * machine record's "id", docs/FORMAT.md). */
void smbios_identity_id(const char *const *fields, size_t n, char out[9]);

#endif
