/* The shapes of a log's records, which the fast parser (rec_fast.c) reads a record
 * through (rec_parse.h). */
#include "rec_parse.h"

/* ---- shapes ---------------------------------------------------------------------
 * A log's records come in runs of a few shapes: a benchmark writes hundreds of
 * "run" records with the same keys, or two sets of keys in turns. So the fast
 * parser reads each key against the key at that place in the last record of its
 * type, in a word or three, where finding its closing quote, its signature and a
 * probe of the index were most of a field's time; the index is that record's,
 * copied. At the first key that differs, it goes on with another shape of the type
 * that has the same keys so far and this one next; without one, the index is made
 * anew for the fields so far and the record read as any other, and what it read
 * becomes a shape of its type, in place of the one least recently used: a type
 * keeps several shapes, as real logs write a type's shapes in turns. Its shape id
 * tells the caller what it may skip (summary's layout of a group, check's places
 * of the fields it checks). */

/* The number of the type's shapes, tlen bytes at type (its text in t), found by
 * its hash and the slots after it, or taken where the type is new;
 * REC_SHAPE_TYPES without shapes, for a type of more than 15 bytes or none, and
 * once REC_SHAPE_TYPES types are known. */
unsigned rec_shape_type(struct rec_shapes *shapes, const char *type, size_t tlen,
			const char *end, uint64_t t[2])
{
	if (!shapes || tlen - 1 > 14 || end - type < 16)
		return REC_SHAPE_TYPES;
	memcpy(t, type, 16);
	t[0] = first_bytes(t[0], tlen);
	t[1] = first_bytes(t[1], tlen > 8 ? tlen - 8 : 0);
	unsigned h = (unsigned)(((t[0] ^ t[1] * 0x9e3779b97f4a7c15ull) * 0x9e3779b97f4a7c15ull) >> 32);
	for (unsigned k = 0; k < REC_SHAPE_TYPES; k++) {
		uint64_t *slot = shapes->type[(h + k) % REC_SHAPE_TYPES];
		if (slot[0] == t[0] && slot[1] == t[1])
			return (h + k) % REC_SHAPE_TYPES;
		if (!slot[0]) {
			slot[0] = t[0], slot[1] = t[1];
			return (h + k) % REC_SHAPE_TYPES;
		}
	}
	return REC_SHAPE_TYPES;
}

/* Another shape of the type of shape (one of ways) that has its first i keys and
 * whose next key is at p (or that has i keys, p the record's end): the one to read
 * the record on with after shape's key i differed (or shape ended). NULL for none. */
struct rec_shape *rec_shape_next(struct rec_shape *ways, const struct rec_shape *shape,
				 size_t i, const char *p, const char *end)
{
	for (unsigned w = 0; w < REC_SHAPE_WAYS; w++) {
		struct rec_shape *other = &ways[w];
		if (shape->common[w] <= i || other->n < i)
			continue;
		if (other->n > i ? shape_key_is(p, &other->key[i])
				 : p[0] == ',' && p[1] == '"' && shape_end(p + 2, end))
			return other;
	}
	return NULL;
}

/* The last shape id given, by any caller's shapes: one id, one shape, in a program
 * that reads several logs. */
static uint64_t last_shape_id;

/* How many keys shapes a and b start with in common. */
static size_t keys_in_common(const struct rec_shape *a, const struct rec_shape *b)
{
	size_t i = 0;
	while (i < a->n && i < b->n && a->key[i].sig == b->key[i].sig &&
	       !memcmp(a->key[i].text, b->key[i].text, sizeof(a->key[i].text)))
		i++;
	return i;
}

/* shape (one of its type's, ways) and each other: their keys in common. */
static void shape_compare(struct rec_shape *ways, struct rec_shape *shape)
{
	unsigned at = (unsigned)(shape - ways);
	for (unsigned w = 0; w < REC_SHAPE_WAYS; w++) {
		struct rec_shape *other = &ways[w];
		size_t c = w != at && shape->id && other->id ? 1 + keys_in_common(shape, other) : 0;
		shape->common[w] = other->common[at] = (uint8_t)c;
	}
}

/* The shape of type to learn a record's in: a free one, else the least recently
 * used. */
static struct rec_shape *shape_victim(struct rec_shapes *shapes, unsigned type)
{
	struct rec_shape *ways = shapes->s[type], *victim = &ways[0];
	for (unsigned w = 0; w < REC_SHAPE_WAYS; w++) {
		if (!ways[w].id)
			return &ways[w];
		if (ways[w].used < victim->used)
			victim = &ways[w];
	}
	return victim;
}

/* r, a new shape of its type: its id, 0 when it has a key too long. */
uint64_t rec_shape_learn(struct rec_shapes *shapes, unsigned type, const struct rec *r)
{
	if (type == REC_SHAPE_TYPES)
		return 0;
	struct rec_shape *slot = shape_victim(shapes, type);
	bool fits = true;
	for (size_t i = 0; i < r->nfields; i++) {
		struct rec_shape_key *k = &slot->key[i];
		size_t klen = r->f[i].sig >> 16;
		char text[sizeof(k->text)] = { ',', '"' };
		if (!(fits = klen <= REC_SHAPE_KEY_MAX))
			break;
		memcpy(text + 2, r->f[i].key, klen);
		text[klen + 2] = '"';
		text[klen + 3] = ':';
		memcpy(k->text, text, sizeof(text));
		k->words = (uint8_t)((klen + 4 + 7) / 8);
		for (size_t w = 0; w < 4; w++)
			k->mask[w] = klen + 4 > 8 * w ? first_bytes(~0ull, klen + 4 - 8 * w) : 0;
		k->sig = r->f[i].sig;
	}
	slot->id = fits ? ++last_shape_id : 0;
	slot->n = r->nfields;
	memcpy(slot->index, r->index, sizeof(slot->index));
	shape_compare(shapes->s[type], slot);
	if (slot->id)
		shape_used(shapes, type, slot);
	return slot->id;
}
