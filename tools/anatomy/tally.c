/* A count per pair of 64-bit keys (tally.h). */
#include "tally.h"

#include <stdio.h>
#include <stdlib.h>

static size_t slot_of(const struct tally *t, uint64_t a, uint64_t b)
{
	uint64_t h = (a ^ (b * 0x9e3779b97f4a7c15ull)) * 0xff51afd7ed558ccdull;
	size_t i = (size_t)(h >> 32) & (t->cap - 1);
	while (t->slot[i].count && (t->slot[i].a != a || t->slot[i].b != b))
		i = (i + 1) & (t->cap - 1);
	return i;
}

static void grow(struct tally *t)
{
	struct tally old = *t;
	t->cap = old.cap ? old.cap * 2 : 64;
	t->slot = calloc(t->cap, sizeof(*t->slot));
	if (!t->slot) {
		fputs("anatomy: out of memory\n", stderr);
		abort();
	}
	for (size_t i = 0; i < old.cap; i++)
		if (old.slot[i].count)
			t->slot[slot_of(t, old.slot[i].a, old.slot[i].b)] = old.slot[i];
	free(old.slot);
}

void tally_add(struct tally *t, uint64_t a, uint64_t b, uint64_t n)
{
	if (2 * (t->used + 1) > t->cap)
		grow(t);
	struct tally_slot *s = &t->slot[slot_of(t, a, b)];
	if (!s->count) {
		s->a = a, s->b = b;
		t->used++;
	}
	s->count += n;
}

uint64_t tally_get(const struct tally *t, uint64_t a, uint64_t b)
{
	return t->cap ? t->slot[slot_of(t, a, b)].count : 0;
}

void tally_free(struct tally *t)
{
	free(t->slot);
	*t = (struct tally){ 0 };
}
