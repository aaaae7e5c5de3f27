/* A bump allocator over the largest free RAM region below 4 GiB (identity mapped),
 * past the kernel image and the boot information. Nothing is ever freed: buffers
 * are taken once per boot (the memwalk workload's). */
#ifndef KERNEL_ALLOC_H
#define KERNEL_ALLOC_H

#include <stddef.h>
#include <stdint.h>
#include "multiboot2.h"

void alloc_init(const struct boot_info *bi);
/* size bytes aligned to align (a power of two), or NULL when they do not fit. */
void *alloc(size_t size, size_t align);
/* Keep [base, base + len) out of what alloc() hands out (the AP trampoline's page). */
void alloc_reserve(uint64_t base, uint64_t len);

#endif
