/* Bump allocator (see alloc.h). */
#include "alloc.h"
#include "lib.h"

static uint64_t next, end;

struct span { uint64_t lo, hi; };      /* [lo, hi) */

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }
static uint64_t min64(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* The largest piece of r outside the holes a and b: GRUB may have put the kernel
 * image and the information anywhere in the region, apart or overlapping. */
static struct span largest_outside(struct span r, struct span a, struct span b)
{
	if (a.lo > b.lo) {
		struct span t = a;
		a = b;
		b = t;
	}
	struct span pieces[3] = { { r.lo, a.lo }, { a.hi, b.lo }, { max64(a.hi, b.hi), r.hi } };
	struct span best = { r.lo, r.lo };
	for (unsigned i = 0; i < 3; i++) {
		uint64_t lo = max64(pieces[i].lo, r.lo), hi = min64(pieces[i].hi, r.hi);
		if (hi > lo && hi - lo > best.hi - best.lo)
			best = (struct span){ lo, hi };
	}
	return best;
}

void alloc_init(const struct boot_info *bi, uint64_t image_start, uint64_t image_end)
{
	struct span r = { bi->free_base, bi->free_base + bi->free_len };
	struct span avail = largest_outside(r, (struct span){ image_start, image_end },
					   (struct span){ bi->info_start, bi->info_end });
	next = avail.lo;
	end = avail.hi;
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
