/* One record line (docs/FORMAT.md, "Lines" and "Records"), parsed and checked: the
 * JSON subset records use (RFC 8259: strings, integers, booleans, arrays of unsigned
 * integers), the envelope ("type", "seq" first, "crc" last) and the CRC. The
 * kernel reads its own records back with it for the report, tickstat every log.
 * Field values point into the caller's scratch buffers and the line. */
#ifndef LIB_REC_H
#define LIB_REC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define REC_FIELDS_MAX  64
#define REC_INDEX_SLOTS 128   /* the fields' index: open addressing, half full at most */

enum value_kind { V_STRING, V_INT, V_BOOL, V_ARRAY };

/* Only the members of its kind are set (the fast parser writes no others: zeroing
 * the rest was a fortieth of check's instructions and its stores); read by kind. */
struct value {
	enum value_kind kind;
	bool neg;                /* V_INT: negative; the magnitude is in u */
	uint64_t u;              /* V_INT magnitude */
	bool b;                  /* V_BOOL */
	const char *s;           /* V_STRING, unescaped, NUL-terminated */
	size_t len;              /* V_STRING length, V_ARRAY element count */
	const uint64_t *arr;     /* V_ARRAY */
};

struct field {
	const char *key;         /* NUL-terminated */
	unsigned sig;            /* key_sig(): a lookup compares it first */
	struct value v;
};

/* A key's length and first and last bytes in one word: keys that differ nearly
 * always differ in it. */
static inline unsigned key_sig(const char *key, size_t len)
{
	return (unsigned)len << 16 | (unsigned)(unsigned char)key[0] << 8 |
	       (len ? (unsigned)(unsigned char)key[len - 1] : 0);
}

struct rec {
	const char *file;
	unsigned long line;
	const char *type;
	uint64_t seq;
	size_t nfields;          /* fields between seq and crc */
	struct field f[REC_FIELDS_MAX];
	/* The parsers': each field's kind (f[i].v.kind) as a byte, so that a caller
	 * compares a record's kinds with those it knows at once (a test of each
	 * field's was a third of tickstat summary's time finding a record's group). */
	uint8_t kinds[REC_FIELDS_MAX];
	unsigned negatives;      /* the parsers': its integers below 0 (most records none) */
	/* The parser's records are indexed by key (rec_get); a record made by hand,
	 * with indexed false, is searched field by field. index[h]: 1 + the number of
	 * a field whose key hashes to h or is placed after it, 0 for none. */
	bool indexed;
	uint8_t index[REC_INDEX_SLOTS];
	const char *raw;         /* the line, without its end of line */
	size_t rawlen;
	/* Not 0: the id of its shape (below); records of one id, whichever log and
	 * scratch they were read with, have the same type and keys in the same order. */
	uint64_t shape;
};

/* The shapes of the records read (rec_shapes.c): the keys of recent records,
 * which the next record of a type is read against. Each of up to REC_SHAPE_TYPES
 * types has REC_SHAPE_WAYS shapes, the least recently used replaced: a real log
 * holds up to nine shapes of "run" (the tick benchmark's records with the timer and
 * without it differ by "expected", the work model's by four keys) taken in turns.
 * Keys of up to REC_SHAPE_KEY_MAX bytes. */
#define REC_SHAPE_TYPES   32
#define REC_SHAPE_WAYS    16
#define REC_SHAPES        (REC_SHAPE_TYPES * REC_SHAPE_WAYS)   /* at most, at once */
#define REC_SHAPE_KEY_MAX 28
struct rec_shape_key {
	uint64_t text[4];        /* ',' and '"', the key, '"' and ':', zeros after */
	uint64_t mask[4];        /* the bytes of each word of text that are the key's */
	unsigned sig;
	uint8_t words;
};
struct rec_shape {
	uint64_t id;             /* 0: none (free, or a key too long) */
	uint64_t used;           /* the shapes' clock when it last read a record */
	size_t n;
	/* 1 + how many keys it starts with in common with each other shape of its
	 * type, 0 for itself and for none */
	uint8_t common[REC_SHAPE_WAYS];
	uint8_t index[REC_INDEX_SLOTS];
	struct rec_shape_key key[REC_FIELDS_MAX];
};
struct rec_shapes {
	uint64_t type[REC_SHAPE_TYPES][2];   /* each type's text, zeros after; 0: free */
	uint8_t last[REC_SHAPE_TYPES];       /* the shape of each type that read last */
	struct rec_shape s[REC_SHAPE_TYPES][REC_SHAPE_WAYS];
	uint64_t clock;
};

/* The CRC-32 of zlib (crc32(0, data, len)): the kernel's lib/c/crc32.c, or a faster
 * one on the host. */
typedef uint32_t rec_crc_fn(const void *data, size_t len);

/* The caller's scratch: strings (len + 16 bytes: the line is copied there, a NUL
 * after it, and the parsers read 16 bytes at a time up to the NUL), arrays (len / 2 + 1
 * integers), the CRC function, and the shapes of the records before (zeroed
 * before the first; NULL: none, every record's shape 0). */
struct rec_scratch {
	char *str;
	uint64_t *arr;
	rec_crc_fn *crc;
	struct rec_shapes *shapes;
};

/* Parse one line that starts with '{' into r (type, seq, fields, CRC verified).
 * Returns NULL on success, else a static description of the first problem. */
const char *rec_parse(struct rec *r, const char *line, size_t len, const struct rec_scratch *s);
/* The two parsers behind it (rec_fast.c says why), for the fuzzer that holds them equal:
 * the kernel's form alone (false at anything else), and all of JSON's. */
