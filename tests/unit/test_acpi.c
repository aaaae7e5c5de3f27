/* The ACPI parser (arch/x86/acpi.c) on real tables dumped from QEMU 7.2
 * (tests/unit/acpi/, see its README), then on copies corrupted one way at a time.
 *
 * The fake physical address space is a list of regions, each exactly one table's
 * bytes in its own heap block: the map callback returns memory only when the whole
 * range lies inside one region, so any read past a table is an ASan report. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "acpi.h"
#include "fake_phys.h"

#ifndef ACPI_FIXTURES
#define ACPI_FIXTURES "tests/unit/acpi"
#endif

static uint8_t *rsdp;
static size_t rsdp_len;
static struct acpi_info info;

static void unload(void)
{
	free_regions();
	free(rsdp);
	rsdp = NULL;
}

/* Rebuild a platform's address space from its index; the RSDP stays apart (the
 * parser is handed its copy, as the kernel is by the multiboot2 tag). */
static void load(const char *platform)
{
	char path[512], line[256];
	unload();
	snprintf(path, sizeof(path), "%s/%s/index", ACPI_FIXTURES, platform);
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot open %s", path);
	while (fgets(line, sizeof(line), f)) {
		char sig[8], file[64];
		unsigned long long phys;
		size_t len, flen;
		if (line[0] == '#')
			continue;
		assert_int_equal(sscanf(line, "%4s 0x%llx %zu %63s", sig, &phys, &len, file), 4);
		snprintf(path, sizeof(path), "%s/%s/%s", ACPI_FIXTURES, platform, file);
		uint8_t *data = read_file(path, &flen);
		assert_int_equal(flen, len);
		if (!strcmp(sig, "RSDP")) {
			rsdp = data;
			rsdp_len = len;
			continue;
		}
		assert_true(n_mem < MAX_REGIONS);
		struct region *r = &mem[n_mem++];
		memcpy(r->sig, sig, 5);
		r->phys = phys;
		r->len = len;
		r->data = data;
	}
	fclose(f);
	assert_non_null(rsdp);
}

static struct region *table(const char *sig)
{
	for (unsigned i = 0; i < n_mem; i++)
		if (!strcmp(mem[i].sig, sig))
			return &mem[i];
	fail_msg("no %s table", sig);
	return NULL;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> 8 * i);
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

static void parse(void)
{
	acpi_parse(rsdp, rsdp_len, "test", fake_map, &info);
}

/* Exactly one problem, and it is this one. */
static void assert_problem(const char *sig, uint64_t addr, const char *what)
{
	assert_int_equal(info.n_problems, 1);
	assert_string_equal(info.problems[0].signature, sig);
	assert_int_equal(info.problems[0].addr, addr);
	assert_string_equal(info.problems[0].what, what);
}

static int teardown(void **state)
{
	unload();
	return 0;
}

/* ---- the real tables ---------------------------------------------------- */

struct expect {
	const char *platform, *tables;
	uint8_t revision;
	bool xsdt, hpet;
	uint16_t pm_timer_port;
};

static void check_platform(const struct expect *x)
{
	load(x->platform);
	parse();
	assert_int_equal(info.n_problems, 0);
	assert_string_equal(info.rsdp_source, "test");
	assert_string_equal(info.tables, x->tables);
	assert_int_equal(info.rsdp_revision, x->revision);
	assert_int_equal(info.xsdt, x->xsdt);

	assert_true(info.has_madt);
	assert_int_equal(info.lapic_addr, 0xfee00000);
	assert_true(info.madt_flags & ACPI_MADT_PCAT_COMPAT);
	assert_int_equal(info.n_ioapics, 1);
	assert_int_equal(info.ioapics[0].addr, 0xfec00000);
	assert_int_equal(info.ioapics[0].gsi_base, 0);
	assert_int_equal(info.n_cpus, 1);
	assert_int_equal(info.cpu_apic_ids[0], 0);
	assert_true(info.isa[0].overridden);
	assert_int_equal(info.isa[0].gsi, 2);
	assert_false(info.isa[1].overridden);
	assert_int_equal(info.isa[1].gsi, 1);

	assert_int_equal(info.has_hpet, x->hpet);
	assert_int_equal(info.hpet_addr, x->hpet ? 0xfed00000 : 0);

	assert_true(info.has_fadt);
	assert_int_equal(info.pm_timer_port, x->pm_timer_port);
	assert_int_equal(info.pm_timer_space, ACPI_GAS_SYSTEM_IO);
	assert_int_equal(info.pm_timer_addr, x->pm_timer_port);
	assert_false(info.pm_timer_32bit);
	assert_false(info.hw_reduced);
	assert_false(info.rsdt_fallback);
	assert_true(acpi_has_8259(&info));

	/* QEMU's MADT: one local APIC NMI entry, every CPU, LINT1, bus-default flags. */
	assert_int_equal(info.cpu_uids[0], 0);
	assert_int_equal(info.cpus_invalid_id, 0);
	assert_int_equal(info.cpus_beyond_max, 0);
	assert_int_equal(info.n_nmis, 1);
	assert_int_equal(info.nmis[0].uid, ACPI_NMI_ALL_CPUS);
	assert_int_equal(info.nmis[0].lint, 1);
	assert_int_equal(info.nmis[0].flags, 0);
	assert_ptr_equal(acpi_nmi_for(&info, 0), &info.nmis[0]);
	assert_false(info.has_dmar);
	assert_int_equal(info.has_spcr, strstr(x->tables, "SPCR") != NULL);
}

