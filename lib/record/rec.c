/* One record line parsed and checked (see rec.h; docs/FORMAT.md, "Lines" and
 * "Records"; JSON is RFC 8259, of which records use strings, integers, booleans and
 * arrays of unsigned integers). Freestanding: the kernel reads its own records back
 * with it for the report, tickstat every log (its speed is tickstat's: SSE2 where
 * the compiler has it, which the kernel's report core has). */
#include "rec.h"
#include "format.h"
#include "lib.h"

#include <stdarg.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* ---- one line: the JSON subset ------------------------------------------------
 * The line is copied once into the string scratch buffer, a NUL after it, and
 * parsed there, in place: a string is the bytes between its quotes, its closing
 * quote overwritten by its NUL, and only a string with escapes is rewritten (its
 * text never grows: an escape is longer than what it stands for). The NUL after
 * the copy ends every scan (no digit, no white space, no plain string byte), so
 * the scans test no bound; where they stop, the end is told from a NUL byte. The
 * copy's offsets are the line's, so a column names the byte of the line. */

struct cursor {
	char *p, *start, *end;   /* the copy of the line; *end is its NUL */
	const char *line;        /* the line itself, for the CRC */
	uint64_t *arr;           /* next free slot of the array scratch buffer */
	char err[160];
};

static const char *fail(struct cursor *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static const char *fail(struct cursor *c, const char *fmt, ...)
{
	va_list ap;
	int n = format(c->err, sizeof(c->err), "column %zu: %s", (size_t)(c->p - c->start) + 1,
		       c->p >= c->end ? "record cut short (truncated line?): " : "");
	va_start(ap, fmt);
	vformat(c->err + n, sizeof(c->err) - (size_t)n, fmt, ap);
	va_end(ap);
	return c->err;
}

static void skip_ws_run(struct cursor *c)
{
	while (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\n')
		c->p++;
}

/* The kernel writes no white space between tokens: one test, inlined, settles the
 * usual case (the loop's four compares were 6% of summary's instructions). */
static inline __attribute__((always_inline)) void skip_ws(struct cursor *c)
{
	if ((unsigned char)*c->p > ' ')
		return;
	skip_ws_run(c);
}

/* Inlined: called for every member and string, it was 6% of summary's time as a
 * call. ch is never the NUL at the end. */
static inline __attribute__((always_inline)) bool eat(struct cursor *c, char ch)
{
	skip_ws(c);
	if (*c->p == ch) {
		c->p++;
		return true;
	}
	return false;
}

static int hexval(char ch)
{
	if (ch >= '0' && ch <= '9') return ch - '0';
	if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
	return -1;
}

static bool read_hex4(struct cursor *c, unsigned *out)
{
	if (c->end - c->p < 4)
		return false;
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		int h = hexval(c->p[i]);
		if (h < 0)
			return false;
		v = v << 4 | (unsigned)h;
	}
	c->p += 4;
	*out = v;
	return true;
}

static char *put_utf8(char *d, unsigned cp)
{
	if (cp < 0x80) {
		*d++ = (char)cp;
	} else if (cp < 0x800) {
		*d++ = (char)(0xc0 | cp >> 6);
		*d++ = (char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		*d++ = (char)(0xe0 | cp >> 12);
		*d++ = (char)(0x80 | (cp >> 6 & 0x3f));
		*d++ = (char)(0x80 | (cp & 0x3f));
	} else {
		*d++ = (char)(0xf0 | cp >> 18);
		*d++ = (char)(0x80 | (cp >> 12 & 0x3f));
		*d++ = (char)(0x80 | (cp >> 6 & 0x3f));
		*d++ = (char)(0x80 | (cp & 0x3f));
	}
	return d;
}

/* \uXXXX, with a surrogate pair when the first unit asks for one, written at *d
 * (behind the escape: its UTF-8 form is never longer). */
static const char *parse_unicode(struct cursor *c, char **d)
{
	unsigned cp, lo;
	if (!read_hex4(c, &cp))
		return fail(c, "bad \\u escape");
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return fail(c, "lone low surrogate in \\u escape");
	if (cp == 0)
		return fail(c, "\\u0000 in a string (a NUL would end it)");
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (c->end - c->p < 2 || c->p[0] != '\\' || c->p[1] != 'u')
			return fail(c, "high surrogate without its pair");
		c->p += 2;
		if (!read_hex4(c, &lo) || lo < 0xdc00 || lo > 0xdfff)
			return fail(c, "bad surrogate pair");
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	*d = put_utf8(*d, cp);
	return NULL;
}

/* The escape after a backslash, its character written at *d. */
static const char *parse_escape(struct cursor *c, char **d)
{
	if (c->p >= c->end)
		return fail(c, "string cut short");
	char e = *c->p++;
	switch (e) {
	case '"': case '\\': case '/': *(*d)++ = e; return NULL;
	case 'b': *(*d)++ = '\b'; return NULL;
	case 'f': *(*d)++ = '\f'; return NULL;
	case 'n': *(*d)++ = '\n'; return NULL;
	case 'r': *(*d)++ = '\r'; return NULL;
	case 't': *(*d)++ = '\t'; return NULL;
	case 'u': return parse_unicode(c, d);
	default:  c->p--; return fail(c, "bad escape \\%c", e >= 0x20 && e < 0x7f ? e : '?');
	}
}

size_t utf8_valid(const char *s, size_t avail)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = avail ? (p[0] < 0x80 ? 1 : p[0] >= 0xc2 && p[0] <= 0xdf ? 2 :
			    p[0] >= 0xe0 && p[0] <= 0xef ? 3 : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0) : 0;
	if (n > avail)
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	/* the second byte's range: no overlong form, no surrogate, nothing past U+10FFFF */
	if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] > 0x9f) ||
	    (p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] > 0x8f))
		return 0;
	return n;
}

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

