/* A count per pair of 64-bit keys: an open-addressed table that doubles when it is
 * half full (the anatomy's per-run aggregates: episode sizes, blocks). */
#ifndef ANATOMY_TALLY_H
#define ANATOMY_TALLY_H

#include <stddef.h>
#include <stdint.h>

struct tally_slot {
	uint64_t a, b;
	uint64_t count;             /* 0: an empty slot */
};

struct tally {
	struct tally_slot *slot;
	size_t cap, used;
};

/* Add n (> 0) to (a, b)'s count; aborts when memory runs out. */
void tally_add(struct tally *t, uint64_t a, uint64_t b, uint64_t n);
uint64_t tally_get(const struct tally *t, uint64_t a, uint64_t b);
void tally_free(struct tally *t);

#endif