static const struct expect pc_seabios = {
	"pc-seabios", "FACP,APIC,HPET,WAET", 0, false, true, 0x608 };
static const struct expect q35_seabios = {
	"q35-seabios", "FACP,APIC,HPET,MCFG,WAET", 0, false, true, 0x608 };
static const struct expect pc_ovmf = {
	"pc-ovmf", "FACP,APIC,HPET,WAET,BGRT", 2, true, true, 0xb008 };
static const struct expect q35_ovmf = {
	"q35-ovmf", "FACP,APIC,HPET,MCFG,WAET,BGRT", 2, true, true, 0x608 };
static const struct expect q35_hpet_off = {
	"q35-seabios-hpet-off", "FACP,APIC,MCFG,WAET", 0, false, false, 0x608 };

static const struct expect q35_spcr = {
	"q35-seabios-spcr", "FACP,APIC,HPET,MCFG,WAET,SPCR", 0, false, true, 0x608 };

static void real_pc_seabios(void **state) { check_platform(&pc_seabios); }
static void real_q35_spcr(void **state) { check_platform(&q35_spcr); }
static void real_q35_seabios(void **state) { check_platform(&q35_seabios); }
static void real_pc_ovmf(void **state) { check_platform(&pc_ovmf); }
static void real_q35_ovmf(void **state) { check_platform(&q35_ovmf); }
static void real_q35_hpet_off(void **state) { check_platform(&q35_hpet_off); }

static void hpet_fields(void **state)
{
	load("q35-ovmf");
	parse();
	assert_int_equal(info.hpet_number, 0);
	assert_int_equal(info.hpet_block_id >> 16, 0x8086);   /* PCI vendor ID */
	assert_int_equal(info.fadt_revision, table("FACP")->data[8]);
}

/* SeaBIOS's RSDP found the legacy way, in 0xe0000-0xfffff. */
static void bios_area_scan(void **state)
{
	load("pc-seabios");
	assert_true(n_mem + 1 < MAX_REGIONS);
	struct region *r = &mem[n_mem++];
	*r = (struct region){ "BIOS", 0xe0000, 0x20000, calloc(1, 0x20000) };
	memcpy(r->data + 0x15a10, rsdp, rsdp_len);
	const uint8_t *found = acpi_scan_bios_area(fake_map);
	assert_ptr_equal(found, r->data + 0x15a10);
	acpi_parse(found, 0x20000 - 0x15a10, "bios-scan", fake_map, &info);
	assert_string_equal(info.tables, pc_seabios.tables);
}

/* ---- corrupted copies ----------------------------------------------------- */

/* A table with a wrong checksum is reported and unused; the others still count. */
static void bad_checksum(const char *platform, const char *sig)
{
	load(platform);
	struct region *t = table(sig);
	t->data[t->len - 1] ^= 0x40;
	parse();
	assert_problem(sig, t->phys, "bad checksum");
	assert_null(strstr(info.tables, sig));
	assert_int_equal(info.has_hpet, strcmp(sig, "HPET") != 0);
	assert_int_equal(info.has_madt, strcmp(sig, "APIC") != 0);
	assert_int_equal(info.has_fadt, strcmp(sig, "FACP") != 0);
	assert_non_null(strstr(info.tables, "WAET"));
}

static void bad_checksum_hpet(void **state) { bad_checksum("q35-seabios", "HPET"); }
static void bad_checksum_apic(void **state)
{
	bad_checksum("pc-ovmf", "APIC");
	assert_int_equal(info.n_ioapics, 0);
	assert_int_equal(info.isa[0].gsi, 0);          /* the ISA defaults stand */
	assert_int_equal(info.pm_timer_port, 0xb008);
}
static void bad_checksum_facp(void **state)
{
	bad_checksum("q35-ovmf", "FACP");
	assert_int_equal(info.pm_timer_port, 0);
	assert_int_equal(info.hpet_addr, 0xfed00000);
}

static void bad_checksum_root(const char *platform, const char *sig)
{
	load(platform);
	struct region *t = table(sig);
	t->data[20] ^= 1;                             /* OEM ID */
	parse();
	assert_problem(sig, t->phys, "bad checksum");
	assert_string_equal(info.tables, "");
	assert_false(info.has_madt || info.has_hpet || info.has_fadt);
}

static void bad_checksum_rsdt(void **state) { bad_checksum_root("pc-seabios", "RSDT"); }

/* A broken XSDT: the RSDT the same RSDP gives is used instead, and the XSDT's
 * problem is still reported. */
static void xsdt_falls_back_to_rsdt(void)
{
	struct region *x = table("XSDT");
	parse();
	assert_int_equal(info.n_problems, 1);
	assert_string_equal(info.problems[0].signature, "XSDT");
	assert_int_equal(info.problems[0].addr, x->phys);
	assert_false(info.xsdt);
	assert_true(info.rsdt_fallback);
	assert_string_equal(info.tables, "FACP,APIC,HPET,MCFG,WAET,BGRT");
	assert_true(info.has_madt && info.has_hpet && info.has_fadt);
	assert_int_equal(info.pm_timer_port, 0x608);
}

