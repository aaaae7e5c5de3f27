/* Bump allocator (see alloc.h). */
#include "alloc.h"
#include "lib.h"

static uint64_t next, end;

/* Cut [hole, hole_end) out of [*start, *stop), keeping the larger side: GRUB may
 * have put the kernel image or the information anywhere in the region. */
static void cut_out(uint64_t *start, uint64_t *stop, uint64_t hole, uint64_t hole_end)
{
	if (hole_end <= *start || hole >= *stop)
		return;
	uint64_t below = hole > *start ? hole - *start : 0;
	uint64_t above = hole_end < *stop ? *stop - hole_end : 0;
	if (above >= below)
		*start = hole_end < *stop ? hole_end : *stop;
	else
		*stop = hole;
}

void alloc_init(const struct boot_info *bi, uint64_t image_start, uint64_t image_end)
{
	uint64_t start = bi->free_base, stop = bi->free_base + bi->free_len;
	cut_out(&start, &stop, image_start, image_end);
	cut_out(&start, &stop, bi->info_start, bi->info_end);
	next = start;
	end = stop;
}

void *alloc(size_t size, size_t align)
{
	uint64_t p = (next + align - 1) & ~(uint64_t)(align - 1);
	if (p < next || p + size < p || p + size > end)
		return NULL;
	next = p + size;
	return memset((void *)(uintptr_t)p, 0, size);
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
