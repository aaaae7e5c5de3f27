/* The identity map that boot/entry.S built (0..4 GiB in 2 MiB pages, the top 20 MiB
 * uncached), and mapping more: a framebuffer anywhere below 128 TiB, a UART's MMIO
 * window, ACPI tables above 4 GiB; and 4 KiB pages where the TLB is what is measured. */
#ifndef ARCH_X86_PAGING_H
#define ARCH_X86_PAGING_H

#include <stdint.h>
#include <stdbool.h>

/* Identity-map [phys, phys + size) in 2 MiB pages, uncached when asked (device
 * registers) and write-back otherwise. Returns false when out of page tables or
 * beyond the 128 TiB of lower-half addresses. */
bool paging_map(uint64_t phys, uint64_t size, bool uncached);
/* The same, write-combining (a framebuffer: writes are gathered into bursts). */
bool paging_map_wc(uint64_t phys, uint64_t size);

/* Map [phys, phys + size) of the identity map in 4 KiB pages instead of 2 MiB (same
 * addresses and memory type), with the n zeroed 4 KiB-aligned page tables given
 * (one per 2 MiB page of the range); the TLB is flushed. False when they do not
 * suffice or the range is not mapped. */
bool paging_split_4k(uint64_t phys, uint64_t size, uint64_t (*tables)[512], unsigned n);

#endif
