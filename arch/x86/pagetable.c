/* Identity-mapping page tables (see pagetable.h). */
#include "pagetable.h"

static uint64_t *table_at(uint64_t entry) { return (uint64_t *)(uintptr_t)(entry & PTE_ADDR); }

/* The table an entry points to, made when absent (NULL when none can be). */
static uint64_t *next_level(uint64_t *entry, pt_alloc_fn alloc)
{
	if (!(*entry & PTE_P)) {
		uint64_t *t = alloc();
		if (!t)
			return NULL;
		*entry = (uint64_t)(uintptr_t)t | PTE_P | PTE_RW;
	}
	return table_at(*entry);
}

static uint64_t cache_bits(enum pt_cache cache)
{
	switch (cache) {
	case PT_UNCACHED:        return PTE_PCD | PTE_PWT;
	case PT_WRITE_COMBINING: return PTE_PAT_LARGE | PTE_PCD | PTE_PWT;
	default:                 return 0;
	}
}

bool pt_map(uint64_t *pml4, pt_alloc_fn alloc, uint64_t phys, uint64_t size,
	    enum pt_cache cache)
{
	uint64_t end = phys + size;
	if (end < phys || end > PT_IDENTITY_LIMIT)
		return false;
	for (uint64_t page = phys & ~(PAGE_2M - 1); page < end; page += PAGE_2M) {
		uint64_t *pdpt = next_level(&pml4[(page >> 39) & 511], alloc);
		uint64_t *pd = pdpt ? next_level(&pdpt[(page >> 30) & 511], alloc) : NULL;
		if (!pd)
			return false;
		pd[(page >> 21) & 511] = page | PTE_P | PTE_RW | PTE_PS | cache_bits(cache);
	}
	return true;
}

uint64_t pt_lookup(const uint64_t *pml4, uint64_t virt)
{
	if (virt >= PT_IDENTITY_LIMIT || !(pml4[(virt >> 39) & 511] & PTE_P))
		return 0;
	const uint64_t *pdpt = table_at(pml4[(virt >> 39) & 511]);
	if (!(pdpt[(virt >> 30) & 511] & PTE_P))
		return 0;
	return table_at(pdpt[(virt >> 30) & 511])[(virt >> 21) & 511];
}

/* The 4 KiB entries that reproduce a 2 MiB page: its memory type moves from the
 * large page's PAT bit (12) to the small one's (7), PCD and PWT stay. */
static void fill_4k(uint64_t *pt, uint64_t pde)
{
	uint64_t base = pde & PTE_ADDR_2M;
	uint64_t bits = (pde & (PTE_P | PTE_RW | PTE_PCD | PTE_PWT)) |
			((pde & PTE_PAT_LARGE) ? PTE_PAT_4K : 0);
	for (unsigned i = 0; i < 512; i++)
		pt[i] = (base + i * PAGE_4K) | bits;
}

bool pt_split_4k(uint64_t *pml4, pt_alloc_fn alloc, uint64_t phys, uint64_t size)
{
	uint64_t end = phys + size;
	if (end < phys || end > PT_IDENTITY_LIMIT)
		return false;
	for (uint64_t page = phys & ~(PAGE_2M - 1); page < end; page += PAGE_2M) {
		uint64_t pde = pt_lookup(pml4, page);
		if (!(pde & PTE_P))
			return false;
		if (!(pde & PTE_PS))
			continue;               /* split already */
		uint64_t *pt = alloc();
		if (!pt)
			return false;
		fill_4k(pt, pde);
		uint64_t *pdpt = table_at(pml4[(page >> 39) & 511]);
		table_at(pdpt[(page >> 30) & 511])[(page >> 21) & 511] =
			(uint64_t)(uintptr_t)pt | PTE_P | PTE_RW;
	}
	return true;
}
