/* The fast record parser (rec_line.h's rec_parse_fast; rec.h's rec_parse falls back
 * on the full one, rec_full.c). Its speed is tickstat's: SSE2 where the compiler
 * has it, which the kernel's report core has. */
#include "rec_parse.h"

/* ---- one line: the kernel's form ------------------------------------------------
 * The kernel writes every record one way: no white space, member names and string
 * values of plain ASCII without escapes, integers without a leading zero, true,
 * false, arrays of unsigned integers. rec_parse_fast() reads that form in one
 * pass over the copy (as above: strings in place, the NUL after the copy ending
 * every scan), with no call per token, and gives up at the first byte outside it
 * and at any problem; rec_parse_full() then reads the line again, taking what else
 * JSON allows and naming what is wrong. The fast parser takes a subset of the lines
 * the full one takes, with the same fields: fuzz_tickstat_log holds them to it. */

/* How many of the 8 characters in w (the first in its low byte) are digits before
 * the first that is not, and their value, with no branch per digit: subtracted
 * '0', a digit is 0..9, and any other byte has its top bit set either as it is or
 * with 0x76 added (a borrow or carry runs only into the bytes after the first
 * non-digit, which are not used). The value: the digits moved to the top, behind
 * leading zeros, then paired, the pairs paired, and the quads, each step one
 * multiply (a * (10 << 8 | 1) >> 8 is 10 a plus the next byte) (Lemire, "Fast
 * numeric string to int", 2018). */
static inline unsigned swar_digits(uint64_t w, uint64_t *value)
{
	uint64_t x = w - 0x3030303030303030ull;
	uint64_t stop = (x | (x + 0x7676767676767676ull)) & 0x8080808080808080ull;
	unsigned n = stop ? (unsigned)__builtin_ctzll(stop) >> 3 : 8;
	if (n == 0)
		return 0;
	x <<= 8 * (8 - n);
	x = (x * (10 << 8 | 1)) >> 8;
	x = ((x & 0x00ff00ff00ff00ffull) * (100 << 16 | 1)) >> 16;
	*value = ((x & 0x0000ffff0000ffffull) * (10000ull << 32 | 1)) >> 32;
	return n;
}

/* The digits at p of a number of 8 or more, the first 8 of value high: the next
 * word's digits and, past 16, the third's, up to 19 in all (every run record's
 * "cycles" has 10 digits). */
static char *long_digits(char *p, uint64_t high, uint64_t *out)
{
	static const uint64_t tens[9] = { 1, 10, 100, 1000, 10000, 100000, 1000000,
					  10000000, 100000000 };
	uint64_t w, low = 0, lowest = 0;
	unsigned n, n3;
	if (*p == '0')
		return NULL;
	memcpy(&w, p + 8, 8);
	if ((n = swar_digits(w, &low)) < 8) {
		*out = high * tens[n] + low;
		return p + 8 + n;
	}
	memcpy(&w, p + 16, 8);
	if ((n3 = swar_digits(w, &lowest)) > 3)
		return NULL;
	*out = (high * tens[8] + low) * tens[n3] + lowest;
	return p + 16 + n3;
}

/* The digits of an unsigned integer at p: the byte after them, NULL outside the
 * form (no digit, a leading zero, more than 19 digits). The byte after them is
 * the caller's to check (a ',', ']' or '}' of the form; not a fraction or an
 * exponent). Most numbers have fewer than 8 digits: one word read settles them; a
 * word read at the NUL after the copy at the latest (the digits stop there) stays
 * in the scratch, which holds 16 bytes from the NUL (struct rec_scratch), so no read
 * tests the end. */
static inline char *fast_digits(char *p, uint64_t *out)
{
	uint64_t w, v;
	memcpy(&w, p, 8);
	unsigned n = swar_digits(w, &v);
	if (n == 8)
		return long_digits(p, v, out);
	if (n == 0 || (*p == '0' && n > 1))
		return NULL;
	*out = v;
	return p + n;
}