bool rec_parse_fast(struct rec *r, const char *line, size_t len, const struct rec_scratch *s);
const char *rec_parse_full(struct rec *r, const char *line, size_t len,
			   const struct rec_scratch *s);

/* The length of the valid UTF-8 character (RFC 3629: no overlong form, no
 * surrogate, at most U+10FFFF) at s, of the avail bytes there; 0 if there is none.
 * Record strings are refused unless every character is valid (JSON text is UTF-8,
 * RFC 8259 8.1). */
size_t utf8_valid(const char *s, size_t avail);

/* Name a field (a record made by hand, in tests): its key and signature. */
static inline void field_name(struct field *f, const char *key)
{
	size_t len = 0;
	while (key[len])
		len++;
	f->key = key;
	f->sig = key_sig(key, len);
}

/* The slot of r's index where the field with key signature sig is looked for
 * first (7 bits; rec_parse.h places each field in the first free slot from there on). */
static inline unsigned rec_slot_of(unsigned sig)
{
	return sig * 0x9e3779b1u >> 25;
}

/* The value of r's field key, whose signature is sig, or NULL: the search. */
const struct value *rec_get_sig(const struct rec *r, const char *key, unsigned sig);

/* Always inlined, the lookups below: a key given as a literal is then a constant. */
#define REC_INLINE static inline __attribute__((always_inline))

/* The size bytes at p (1, 2, 4 or 8) as an integer. */
REC_INLINE uint64_t key_word(const char *p, size_t size)
{
	uint64_t w8;
	uint32_t w4;
	uint16_t w2;
	switch (size) {
	case 8: __builtin_memcpy(&w8, p, 8); return w8;
	case 4: __builtin_memcpy(&w4, p, 4); return w4;
	case 2: __builtin_memcpy(&w2, p, 2); return w2;
	default: return (unsigned char)*p;
	}
}

/* Whether k, len bytes long, is key: a literal of up to 16 bytes as two words
 * each, the second ending at its last byte (the library's memcmp was 2 % of
 * check's time; bytes copied to the stack and read back as one word stalled on
 * the stores). */
REC_INLINE bool key_equals(const char *k, const char *key, size_t len)
{
	if (!__builtin_constant_p(len) || len == 0 || len > 16)
		return !__builtin_memcmp(k, key, len);
	size_t size = len >= 8 ? 8 : len >= 4 ? 4 : len >= 2 ? 2 : 1;
	return key_word(k, size) == key_word(key, size) &&
	       key_word(k + len - size, size) == key_word(key + len - size, size);
}

/* The value of r's field key, or NULL. Inline, as the helpers below: a key given
 * as a literal has its length, signature and slot worked out by the compiler and
 * its bytes compared in a word or two, and the field in its first slot or the next
 * is found with no call (the lookups of the range checks and of tickstat summary's
 * pooling were 7 % of its instructions as calls, and a key in the slot after its
 * own, where the index puts it when another key had that, 2 % of check's: one in
 * each run record, "hz" after "bench", three in a stats record); rec_get_sig()
 * probes on. */
REC_INLINE const struct value *rec_get(const struct rec *r, const char *key)
{
	size_t len = __builtin_strlen(key);
	unsigned sig = key_sig(key, len), h = rec_slot_of(sig);
	if (r->indexed) {
		for (unsigned probe = 0; probe < 2; probe++, h = (h + 1) % REC_INDEX_SLOTS) {
			unsigned k = r->index[h];
			if (!k)
				return NULL;
			const struct field *f = &r->f[k - 1];
			if (f->sig == sig && key_equals(f->key, key, len))
				return &f->v;
		}
	}
	return rec_get_sig(r, key, sig);
}

/* Whether r's type is type, a literal: compared byte by byte, unrolled, with no
 * call, up to the first byte that differs (a type may be shorter than the literal). */
REC_INLINE bool rec_type_is(const struct rec *r, const char *type)
{
	size_t len = __builtin_strlen(type);
	for (size_t i = 0; i <= len; i++)
		if (r->type[i] != type[i])
			return false;
	return true;
}

/* A value rec_get() found (or NULL) as an unsigned integer: a second lookup
 * spared where the caller needs to know whether the field is there at all. */
REC_INLINE bool value_u64(const struct value *v, uint64_t *out)
{
	if (!v || v->kind != V_INT || v->neg)
		return false;
	*out = v->u;
	return true;
}

REC_INLINE bool rec_u64(const struct rec *r, const char *key, uint64_t *out)
{
	return value_u64(rec_get(r, key), out);
}

REC_INLINE const char *rec_str(const struct rec *r, const char *key)  /* NULL if absent */
{
	const struct value *v = rec_get(r, key);
	return v && v->kind == V_STRING ? v->s : NULL;
}

REC_INLINE bool rec_bool(const struct rec *r, const char *key, bool *out)
{
	const struct value *v = rec_get(r, key);
	if (!v || v->kind != V_BOOL)
		return false;
	*out = v->b;
	return true;
}

/* An integer field as a double (exact below 2^53, nearest above): in the kernel,
 * for code compiled with SSE only. */
REC_INLINE bool rec_num(const struct rec *r, const char *key, double *out)
{
	const struct value *v = rec_get(r, key);
	if (!v || v->kind != V_INT)
		return false;
	*out = v->neg ? -(double)v->u : (double)v->u;
	return true;
}

#endif