/* A string after its opening quote, in place (see above). The text moves only
 * after an escape: from then on d, behind c->p, is where it goes. */
static const char *parse_string_body(struct cursor *c, const char **out, size_t *len)
{
	char *s = c->p, *d = NULL;
	const char *e;
	for (;;) {
		char *run = c->p;
		c->p = plain_run_end(c->p);
		if (d) {
			memmove(d, run, (size_t)(c->p - run));
			d += c->p - run;
		}
		unsigned char ch = (unsigned char)*c->p;
		if (ch == '"')
			break;
		if (c->p == c->end)
			return fail(c, "string cut short");
		if (ch < 0x20)
			return fail(c, "control byte 0x%02x in a string", ch);
		if (ch == '\\') {
			d = d ? d : c->p;
			c->p++;
			if ((e = parse_escape(c, &d)))
				return e;
			continue;
		}
		size_t n = utf8_valid(c->p, (size_t)(c->end - c->p));
		if (!n)
			return fail(c, "byte 0x%02x in a string is not UTF-8 (RFC 3629)", ch);
		if (d) {
			memmove(d, c->p, n);
			d += n;
		}
		c->p += n;
	}
	char *nul = d ? d : c->p;
	c->p++;                  /* the closing quote, whose place the NUL may take */
	*nul = 0;
	*out = s;
	*len = (size_t)(nul - s);
	return NULL;
}

static const char *parse_string(struct cursor *c, const char **out, size_t *len)
{
	if (!eat(c, '"'))
		return fail(c, "expected a string");
	return parse_string_body(c, out, len);
}

static bool is_digit(char ch) { return (unsigned)(ch - '0') <= 9; }

/* What is wrong with the number whose digits start at p (and with a number of 20
 * digits, which may fit: its value). */
static const char *int_problem(struct cursor *c, char *p, bool neg, uint64_t *out)
{
	uint64_t v = 0;
	c->p = p;
	if (!is_digit(*p))
		return fail(c, "expected a value");
	if (*p == '0' && is_digit(p[1]))
		return fail(c, "number with a leading zero");
	for (; is_digit(*c->p); c->p++) {
		unsigned d = (unsigned)(*c->p - '0');
		if (v > (UINT64_MAX - d) / 10)
			return fail(c, "number out of range (more than 64 bits)");
		v = v * 10 + d;
	}
	if (*c->p == '.' || *c->p == 'e' || *c->p == 'E')
		return fail(c, "number is not an integer (the format has integers only)");
	if (neg && v > (uint64_t)INT64_MAX + 1)
		return fail(c, "number out of range (below -2^63)");
	*out = v;
	return NULL;
}

/* An integer, exactly: a sign and a 64-bit magnitude, never through a double.
 * The callers have skipped the white space before it. Up to 19 digits, which
 * cannot overflow, in one loop; anything else from int_problem(). */
