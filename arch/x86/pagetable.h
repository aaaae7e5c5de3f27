/* Identity-mapping page tables in 2 MiB pages, split into 4 KiB pages where asked (Intel SDM vol. 3A, section 5.5:
 * 4-level paging; table 5-18/5-20: a PDE that maps a 2 MiB page). Pure C, so the
 * host tests walk what it builds (tests/unit/test_pagetable.c). */
#ifndef ARCH_X86_PAGETABLE_H
#define ARCH_X86_PAGETABLE_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

#define PTE_P           (1ull << 0)
#define PTE_RW          (1ull << 1)
#define PTE_PWT         (1ull << 3)
#define PTE_PCD         (1ull << 4)
#define PTE_PS          (1ull << 7)     /* a 2 MiB page in a page directory */
#define PTE_PAT_4K      (1ull << 7)     /* PAT bit of a 4 KiB page (SDM table 5-20) */
#define PTE_PAT_LARGE   (1ull << 12)    /* PAT bit of a 2 MiB page (SDM table 5-20) */
#define PTE_ADDR        0x000ffffffffff000ull   /* a table's address */
#define PTE_ADDR_2M     0x000fffffffe00000ull   /* a 2 MiB page's (bit 12 is its PAT bit) */
#define PAGE_2M         (2ull << 20)
#define PAGE_4K         4096ull
/* Identity mapping uses lower-half (canonical) addresses only: below 128 TiB. */
#define PT_IDENTITY_LIMIT (1ull << 47)

/* Memory types by PAT index (PAT*4 + PCD*2 + PWT; SDM vol. 3A, section 13.12.3):
 * index 0 keeps the power-on WB, index 3 the power-on UC, and index 7 (power-on
 * UC) is what paging.c reprograms as write-combining. */
enum pt_cache { PT_WRITE_BACK, PT_UNCACHED, PT_WRITE_COMBINING };

/* A zeroed, 4 KiB-aligned table whose address is also its physical address; NULL
 * when there are no more. */
typedef uint64_t *(*pt_alloc_fn)(void);

/* Identity-map [phys, phys + size) in 2 MiB pages with the given memory type,
 * adding page-directory-pointer tables and page directories as needed. False when
 * the range wraps, ends beyond PT_IDENTITY_LIMIT or a table cannot be had (what was
 * mapped before then stays mapped). */
bool pt_map(uint64_t *pml4, pt_alloc_fn alloc, uint64_t phys, uint64_t size,
	    enum pt_cache cache);

/* Split every 2 MiB page of the identity map that overlaps [phys, phys + size) into
 * 512 pages of 4 KiB with the same addresses and memory type, each split taking a
 * page table from alloc (SDM table 5-19: a PDE that references a page table; 5-20:
 * a PTE). The translation does not change, only its granularity: the TLB then holds
 * one entry per 4 KiB page touched there. False when a 2 MiB page of the range is
 * not mapped or a table cannot be had (the splits made before stay). */
bool pt_split_4k(uint64_t *pml4, pt_alloc_fn alloc, uint64_t phys, uint64_t size);

/* The page-directory entry that maps virt, 0 when none does. */
uint64_t pt_lookup(const uint64_t *pml4, uint64_t virt);

#endif
