/* Identity mapping in 2 MiB pages (Intel SDM vol. 3A, section 5.5: 4-level paging;
 * PCD|PWT with the power-on PAT select UC, table 13-11). */
#include "paging.h"
#include "cpu.h"
#include "lib.h"

#define PTE_P    (1ull << 0)
#define PTE_RW   (1ull << 1)
#define PTE_PWT  (1ull << 3)
#define PTE_PCD  (1ull << 4)
#define PTE_PS   (1ull << 7)
#define PTE_ADDR 0x000ffffffffff000ull
#define PAGE_2M  (2ull << 20)
#define SPARE_TABLES 8

extern uint64_t pml4[512], pdpt[512];

static uint64_t spare[SPARE_TABLES][512] __attribute__((aligned(4096)));
static unsigned spare_used;

static uint64_t *page_directory(uint64_t phys)
{
	unsigned i = (unsigned)(phys >> 30);
	if (!(pdpt[i] & PTE_P)) {
		if (spare_used == SPARE_TABLES)
			return NULL;
		uint64_t *pd = spare[spare_used++];
		memset(pd, 0, 4096);
		pdpt[i] = (uint64_t)(uintptr_t)pd | PTE_P | PTE_RW;
	}
	return (uint64_t *)(uintptr_t)(pdpt[i] & PTE_ADDR);
}

bool paging_map(uint64_t phys, uint64_t size, bool uncached)
{
	uint64_t end = phys + size;
	if (end < phys || end > (512ull << 30))
		return false;
	for (uint64_t page = phys & ~(PAGE_2M - 1); page < end; page += PAGE_2M) {
		uint64_t *pd = page_directory(page);
		if (!pd)
			return false;
		uint64_t pte = page | PTE_P | PTE_RW | PTE_PS;
		if (uncached)
			pte |= PTE_PCD | PTE_PWT;
		pd[(page >> 21) & 511] = pte;
	}
	write_cr3(read_cr3());      /* flush the TLB (no global pages are used) */
	return true;
}
