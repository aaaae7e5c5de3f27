/* libFuzzer target for the multiboot2 information parser (kernel/multiboot2.c).
 *
 * The input is the information, copied to an 8-aligned block of exactly its size
 * (the loader guarantees both); its total_size field is cut to the input's size,
 * since the kernel cannot know more than the loader says. Then everything the
 * kernel goes on to read is read: the strings, the RSDP and SMBIOS copies, and the
 * command line through cmdline_parse. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cmdline.h"
#include "config.h"
#include "multiboot2.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 8 || size > 1 << 20)
		return 0;
	uint8_t *info = aligned_alloc(8, (size + 7) & ~(size_t)7);
	memcpy(info, data, size);
	uint32_t total;
	memcpy(&total, info, 4);
	if (total > size) {
		total = (uint32_t)size;
		memcpy(info, &total, 4);
	}
	struct boot_info bi;
	if (multiboot2_parse(info, &bi)) {
		volatile size_t sink = strlen(bi.cmdline) + strlen(bi.loader);
		const uint8_t *r = bi.rsdp;
		for (uint32_t i = 0; r && i < bi.rsdp_len; i++)
			sink += r[i];
		if (r && (r < info || r + bi.rsdp_len > info + total))
			abort();
		const uint8_t *e = bi.smbios;    /* the SMBIOS tag's entry point copy */
		for (uint32_t i = 0; e && i < bi.smbios_len; i++)
			sink += e[i];
		if (e && (e < info || e + bi.smbios_len > info + total))
			abort();
		struct words_error err;
		cmdline_parse(bi.cmdline, bench_tables, bench_tables_n, &err);
		(void)sink;
	}
	free(info);
	return 0;
}
