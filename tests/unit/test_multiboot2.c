/* The multiboot2 information parser (kernel/multiboot2.c) on hand-built info
 * structures. Each is parsed from a heap copy of exactly its total size, so a read
 * past it is an ASan report. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "multiboot2.h"

static uint8_t buf[4096] __attribute__((aligned(8)));
static size_t pos;
static uint8_t *copy;
static struct boot_info bi;

static void put32(size_t at, uint32_t v) { memcpy(buf + at, &v, 4); }
static void put64(size_t at, uint64_t v) { memcpy(buf + at, &v, 8); }

static void begin(void)
{
	memset(buf, 0, sizeof(buf));
	pos = 8;
}

/* A tag with n payload bytes; returns the payload's offset. Tags start 8-aligned. */
static size_t tag(uint32_t type, const void *payload, uint32_t n)
{
	size_t at = pos;
	put32(at, type);
	put32(at + 4, 8 + n);
	if (payload)
		memcpy(buf + at + 8, payload, n);
	pos = (at + 8 + n + 7) & ~(size_t)7;
	return at + 8;
}

static bool parse_total(uint32_t total)
{
	put32(0, total);
	free(copy);
	copy = malloc(total < 8 ? 8 : total);
	memcpy(copy, buf, total < 8 ? 8 : total);
	return multiboot2_parse(copy, &bi);
}

/* With the end tag, total = everything written. */
static bool parse(void)
{
	tag(MB2_TAG_END, NULL, 0);
	return parse_total((uint32_t)pos);
}

static int teardown(void **state)
{
	free(copy);
	copy = NULL;
	return 0;
}

static void empty(void **state)
{
	begin();
	assert_true(parse());
	assert_string_equal(bi.cmdline, "");
	assert_string_equal(bi.loader, "");
	assert_false(bi.uefi);
	assert_false(bi.has_framebuffer);
	assert_null(bi.rsdp);
	assert_int_equal(bi.memory_bytes, 0);
}

static void cmdline_and_loader(void **state)
{
	begin();
	tag(MB2_TAG_CMDLINE, "bench=none dump=acpi", 21);
	tag(MB2_TAG_LOADER, "GRUB 2.06", 10);
	tag(99, "unknown tags are skipped", 25);
	assert_true(parse());
	assert_string_equal(bi.cmdline, "bench=none dump=acpi");
	assert_string_equal(bi.loader, "GRUB 2.06");
}

/* A string tag whose bytes hold no NUL would make every reader of the string run
 * on past the tag (here: past the whole information). It is ignored. */
static void string_without_nul(void **state)
{
	begin();
	tag(MB2_TAG_LOADER, "GRUB", 5);
	size_t at = tag(MB2_TAG_CMDLINE, "bench=none", 10);
	assert_true(parse_total((uint32_t)(at + 10)));   /* no end tag, no padding */
	assert_string_equal(bi.cmdline, "");
	assert_string_equal(bi.loader, "GRUB");
}

static void mmap_sum(void **state)
{
	begin();
	size_t at = tag(MB2_TAG_MMAP, NULL, 8 + 3 * 24);
	put32(at, 24);                                    /* entry_size */
	put32(at + 4, 0);                                 /* entry_version */
	uint64_t base[] = { 0, 0xf0000, 0x100000 };
	uint64_t len[] = { 0x9fc00, 0x10000, 0x7ee0000 };
	uint32_t type[] = { MB2_MMAP_AVAILABLE, 2, MB2_MMAP_AVAILABLE };
	for (int i = 0; i < 3; i++) {
		put64(at + 8 + 24 * i, base[i]);
		put64(at + 16 + 24 * i, len[i]);
		put32(at + 24 + 24 * i, type[i]);
	}
	assert_true(parse());
	assert_int_equal(bi.memory_bytes, 0x9fc00 + 0x7ee0000);
}

/* entry_size must only be at least 24; one not a multiple of 8 leaves the 64-bit
 * fields unaligned (UBSan reports an unaligned load through a uint64_t pointer). */
