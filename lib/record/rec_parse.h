/* What the record parsers share (rec.h; private to lib/record/rec_*.c): the
 * plain-string scan, a CRC's hex digits, the fields' index and the shapes the fast
 * parser reads a record through. The full parser is rec_full.c, the fast one
 * rec_fast.c, the shapes' cache rec_shapes.c. */
#ifndef LIB_REC_PARSE_H
#define LIB_REC_PARSE_H

#include "rec_line.h"
#include "lib.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* The caller's CRC-32 (rec.h: the kernel's lib/c/crc32.c, tickstat's isa-l) of the
 * line's first n bytes (up to the comma before "crc"), as the parser it called was
 * given it. */
extern rec_crc_fn *rec_line_crc;

/* The first byte from p on that ends a run of plain string bytes: a quote, a
 * backslash, a control byte (the NUL after the copy is one, so no read tests the
 * end) or a byte of a multi-byte UTF-8 character. Sixteen bytes at a time where
 * SSE2 is (every x86-64), the scratch holding 16 bytes from the NUL (struct
 * rec_scratch): a signed compare below 0x20 finds the control bytes and those from
 * 0x80 up at once. */
static inline __attribute__((always_inline)) char *plain_run_end(char *p)
{
#ifdef __SSE2__
	const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
	const __m128i space = _mm_set1_epi8(' ');
	for (;; p += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote),
							_mm_cmpeq_epi8(x, backslash)),
					   _mm_cmplt_epi8(x, space));
		unsigned m = (unsigned)_mm_movemask_epi8(hit);
		if (m)
			return p + __builtin_ctz(m);
	}
#else
	static const bool ends_run[256] = { [0 ... 0x1f] = true, ['"'] = true, ['\\'] = true,
					    [0x80 ... 0xff] = true };
	while (!ends_run[(unsigned char)*p])
		p++;
	return p;
#endif
}

/* The 8 lowercase hex digits of w, a "crc" member's, in one word: the first digit in its low byte (x86 is
 * little-endian), each byte's top bit added to and tested, which never carries into
 * the next byte of plain ASCII. */
static inline bool hex_digits(uint64_t w, uint32_t *want)
{
	const uint64_t ones = 0x0101010101010101ull, tops = 0x8080808080808080ull;
	/* a byte's top bit set: it is at least '0' and not above '9', 'a' and 'f' */
	uint64_t digit = (w + (0x80 - '0') * ones) & ~(w + (0x80 - '9' - 1) * ones) & tops;
	uint64_t letter = (w + (0x80 - 'a') * ones) & ~(w + (0x80 - 'f' - 1) * ones) & tops;
	if ((w & tops) || (digit | letter) != tops)
		return false;
	uint64_t x = (w & 0x0f0f0f0f0f0f0f0full) + (letter >> 7) * 9;   /* nibbles */
	x = (x << 4 | x >> 8) & 0x00ff00ff00ff00ffull;    /* digit pairs, first digit high */
	x = (x << 8 | x >> 16) & 0x0000ffff0000ffffull;
	*want = (uint32_t)(x << 16 | x >> 32);
	return true;
}

static inline bool crc_digits(const struct value *v, uint32_t *want)
{
	uint64_t w;
	if (v->kind != V_STRING || v->len != 8)
		return false;
	memcpy(&w, v->s, 8);
	return hex_digits(w, want);
}

/* ---- the fields' index ----------------------------------------------------------
 * Each record's fields by key, in a table of twice as many slots as a record may
 * have fields, a field in the first free slot from its key's hash on: a lookup
 * (rec_get: the range checks and every command make several per record) and the
 * test for a key given twice each cost a probe or two, where a search compared
 * every key. */

/* Whether field f has the key of that sig; the signature holds its length and its
 * first and last bytes. */
static inline bool key_is(const struct field *f, const char *key, unsigned sig)
{
	size_t len = sig >> 16;
	if (f->sig != sig)
		return false;
	for (size_t i = 1; i + 1 < len; i++)
		if (f->key[i] != key[i])
			return false;
	return true;
}

/* With SSE2, 16 bytes a store, in place of the compiler's memset of the 128 bytes
 * (a rep stosq, slow to start); the empty asm hides the zero, else the stores are
 * made that memset again. */
static inline void index_clear(struct rec *r)
{
#ifdef __SSE2__
	__m128i zero = _mm_setzero_si128();
	__asm__("" : "+x"(zero));
	for (size_t i = 0; i < sizeof(r->index); i += 16)
		_mm_storeu_si128((__m128i *)(void *)(r->index + i), zero);
#else
	memset(r->index, 0, sizeof(r->index));
#endif
	r->indexed = true;
}

