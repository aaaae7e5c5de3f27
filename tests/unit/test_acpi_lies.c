/* The ACPI parser (arch/x86/acpi.c) against tables that lie: a bad checksum, an
 * impossible length, an HPET base in I/O space. A table injected with QEMU's
 * -acpitable arrives with its checksum fixed, so the boot cases hpet-lie-* cannot
 * inject a bad one; the parser gets them here from a fake physical memory. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "acpi.h"

#define MEM_BASE 0x10000u
#define RSDT     0x10000u
#define HPET     0x10100u
#define FACP     0x10200u
static uint8_t mem[0x1000];

static const void *map(uint64_t phys, size_t len)
{
	if (phys < MEM_BASE || phys + len > MEM_BASE + sizeof(mem))
		return NULL;
	return mem + (phys - MEM_BASE);
}

static void put32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> 8 * i); }

static void fix_checksum(uint8_t *t, uint32_t len)
{
	uint8_t sum = 0;
	t[9] = 0;
	for (uint32_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + t[i]);
	t[9] = (uint8_t)-sum;
}

static uint8_t *table(uint32_t at, const char *sig, uint32_t len)
{
	uint8_t *t = mem + (at - MEM_BASE);
	memset(t, 0, len);
	memcpy(t, sig, 4);
	put32(t + 4, len);
	t[8] = 1;
	return t;
}

/* RSDP (ACPI 1.0) -> RSDT -> HPET (base 0xfed00000 in memory space), FACP (PM timer
 * at 0x608), all with good checksums; the caller then spoils one. */
static void build(uint8_t rsdp[20])
{
	uint8_t *r = table(RSDT, "RSDT", 44);
	put32(r + 36, HPET);
	put32(r + 40, FACP);
	fix_checksum(r, 44);
	uint8_t *h = table(HPET, "HPET", 56);
	put32(h + 36, 0x8086a201);
	h[40] = ACPI_GAS_SYSTEM_MEMORY;
	put32(h + 44, 0xfed00000);
	fix_checksum(h, 56);
	uint8_t *f = table(FACP, "FACP", 116);
	put32(f + 76, 0x608);
	f[91] = 4;
	fix_checksum(f, 116);
	memset(rsdp, 0, 20);
	memcpy(rsdp, "RSD PTR ", 8);
	put32(rsdp + 16, RSDT);
	uint8_t sum = 0;
	for (int i = 0; i < 20; i++)
		sum = (uint8_t)(sum + rsdp[i]);
	rsdp[8] = (uint8_t)-sum;
}

static void truthful_tables(void **state)
{
	uint8_t rsdp[20];
	struct acpi_info a;
	build(rsdp);
	acpi_parse(rsdp, sizeof(rsdp), "test", map, &a);
	assert_int_equal(a.n_problems, 0);
	assert_true(a.has_hpet);
	assert_int_equal(a.hpet_addr, 0xfed00000);
	assert_int_equal(a.pm_timer_port, 0x608);
	assert_string_equal(a.tables, "HPET,FACP");
}

static void hpet_bad_checksum(void **state)
{
	uint8_t rsdp[20];
	struct acpi_info a;
	build(rsdp);
	mem[HPET - MEM_BASE + 9] ^= 0x55;
	acpi_parse(rsdp, sizeof(rsdp), "test", map, &a);
	assert_false(a.has_hpet);
	assert_int_equal(a.hpet_addr, 0);
	assert_int_equal(a.n_problems, 1);
	assert_string_equal(a.problems[0].signature, "HPET");
	assert_int_equal(a.problems[0].addr, HPET);
	assert_string_equal(a.problems[0].what, "bad checksum");
	assert_int_equal(a.pm_timer_port, 0x608);      /* the other tables still count */
	assert_string_equal(a.tables, "FACP");
}

static void hpet_impossible_length(void **state)
{
	uint8_t rsdp[20];
	struct acpi_info a;
	build(rsdp);
	put32(mem + (HPET - MEM_BASE) + 4, 0x7fffffff);
	acpi_parse(rsdp, sizeof(rsdp), "test", map, &a);
	assert_false(a.has_hpet);
	assert_int_equal(a.n_problems, 1);
	assert_string_equal(a.problems[0].what, "impossible length");
}

static void hpet_past_memory(void **state)
{
	uint8_t rsdp[20];
	struct acpi_info a;
	build(rsdp);
	put32(mem + (RSDT - MEM_BASE) + 36, 0xdead0000);   /* an entry pointing at nothing */
	fix_checksum(mem + (RSDT - MEM_BASE), 44);
	acpi_parse(rsdp, sizeof(rsdp), "test", map, &a);
	assert_false(a.has_hpet);
	assert_int_equal(a.n_problems, 1);
	assert_string_equal(a.problems[0].what, "cannot be mapped");
	assert_int_equal(a.problems[0].addr, 0xdead0000);
}

static void hpet_in_io_space(void **state)
{
	uint8_t rsdp[20];
	struct acpi_info a;
	build(rsdp);
	uint8_t *h = mem + (HPET - MEM_BASE);
	h[40] = ACPI_GAS_SYSTEM_IO;
	fix_checksum(h, 56);
	acpi_parse(rsdp, sizeof(rsdp), "test", map, &a);
	assert_false(a.has_hpet);
	assert_int_equal(a.n_problems, 1);
	assert_string_equal(a.problems[0].what, "base address is not in memory space");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(truthful_tables),
		cmocka_unit_test(hpet_bad_checksum),
		cmocka_unit_test(hpet_impossible_length),
		cmocka_unit_test(hpet_past_memory),
		cmocka_unit_test(hpet_in_io_space),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