static void mmap_odd_entry_size(void **state)
{
	begin();
	size_t at = tag(MB2_TAG_MMAP, NULL, 8 + 2 * 28);
	put32(at, 28);
	for (int i = 0; i < 2; i++) {
		memcpy(buf + at + 8 + 28 * i + 8, &(uint64_t){ 0x1000 << i }, 8);
		put32(at + 24 + 28 * i, MB2_MMAP_AVAILABLE);
	}
	assert_true(parse());
	assert_int_equal(bi.memory_bytes, 0x3000);
}

/* Found by fuzz_multiboot2: an entry_size near 2^32 made "off + entry_size" wrap,
 * and an entry was read past the tag and the information (ASan). */
static void mmap_entry_size_wraps(void **state)
{
	begin();
	size_t at = tag(MB2_TAG_MMAP, NULL, 8 + 8);
	put32(at, 0xfffffffd);
	assert_true(parse_total((uint32_t)(at + 16)));
	assert_int_equal(bi.memory_bytes, 0);
}

static void mmap_malformed(void **state)
{
	begin();
	size_t at = tag(MB2_TAG_MMAP, NULL, 8 + 24);
	put32(at, 16);                                    /* entry_size too small */
	put32(at + 24, MB2_MMAP_AVAILABLE);
	tag(MB2_TAG_MMAP, NULL, 4);                       /* too short for entry_size */
	assert_true(parse());
	assert_int_equal(bi.memory_bytes, 0);
}

static size_t fb_common(uint8_t type, uint32_t n)
{
	size_t at = tag(MB2_TAG_FRAMEBUFFER, NULL, n);
	put64(at, 0xfd000000);
	put32(at + 8, 4096);
	put32(at + 12, 1024);
	put32(at + 16, 768);
	buf[at + 20] = type == 1 ? 32 : 16;
	buf[at + 21] = type;
	return at;
}

static void framebuffer_rgb(void **state)
{
	begin();
	size_t at = fb_common(1, 30);
	static const uint8_t layout[] = { 16, 8, 8, 8, 0, 8 };
	memcpy(buf + at + 24, layout, 6);
	assert_true(parse());
	assert_true(bi.has_framebuffer);
	assert_int_equal(bi.fb.addr, 0xfd000000);
	assert_int_equal(bi.fb.pitch, 4096);
	assert_int_equal(bi.fb.width, 1024);
	assert_int_equal(bi.fb.height, 768);
	assert_int_equal(bi.fb.bpp, 32);
	assert_int_equal(bi.fb.type, 1);
	assert_int_equal(bi.fb.red_pos, 16);
	assert_int_equal(bi.fb.green_pos, 8);
	assert_int_equal(bi.fb.blue_pos, 0);
	assert_int_equal(bi.fb.blue_size, 8);
}

static void framebuffer_ega_text(void **state)
{
	begin();
	size_t at = fb_common(2, 24);
	put64(at, 0xb8000);
	put32(at + 12, 80);
	put32(at + 16, 25);
	assert_true(parse());
	assert_true(bi.has_framebuffer);
	assert_int_equal(bi.fb.type, 2);
	assert_int_equal(bi.fb.addr, 0xb8000);
	assert_int_equal(bi.fb.width, 80);
	assert_int_equal(bi.fb.height, 25);
	assert_int_equal(bi.fb.red_size, 0);
}

static void framebuffer_too_short(void **state)
{
	begin();
	fb_common(1, 22);
	assert_true(parse());
	assert_false(bi.has_framebuffer);
}

static void efi_tags_mean_uefi(void **state)
{
	begin();
	tag(MB2_TAG_EFI64, &(uint64_t){ 0x7f9e018 }, 8);
	assert_true(parse());
	assert_true(bi.uefi);
	assert_int_equal(bi.efi_system_table, 0x7f9e018);
	begin();
	tag(MB2_TAG_EFI32, &(uint32_t){ 0x7f9e018 }, 4);
	assert_true(parse());
	assert_true(bi.uefi);
	assert_int_equal(bi.efi_system_table, 0x7f9e018);
	begin();
	tag(MB2_TAG_EFI64, NULL, 0);            /* no room for the pointer */
	assert_true(parse());
	assert_true(bi.uefi);
	assert_int_equal(bi.efi_system_table, 0);
}