/* The slot of the key with signature sig in r's index: that of its field, or the
 * free one where it would go. */
static inline unsigned slot_for(const struct rec *r, const char *key, unsigned sig)
{
	unsigned h = rec_slot_of(sig);
	while (r->index[h] && !key_is(&r->f[r->index[h] - 1], key, sig))
		h = (h + 1) % REC_INDEX_SLOTS;
	return h;
}

/* "type" and "seq", which come first, given again. */
static inline bool envelope_key(const char *key, unsigned sig)
{
	static const unsigned type_sig = 4 << 16 | 't' << 8 | 'e', seq_sig = 3 << 16 | 's' << 8 | 'q';
	return (sig == type_sig && key[1] == 'y' && key[2] == 'p') || (sig == seq_sig && key[1] == 'e');
}

/* Field r->nfields, its value in place, named key: false if the key came before. */
static inline bool add_field(struct rec *r, const char *key, unsigned sig)
{
	unsigned h = slot_for(r, key, sig);
	if (r->index[h] || envelope_key(key, sig))
		return false;
	r->f[r->nfields].key = key;
	r->f[r->nfields].sig = sig;
	r->index[h] = (uint8_t)++r->nfields;
	return true;
}

/* ---- shapes (rec_shapes.c) ------------------------------------------------------ */

/* The first n bytes of w, the rest zero (x86 is little-endian); all 8 from 8 on. */
static inline uint64_t first_bytes(uint64_t w, size_t n)
{
	return n >= 8 ? w : w & ((1ull << (8 * n)) - 1);
}

/* Whether the member at p (its ',' before) has k's key: the ',' and '"' before it
 * and the '"' and ':' after it compared too. The first two words at once, with no
 * branch between (a key of up to 12 bytes: most), then word by word, each read
 * only after the one before matched (bytes of a key, never the NUL after the copy):
 * every read starts at the NUL at the latest, and the scratch holds 16 bytes from
 * there (struct rec_scratch). */
static inline bool shape_key_is(const char *p, const struct rec_shape_key *k)
{
	uint64_t w0, w1, w;
	memcpy(&w0, p, 8);
	memcpy(&w1, p + 8, 8);
	if (((w0 ^ k->text[0]) & k->mask[0]) | ((w1 ^ k->text[1]) & k->mask[1]))
		return false;
	for (unsigned i = 2; i < k->words; i++) {
		memcpy(&w, p + 8 * i, 8);
		if ((w ^ k->text[i]) & k->mask[i])
			return false;
	}
	return true;
}

/* The shape of type that read a record: the type's last, its most recently used. */
static inline void shape_used(struct rec_shapes *shapes, unsigned type, struct rec_shape *shape)
{
	shape->used = ++shapes->clock;
	shapes->last[type] = (uint8_t)(shape - shapes->s[type]);
}

/* r's index, a shape's copied (as index_clear, 16 bytes a load and a store). */
static inline void index_copy(struct rec *r, const uint8_t *index)
{
#ifdef __SSE2__
	for (size_t i = 0; i < sizeof(r->index); i += 16)
		_mm_storeu_si128((__m128i *)(void *)(r->index + i),
				 _mm_loadu_si128((const __m128i *)(const void *)(index + i)));
#else
	memcpy(r->index, index, sizeof(r->index));
#endif
	r->indexed = true;
}

/* A record read through its shape ends with the 16 bytes crc":"XXXXXXXX"} from key
 * (after its '"'): whether they are there, tested at once, not read as any member.
 * Then whether the CRC is right:
 * the same answer as fast_crc's, as these bytes are the only way the line can end
 * right. */
static inline bool shape_end(const char *key, const char *end)
{
	return end - key == 16 && !memcmp(key, "crc\":\"", 6) && key[14] == '"' && key[15] == '}';
}

/* The number of the type's shapes, tlen bytes at type (its text in t), found by
 * its hash and the slots after it, or taken where the type is new;
 * REC_SHAPE_TYPES without shapes, for a type of more than 15 bytes or none, and
 * once REC_SHAPE_TYPES types are known. */
unsigned rec_shape_type(struct rec_shapes *shapes, const char *type, size_t tlen,
			const char *end, uint64_t t[2]);
/* Another shape of the type of shape (one of ways) that has its first i keys and
 * whose next key is at p (or that has i keys, p the record's end): the one to read
 * the record on with after shape's key i differed (or shape ended). NULL for none. */
struct rec_shape *rec_shape_next(struct rec_shape *ways, const struct rec_shape *shape,
				 size_t i, const char *p, const char *end);
/* r, a new shape of its type: its id, 0 when it has a key too long. */
uint64_t rec_shape_learn(struct rec_shapes *shapes, unsigned type, const struct rec *r);

#endif
