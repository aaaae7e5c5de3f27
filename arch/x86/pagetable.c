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
