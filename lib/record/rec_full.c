/* The full record parser (rec_line.h's rec_parse_full; docs/FORMAT.md, "Lines" and
 * "Records"; JSON is RFC 8259, of which records use strings, integers, booleans and
 * arrays of unsigned integers): any line JSON allows, every rule checked and what
 * is wrong named. Freestanding: the kernel reads its own records back with it for
 * the report, tickstat every log the fast parser (rec_fast.c) gives up on. */
#include "rec_parse.h"
#include "format.h"

#include <stdarg.h>

rec_crc_fn *rec_line_crc;

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
 * usual case. */
static inline __attribute__((always_inline)) void skip_ws(struct cursor *c)
{
	if ((unsigned char)*c->p > ' ')
		return;
	skip_ws_run(c);
}

/* Inlined: called for every member and string. ch is never the NUL at the end. */
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

static const char *check_crc(struct cursor *c, const struct value *v, const char *comma)
{
	uint32_t want;
	if (v->kind != V_STRING || v->len != 8)
		return fail(c, "\"crc\" is not a string of 8 hex digits");
	if (!crc_digits(v, &want))
		return fail(c, "\"crc\" is not 8 lowercase hex digits");
	uint32_t got = rec_line_crc(c->line, (size_t)(comma - c->start));
	if (got != want) {
		format(c->err, sizeof(c->err),
		       "CRC mismatch: record says %08x, its bytes give %08x", want, got);
		return c->err;
	}
	return NULL;
}

/* A key given twice in a record. */
static bool key_repeats(const struct rec *r, const char *key, unsigned sig)
{
	return envelope_key(key, sig) || r->index[slot_for(r, key, sig)] != 0;
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
	rec_line_crc = s->crc;
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