/* A plain string whose text starts at p: the byte after its closing quote, which
 * its NUL replaces; NULL outside the form. */
static inline char *fast_text(char *p, size_t *len)
{
	char *q = plain_run_end(p);
	if (*q != '"')
		return NULL;
	*q = 0;
	*len = (size_t)(q - p);
	return q + 1;
}

static inline char *fast_string(char *p, struct value *v)
{
	v->kind = V_STRING, v->s = p;
	return fast_text(p, &v->len);
}

static inline char *fast_array(char *p, struct value *v, uint64_t **arr)
{
	uint64_t *out = *arr;
	v->kind = V_ARRAY, v->arr = out, v->len = 0;
	if (*p == ']')
		return p + 1;
	for (;; p++) {
		if (!(p = fast_digits(p, out++)))
			return NULL;
		if (*p == ']') {
			v->len = (size_t)(out - *arr);
			*arr = out;
			return p + 1;
		}
		if (*p != ',')
			return NULL;
	}
}

/* The value at p, the byte after it, its kind in *kind too; NULL outside the
 * form. */
static inline __attribute__((always_inline)) char *fast_value(char *p, struct value *v,
							     uint64_t **arr, uint8_t *kind,
							     unsigned *negatives)
{
	switch (*p) {
	case '"':
		*kind = V_STRING;
		return fast_string(p + 1, v);
	case '[':
		*kind = V_ARRAY;
		return fast_array(p + 1, v, arr);
	case 't': case 'f': {      /* one word compared (a NUL or any byte past the end differs) */
		bool t = *p == 't';
		size_t n = t ? 4 : 5;
		uint64_t w, want;
		memcpy(&w, p, 8);
		memcpy(&want, t ? "true\0\0\0\0" : "false\0\0\0", 8);
		if (first_bytes(w, n) != want)
			return NULL;
		v->kind = V_BOOL, v->b = t;
		*kind = V_BOOL;
		return p + n;
	}
	case '-':
		v->kind = V_INT, v->neg = true;
		*kind = V_INT;
		++*negatives;
		p = fast_digits(p + 1, &v->u);
		return p && v->u <= (uint64_t)INT64_MAX + 1 ? p : NULL;
	default:
		v->kind = V_INT, v->neg = false;
		*kind = V_INT;
		return fast_digits(p, &v->u);
	}
}

/* The "crc" member's value v, the last: p is the byte after it, comma the comma
 * before its name, both in the copy that starts at copy. */
static bool fast_crc(const struct value *v, const char *p, const char *end, const char *copy,
		     const char *comma, const char *line)
{
	uint32_t want;
	return *p == '}' && p + 1 == end && crc_digits(v, &want) &&
	       rec_line_crc(line, (size_t)(comma - copy)) == want;
}

static bool shape_crc(const char *key, const char *copy, const char *comma, const char *line)
{
	uint64_t w;
	uint32_t want;
	memcpy(&w, key + 6, 8);
	return hex_digits(w, &want) && rec_line_crc(line, (size_t)(comma - copy)) == want;
}

/* The envelope's opening, {"type":"…","seq":N, at p: the byte after N; NULL outside
 * the form. */
static inline char *fast_envelope(char *p, const char *end, struct rec *r, size_t *tlen)
{
	static const char type[] = "{\"type\":\"", seq[] = ",\"seq\":";
	struct value v;
	if ((size_t)(end - p) < sizeof(type) || memcmp(p, type, sizeof(type) - 1) ||
	    !(p = fast_string(p + sizeof(type) - 1, &v)))
		return NULL;
	r->type = v.s;
	*tlen = v.len;
	if ((size_t)(end - p) < sizeof(seq) || memcmp(p, seq, sizeof(seq) - 1))
		return NULL;
	return fast_digits(p + sizeof(seq) - 1, &r->seq);
}

/* The index made again for r's fields, after a key that its shape did not have. */
static void index_remake(struct rec *r)
{
	index_clear(r);
	for (size_t i = 0; i < r->nfields; i++)
		r->index[slot_for(r, r->f[i].key, r->f[i].sig)] = (uint8_t)(i + 1);
}

