/* The SMBIOS parser (kernel/smbios.c) on real tables dumped from QEMU 7.2
 * (tests/unit/smbios/, see its README), then on copies corrupted one way at a time,
 * in the fake physical address space of fake_phys.h. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "smbios.h"
#include "fake_phys.h"

#ifndef SMBIOS_FIXTURES
#define SMBIOS_FIXTURES "tests/unit/smbios"
#endif

#define EP 0                    /* mem[EP]: the entry point, mem[TABLE]: the table */
#define TABLE 1

static struct smbios_info info;

static void unload(void) { free_regions(); }

/* The entry point (first line of the index) and the table (second) as regions. */
static void load(const char *platform)
{
	char path[512], line[256];
	unload();
	snprintf(path, sizeof(path), "%s/%s/index", SMBIOS_FIXTURES, platform);
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot open %s", path);
	while (fgets(line, sizeof(line), f)) {
		char name[8], file[64];
		unsigned long long addr;
		unsigned length;
		if (line[0] == '#' || sscanf(line, "%7s %llx %u %63s", name, &addr, &length, file) != 4)
			continue;
		assert_true(n_mem < MAX_REGIONS);
		snprintf(path, sizeof(path), "%s/%s/%s", SMBIOS_FIXTURES, platform, file);
		struct region *r = &mem[n_mem++];
		snprintf(r->sig, sizeof(r->sig), "%s", name);
		r->phys = addr;
		r->data = read_file(path, &r->len);
		assert_int_equal(r->len, length);
	}
	fclose(f);
	assert_int_equal(n_mem, 2);
}

static void parse(void)
{
	smbios_parse(mem[EP].data, mem[EP].len, mem[EP].phys, "test", fake_map, &info);
}

static bool is3(void) { return !memcmp(mem[EP].data, "_SM3_", 5); }

/* 3.x: one checksum at 5; 2.x: the intermediate one (0x15, over 0x10-0x1e) first,
 * then the outer one at 4. */
static void fix_ep_checksum(void)
{
	uint8_t *ep = mem[EP].data;
	if (is3()) {
		fix_checksum(ep, ep[6], 5);
		return;
	}
	fix_checksum(ep + 0x10, 0x0f, 5);
	fix_checksum(ep, ep[5], 4);
}

/* Set the table length the entry point declares (checksums fixed). */
static void set_table_len(uint32_t len)
{
	uint8_t *ep = mem[EP].data;
	if (is3())
		memcpy(ep + 0x0c, &len, 4);
	else
		memcpy(ep + 0x16, &(uint16_t){ (uint16_t)len }, 2);
	fix_ep_checksum();
}

/* The offset in the table of the first structure of a type. */
static size_t find_structure(uint8_t type)
{
	const uint8_t *t = mem[TABLE].data;
	size_t off = 0;
	while (off + 4 <= mem[TABLE].len && t[off] != type) {
		off += t[off + 1];
		while (t[off] || t[off + 1])
			off++;
		off += 2;
	}
	assert_true(off + 4 <= mem[TABLE].len);
	return off;
}

static bool has_problem(const char *what)
{
	for (unsigned i = 0; i < info.n_problems; i++)
		if (strstr(info.problems[i].what, what))
			return true;
	return false;
}

/* ---- real tables ---- */

static void expect_qemu_q35(void)
{
	assert_int_equal(info.n_problems, 0);
	assert_true(info.structures >= 8);
	assert_string_equal(info.sys_product, "Standard PC (Q35 + ICH9, 2009)");
	assert_string_equal(info.sys_version, "pc-q35-7.2");
}

/* -smbios type=1,manufacturer=Acme-Labs,product=TB-9000,version=rev.4 */
static void expect_injected(void)
{
	assert_int_equal(info.n_problems, 0);
	assert_string_equal(info.sys_manufacturer, "Acme-Labs");
	assert_string_equal(info.sys_product, "TB-9000");
	assert_string_equal(info.sys_version, "rev.4");
	assert_string_equal(info.sys_uuid, "");         /* QEMU's default: all zeros */
	assert_string_equal(info.board_manufacturer, "");
}