static void bad_checksum_xsdt(void **state)
{
	load("q35-ovmf");
	table("XSDT")->data[20] ^= 1;                 /* OEM ID */
	xsdt_falls_back_to_rsdt();
	assert_string_equal(info.problems[0].what, "bad checksum");
}

static void impossible_length_xsdt(void **state)
{
	load("q35-ovmf");
	struct region *x = table("XSDT");
	put32(x->data + 4, 35);
	fix_checksum(x->data, x->len, 9);
	xsdt_falls_back_to_rsdt();
	assert_string_equal(info.problems[0].what, "impossible length");
}

/* Both roots broken: two problems, no table. */
static void bad_checksum_xsdt_and_rsdt(void **state)
{
	load("q35-ovmf");
	table("XSDT")->data[20] ^= 1;
	table("RSDT")->data[20] ^= 1;
	parse();
	assert_int_equal(info.n_problems, 2);
	assert_string_equal(info.problems[0].signature, "XSDT");
	assert_string_equal(info.problems[1].signature, "RSDT");
	assert_string_equal(info.problems[1].what, "bad checksum");
	assert_string_equal(info.tables, "");
	assert_false(info.xsdt);
}

/* The length field 0, 35 (shorter than a header) and 2^31 (past any table). */
static void impossible_lengths(void **state)
{
	static const uint32_t lengths[] = { 0, 35, 1u << 31 };
	static const char *const sigs[] = { "HPET", "APIC", "FACP", "RSDT" };
	for (size_t s = 0; s < 4; s++)
		for (size_t l = 0; l < 3; l++) {
			load("q35-seabios");
			struct region *t = table(sigs[s]);
			put32(t->data + 4, lengths[l]);
			fix_checksum(t->data, t->len, 9);
			parse();
			assert_problem(sigs[s], t->phys, "impossible length");
			assert_null(strstr(info.tables, sigs[s]));
			if (s < 3)
				assert_non_null(strstr(info.tables, "MCFG"));
		}
}

/* A length that claims more than was mapped: the map callback refuses it. */
static void length_past_the_mapping(void **state)
{
	load("pc-ovmf");
	struct region *t = table("HPET");
	put32(t->data + 4, (uint32_t)t->len + 1);
	fix_checksum(t->data, t->len, 9);
	parse();
	assert_problem("HPET", t->phys, "cannot be mapped");
	assert_false(info.has_hpet);
	assert_true(info.has_madt && info.has_fadt);
}

/* A table cut short in memory (its header still claims the whole length). */
static void truncated_table(void **state)
{
	load("q35-ovmf");
	struct region *t = table("APIC");
	uint8_t *cut = malloc(40);
	memcpy(cut, t->data, 40);
	free(t->data);
	t->data = cut;
	t->len = 40;
	parse();
	assert_problem("APIC", t->phys, "cannot be mapped");
	assert_false(info.has_madt);
	assert_true(info.has_hpet && info.has_fadt);
}

/* A listed address where nothing can be mapped at all. */
static void unmappable_table(void **state)
{
	load("pc-seabios");
	struct region *t = table("HPET");
	uint64_t addr = t->phys;
	t->phys = 0x1000;                             /* moved away: nothing at addr */
	parse();
	assert_problem("????", addr, "cannot be mapped");
	assert_false(info.has_hpet);
	assert_string_equal(info.tables, "FACP,APIC,WAET");
}

/* A root table moved away (nothing mapped at its address): its problem, and what
 * parse() found without it. */
static void unmappable_root_table(const char *platform, const char *sig)
{
	load(platform);
	struct region *t = table(sig);
	uint64_t addr = t->phys;
	t->phys = 0x1000;
	parse();
	assert_problem(sig, addr, "cannot be mapped");
}

static void unmappable_root(void **state)
{
	unmappable_root_table("pc-seabios", "RSDT");
	assert_string_equal(info.tables, "");
}

/* An XSDT that cannot be mapped: the RSDT instead. */
static void unmappable_xsdt(void **state)
{
	unmappable_root_table("q35-ovmf", "XSDT");
	assert_true(info.rsdt_fallback);
	assert_string_equal(info.tables, "FACP,APIC,HPET,MCFG,WAET,BGRT");
}

/* The MADT's last entry (local APIC NMI, 6 bytes, after the I/O APIC and the
 * overrides) set to run past the table, or to a length under 2. */
static void madt_entry(uint8_t len)
{
	load("q35-seabios");
	struct region *t = table("APIC");
	size_t last = t->len - 6;
	assert_int_equal(t->data[last], 4);
	assert_int_equal(t->data[last + 1], 6);
	t->data[last + 1] = len;
	fix_checksum(t->data, t->len, 9);
	parse();
	assert_problem("APIC", t->phys, "entry runs past the table");
	assert_false(info.has_madt);
	assert_null(strstr(info.tables, "APIC"));
	assert_int_equal(info.n_ioapics, 0);            /* nothing half-parsed is kept */
	assert_int_equal(info.n_cpus, 0);
	assert_int_equal(info.lapic_addr, 0);
	assert_false(info.isa[0].overridden);
	assert_true(info.has_hpet && info.has_fadt);
}

