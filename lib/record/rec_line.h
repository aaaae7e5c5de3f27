/* One record line's parts (rec.h is the interface): its values and fields, the
 * shapes of the records before, the caller's scratch, and the two parsers that
 * rec.h's rec_parse calls, the fast one (rec_fast.c) and the full one (rec_full.c). */
#ifndef LIB_REC_LINE_H
#define LIB_REC_LINE_H

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

#endif