/* Multiboot2 3.6.15: major, minor, 6 reserved bytes, then the entry point copy. */
static void smbios_tag(void **state)
{
	static const uint8_t payload[8 + 31] = { 2, 8, 0, 0, 0, 0, 0, 0, '_', 'S', 'M', '_' };
	begin();
	size_t at = tag(MB2_TAG_SMBIOS, payload, sizeof(payload));
	assert_true(parse());
	assert_ptr_equal(bi.smbios, copy + at + 8);
	assert_int_equal(bi.smbios_len, 31);
	begin();
	tag(MB2_TAG_SMBIOS, payload, 8);        /* the header alone */
	assert_true(parse());
	assert_null(bi.smbios);
}

static const uint8_t rsdp_v1[20] = "RSD PTR ";
static const uint8_t rsdp_v2[36] = "RSD PTR ";

static void acpi_new_preferred(void **state)
{
	begin();
	size_t old = tag(MB2_TAG_ACPI_OLD, rsdp_v1, 20);
	size_t new = tag(MB2_TAG_ACPI_NEW, rsdp_v2, 36);
	assert_true(parse());
	assert_ptr_equal(bi.rsdp, copy + new);
	assert_int_equal(bi.rsdp_len, 36);
	assert_true(bi.rsdp_new);

	begin();
	new = tag(MB2_TAG_ACPI_NEW, rsdp_v2, 36);
	old = tag(MB2_TAG_ACPI_OLD, rsdp_v1, 20);
	assert_true(parse());
	assert_ptr_equal(bi.rsdp, copy + new);
	assert_true(bi.rsdp_new);

	begin();
	old = tag(MB2_TAG_ACPI_OLD, rsdp_v1, 20);
	assert_true(parse());
	assert_ptr_equal(bi.rsdp, copy + old);
	assert_int_equal(bi.rsdp_len, 20);
	assert_false(bi.rsdp_new);
}

static void tag_size_below_8(void **state)
{
	begin();
	tag(MB2_TAG_CMDLINE, "x", 2);
	size_t at = pos;
	tag(MB2_TAG_LOADER, "y", 2);
	put32(at + 4, 7);
	assert_false(parse());
}

static void tag_past_total(void **state)
{
	begin();
	size_t at = tag(MB2_TAG_CMDLINE, "bench=none", 11);
	assert_false(parse_total((uint32_t)(at + 4)));
	assert_string_equal(bi.cmdline, "");
}

static void total_below_16(void **state)
{
	begin();
	tag(MB2_TAG_END, NULL, 0);
	assert_true(parse_total(16));
	for (uint32_t total = 0; total < 16; total++)
		assert_false(parse_total(total));
}

/* A walk that ends without an end tag but inside the total is accepted. */
static void no_end_tag(void **state)
{
	begin();
	tag(MB2_TAG_LOADER, "GRUB", 5);
	assert_true(parse_total((uint32_t)pos));
	assert_string_equal(bi.loader, "GRUB");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(empty, teardown),
		cmocka_unit_test_teardown(cmdline_and_loader, teardown),
		cmocka_unit_test_teardown(string_without_nul, teardown),
		cmocka_unit_test_teardown(mmap_sum, teardown),
		cmocka_unit_test_teardown(mmap_odd_entry_size, teardown),
		cmocka_unit_test_teardown(mmap_entry_size_wraps, teardown),
		cmocka_unit_test_teardown(mmap_malformed, teardown),
		cmocka_unit_test_teardown(framebuffer_rgb, teardown),
		cmocka_unit_test_teardown(framebuffer_ega_text, teardown),
		cmocka_unit_test_teardown(framebuffer_too_short, teardown),
		cmocka_unit_test_teardown(efi_tags_mean_uefi, teardown),
		cmocka_unit_test_teardown(smbios_tag, teardown),
		cmocka_unit_test_teardown(acpi_new_preferred, teardown),
		cmocka_unit_test_teardown(tag_size_below_8, teardown),
		cmocka_unit_test_teardown(tag_past_total, teardown),
		cmocka_unit_test_teardown(total_below_16, teardown),
		cmocka_unit_test_teardown(no_end_tag, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
