/* The identity-mapping page tables (arch/x86/pagetable.c): a framebuffer anywhere
 * in the 128 TiB of lower-half addresses (above 512 GiB, across 1 GiB and 512 GiB
 * boundaries), its memory type bits, and the refusals. Tables come from the heap,
 * 4 KiB-aligned, so the entries' addresses are the host's pointers. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "pagetable.h"

#define MAX_TABLES 16

static uint64_t *tables[MAX_TABLES];
static unsigned n_tables, table_limit;
static uint64_t *pml4;

static uint64_t *test_alloc(void)
{
	if (n_tables == table_limit)
		return NULL;
	uint64_t *t = aligned_alloc(4096, 4096);
	assert_non_null(t);
	memset(t, 0, 4096);
	return tables[n_tables++] = t;
}

static int setup(void **state)
{
	n_tables = 0;
	table_limit = MAX_TABLES;
	pml4 = test_alloc();
	return 0;
}

static int teardown(void **state)
{
	for (unsigned i = 0; i < n_tables; i++)
		free(tables[i]);
	return 0;
}

/* Every 2 MiB page of [phys, phys + size) maps to itself with these type bits. */
static void assert_mapped(uint64_t phys, uint64_t size, uint64_t type_bits)
{
	for (uint64_t a = phys & ~(PAGE_2M - 1); a < phys + size; a += PAGE_2M) {
		uint64_t e = pt_lookup(pml4, a);
		assert_int_equal(e & PTE_ADDR_2M, a);
		assert_int_equal(e & (PTE_P | PTE_RW | PTE_PS), PTE_P | PTE_RW | PTE_PS);
		assert_int_equal(e & (PTE_PAT_LARGE | PTE_PCD | PTE_PWT), type_bits);
	}
}

/* A 4K framebuffer (3840 x 2160 x 4 bytes) at 512 GiB, where the old code stopped. */
static void framebuffer_at_512_gib(void **state)
{
	uint64_t fb = 512ull << 30, size = 3840ull * 4 * 2160;
	assert_true(pt_map(pml4, test_alloc, fb, size, PT_WRITE_COMBINING));
	assert_mapped(fb, size, PTE_PAT_LARGE | PTE_PCD | PTE_PWT);
	assert_true(pml4[1] & PTE_P);
	assert_int_equal(n_tables, 3);                  /* PML4, one PDPT, one PD */
	assert_int_equal(pt_lookup(pml4, fb + ((size + PAGE_2M - 1) & ~(PAGE_2M - 1))), 0);
	assert_int_equal(pt_lookup(pml4, fb - PAGE_2M), 0);
}

/* Unaligned, across a 1 GiB and a 512 GiB boundary, high in the lower half. */
static void across_boundaries(void **state)
{
	uint64_t fb = (3ull << 39) - (1ull << 20), size = 64ull << 20;
	assert_true(pt_map(pml4, test_alloc, fb, size, PT_WRITE_COMBINING));
	assert_mapped(fb, size, PTE_PAT_LARGE | PTE_PCD | PTE_PWT);
	assert_true((pml4[2] & PTE_P) && (pml4[3] & PTE_P));
	uint64_t top = PT_IDENTITY_LIMIT - (16ull << 20);
	assert_true(pt_map(pml4, test_alloc, top, 16ull << 20, PT_UNCACHED));
	assert_mapped(top, 16ull << 20, PTE_PCD | PTE_PWT);
}

/* Re-mapping inside an existing range changes only the pages asked for. */
static void remap_keeps_neighbours(void **state)
{
	assert_true(pt_map(pml4, test_alloc, 0, 4ull << 30, PT_WRITE_BACK));
	unsigned used = n_tables;
	assert_true(pt_map(pml4, test_alloc, 0xfe000000, 0x1000, PT_UNCACHED));
	assert_int_equal(n_tables, used);
	assert_mapped(0xfe000000, 0x1000, PTE_PCD | PTE_PWT);
	assert_mapped(0xfe000000 - PAGE_2M, PAGE_2M, 0);
	assert_mapped(0xfe000000 + PAGE_2M, PAGE_2M, 0);
}