static void madt_entry_past_the_end(void **state) { madt_entry(7); }
static void madt_entry_length_zero(void **state) { madt_entry(0); }
static void madt_entry_length_one(void **state) { madt_entry(1); }

static void bad_rsdp_checksum(void **state)
{
	load("pc-seabios");
	rsdp[8] ^= 1;                                 /* OEM ID */
	parse();
	assert_problem("RSDP", 0, "bad signature, checksum or length");
	assert_string_equal(info.rsdp_source, "none");
	assert_string_equal(info.tables, "");
}

static void bad_rsdp_extended_checksum(void **state)
{
	load("q35-ovmf");
	rsdp[33] ^= 1;                                /* the extended checksum */
	parse();
	assert_problem("RSDP", 0, "bad signature, checksum or length");
}

/* A revision 2 RSDP copy shorter than its own length field says. */
static void short_rsdp_copy(void **state)
{
	load("pc-ovmf");
	acpi_parse(rsdp, 20, "test", fake_map, &info);
	assert_problem("RSDP", 0, "bad signature, checksum or length");
}

static void no_rsdp(void **state)
{
	acpi_parse(NULL, 0, "test", fake_map, &info);
	assert_string_equal(info.rsdp_source, "none");
	assert_int_equal(info.n_problems, 0);
	assert_int_equal(info.isa[5].gsi, 5);
}

/* A listed table whose signature is not printable appears as '?' in the record. */
static void unprintable_signature(void **state)
{
	load("pc-seabios");
	struct region *t = table("WAET");
	t->data[0] = '"';
	t->data[1] = 0x01;
	fix_checksum(t->data, t->len, 9);
	parse();
	assert_int_equal(info.n_problems, 0);
	assert_string_equal(info.tables, "FACP,APIC,HPET,??ET");
}

/* The HPET table with its base in I/O space, and one too short to hold it. */
static void hpet_not_in_memory(void **state)
{
	load("pc-seabios");
	struct region *t = table("HPET");
	t->data[40] = ACPI_GAS_SYSTEM_IO;
	fix_checksum(t->data, t->len, 9);
	parse();
	assert_problem("HPET", t->phys, "base address is not in memory space");
	assert_false(info.has_hpet);
	assert_null(strstr(info.tables, "HPET"));
	assert_int_equal(info.hpet_addr, 0);
}

/* A table whose length field says len, under what its fields need. */
static void cut_short(const char *platform, const char *sig, uint32_t len)
{
	load(platform);
	struct region *t = table(sig);
	put32(t->data + 4, len);
	fix_checksum(t->data, len, 9);
	parse();
	assert_problem(sig, t->phys, "too short");
	assert_null(strstr(info.tables, sig));
}

static void hpet_too_short(void **state)
{
	cut_short("pc-seabios", "HPET", 52);
	assert_false(info.has_hpet);
}

/* ---- SPCR: the console UART the firmware names ----------------------------- */

/* The table QEMU passed on from -acpitable (tests/boot/acpi/spcr-com2.bin): a full
 * 16550 at port 0x2f8 (COM2), byte access, 115200 baud, not a PCI device. */
static void spcr_real(void **state)
{
	load("q35-seabios-spcr");
	parse();
	assert_true(info.has_spcr);
	const struct acpi_spcr *s = &info.spcr;
	assert_int_equal(s->revision, 2);
	assert_int_equal(s->interface_type, ACPI_SPCR_16550);
	assert_int_equal(s->space, ACPI_GAS_SYSTEM_IO);
	assert_int_equal(s->bit_width, 8);
	assert_int_equal(s->access_size, 1);
	assert_int_equal(s->base, 0x2f8);
	assert_int_equal(s->baud_code, 7);
	assert_int_equal(s->baud, 115200);
	assert_int_equal(s->clock_hz, 0);
	assert_int_equal(s->pci_vendor, 0xffff);
	enum uart_access access;
	uint64_t base;
	assert_null(acpi_spcr_uart(s, &access, &base));
	assert_int_equal(access, UART_PORT);
	assert_int_equal(base, 0x2f8);
}

/* The fixture's SPCR with byte `at` set to v (fixed checksum), parsed. */
static struct region *spcr_poke(size_t at, uint8_t v)
{
	struct region *t = table("SPCR");
	t->data[at] = v;
	fix_checksum(t->data, t->len, 9);
	return t;
}

static const char *spcr_verdict(enum uart_access *access, uint64_t *base)
{
	parse();
	assert_true(info.has_spcr);
	return acpi_spcr_uart(&info.spcr, access, base);
}

static void spcr_bad_checksum(void **state) { bad_checksum("q35-seabios-spcr", "SPCR"); }

static void spcr_too_short(void **state)
{
	cut_short("q35-seabios-spcr", "SPCR", 79);
	assert_false(info.has_spcr);
}

