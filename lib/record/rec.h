/* One record line (docs/FORMAT.md, "Lines" and "Records"), parsed and checked: the
 * JSON subset records use (RFC 8259: strings, integers, booleans, arrays of unsigned
 * integers), the envelope ("type", "seq" first, "crc" last) and the CRC. The
 * kernel reads its own records back with it for the report, tickstat every log.
 * Field values point into the caller's scratch buffers and the line. */
#ifndef LIB_REC_H
#define LIB_REC_H

#include "rec_line.h"

/* Parse one line that starts with '{' into r (type, seq, fields, CRC verified).
 * Returns NULL on success, else a static description of the first problem. */
const char *rec_parse(struct rec *r, const char *line, size_t len, const struct rec_scratch *s);
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
