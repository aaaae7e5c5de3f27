/* The fuzz targets' physical memory (fuzz_acpi.c, fuzz_smbios.c): one window of
 * bytes at mem_base. fake_map returns only bytes of the window, so any read past
 * them is an ASan report. */
#ifndef TESTS_FUZZ_FAKE_MEM_H
#define TESTS_FUZZ_FAKE_MEM_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const uint8_t *mem;
static size_t mem_len;
static uint64_t mem_base;

static const void *fake_map(uint64_t phys, size_t len)
{
	if (phys < mem_base || len > mem_len || phys - mem_base > mem_len - len)
		return NULL;
	return mem + (phys - mem_base);
}

static void map_input(const uint8_t *data, size_t len, uint64_t base)
{
	mem = data;
	mem_len = len;
	mem_base = base;
}

/* The first area_len bytes of data (zero-filled beyond) become the firmware area at
 * base, the window a legacy scan maps whole. The block is kept from run to run:
 * zeroing it all every run is slow. One area size per target. */
static const uint8_t *map_firmware_area(const uint8_t *data, size_t len, uint64_t base,
					size_t area_len)
{
	static uint8_t *area;
	static size_t used;
	if (!area)
		area = calloc(1, area_len);
	memset(area, 0, used);
	used = len < area_len ? len : area_len;
	memcpy(area, data, used);
	map_input(area, area_len, base);
	return area;
}

#endif