/* Interface types and addresses the console cannot use, each with its reason. */
static void spcr_refused(void **state)
{
	static const struct { size_t at; uint8_t v; const char *why; } cases[] = {
		{ 36, ACPI_SPCR_INTEL_LPSS, "Intel LPSS UART (interface type 0x14)" },
		{ 36, 0x03, "not 16550-compatible" },          /* ARM PL011 */
		{ 40, 2, "neither memory nor I/O space" },     /* PCI configuration space */
		{ 43, 3, "I/O-space registers are not 8-bit" },
		{ 46, 0x01, "I/O port is out of range" },      /* port 0x102f8 */
		{ 44, 0, "console redirection is off" },       /* with byte 45 below: base 0 */
	};
	enum uart_access access;
	uint64_t base;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		load("q35-seabios-spcr");
		if (cases[i].at == 44)
			table("SPCR")->data[45] = 0;
		spcr_poke(cases[i].at, cases[i].v);
		const char *why = spcr_verdict(&access, &base);
		if (!why)
			fail_msg("case %zu: accepted", i);
		if (!strstr(why, cases[i].why))
			fail_msg("case %zu: \"%s\" lacks \"%s\"", i, why, cases[i].why);
	}
}

/* Accepted too: 16450 and 16550-with-GAS types; MMIO with 8- and 32-bit registers
 * (the access size, or the bit width when the access size is undefined). */
static void spcr_mmio(void **state)
{
	enum uart_access access;
	uint64_t base;
	load("q35-seabios-spcr");
	spcr_poke(36, ACPI_SPCR_16550_GAS);
	spcr_poke(40, ACPI_GAS_SYSTEM_MEMORY);
	spcr_poke(43, 3);                               /* dword access */
	spcr_poke(49, 0x40);                            /* base 64 TiB + 0x2f8 */
	assert_null(spcr_verdict(&access, &base));
	assert_int_equal(access, UART_MMIO32);
	assert_int_equal(base, 0x4000000002f8ull);
	spcr_poke(43, 0);                               /* undefined: the bit width, 8 */
	assert_null(spcr_verdict(&access, &base));
	assert_int_equal(access, UART_MMIO8);
	spcr_poke(41, 16);
	assert_non_null(strstr(spcr_verdict(&access, &base), "neither 8- nor 32-bit"));
	spcr_poke(41, 32);
	spcr_poke(36, ACPI_SPCR_16450);
	assert_null(spcr_verdict(&access, &base));
	assert_int_equal(access, UART_MMIO32);
}

/* Baud codes: 0 keeps the firmware's rate, an undefined code too; revision 3 adds
 * the UART clock, revision 4 a precise rate that overrides the code. */
static void spcr_baud_and_clock(void **state)
{
	load("q35-seabios-spcr");
	spcr_poke(58, 0);
	parse();
	assert_int_equal(info.spcr.baud, 0);
	spcr_poke(58, 5);
	parse();
	assert_int_equal(info.spcr.baud, 0);
	spcr_poke(58, 3);
	parse();
	assert_int_equal(info.spcr.baud, 9600);
	put32(table("SPCR")->data + 76, 14745600);
	spcr_poke(8, 3);
	parse();
	assert_int_equal(info.spcr.clock_hz, 14745600);
	assert_int_equal(info.spcr.baud, 9600);

	struct region *t = table("SPCR");               /* revision 4: 88 bytes */
	t->data = realloc(t->data, 88);
	memset(t->data + 80, 0, 8);
	t->len = 88;
	put32(t->data + 4, 88);
	put32(t->data + 80, 1500000);
	spcr_poke(8, 4);
	parse();
	assert_int_equal(info.spcr.baud, 1500000);
	assert_int_equal(info.spcr.clock_hz, 14745600);
}

/* ---- FADT: hardware-reduced ACPI, the PM timer block's address space ---------- */

#define FADT_FLAGS      112
#define FADT_X_PM_TMR   208             /* GAS: space id, width, offset, access, address */

static struct region *fadt_edit(const char *platform)
{
	load(platform);
	return table("FACP");
}

static void fadt_done(struct region *t)
{
	fix_checksum(t->data, t->len, 9);
	parse();
	assert_int_equal(info.n_problems, 0);
	assert_true(info.has_fadt);
	assert_non_null(strstr(info.tables, "FACP"));
}

/* HW_REDUCED_ACPI: no PM timer whatever its blocks say, and no 8259 assumed even
 * with the MADT's PCAT_COMPAT set. */
static void hw_reduced(const char *platform)
{
	struct region *t = fadt_edit(platform);
	put32(t->data + FADT_FLAGS, 0xa584u | ACPI_FADT_HW_REDUCED_ACPI | ACPI_FADT_TMR_VAL_EXT);
	fadt_done(t);
	assert_true(info.hw_reduced);
	assert_int_equal(info.pm_timer_addr, 0);
	assert_int_equal(info.pm_timer_port, 0);
	assert_false(info.pm_timer_32bit);
	assert_true(info.madt_flags & ACPI_MADT_PCAT_COMPAT);
	assert_false(acpi_has_8259(&info));
}

static void fadt_hw_reduced(void **state) { hw_reduced("q35-ovmf"); }
static void fadt_hw_reduced_short(void **state) { hw_reduced("pc-seabios"); }  /* 116 bytes */