static const char *parse_int(struct cursor *c, bool *neg, uint64_t *out)
{
	/* In locals: a byte read through a char pointer could be the cursor itself as
	 * far as the compiler knows, so c->p would be stored back before every read. */
	char *p = c->p, *digits;
	*neg = *p == '-';
	digits = p += *neg;
	uint64_t v = 0;
	for (unsigned d; (d = (unsigned)(*p - '0')) <= 9; p++)
		v = v * 10 + d;
	size_t n = (size_t)(p - digits);
	if (n - 1 >= 19 || (*digits == '0' && n > 1) || *p == '.' || (*p | 0x20) == 'e' ||
	    (*neg && v > (uint64_t)INT64_MAX + 1))
		return int_problem(c, digits, *neg, out);
	c->p = p;
	*out = v;
	return NULL;
}

static const char *parse_array(struct cursor *c, struct value *v)
{
	v->kind = V_ARRAY;
	v->arr = c->arr;
	v->len = 0;
	if (eat(c, ']'))
		return NULL;
	do {
		bool neg;
		uint64_t u;
		skip_ws(c);
		const char *e = parse_int(c, &neg, &u);
		if (e)
			return e;
		if (neg)
			return fail(c, "arrays hold unsigned integers only");
		*c->arr++ = u;
		v->len++;
	} while (eat(c, ','));
	if (!eat(c, ']'))
		return fail(c, "expected ',' or ']' in an array");
	return NULL;
}

static bool word(struct cursor *c, const char *w)
{
	size_t n = strlen(w);
	if ((size_t)(c->end - c->p) < n || memcmp(c->p, w, n) != 0)
		return false;
	c->p += n;
	return true;
}

static const char *parse_value(struct cursor *c, struct value *v)
{
	skip_ws(c);
	if (c->p >= c->end)
		return fail(c, "expected a value");
	memset(v, 0, sizeof(*v));
	switch (*c->p) {
	case '"':
		v->kind = V_STRING;
		c->p++;
		return parse_string_body(c, &v->s, &v->len);
	case '[':
		c->p++;
		return parse_array(c, v);
	case 't': case 'f':
		v->kind = V_BOOL;
		v->b = *c->p == 't';
		if (word(c, "true") || word(c, "false"))
			return NULL;
		return fail(c, "expected a value");
	case '{':
		return fail(c, "nested objects are not part of the format");
	case 'n':
		return fail(c, "null is not part of the format");
	default:
		v->kind = V_INT;
		return parse_int(c, &v->neg, &v->u);
	}
}

/* ---- one line: the envelope --------------------------------------------------- */

/* The 8 lowercase hex digits of w, a "crc" member's, in one word (a loop over the digits
 * was 3 % of check's instructions): the first digit in its low byte (x86 is
 * little-endian), each byte's top bit added to and tested, which never carries into
 * the next byte of plain ASCII. */
static bool hex_digits(uint64_t w, uint32_t *want)
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

static bool crc_digits(const struct value *v, uint32_t *want)
{
	uint64_t w;
	if (v->kind != V_STRING || v->len != 8)
		return false;
	memcpy(&w, v->s, 8);
	return hex_digits(w, want);
}

/* The caller's CRC-32 (rec.h: the kernel's lib/c/crc32.c, tickstat's isa-l) of the
 * line's first n bytes (up to the comma before "crc"). */
static rec_crc_fn *line_crc;

static const char *check_crc(struct cursor *c, const struct value *v, const char *comma)
{
	uint32_t want;
	if (v->kind != V_STRING || v->len != 8)
		return fail(c, "\"crc\" is not a string of 8 hex digits");
	if (!crc_digits(v, &want))
		return fail(c, "\"crc\" is not 8 lowercase hex digits");
	uint32_t got = line_crc(c->line, (size_t)(comma - c->start));
	if (got != want) {
		format(c->err, sizeof(c->err),
		       "CRC mismatch: record says %08x, its bytes give %08x", want, got);
		return c->err;
	}
	return NULL;
}

/* ---- the fields' index ----------------------------------------------------------
 * Each record's fields by key, in a table of twice as many slots as a record may
 * have fields, a field in the first free slot from its key's hash on: a lookup
 * (rec_get: the range checks and every command make several per record) and the
 * test for a key given twice each cost a probe or two, where a search compared
 * every key (a third of the time of `tickstat check`). */

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

