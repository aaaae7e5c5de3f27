/* Bump allocator (see alloc.h). */
#include "alloc.h"

extern char __kernel_end[];

static uint64_t next, end;

void alloc_init(const struct boot_info *bi)
{
	uint64_t start = bi->free_base, stop = bi->free_base + bi->free_len;
	uint64_t kernel_end = (uint64_t)(uintptr_t)__kernel_end;
	if (start < kernel_end && kernel_end < stop)
		start = kernel_end;
	if (start < bi->info_end && bi->info_end < stop)
		start = bi->info_end;
	next = start;
	end = stop;
}

void *alloc(size_t size, size_t align)
{
	uint64_t p = (next + align - 1) & ~(uint64_t)(align - 1);
	if (p < next || p + size < p || p + size > end)
		return NULL;
	next = p + size;
	return (void *)(uintptr_t)p;
}


void alloc_reserve(uint64_t base, uint64_t len)
{
	uint64_t stop = base + len;
	if (stop <= next || base >= end)
		return;
	if (base <= next)
		next = stop < end ? stop : end;
	else
		end = base;
}
