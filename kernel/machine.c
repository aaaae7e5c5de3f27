/* The "machine" record (see machine.h). */
#include "machine.h"
#include "acpi_dump.h"
#include "acpi_tables.h"
#include "console.h"
#include "cpu.h"
#include "format.h"
#include "identity.h"
#include "lib.h"
#include "record.h"
#include "smbios.h"

static struct smbios_info smbios;
static const uint8_t *entry_point;      /* what smbios_parse read, for dump=smbios */
static size_t entry_len;
static char id[9];

/* The multiboot2 tag first (Multiboot2 3.6.15), then the EFI configuration table,
 * then, under BIOS only, the F segment, as for the ACPI RSDP. */
static const char *find_entry_point(const struct boot_info *bi, uint64_t *addr)
{
	if (bi->smbios) {
		entry_point = bi->smbios;
		entry_len = bi->smbios_len;
		*addr = (uint64_t)(uintptr_t)bi->smbios;
		return "multiboot2";
	}
	*addr = bi->uefi ? smbios_find_efi(bi->efi_system_table, acpi_map_phys)
			 : smbios_scan_bios_area(acpi_map_phys);
	entry_len = SMBIOS_EP_MAX_LEN;
	entry_point = *addr ? acpi_map_phys(*addr, entry_len) : NULL;
	return bi->uefi ? "efi" : "bios-scan";
}

static void say_problems(void)
{
	for (unsigned i = 0; i < smbios.n_problems; i++)
		kprintf("smbios: at 0x%llx: %s; not used\n",
			(unsigned long long)smbios.problems[i].addr, smbios.problems[i].what);
}

void machine_init(const struct boot_info *bi)
{
	uint64_t addr;
	const char *source = find_entry_point(bi, &addr);
	smbios_parse(entry_point, entry_len, addr, source, acpi_map_phys, &smbios);
	uint32_t microcode = 0;
	bool has_microcode = cpu_microcode_revision(&microcode);
	char microcode_text[12] = "";
	if (has_microcode)
		format(microcode_text, sizeof(microcode_text), "0x%x", microcode);
	machine_make_id(&smbios, bi->uefi, microcode_text, id);
	kprintf("machine: id %s: \"%s\" \"%s\" \"%s\"; firmware \"%s\" \"%s\" (%s); "
		"microcode %s (SMBIOS %s from %s)\n", id, smbios.sys_manufacturer,
		smbios.sys_product, smbios.sys_version, smbios.bios_vendor,
		smbios.bios_version, smbios.bios_date, has_microcode ? microcode_text : "unreadable",
		smbios.anchor[0] ? smbios.anchor : "none", smbios.source);
	machine_emit_record(&smbios, id, bi->uefi, has_microcode, microcode);
	say_problems();
	machine_emit_problems(&smbios);
}

const char *machine_id(void) { return id; }

/* Without the parser's checks: a broken entry point or table is dumped too. */
void machine_dump_smbios(void)
{
	if (!entry_point) {
		kprintf("smbiosdump: no entry point\n");
		return;
	}
	bool v3 = entry_len >= 5 && !memcmp(entry_point, "_SM3_", 5);
	uint32_t len = v3 ? entry_point[6] : entry_len > 5 ? entry_point[5] : 0;
	if (len > entry_len)
		len = (uint32_t)entry_len;
	dump_hex_lines("smbiosdump", v3 ? "_SM3_" : "_SM_", smbios.entry_addr, entry_point, len);
	const void *t = smbios.table_len && smbios.table_len <= SMBIOS_MAX_TABLE_LEN ?
		acpi_map_phys(smbios.table_addr, smbios.table_len) : NULL;
	if (t)
		dump_hex_lines("smbiosdump", "table", smbios.table_addr, t, smbios.table_len);
	kprintf("smbiosdump: end\n");
}