/* With SSE2, 16 bytes a store: the compiler's memset of the 128 bytes, a rep
 * stosq, cost 5 % of the fast parser's time in its startup alone (the empty asm
 * hides the zero, else the stores are made that memset again). */
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

/* A key given twice in a record. */
static bool key_repeats(const struct rec *r, const char *key, unsigned sig)
{
	return envelope_key(key, sig) || r->index[slot_for(r, key, sig)] != 0;
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

/* The envelope: "type" (string) and "seq" (unsigned) first, "crc" last. */
static const char *place_member(struct cursor *c, struct rec *r, int index,
				const char *key, size_t klen, const struct value *v)
{
	if (index == 0) {
		if (klen != 4 || memcmp(key, "type", 4) || v->kind != V_STRING)
			return fail(c, "first member is not \"type\" (a string)");
		r->type = v->s;
		return NULL;
	}
	if (index == 1) {
		if (klen != 3 || memcmp(key, "seq", 3) || v->kind != V_INT || v->neg)
			return fail(c, "second member is not \"seq\" (an unsigned integer)");
		r->seq = v->u;
		return NULL;
	}
	unsigned sig = key_sig(key, klen);
	if (key_repeats(r, key, sig))
		return fail(c, "duplicate member \"%.40s\"", key);
	if (r->nfields == REC_FIELDS_MAX)
		return fail(c, "more than %d members", REC_FIELDS_MAX);
	if (v != &r->f[r->nfields].v)
		r->f[r->nfields].v = *v;
	r->kinds[r->nfields] = (uint8_t)v->kind;
	r->negatives += v->kind == V_INT && v->neg;
	add_field(r, key, sig);
	return NULL;
}

static const char *parse_members(struct cursor *c, struct rec *r)
{
	const char *comma = NULL;
	for (int index = 0;; index++) {
		const char *key, *e;
		size_t klen;
		struct value spare;      /* the value is parsed in its place when there is one */
		struct value *v = r->nfields < REC_FIELDS_MAX ? &r->f[r->nfields].v : &spare;
		if ((e = parse_string(c, &key, &klen)))
			return e;
		if (!eat(c, ':'))
			return fail(c, "expected ':' after a member name");
		if ((e = parse_value(c, v)))
			return e;
		if (klen == 3 && !memcmp(key, "crc", 3) && index >= 2) {
			if (!eat(c, '}'))
				return fail(c, "\"crc\" is not the last member");
			return check_crc(c, v, comma);
		}
		if ((e = place_member(c, r, index, key, klen, v)))
			return e;
		if (!eat(c, ',')) {
			if (eat(c, '}'))
				return fail(c, "record has no \"crc\" member");
			return fail(c, "expected ',' or '}'");
		}
		comma = c->p - 1;     /* the next member name's eat('"') skips white space */
	}
}

const char *rec_parse_full(struct rec *r, const char *line, size_t len,
			   const struct rec_scratch *s)
{
	static struct cursor c;
	char *strbuf = s->str;
	uint64_t *arrbuf = s->arr;
	line_crc = s->crc;
	memcpy(strbuf, line, len);
	strbuf[len] = 0;
	c.p = c.start = strbuf;
	c.end = strbuf + len;
	c.line = line;
	c.arr = arrbuf;
	r->nfields = 0;
	r->shape = 0;
	r->negatives = 0;
	index_clear(r);
	r->raw = line;
	r->rawlen = len;
	if (len == 0 || *line != '{')
		return fail(&c, "expected '{'");
	c.p++;
	skip_ws(&c);
	const char *e = parse_members(&c, r);
	if (e)
		return e;
	skip_ws(&c);
	if (c.p != c.end)
		return fail(&c, "bytes after the record's closing '}'");
	return NULL;
}

/* ---- shapes ---------------------------------------------------------------------
 * A log's records come in runs of a few shapes: a benchmark writes hundreds of
 * "run" records with the same keys, or two sets of keys in turns. So the fast
 * parser reads each key against the key at that place in the last record of its
 * type, in a word or three, where finding its closing quote, its signature and a
 * probe of the index were most of a field's time; the index is that record's,
 * copied. At the first key that differs, it goes on with another shape of the type
 * that has the same keys so far and this one next; without one, the index is made
 * anew for the fields so far and the record read as any other, and what it read
 * becomes a shape of its type, in place of the one least recently used. (With one
 * shape a type, a real log's records, of nine shapes of "run" and eight of "stats"
 * in turns, were read twice as slowly.) Its shape id tells the caller what it may
 * skip (summary's layout of a group, check's places of the fields it checks). */

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

/* The number of the type's shapes, tlen bytes at type (its text in t), found by
 * its hash and the slots after it, or taken where the type is new;
 * REC_SHAPE_TYPES without shapes, for a type of more than 15 bytes or none, and
 * once REC_SHAPE_TYPES types are known. */
static unsigned shape_type(struct rec_shapes *shapes, const char *type, size_t tlen,
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

/* Whether the line at p, the ',' after a record's last field, ends the record:
 * below. */
static inline bool shape_end(const char *key, const char *end);

/* Another shape of the type of shape (one of ways) that has its first i keys and
 * whose next key is at p (or that has i keys, p the record's end): the one to read
 * the record on with after shape's key i differed (or shape ended). NULL for none. */
static struct rec_shape *shape_next(struct rec_shape *ways, const struct rec_shape *shape,
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
static uint64_t shape_learn(struct rec_shapes *shapes, unsigned type, const struct rec *r)
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

/* ---- one line: the kernel's form ------------------------------------------------
 * The kernel writes every record one way: no white space, member names and string
 * values of plain ASCII without escapes, integers without a leading zero, true,
 * false, arrays of unsigned integers. rec_parse_fast() reads that form in one
 * pass over the copy (as above: strings in place, the NUL after the copy ending
 * every scan), with no call per token, and gives up at the first byte outside it
 * and at any problem; rec_parse_full() then reads the line again, taking what else
 * JSON allows and naming what is wrong. The fast parser takes a subset of the lines
 * the full one takes, with the same fields: fuzz_tickstat_log holds them to it. It
 * made `check` some 2.5 times quicker. */

/* How many of the 8 characters in w (the first in its low byte) are digits before
 * the first that is not, and their value, with no branch per digit (the loop's
 * compare and branch per digit were a fifth of check's instructions): subtracted
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
 * word's digits and, past 16, the third's, up to 19 in all (half the instructions
 * of a loop of a word at a time: every run record's "cycles" has 10 digits). */
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
	       line_crc(line, (size_t)(comma - copy)) == want;
}

/* A record read through its shape ends with the 16 bytes crc":"XXXXXXXX"} from key
 * (after its '"'): whether they are there, tested at once (read as any member, its
 * key and value cost 3 % of check's instructions). Then whether the CRC is right:
 * the same answer as fast_crc's, as these bytes are the only way the line can end
 * right. */
static inline bool shape_end(const char *key, const char *end)
{
	return end - key == 16 && !memcmp(key, "crc\":\"", 6) && key[14] == '"' && key[15] == '}';
}

static bool shape_crc(const char *key, const char *copy, const char *comma, const char *line)
{
	uint64_t w;
	uint32_t want;
	memcpy(&w, key + 6, 8);
	return hex_digits(w, &want) && line_crc(line, (size_t)(comma - copy)) == want;
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
 * the NULs written into the copy could alias anything in memory, and reloading
 * them after each cost some 5 instructions a field. */
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
	line_crc = s->crc;
	memcpy(copy, line, len);
	copy[len] = 0;
	r->nfields = 0;
	r->shape = 0;
	r->negatives = 0;
	if (!(p = fast_envelope(copy, end, r, &tlen)))
		return false;
	unsigned t = shape_type(s->shapes, r->type, tlen, end, type);
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
		next = shape_next(s->shapes->s[t], shape, r->nfields, p, end);
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
			r->shape = shape ? shape->id : shape_learn(s->shapes, t, r);
			return true;
		}
	}
}

const char *rec_parse(struct rec *r, const char *line, size_t len, const struct rec_scratch *s)
{
	if (!rec_parse_fast(r, line, len, s))
		return rec_parse_full(r, line, len, s);
	r->raw = line;
	r->rawlen = len;
	return NULL;
}

/* ---- field access ------------------------------------------------------------- */

const struct value *rec_get_sig(const struct rec *r, const char *key, unsigned sig)
{
	if (r->indexed) {
		unsigned k = r->index[slot_for(r, key, sig)];
		return k ? &r->f[k - 1].v : NULL;
	}
	for (size_t i = 0; i < r->nfields; i++)
		if (key_is(&r->f[i], key, sig))
			return &r->f[i].v;
	return NULL;
}