/* X_PM_TMR_BLK in system memory: an MMIO PM timer, 32 bits wide. */
static void fadt_mmio_pm_timer(void **state)
{
	struct region *t = fadt_edit("q35-seabios");
	t->data[FADT_X_PM_TMR] = ACPI_GAS_SYSTEM_MEMORY;
	put64(t->data + FADT_X_PM_TMR + 4, 0xfe00e008);
	put32(t->data + FADT_FLAGS, 0xa584u | ACPI_FADT_TMR_VAL_EXT);
	fadt_done(t);
	assert_int_equal(info.pm_timer_space, ACPI_GAS_SYSTEM_MEMORY);
	assert_int_equal(info.pm_timer_addr, 0xfe00e008);
	assert_int_equal(info.pm_timer_port, 0);
	assert_true(info.pm_timer_32bit);
	assert_false(info.hw_reduced);
}

/* X_PM_TMR_BLK with address 0, or in an address space nobody reads a timer from
 * (2, PCI configuration): PM_TMR_BLK's port (0x608) stands. */
static void x_pm_timer_unusable(uint8_t space, uint64_t addr)
{
	struct region *t = fadt_edit("q35-seabios");
	t->data[FADT_X_PM_TMR] = space;
	put64(t->data + FADT_X_PM_TMR + 4, addr);
	fadt_done(t);
	assert_int_equal(info.pm_timer_space, ACPI_GAS_SYSTEM_IO);
	assert_int_equal(info.pm_timer_port, 0x608);
}

static void fadt_x_pm_timer_zero(void **state) { x_pm_timer_unusable(ACPI_GAS_SYSTEM_MEMORY, 0); }
static void fadt_x_pm_timer_pci(void **state) { x_pm_timer_unusable(2, 0xfe00e008); }

/* An I/O-space X_PM_TMR_BLK past the 16-bit port range: no PM timer. */
static void fadt_x_pm_timer_port_too_high(void **state)
{
	struct region *t = fadt_edit("q35-seabios");
	put64(t->data + FADT_X_PM_TMR + 4, 0x10000);
	fadt_done(t);
	assert_int_equal(info.pm_timer_addr, 0);
	assert_int_equal(info.pm_timer_port, 0);
}

/* PCAT_COMPAT clear in the MADT: no 8259. */
static void madt_no_pcat_compat(void **state)
{
	load("q35-seabios");
	struct region *t = table("APIC");
	t->data[40] &= (uint8_t)~ACPI_MADT_PCAT_COMPAT;
	fix_checksum(t->data, t->len, 9);
	parse();
	assert_int_equal(info.n_problems, 0);
	assert_false(acpi_has_8259(&info));
}

/* ---- MADT: x2APIC entries, invalid ids, NMI entries; DMAR -------------------- */

/* Grow a table by len bytes at its end (a fresh heap block: ASan still guards it),
 * with its length and checksum fixed. q35-ovmf's tables lie a page apart, so a
 * grown one overlaps no other. */
static struct region *append(const char *sig, const void *bytes, size_t len)
{
	struct region *t = table(sig);
	uint8_t *grown = malloc(t->len + len);
	memcpy(grown, t->data, t->len);
	memcpy(grown + t->len, bytes, len);
	free(t->data);
	t->data = grown;
	t->len += len;
	put32(t->data + 4, (uint32_t)t->len);
	fix_checksum(t->data, t->len, 9);
	return t;
}

static void add_x2apic(uint32_t id, uint32_t flags, uint32_t uid)
{
	uint8_t e[16] = { 9, 16 };
	put32(e + 4, id);
	put32(e + 8, flags);
	put32(e + 12, uid);
	append("APIC", e, sizeof(e));
}

static void add_lapic(uint8_t uid, uint8_t id, uint32_t flags)
{
	uint8_t e[8] = { 0, 8, uid, id };
	put32(e + 4, flags);
	append("APIC", e, sizeof(e));
}

static void add_x2apic_nmi(uint32_t uid, uint16_t flags, uint8_t lint, uint8_t len)
{
	uint8_t e[12] = { 0x0a, len, (uint8_t)flags, (uint8_t)(flags >> 8) };
	put32(e + 4, uid);
	e[8] = lint;
	append("APIC", e, len < sizeof(e) ? len : sizeof(e));
}

static void parse_clean(void)
{
	parse();
	assert_int_equal(info.n_problems, 0);
	assert_true(info.has_madt);
}

/* Enabled entries with the all-ones APIC id name no CPU; disabled ones never count. */
static void madt_invalid_ids(void **state)
{
	load("q35-ovmf");
	add_x2apic(0xffffffffu, ACPI_MADT_CPU_ENABLED, 1);
	add_lapic(2, 0xff, ACPI_MADT_CPU_ENABLED);
	add_x2apic(0xffffffffu, 0, 3);                  /* disabled: not even counted */
	add_x2apic(7, 0, 4);                            /* disabled, valid id */
	parse_clean();
	assert_int_equal(info.n_cpus, 1);
	assert_int_equal(info.cpu_apic_ids[0], 0);
	assert_int_equal(info.cpus_invalid_id, 2);
}

