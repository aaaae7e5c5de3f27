/* A bump allocator over the largest free RAM region below 4 GiB (identity mapped):
 * its largest piece outside the kernel image and the boot information. Nothing is
 * ever freed: buffers are taken once per boot (the memwalk workload's). */
#ifndef KERNEL_ALLOC_H
#define KERNEL_ALLOC_H

#include <stddef.h>
#include <stdint.h>
#include "multiboot2.h"

/* image_start, image_end: the kernel image where GRUB loaded it (kernel/image.h). */
void alloc_init(const struct boot_info *bi, uint64_t image_start, uint64_t image_end);
/* size bytes aligned to align (a power of two), zeroed (RAM holds what firmware or
 * an earlier boot left: OVMF's leftovers once made a pointer in a fresh struct
 * read all ones), or NULL when they do not fit. */
void *alloc(size_t size, size_t align);
/* Keep [base, base + len) out of what alloc() hands out (the AP trampoline's page). */
void alloc_reserve(uint64_t base, uint64_t len);

#endif