static void seabios_2x(void **state)
{
	load("q35-seabios");
	parse();
	expect_injected();
	assert_string_equal(info.anchor, "_SM_");
	assert_int_equal(info.major, 2);
	assert_int_equal(info.minor, 8);
	assert_int_equal(info.table_addr, mem[TABLE].phys);
	assert_string_equal(info.bios_vendor, "SeaBIOS");
	assert_string_equal(info.bios_version, "1.16.2-debian-1.16.2-1");
	assert_string_equal(info.bios_date, "04/01/2014");
}

static void ovmf_2x(void **state)
{
	load("q35-ovmf");
	parse();
	expect_injected();
	assert_string_equal(info.anchor, "_SM_");
	assert_string_equal(info.bios_vendor, "EFI Development Kit II / OVMF");
	assert_string_equal(info.bios_date, "02/06/2015");
}

/* smbios-entry-point-type=64, -smbios type=2,..., -uuid 12345678-9abc-def0-1122-334455667788 */
static void expect_sm3(void)
{
	expect_qemu_q35();
	assert_string_equal(info.anchor, "_SM3_");
	assert_int_equal(info.major, 3);
	assert_string_equal(info.sys_manufacturer, "QEMU");
	assert_string_equal(info.sys_uuid, "12345678-9abc-def0-1122-334455667788");
	assert_string_equal(info.board_manufacturer, "Board-Co");
	assert_string_equal(info.board_product, "BB-1");
	assert_string_equal(info.board_version, "v2");
}

static void seabios_3x(void **state)
{
	load("q35-seabios-sm3");
	parse();
	expect_sm3();
	assert_string_equal(info.bios_vendor, "SeaBIOS");
}

static void ovmf_3x(void **state)
{
	load("q35-ovmf-sm3");
	parse();
	expect_sm3();
	assert_string_equal(info.bios_vendor, "EFI Development Kit II / OVMF");
}

/* The entry point placed in a zeroed F segment is found there, the 64-bit one first. */
static void bios_area_scan(void **state)
{
	load("q35-seabios");
	assert_int_equal(mem[EP].phys & ~0xffffull, 0xf0000);
	uint8_t *area = calloc(1, 0x10000);
	memcpy(area + (mem[EP].phys - 0xf0000), mem[EP].data, mem[EP].len);
	free(mem[EP].data);
	mem[EP] = (struct region){ "fseg", 0xf0000, 0x10000, area };
	assert_int_equal(smbios_scan_bios_area(fake_map), 0xf5a10);
	memcpy(area + 0xffe0, "_SM3_", 5);     /* the last place a 3.x one fits */
	assert_int_equal(smbios_scan_bios_area(fake_map), 0xfffe0);
	memset(area, 0, 0x10000);
	assert_int_equal(smbios_scan_bios_area(fake_map), 0);
	unload();
	assert_int_equal(smbios_scan_bios_area(fake_map), 0);   /* nothing mapped */
}

/* A 64-bit EFI system table ("IBI SYST", NumberOfTableEntries at 104,
 * ConfigurationTable at 112) whose configuration table lists guids[i] -> ptrs[i]. */
static const uint8_t guid_v3[16] = { 0x44, 0x15, 0xfd, 0xf2, 0x94, 0x97, 0x2c, 0x4a,
				     0x99, 0x2e, 0xe5, 0xbb, 0xcf, 0x20, 0xe3, 0x94 };
static const uint8_t guid_v2[16] = { 0x31, 0x2d, 0x9d, 0xeb, 0x88, 0x2d, 0xd3, 0x11,
				     0x9a, 0x16, 0x00, 0x90, 0x27, 0x3f, 0xc1, 0x4d };
static const uint8_t guid_acpi[16] = { 0x71, 0xe8, 0x68, 0x88, 0xf1, 0xe4, 0xd3, 0x11,
				       0xbc, 0x22, 0x00, 0x80, 0xc7, 0x3c, 0x88, 0x81 };

