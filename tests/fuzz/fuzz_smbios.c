/* libFuzzer target for the SMBIOS parser (kernel/smbios.c).
 *
 * Input: the first 32 bytes are an entry point copy (as the multiboot2 SMBIOS tag
 * hands it to the kernel); the rest is physical memory from address 0. Three ways in,
 * as the kernel has: (1) the copy is parsed against that memory; (2) an EFI system
 * table is looked for at address 0x10 of it and, when it lists an SMBIOS entry point,
 * that is parsed; (3) the rest is placed at 0xf0000 in a 64 KiB zeroed block (the F
 * segment, which the scan maps whole), scanned, and what it finds parsed. The map
 * callback returns only bytes of the input, so any read past them is an ASan
 * report. tests/fuzz/mkseeds turns the dumped tables into seeds. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "smbios.h"
#include "fake_mem.h"

#define EP_COPY 32
#define F_SEGMENT 0xf0000
#define F_SEGMENT_LEN 0x10000

static void check_string(const char *s, size_t size)
{
	if (strnlen(s, size) >= size)
		abort();
	for (; *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			abort();
}

/* What the kernel prints must be bounded, printable, terminated strings. */
static void check(const struct smbios_info *s)
{
	const char *const strings[] = {
		s->sys_manufacturer, s->sys_product, s->sys_version, s->board_manufacturer,
		s->board_product, s->board_version, s->bios_vendor, s->bios_version, s->bios_date,
	};
	for (size_t i = 0; i < sizeof(strings) / sizeof(strings[0]); i++)
		check_string(strings[i], SMBIOS_STR_MAX);
	check_string(s->sys_uuid, sizeof(s->sys_uuid));
	check_string(s->anchor, sizeof(s->anchor));
	if (!s->source || s->n_problems > SMBIOS_MAX_PROBLEMS)
		abort();
	for (unsigned i = 0; i < s->n_problems; i++)
		if (!s->problems[i].what)
			abort();
}

static void parse_at(uint64_t addr, const char *source, struct smbios_info *info)
{
	size_t len = SMBIOS_EP_MAX_LEN;
	const void *ep = NULL;
	while (addr && !ep && len >= 16)        /* near the end: as much as there is */
		if (!(ep = fake_map(addr, len)))
			len--;
	smbios_parse(ep, len, addr, source, fake_map, info);
	check(info);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct smbios_info info;
	if (size < EP_COPY)
		return 0;
	uint8_t *ep = malloc(EP_COPY);
	memcpy(ep, data, EP_COPY);
	map_input(data + EP_COPY, size - EP_COPY, 0);
	smbios_parse(ep, EP_COPY, 0, "multiboot2", fake_map, &info);
	check(&info);
	free(ep);
	parse_at(smbios_find_efi(0x10, fake_map), "efi", &info);

	map_firmware_area(data + EP_COPY, size - EP_COPY, F_SEGMENT, F_SEGMENT_LEN);
	parse_at(smbios_scan_bios_area(fake_map), "bios-scan", &info);

	char id[9];
	const char *const fields[] = { info.sys_manufacturer, info.sys_product, info.bios_vendor };
	smbios_identity_id(fields, 3, id);
	if (strlen(id) != 8)
		abort();
	return 0;
}
