/* Mapping more of the physical address space into the identity map that
 * boot/entry.S built (pagetable.c builds the entries), and the PAT entry that makes
 * write-combining available (Intel SDM vol. 3A, section 13.12: PAT). */
#include "paging.h"
#include "pagetable.h"
#include "cpu.h"
#include "lib.h"

#define MSR_IA32_PAT    0x277
#define   PAT_ENTRY7_SHIFT 56
#define   PAT_WC        0x01ull         /* memory type encoding: write-combining */
#define SPARE_TABLES 12

extern uint64_t pml4[512];

static uint64_t spare[SPARE_TABLES][512] __attribute__((aligned(4096)));
static unsigned spare_used;
static bool pat_wc_ready;

static uint64_t *spare_table(void)
{
	if (spare_used == SPARE_TABLES)
		return NULL;
	uint64_t *t = spare[spare_used++];
	memset(t, 0, 4096);
	return t;
}

/* PAT entry 7 (power-on UC, used by no mapping before this) becomes WC, so that
 * PAT|PCD|PWT selects it. Every CPU with long mode has a PAT (CPUID.1:EDX[16]).
 * Only the boot CPU's PAT is changed: an AP that draws sees entry 7 as UC, which
 * is slower but as uncacheable, so the two views never disagree on caching. */
static void pat_enable_wc(void)
{
	uint64_t pat = rdmsr(MSR_IA32_PAT);
	pat &= ~(0xffull << PAT_ENTRY7_SHIFT);
	wrmsr(MSR_IA32_PAT, pat | PAT_WC << PAT_ENTRY7_SHIFT);
	pat_wc_ready = true;
}

static bool map(uint64_t phys, uint64_t size, enum pt_cache cache)
{
	bool ok = pt_map(pml4, spare_table, phys, size, cache);
	write_cr3(read_cr3());      /* flush the TLB (no global pages are used) */
	return ok;
}

bool paging_map(uint64_t phys, uint64_t size, bool uncached)
{
	return map(phys, size, uncached ? PT_UNCACHED : PT_WRITE_BACK);
}

bool paging_map_wc(uint64_t phys, uint64_t size)
{
	if (!pat_wc_ready)
		pat_enable_wc();
	return map(phys, size, PT_WRITE_COMBINING);
}

static uint64_t (*given)[512];
static unsigned given_left;

static uint64_t *given_table(void)
{
	if (!given_left)
		return NULL;
	given_left--;
	return *given++;
}

bool paging_split_4k(uint64_t phys, uint64_t size, uint64_t (*tables)[512], unsigned n)
{
	given = tables;
	given_left = n;
	bool ok = pt_split_4k(pml4, given_table, phys, size);
	write_cr3(read_cr3());
	return ok;
}