static void efi_tables(const uint8_t *const guids[], const uint64_t ptrs[], uint64_t n,
		       uint64_t claimed)
{
	unload();
	uint8_t *st = calloc(1, 120), *ct = calloc(n ? n : 1, 24);
	memcpy(st, "IBI SYST", 8);
	memcpy(st + 104, &claimed, 8);
	memcpy(st + 112, &(uint64_t){ 0x3000 }, 8);
	for (uint64_t i = 0; i < n; i++) {
		memcpy(ct + 24 * i, guids[i], 16);
		memcpy(ct + 24 * i + 16, &ptrs[i], 8);
	}
	mem[n_mem++] = (struct region){ "SYST", 0x2000, 120, st };
	mem[n_mem++] = (struct region){ "config", 0x3000, 24 * n, ct };
}

static void efi_configuration_table(void **state)
{
	efi_tables((const uint8_t *const[]){ guid_acpi, guid_v2, guid_v3 },
		   (const uint64_t[]){ 0x111, 0x222, 0x333 }, 3, 3);
	assert_int_equal(smbios_find_efi(0x2000, fake_map), 0x333);    /* 3.x preferred */
	efi_tables((const uint8_t *const[]){ guid_acpi, guid_v2 },
		   (const uint64_t[]){ 0x111, 0x222 }, 2, 2);
	assert_int_equal(smbios_find_efi(0x2000, fake_map), 0x222);
	efi_tables((const uint8_t *const[]){ guid_acpi }, (const uint64_t[]){ 0x111 }, 1, 1);
	assert_int_equal(smbios_find_efi(0x2000, fake_map), 0);
	assert_int_equal(smbios_find_efi(0, fake_map), 0);
	/* A count past the mapped configuration table, an absurd count, a wrong signature. */
	efi_tables((const uint8_t *const[]){ guid_v2 }, (const uint64_t[]){ 0x222 }, 1, 2);
	assert_int_equal(smbios_find_efi(0x2000, fake_map), 0);
	efi_tables((const uint8_t *const[]){ guid_v2 }, (const uint64_t[]){ 0x222 }, 1, 1ull << 60);
	assert_int_equal(smbios_find_efi(0x2000, fake_map), 0);
	efi_tables((const uint8_t *const[]){ guid_v2 }, (const uint64_t[]){ 0x222 }, 1, 1);
	mem[0].data[0] = 'X';
	assert_int_equal(smbios_find_efi(0x2000, fake_map), 0);
	unload();
}

/* ---- hostile copies: each is reported, and what it holds is not used ---- */

static void expect_refused(const char *what)
{
	if (!has_problem(what))
		fail_msg("no problem \"%s\" (%u problems, first: %s)", what, info.n_problems,
			 info.n_problems ? info.problems[0].what : "-");
	assert_string_equal(info.sys_manufacturer, "");
}

static void bad_entry_point(void **state)
{
	load("q35-seabios");
	mem[EP].data[0x12] ^= 1;                /* inside _DMI_, outer checksum now wrong */
	parse();
	expect_refused("entry point checksum bad");
	mem[EP].data[0x10] = 'X';               /* the outer sum right, _DMI_ gone */
	fix_checksum(mem[EP].data, mem[EP].data[5], 4);
	parse();
	expect_refused("_DMI_");
	load("q35-seabios-sm3");
	mem[EP].data[6] = 0xff;                 /* length past the copy */
	parse();
	expect_refused("entry point length impossible");
	mem[EP].data[0] = '-';
	parse();
	expect_refused("no entry point anchor");
	smbios_parse(mem[EP].data, 10, mem[EP].phys, "test", fake_map, &info);  /* too short */
	expect_refused("no entry point anchor");
	smbios_parse(NULL, 0, 0, "test", fake_map, &info);
	assert_string_equal(info.source, "none");
	assert_int_equal(info.n_problems, 0);
	unload();
}

static void bad_table_bounds(void **state)
{
	load("q35-ovmf");
	set_table_len((uint32_t)mem[TABLE].len + 1);   /* one byte past what exists */
	parse();
	expect_refused("cannot be mapped");
	set_table_len(0);
	parse();
	expect_refused("length impossible");
	load("q35-ovmf-sm3");
	uint64_t far = 0xdead00000000ull;
	memcpy(mem[EP].data + 0x10, &far, 8);
	fix_ep_checksum();
	parse();
	expect_refused("cannot be mapped");
	set_table_len(SMBIOS_MAX_TABLE_LEN + 1);
	parse();
	expect_refused("length impossible");
	unload();
}

