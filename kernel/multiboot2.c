/* Multiboot2 information parser (see multiboot2.h). */
#include "multiboot2.h"
#include "lib.h"

struct tag { uint32_t type, size; };

static void parse_mmap(const uint8_t *t, uint32_t size, struct boot_info *bi)
{
	uint32_t entry_size = *(const uint32_t *)(t + 8);
	if (entry_size < 24)
		return;
	for (uint32_t off = 16; off + entry_size <= size; off += entry_size) {
		const uint8_t *e = t + off;     /* base_addr, length, type */
		uint64_t base = *(const uint64_t *)e, len = *(const uint64_t *)(e + 8);
		if (*(const uint32_t *)(e + 16) != MB2_MMAP_AVAILABLE)
			continue;
		bi->memory_bytes += len;
		if (base < 0x100000 && len > bi->low_len) {
			bi->low_base = base;
			bi->low_len = len;
		}
		if (base < (4ull << 30) && len > bi->free_len) {
			bi->free_base = base;
			bi->free_len = base + len > (4ull << 30) ? (4ull << 30) - base : len;
		}
	}
}

static void parse_framebuffer(const uint8_t *t, uint32_t size, struct boot_info *bi)
{
	if (size < 31)
		return;
	struct framebuffer *fb = &bi->fb;
	fb->addr = *(const uint64_t *)(t + 8);
	fb->pitch = *(const uint32_t *)(t + 16);
	fb->width = *(const uint32_t *)(t + 20);
	fb->height = *(const uint32_t *)(t + 24);
	fb->bpp = t[28];
	fb->type = t[29];
	if (fb->type == 1 && size >= 38) {      /* direct RGB colour layout */
		fb->red_pos = t[32];
		fb->red_size = t[33];
		fb->green_pos = t[34];
		fb->green_size = t[35];
		fb->blue_pos = t[36];
		fb->blue_size = t[37];
	}
	bi->has_framebuffer = true;
}

static void parse_tag(const uint8_t *t, uint32_t type, uint32_t size, struct boot_info *bi)
{
	switch (type) {
	case MB2_TAG_CMDLINE:
		bi->cmdline = (const char *)(t + 8);
		break;
	case MB2_TAG_LOADER:
		bi->loader = (const char *)(t + 8);
		break;
	case MB2_TAG_MMAP:
		if (size >= 16)
			parse_mmap(t, size, bi);
		break;
	case MB2_TAG_FRAMEBUFFER:
		parse_framebuffer(t, size, bi);
		break;
	case MB2_TAG_EFI32:
	case MB2_TAG_EFI64:
		bi->uefi = true;
		break;
	case MB2_TAG_ACPI_OLD:
	case MB2_TAG_ACPI_NEW:
		if (!bi->rsdp || type == MB2_TAG_ACPI_NEW) {
			bi->rsdp = t + 8;
			bi->rsdp_len = size - 8;
			bi->rsdp_new = type == MB2_TAG_ACPI_NEW;
		}
		break;
	}
}

bool multiboot2_parse(const void *info, struct boot_info *bi)
{
	*bi = (struct boot_info){ .cmdline = "", .loader = "" };
	const uint8_t *base = info;
	uint32_t total = *(const uint32_t *)base;
	if (total < 16)
		return false;
	bi->info_start = (uint64_t)(uintptr_t)base;
	bi->info_end = (uint64_t)(uintptr_t)base + total;
	for (uint32_t off = 8; off + 8 <= total;) {
		const struct tag *t = (const struct tag *)(base + off);
		if (t->type == MB2_TAG_END)
			return true;
		if (t->size < 8 || t->size > total - off)
			return false;
		parse_tag(base + off, t->type, t->size, bi);
		off += (t->size + 7) & ~7u;
	}
	return true;
}
