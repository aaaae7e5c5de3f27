/* libFuzzer target for the ACPI parser (arch/x86/acpi.c).
 *
 * Input: the first 36 bytes are the RSDP copy (as the multiboot2 tag hands it to
 * the kernel); the rest is physical memory from address 0. The same rest is then
 * placed at 0xe0000 in a 128 KiB zeroed block (the BIOS area, which the scan maps
 * whole) and searched the legacy way (acpi_scan_bios_area). The map
 * callback returns only bytes of the input, so any read past them is an ASan
 * report. tests/fuzz/mkseed-acpi turns the real tables into seeds. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "acpi.h"
#include "fake_mem.h"

#define RSDP_COPY 36
#define BIOS_AREA 0xe0000
#define BIOS_AREA_LEN 0x20000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct acpi_info info;
	if (size < RSDP_COPY)
		return 0;
	uint8_t *rsdp = malloc(RSDP_COPY);
	memcpy(rsdp, data, RSDP_COPY);
	map_input(data + RSDP_COPY, size - RSDP_COPY, 0);
	acpi_parse(rsdp, data[15] >= 2 ? RSDP_COPY : 20, "fuzz", fake_map, &info);
	free(rsdp);
	enum uart_access access;
	uint64_t base;
	if (info.has_spcr && !acpi_spcr_uart(&info.spcr, &access, &base) &&
	    (base != info.spcr.base || (access == UART_PORT && base > 0xfff8)))
		__builtin_trap();               /* the console would use a bad address */

	const uint8_t *area = map_firmware_area(data + RSDP_COPY, size - RSDP_COPY, BIOS_AREA,
						BIOS_AREA_LEN);
	const uint8_t *found = acpi_scan_bios_area(fake_map);
	if (found)
		acpi_parse(found, (size_t)(area + BIOS_AREA_LEN - found), "bios-scan", fake_map, &info);

	/* What the kernel prints must be bounded, terminated strings. */
	if (strlen(info.tables) >= sizeof(info.tables) || info.n_problems > ACPI_MAX_PROBLEMS ||
	    info.n_ioapics > ACPI_MAX_IOAPICS || info.n_cpus > ACPI_MAX_CPUS)
		abort();
	for (unsigned i = 0; i < info.n_problems; i++)
		if (strlen(info.problems[i].signature) != 4 || !info.problems[i].what)
			abort();
	return 0;
}