static void bad_structures(void **state)
{
	load("q35-seabios");
	size_t sys = find_structure(1);
	mem[TABLE].data[sys + 1] = 3;           /* shorter than its own header */
	parse();
	expect_refused("shorter than its header");
	load("q35-seabios");
	mem[TABLE].data[sys + 1] = 0xff;        /* formatted area past the table's end */
	set_table_len((uint32_t)sys + 0x40);
	parse();
	expect_refused("runs past the table");
	load("q35-seabios");
	set_table_len((uint32_t)sys + 0x1b + 4);  /* cut inside the system strings */
	parse();
	expect_refused("unterminated strings");
	unload();
}

static void bad_strings(void **state)
{
	load("q35-seabios");
	size_t sys = find_structure(1);
	mem[TABLE].data[sys + 4] = 9;           /* manufacturer: string 9 of 3 */
	mem[TABLE].data[sys + 0x1b + 1] = 0x07; /* a control byte in "Acme-Labs" */
	parse();
	assert_true(has_problem("string number past"));
	assert_string_equal(info.sys_manufacturer, "");
	assert_string_equal(info.sys_product, "TB-9000");
	assert_string_equal(info.bios_vendor, "SeaBIOS");       /* the rest is used */
	mem[TABLE].data[sys + 4] = 1;
	parse();
	assert_string_equal(info.sys_manufacturer, "A?me-Labs");
	unload();
}

/* Padding blanks go, long strings are cut, the result stays terminated. */
static void string_limits(void **state)
{
	static uint8_t table[200];
	static const uint8_t head[] = { 1, 8, 0, 0, 1, 2, 0, 0 };
	memset(table, 0, sizeof(table));
	memcpy(table, head, sizeof(head));
	size_t off = sizeof(head);
	memcpy(table + off, "  Padded Inc.   ", 17);
	off += 17;
	memset(table + off, 'x', 100);
	off += 101 + 1;                         /* its NUL and the set's */
	table[off] = 127;
	table[off + 1] = 4;
	off += 6;
	uint8_t ep[0x18] = "_SM3_";
	ep[6] = 0x18;
	ep[7] = 3;
	memcpy(ep + 0x0c, &(uint32_t){ (uint32_t)off }, 4);
	memcpy(ep + 0x10, &(uint64_t){ 0x9000 }, 8);
	uint8_t sum = 0;
	for (int i = 0; i < 0x18; i++)
		sum = (uint8_t)(sum + ep[i]);
	ep[5] = (uint8_t)-sum;
	unload();
	uint8_t *copy = malloc(off);
	memcpy(copy, table, off);
	mem[n_mem++] = (struct region){ "table", 0x9000, off, copy };
	smbios_parse(ep, sizeof(ep), 0x100, "test", fake_map, &info);
	assert_int_equal(info.n_problems, 0);
	assert_int_equal(info.structures, 2);
	assert_string_equal(info.sys_manufacturer, "Padded Inc.");
	assert_int_equal(strlen(info.sys_product), SMBIOS_STR_MAX - 1);
	assert_string_equal(info.sys_version, "");              /* string number 0 */
	unload();
}

static void identity_id(void **state)
{
	char id[9];
	smbios_identity_id((const char *const[]){ "Acme-Labs", "TB-9000" }, 2, id);
	assert_string_equal(id, "94d9c6d1");    /* python3: zlib.crc32(b"Acme-Labs\nTB-9000") */
	smbios_identity_id(NULL, 0, id);
	assert_string_equal(id, "00000000");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(seabios_2x),
		cmocka_unit_test(ovmf_2x),
		cmocka_unit_test(seabios_3x),
		cmocka_unit_test(ovmf_3x),
		cmocka_unit_test(bios_area_scan),
		cmocka_unit_test(efi_configuration_table),
		cmocka_unit_test(bad_entry_point),
		cmocka_unit_test(bad_table_bounds),
		cmocka_unit_test(bad_structures),
		cmocka_unit_test(bad_strings),
		cmocka_unit_test(string_limits),
		cmocka_unit_test(identity_id),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
