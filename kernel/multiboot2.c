/* Multiboot2 information parser (see multiboot2.h). */
#include "multiboot2.h"
#include "lib.h"

/* Fields are read byte-wise: memory map entries need not keep their 64-bit fields
 * aligned (entry_size is only at least 24), and C gives unaligned loads no meaning. */
static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint64_t rd64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }

/* A string tag is used only when its NUL lies inside the tag. */
static const char *tag_string(const uint8_t *t, uint32_t size, const char *otherwise)
{
	for (uint32_t i = 8; i < size; i++)
		if (t[i] == 0)
			return (const char *)(t + 8);
	return otherwise;
}

static void parse_mmap(const uint8_t *t, uint32_t size, struct boot_info *bi)
{
	uint32_t entry_size = rd32(t + 8);
	if (entry_size < 24)
		return;
	for (uint32_t off = 16; entry_size <= size - off; off += entry_size) {  /* no wrap */
		const uint8_t *e = t + off;     /* base_addr, length, type */
		uint64_t base = rd64(e), len = rd64(e + 8);
		if (rd32(e + 16) != MB2_MMAP_AVAILABLE)
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
	fb->addr = rd64(t + 8);
	fb->pitch = rd32(t + 16);
	fb->width = rd32(t + 20);
	fb->height = rd32(t + 24);
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
		bi->cmdline = tag_string(t, size, bi->cmdline);
		break;
	case MB2_TAG_LOADER:
		bi->loader = tag_string(t, size, bi->loader);
		break;
	case MB2_TAG_MMAP:
		if (size >= 16)
			parse_mmap(t, size, bi);
		break;
	case MB2_TAG_FRAMEBUFFER:
		parse_framebuffer(t, size, bi);
		break;
	case MB2_TAG_EFI32:
		bi->uefi = true;
		if (size >= 12)
			bi->efi_system_table = rd32(t + 8);
		break;
	case MB2_TAG_EFI64:
		bi->uefi = true;
		if (size >= 16)
			bi->efi_system_table = rd64(t + 8);
		break;
	case MB2_TAG_SMBIOS:            /* Multiboot2 3.6.15: major, minor, 6 reserved */
		if (size > 16) {
			bi->smbios = t + 16;
			bi->smbios_len = size - 16;
		}
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
	uint32_t total = rd32(base);
	if (total < 16)
		return false;
	bi->info_start = (uint64_t)(uintptr_t)base;
	bi->info_end = (uint64_t)(uintptr_t)base + total;
	/* 64-bit offsets: a tag ending near 4 GiB must not wrap the walk to the start. */
	for (uint64_t off = 8; off + 8 <= total;) {
		uint32_t type = rd32(base + off), size = rd32(base + off + 4);
		if (type == MB2_TAG_END)
			return true;
		if (size < 8 || size > total - off)
			return false;
		parse_tag(base + off, type, size, bi);
		off += ((uint64_t)size + 7) & ~7ull;
	}
	return true;
}