static void refused(void **state)
{
	assert_false(pt_map(pml4, test_alloc, PT_IDENTITY_LIMIT, PAGE_2M, PT_WRITE_BACK));
	assert_false(pt_map(pml4, test_alloc, PT_IDENTITY_LIMIT - PAGE_2M, 2 * PAGE_2M,
			    PT_WRITE_BACK));
	assert_false(pt_map(pml4, test_alloc, ~0ull - 0xfff, 0x2000, PT_WRITE_BACK));
	assert_int_equal(n_tables, 1);                  /* nothing was built for them */
	table_limit = 2;                                /* a PDPT but no PD */
	assert_false(pt_map(pml4, test_alloc, 600ull << 30, PAGE_2M, PT_WRITE_COMBINING));
	assert_int_equal(pt_lookup(pml4, 600ull << 30), 0);
}

/* The page-table entry that maps virt where its 2 MiB page was split, else 0: the
 * test's own walk below pt_lookup's page directory (the kernel needs none). */
static uint64_t lookup_4k(uint64_t virt)
{
	uint64_t pde = pt_lookup(pml4, virt);
	if (!(pde & PTE_P) || (pde & PTE_PS))
		return 0;
	return ((const uint64_t *)(uintptr_t)(pde & PTE_ADDR))[(virt >> 12) & 511];
}

/* tick_pages' buffer: 4 MiB of write-back memory split into 4 KiB pages, two
 * tables; every 4 KiB page maps to itself, the 2 MiB pages around stay large, a
 * second split of the same range takes no table, and a write-combining 2 MiB page
 * keeps its type in the small pages' PAT bit. */
static void split_into_4k(void **state)
{
	assert_true(pt_map(pml4, test_alloc, 0, 1ull << 30, PT_WRITE_BACK));
	unsigned used = n_tables;
	uint64_t base = 64ull << 20, size = (4ull << 20) - 100;
	assert_true(pt_split_4k(pml4, test_alloc, base, size));
	assert_int_equal(n_tables, used + 2);
	for (uint64_t a = base; a < base + (4ull << 20); a += PAGE_4K) {
		uint64_t pte = lookup_4k(a);
		assert_int_equal(pte & PTE_ADDR, a);
		assert_int_equal(pte & (PTE_P | PTE_RW | PTE_PAT_4K | PTE_PCD | PTE_PWT), PTE_P | PTE_RW);
	}
	assert_int_equal(lookup_4k(base - PAGE_4K), 0);   /* still a 2 MiB page */
	assert_mapped(base - PAGE_2M, PAGE_2M, 0);
	assert_mapped(base + (4ull << 20), PAGE_2M, 0);
	assert_true(pt_split_4k(pml4, test_alloc, base + PAGE_4K, PAGE_4K));
	assert_int_equal(n_tables, used + 2);
	assert_true(pt_map(pml4, test_alloc, 128ull << 20, PAGE_2M, PT_WRITE_COMBINING));
	assert_true(pt_split_4k(pml4, test_alloc, 128ull << 20, PAGE_2M));
	uint64_t pte = lookup_4k((128ull << 20) + 5 * PAGE_4K);
	assert_int_equal(pte & ~PTE_ADDR, PTE_P | PTE_RW | PTE_PAT_4K | PTE_PCD | PTE_PWT);
}

/* Nothing mapped there, or no table left: refused. */
static void split_refused(void **state)
{
	assert_false(pt_split_4k(pml4, test_alloc, 8ull << 30, PAGE_4K));
	assert_true(pt_map(pml4, test_alloc, 0, PAGE_2M, PT_WRITE_BACK));
	table_limit = n_tables;
	assert_false(pt_split_4k(pml4, test_alloc, 0, PAGE_4K));
	assert_true(pt_lookup(pml4, 0) & PTE_PS);       /* left as it was */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(framebuffer_at_512_gib, setup, teardown),
		cmocka_unit_test_setup_teardown(across_boundaries, setup, teardown),
		cmocka_unit_test_setup_teardown(remap_keeps_neighbours, setup, teardown),
		cmocka_unit_test_setup_teardown(refused, setup, teardown),
		cmocka_unit_test_setup_teardown(split_into_4k, setup, teardown),
		cmocka_unit_test_setup_teardown(split_refused, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