/* The field r->nfields at key as any, after the keys of *shape (if any) up to it:
 * NULL outside the form. At a key the shape does not have there, the index is made
 * anew and *shape dropped. *crc: the key is "crc", which has no field. */
static inline char *any_field(struct rec *r, char *key, struct rec_shape **shape,
			      bool *crc)
{
	size_t klen;
	char *p = fast_text(key, &klen);
	if (!p || *p != ':')
		return NULL;
	*crc = klen == 3 && !memcmp(key, "crc", 3);
	if (*shape && !(*crc && r->nfields == (*shape)->n)) {
		index_remake(r);
		*shape = NULL;
	}
	if (!*crc && !add_field(r, key, key_sig(key, klen)))
		return NULL;
	return p + 1;
}

/* The fields of r through its shape from p, the ',' before the first: the byte
 * where a key differs from the shape's (or after the shape's last field), NULL at
 * a value outside the form. The count and the shape's words are kept in locals:
 * the NULs written into the copy could alias anything in memory, and would make
 * the compiler reload them after each. */
static inline char *shape_fields(struct rec *r, char *p, const struct rec_shape *shape,
				 uint64_t **arr)
{
	size_t i, n = shape->n;
	uint64_t *out = *arr;
	for (i = r->nfields; i < n; i++) {
		const struct rec_shape_key *k = &shape->key[i];
		unsigned sig = k->sig;
		size_t klen = sig >> 16;
		if (!shape_key_is(p, k))
			break;
		p[2 + klen] = 0;
		r->f[i].key = p + 2;
		r->f[i].sig = sig;
		if (!(p = fast_value(p + 2 + klen + 2, &r->f[i].v, &out, &r->kinds[i],
				     &r->negatives)))
			return NULL;
	}
	r->nfields = i;
	*arr = out;
	return p;
}

bool rec_parse_fast(struct rec *r, const char *line, size_t len, const struct rec_scratch *s)
{
	char *copy = s->str, *end = copy + len, *p;
	uint64_t *arr = s->arr, type[2] = { 0, 0 };
	size_t tlen;
	rec_line_crc = s->crc;
	memcpy(copy, line, len);
	copy[len] = 0;
	r->nfields = 0;
	r->shape = 0;
	r->negatives = 0;
	if (!(p = fast_envelope(copy, end, r, &tlen)))
		return false;
	unsigned t = rec_shape_type(s->shapes, r->type, tlen, end, type);
	struct rec_shape *shape = t < REC_SHAPE_TYPES ? &s->shapes->s[t][s->shapes->last[t]] : NULL;
	if (shape && !shape->id)
		shape = NULL;
	for (struct rec_shape *next = shape; next; ) {
		index_copy(r, (shape = next)->index);
		if (!(p = shape_fields(r, p, shape, &arr)))
			return false;
		if (r->nfields == shape->n && p[0] == ',' && p[1] == '"' && shape_end(p + 2, end)) {
			r->shape = shape->id;
			shape_used(s->shapes, t, shape);
			return shape_crc(p + 2, copy, p, line);
		}
		next = rec_shape_next(s->shapes->s[t], shape, r->nfields, p, end);
	}
	if (!shape)
		index_clear(r);
	for (;;) {     /* past the shapes, or without one */
		/* a record of REC_FIELDS_MAX fields and its "crc": the full parser's */
		size_t i = r->nfields;
		char *comma = p;
		bool crc = false;
		if (*p != ',' || i == REC_FIELDS_MAX || p[1] != '"')
			return false;
		struct value *v = &r->f[i].v;
		if (!(p = any_field(r, p + 2, &shape, &crc)) ||
		    !(p = fast_value(p, v, &arr, &r->kinds[i], &r->negatives)))
			return false;
		if (crc) {
			if (!fast_crc(v, p, end, copy, comma, line))
				return false;
			r->shape = shape ? shape->id : rec_shape_learn(s->shapes, t, r);
			return true;
		}
	}
}