/* x2APIC entries above 255, online-capable ones included, with their UIDs. */
static void madt_x2apic_cpus(void **state)
{
	load("q35-ovmf");
	add_x2apic(256, ACPI_MADT_CPU_ENABLED, 5);
	add_x2apic(0x12345, ACPI_MADT_CPU_ONLINE_CAPABLE, 6);
	parse_clean();
	assert_int_equal(info.n_cpus, 3);
	assert_int_equal(info.cpu_apic_ids[1], 256);
	assert_int_equal(info.cpu_uids[1], 5);
	assert_int_equal(info.cpu_apic_ids[2], 0x12345);
	assert_int_equal(info.cpu_uids[2], 6);
}

/* More enabled CPUs than ACPI_MAX_CPUS: the first ones kept, the others counted. */
static void madt_too_many_cpus(void **state)
{
	load("q35-ovmf");
	for (uint32_t i = 1; i <= ACPI_MAX_CPUS + 44; i++)
		add_x2apic(i * 2, ACPI_MADT_CPU_ENABLED, i);
	parse_clean();
	assert_int_equal(info.n_cpus, ACPI_MAX_CPUS);
	assert_int_equal(info.cpus_beyond_max, 45);
	assert_int_equal(info.cpu_apic_ids[ACPI_MAX_CPUS - 1], (ACPI_MAX_CPUS - 1) * 2);
}

/* An x2APIC NMI entry for one CPU's UID: LINT0, active low, level. That CPU gets it;
 * the others keep QEMU's all-CPUs entry (LINT1). */
static void madt_x2apic_nmi(void **state)
{
	load("q35-ovmf");
	add_x2apic(300, ACPI_MADT_CPU_ENABLED, 9);
	add_x2apic_nmi(9, 0xf, 0, 12);
	parse_clean();
	assert_int_equal(info.n_nmis, 2);
	const struct acpi_nmi *n = acpi_nmi_for(&info, 300);
	assert_non_null(n);
	assert_int_equal(n->lint, 0);
	assert_int_equal(n->flags & ACPI_ISO_POLARITY_MASK, 0x3);
	assert_int_equal(n->flags & ACPI_ISO_TRIGGER_MASK, 0xc);
	assert_int_equal(acpi_nmi_for(&info, 0)->lint, 1);
	assert_int_equal(acpi_nmi_for(&info, 0)->uid, ACPI_NMI_ALL_CPUS);
}

/* NMI entries naming LINT2 (no such pin) or too short to hold LINT: ignored, the
 * table still good. */
static void madt_nmi_bad_entries(void **state)
{
	load("q35-ovmf");
	add_x2apic_nmi(ACPI_NMI_ALL_CPUS, 0, 2, 12);
	add_x2apic_nmi(ACPI_NMI_ALL_CPUS, 0, 0, 8);    /* 8 bytes: no room for LINT */
	parse_clean();
	assert_int_equal(info.n_nmis, 1);
	assert_int_equal(acpi_nmi_for(&info, 0)->lint, 1);
}

/* No NMI entry at all (QEMU's removed): acpi_nmi_for says so. */
static void madt_no_nmi(void **state)
{
	load("q35-ovmf");
	struct region *t = table("APIC");
	size_t last = t->len - 6;
	assert_int_equal(t->data[last], 4);
	put32(t->data + 4, (uint32_t)last);
	t->len = last;
	fix_checksum(t->data, t->len, 9);
	parse_clean();
	assert_int_equal(info.n_nmis, 0);
	assert_null(acpi_nmi_for(&info, 0));
}

/* A DMAR table (36-byte header, width, flags, 10 reserved) added to the XSDT. */
static struct region *add_dmar(uint8_t flags, uint32_t len)
{
	assert_true(n_mem < MAX_REGIONS);
	struct region *d = &mem[n_mem++];
	*d = (struct region){ "DMAR", 0x0f772000, 48, calloc(1, 48) };
	memcpy(d->data, "DMAR", 4);
	put32(d->data + 4, len);
	d->data[8] = 1;
	d->data[36] = 38;                           /* host address width - 1 */
	d->data[37] = flags;
	fix_checksum(d->data, len, 9);
	uint8_t entry[8];
	put64(entry, d->phys);
	append("XSDT", entry, sizeof(entry));
	return d;
}

/* QEMU's own DMAR (intel-iommu, intremap=on): INTR_REMAP, no x2APIC opt-out; then
 * the same table with X2APIC_OPT_OUT set, as firmware that wants xAPIC sets it. */
static void real_dmar(void **state)
{
	load("q35-seabios-iommu");
	parse_clean();
	assert_string_equal(info.tables, "FACP,APIC,HPET,MCFG,DMAR,WAET");
	assert_true(info.has_dmar);
	assert_int_equal(info.dmar_flags, ACPI_DMAR_INTR_REMAP);
	assert_int_equal(info.n_cpus, 1);
}

static void real_dmar_opt_out(void **state)
{
	load("q35-seabios-iommu");
	struct region *d = table("DMAR");
	d->data[37] |= ACPI_DMAR_X2APIC_OPT_OUT;
	fix_checksum(d->data, d->len, 9);
	parse_clean();
	assert_int_equal(info.dmar_flags, ACPI_DMAR_INTR_REMAP | ACPI_DMAR_X2APIC_OPT_OUT);
}

static void dmar_flags(void **state)
{
	load("q35-ovmf");
	add_dmar(ACPI_DMAR_INTR_REMAP | ACPI_DMAR_X2APIC_OPT_OUT, 48);
	parse_clean();
	assert_true(info.has_dmar);
	assert_int_equal(info.dmar_flags, ACPI_DMAR_INTR_REMAP | ACPI_DMAR_X2APIC_OPT_OUT);
	assert_non_null(strstr(info.tables, "DMAR"));
}

static void dmar_bad_checksum(void **state)
{
	load("q35-ovmf");
	struct region *d = add_dmar(ACPI_DMAR_X2APIC_OPT_OUT, 48);
	d->data[37] ^= ACPI_DMAR_INTR_REMAP;
	parse();
	assert_problem("DMAR", d->phys, "bad checksum");
	assert_false(info.has_dmar);
	assert_int_equal(info.dmar_flags, 0);
}

static void dmar_too_short(void **state)
{
	load("q35-ovmf");
	struct region *d = add_dmar(ACPI_DMAR_X2APIC_OPT_OUT, 37);
	parse();
	assert_problem("DMAR", d->phys, "too short");
	assert_false(info.has_dmar);
	assert_null(strstr(info.tables, "DMAR"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(real_pc_seabios, teardown),
		cmocka_unit_test_teardown(real_q35_seabios, teardown),
		cmocka_unit_test_teardown(real_pc_ovmf, teardown),
		cmocka_unit_test_teardown(real_q35_ovmf, teardown),
		cmocka_unit_test_teardown(real_q35_hpet_off, teardown),
		cmocka_unit_test_teardown(real_q35_spcr, teardown),
		cmocka_unit_test_teardown(spcr_real, teardown),
		cmocka_unit_test_teardown(spcr_bad_checksum, teardown),
		cmocka_unit_test_teardown(spcr_too_short, teardown),
		cmocka_unit_test_teardown(spcr_refused, teardown),
		cmocka_unit_test_teardown(spcr_mmio, teardown),
		cmocka_unit_test_teardown(spcr_baud_and_clock, teardown),
		cmocka_unit_test_teardown(hpet_fields, teardown),
		cmocka_unit_test_teardown(bios_area_scan, teardown),
		cmocka_unit_test_teardown(bad_checksum_hpet, teardown),
		cmocka_unit_test_teardown(bad_checksum_apic, teardown),
		cmocka_unit_test_teardown(bad_checksum_facp, teardown),
		cmocka_unit_test_teardown(bad_checksum_rsdt, teardown),
		cmocka_unit_test_teardown(bad_checksum_xsdt, teardown),
		cmocka_unit_test_teardown(impossible_lengths, teardown),
		cmocka_unit_test_teardown(length_past_the_mapping, teardown),
		cmocka_unit_test_teardown(truncated_table, teardown),
		cmocka_unit_test_teardown(unmappable_table, teardown),
		cmocka_unit_test_teardown(unmappable_root, teardown),
		cmocka_unit_test_teardown(unmappable_xsdt, teardown),
		cmocka_unit_test_teardown(impossible_length_xsdt, teardown),
		cmocka_unit_test_teardown(bad_checksum_xsdt_and_rsdt, teardown),
		cmocka_unit_test_teardown(fadt_hw_reduced, teardown),
		cmocka_unit_test_teardown(fadt_hw_reduced_short, teardown),
		cmocka_unit_test_teardown(fadt_mmio_pm_timer, teardown),
		cmocka_unit_test_teardown(fadt_x_pm_timer_zero, teardown),
		cmocka_unit_test_teardown(fadt_x_pm_timer_pci, teardown),
		cmocka_unit_test_teardown(fadt_x_pm_timer_port_too_high, teardown),
		cmocka_unit_test_teardown(madt_no_pcat_compat, teardown),
		cmocka_unit_test_teardown(madt_invalid_ids, teardown),
		cmocka_unit_test_teardown(madt_x2apic_cpus, teardown),
		cmocka_unit_test_teardown(madt_too_many_cpus, teardown),
		cmocka_unit_test_teardown(madt_x2apic_nmi, teardown),
		cmocka_unit_test_teardown(madt_nmi_bad_entries, teardown),
		cmocka_unit_test_teardown(madt_no_nmi, teardown),
		cmocka_unit_test_teardown(real_dmar, teardown),
		cmocka_unit_test_teardown(real_dmar_opt_out, teardown),
		cmocka_unit_test_teardown(dmar_flags, teardown),
		cmocka_unit_test_teardown(dmar_bad_checksum, teardown),
		cmocka_unit_test_teardown(dmar_too_short, teardown),
		cmocka_unit_test_teardown(madt_entry_past_the_end, teardown),
		cmocka_unit_test_teardown(madt_entry_length_zero, teardown),
		cmocka_unit_test_teardown(madt_entry_length_one, teardown),
		cmocka_unit_test_teardown(bad_rsdp_checksum, teardown),
		cmocka_unit_test_teardown(bad_rsdp_extended_checksum, teardown),
		cmocka_unit_test_teardown(short_rsdp_copy, teardown),
		cmocka_unit_test_teardown(no_rsdp, teardown),
		cmocka_unit_test_teardown(unprintable_signature, teardown),
		cmocka_unit_test_teardown(hpet_not_in_memory, teardown),
		cmocka_unit_test_teardown(hpet_too_short, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
