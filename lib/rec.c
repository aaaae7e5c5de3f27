/* One record line parsed and checked (see rec.h; docs/FORMAT.md, "Lines" and
 * "Records"; JSON is RFC 8259, of which records use strings, integers, booleans and
 * arrays of unsigned integers). Freestanding: the kernel reads its own records back
 * with it for the report. */
#include "rec.h"
#include "format.h"
#include "lib.h"

#include <stdarg.h>

/* ---- one line: the JSON subset ------------------------------------------------ */

struct cursor {
	const char *p, *start, *end;
	char *str;               /* next free byte of the string scratch buffer */
	uint64_t *arr;           /* next free slot of the array scratch buffer */
	uint64_t keys_seen;      /* filter of the member names seen (duplicate_key) */
	rec_crc_fn *crc;
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
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\n'))
		c->p++;
}

/* The kernel writes no white space between tokens: one test, inlined, settles the
 * usual case (the loop's four compares were 6% of summary's instructions). */
static inline __attribute__((always_inline)) void skip_ws(struct cursor *c)
{
	if (c->p < c->end && (unsigned char)*c->p > ' ')
		return;
	skip_ws_run(c);
}

/* Inlined: called for every member and string, it was 6% of summary's time as a
 * call. */
static inline __attribute__((always_inline)) bool eat(struct cursor *c, char ch)
{
	skip_ws(c);
	if (c->p < c->end && *c->p == ch) {
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

static void put_utf8(struct cursor *c, unsigned cp)
{
	if (cp < 0x80) {
		*c->str++ = (char)cp;
	} else if (cp < 0x800) {
		*c->str++ = (char)(0xc0 | cp >> 6);
		*c->str++ = (char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		*c->str++ = (char)(0xe0 | cp >> 12);
		*c->str++ = (char)(0x80 | (cp >> 6 & 0x3f));
		*c->str++ = (char)(0x80 | (cp & 0x3f));
	} else {
		*c->str++ = (char)(0xf0 | cp >> 18);
		*c->str++ = (char)(0x80 | (cp >> 12 & 0x3f));
		*c->str++ = (char)(0x80 | (cp >> 6 & 0x3f));
		*c->str++ = (char)(0x80 | (cp & 0x3f));
	}
}

/* \uXXXX, with a surrogate pair when the first unit asks for one. An escape's
 * UTF-8 form is never longer than the escape, so the scratch buffer suffices. */
static const char *parse_unicode(struct cursor *c)
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
	put_utf8(c, cp);
	return NULL;
}

static const char *parse_escape(struct cursor *c)
{
	if (c->p >= c->end)
		return fail(c, "string cut short");
	char e = *c->p++;
	switch (e) {
	case '"': case '\\': case '/': *c->str++ = e; return NULL;
	case 'b': *c->str++ = '\b'; return NULL;
	case 'f': *c->str++ = '\f'; return NULL;
	case 'n': *c->str++ = '\n'; return NULL;
	case 'r': *c->str++ = '\r'; return NULL;
	case 't': *c->str++ = '\t'; return NULL;
	case 'u': return parse_unicode(c);
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

/* The bytes of a string up to its closing quote, an escape, a control byte, a
 * byte of a multi-byte UTF-8 character or the end of the line, copied to the scratch buffer. Through locals: for all the
 * compiler knows, a byte stored through c->str could change c->p or c->str, which
 * it would then reload for every byte. */
static void copy_plain_bytes(struct cursor *c)
{
	/* the bytes that end a plain run: one load tests a byte, not three compares */
	static const bool ends_run[256] = { [0 ... 0x1f] = true, ['"'] = true, ['\\'] = true,
					    [0x80 ... 0xff] = true };
	const char *p = c->p, *end = c->end;
	char *d = c->str;
	while (p < end && !ends_run[(unsigned char)*p])
		*d++ = *p++;
	c->p = p;
	c->str = d;
}

static const char *parse_string(struct cursor *c, const char **out, size_t *len)
{
	if (!eat(c, '"'))
		return fail(c, "expected a string");
	char *s = c->str;
	for (;;) {
		copy_plain_bytes(c);
		if (c->p >= c->end)
			return fail(c, "string cut short");
		unsigned char ch = (unsigned char)*c->p++;
		if (ch == '"')
			break;
		if (ch < 0x20) {
			c->p--;
			return fail(c, "control byte 0x%02x in a string", ch);
		}
		if (ch != '\\') {
			size_t n = utf8_valid(c->p - 1, (size_t)(c->end - c->p + 1));
			if (!n) {
				c->p--;
				return fail(c, "byte 0x%02x in a string is not UTF-8 (RFC 3629)", ch);
			}
			memcpy(c->str, c->p - 1, n);
			c->str += n;
			c->p += n - 1;
			continue;
		}
		const char *e = parse_escape(c);
		if (e)
			return e;
	}
	*c->str++ = 0;
	*out = s;
	*len = (size_t)(c->str - s - 1);
	return NULL;
}

/* An integer, exactly: a sign and a 64-bit magnitude, never through a double.
 * The callers have skipped the white space before it. */
static const char *parse_int(struct cursor *c, bool *neg, uint64_t *out)
{
	*neg = c->p < c->end && *c->p == '-';
	if (*neg)
		c->p++;
	if (c->p >= c->end || *c->p < '0' || *c->p > '9')
		return fail(c, "expected a value");
	if (*c->p == '0' && c->end - c->p > 1 && c->p[1] >= '0' && c->p[1] <= '9')
		return fail(c, "number with a leading zero");
	uint64_t v = 0;
	/* 19 digits cannot overflow; only a 20th needs the check. In locals: a byte
	 * read through a char pointer could be the cursor itself as far as the
	 * compiler knows, so c->p would be stored back before every digit's read. */
	const char *p = c->p, *short_end = c->end - c->p > 19 ? c->p + 19 : c->end;
	while (p < short_end && *p >= '0' && *p <= '9')
		v = v * 10 + (unsigned)(*p++ - '0');
	c->p = p;
	while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
		unsigned d = (unsigned)(*c->p - '0');
		if (v > (UINT64_MAX - d) / 10)
			return fail(c, "number out of range (more than 64 bits)");
		v = v * 10 + d;
		c->p++;
	}
	if (c->p < c->end && (*c->p == '.' || *c->p == 'e' || *c->p == 'E'))
		return fail(c, "number is not an integer (the format has integers only)");
	if (*neg && v > (uint64_t)INT64_MAX + 1)
		return fail(c, "number out of range (below -2^63)");
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
		return parse_string(c, &v->s, &v->len);
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
	if (v->kind != V_STRING || v->len != 8)
		return fail(c, "\"crc\" is not a string of 8 hex digits");
	uint32_t want = 0;
	for (int i = 0; i < 8; i++) {
		int h = hexval(v->s[i]);
		if (h < 0 || (v->s[i] >= 'A' && v->s[i] <= 'F'))
			return fail(c, "\"crc\" is not 8 lowercase hex digits");
		want = want << 4 | (uint32_t)h;
	}
	uint32_t got = c->crc(c->start, (size_t)(comma - c->start));
	if (got != want) {
		format(c->err, sizeof(c->err),
		       "CRC mismatch: record says %08x, its bytes give %08x", want, got);
		return c->err;
	}
	return NULL;
}

/* A key seen before in this record. A 64-bit filter of (length, first and last
 * byte) spares most of the string comparisons (they were a third of the time of
 * `tickstat check`). */
static bool duplicate_key(struct cursor *c, const struct rec *r, const char *key, size_t len)
{
	uint64_t bit = 1ull << ((len * 7 + (unsigned char)key[0] +
				 (unsigned char)(len ? key[len - 1] : 0)) & 63);
	bool maybe = c->keys_seen & bit;
	c->keys_seen |= bit;
	if ((len == 4 && !memcmp(key, "type", 4)) || (len == 3 && !memcmp(key, "seq", 3)))
		return true;
	for (size_t i = 0; maybe && i < r->nfields; i++)
		if (!strcmp(r->f[i].key, key))
			return true;
	return false;
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
	if (duplicate_key(c, r, key, klen))
		return fail(c, "duplicate member \"%.40s\"", key);
	if (r->nfields == REC_FIELDS_MAX)
		return fail(c, "more than %d members", REC_FIELDS_MAX);
	r->f[r->nfields].key = key;
	if (v != &r->f[r->nfields].v)
		r->f[r->nfields].v = *v;
	r->nfields++;
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

const char *rec_parse(struct rec *r, const char *line, size_t len, const struct rec_scratch *s)
{
	static struct cursor c;
	c.p = c.start = line;
	c.end = line + len;
	c.str = s->str;
	c.arr = s->arr;
	c.crc = s->crc;
	c.keys_seen = 0;
	r->nfields = 0;
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

/* ---- field access ------------------------------------------------------------- */

const struct value *rec_get(const struct rec *r, const char *key)
{
	for (size_t i = 0; i < r->nfields; i++)
		if (r->f[i].key[0] == key[0] && !strcmp(r->f[i].key, key))
			return &r->f[i].v;
	return NULL;
}

bool value_u64(const struct value *v, uint64_t *out)
{
	if (!v || v->kind != V_INT || v->neg)
		return false;
	*out = v->u;
	return true;
}

bool rec_u64(const struct rec *r, const char *key, uint64_t *out)
{
	return value_u64(rec_get(r, key), out);
}

bool rec_i64(const struct rec *r, const char *key, int64_t *out)
{
	const struct value *v = rec_get(r, key);
	if (!v || v->kind != V_INT)
		return false;
	if (v->neg)
		*out = v->u == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v->u;
	else if (v->u <= INT64_MAX)
		*out = (int64_t)v->u;
	else
		return false;
	return true;
}

const char *rec_str(const struct rec *r, const char *key)
{
	const struct value *v = rec_get(r, key);
	return v && v->kind == V_STRING ? v->s : NULL;
}

bool rec_bool(const struct rec *r, const char *key, bool *out)
{
	const struct value *v = rec_get(r, key);
	if (!v || v->kind != V_BOOL)
		return false;
	*out = v->b;
	return true;
}

bool rec_num(const struct rec *r, const char *key, double *out)
{
	const struct value *v = rec_get(r, key);
	if (!v || v->kind != V_INT)
		return false;
	*out = v->neg ? -(double)v->u : (double)v->u;
	return true;
}

/* ---- configuration keys ------------------------------------------------------- */

/* tick's work model (docs/FORMAT.md, "run"): tick_work, tick_data_kib,
 * tick_code_kib, tick_pages; tick_model, a string, is a key field anyway. */
bool is_model_field(const char *key)
{
	return key[0] == 't' && !strncmp(key, "tick_", 5) &&
	       (!strcmp(key + 5, "work") || !strcmp(key + 5, "data_kib") ||
		!strcmp(key + 5, "code_kib") || !strcmp(key + 5, "pages"));
}

bool is_config_field(const struct field *f)
{
	return f->v.kind == V_STRING || (f->key[0] == 'h' && !strcmp(f->key, "hz")) ||
	       (f->v.kind == V_INT && f->key[0] == 'c' && !strcmp(f->key, "cpus")) ||
	       (f->v.kind == V_INT && is_model_field(f->key));
}


/* A field of the configuration key: the strings, hz, cpus and the work model. */
static bool key_field(const struct field *f)
{
	return f->v.kind == V_STRING || (f->v.kind == V_INT &&
		((f->key[0] == 'h' && !strcmp(f->key, "hz")) ||
		 (f->key[0] == 'c' && !strcmp(f->key, "cpus")) || is_model_field(f->key)));
}

/* A key field's value as text: the string, or the integer written into num. */
static const char *key_text(const struct field *f, char num[24])
{
	if (f->v.kind == V_STRING)
		return f->v.s;
	char *d = num + 23;
	uint64_t u = f->v.u;
	*d = 0;
	do
		*--d = (char)('0' + u % 10);
	while (u /= 10);
	if (f->v.neg)
		*--d = '-';
	return d;
}

/* Append " key=" and text to buf[*n..size) (cut short at size - 1). */
static void append(char *buf, size_t size, size_t *n, const char *key, const char *text)
{
	const char *parts[] = { " ", key, "=", text };
	for (int i = 0; i < 4; i++) {
		size_t len = strlen(parts[i]);
		if (len > size - 1 - *n)
			len = size - 1 - *n;
		memcpy(buf + *n, parts[i], len);
		*n += len;
	}
	buf[*n] = 0;
}

/* Built by hand, not with snprintf: summary calls this once per record. */
void config_key(const struct rec *r, char *buf, size_t size)
{
	size_t n = 0;
	char num[24];
	for (const char *p = r->type; *p && n + 1 < size; p++)
		buf[n++] = *p;
	buf[n] = 0;
	for (size_t i = 0; i < r->nfields; i++)
		if (key_field(&r->f[i]))
			append(buf, size, &n, r->f[i].key, key_text(&r->f[i], num));
}

/* Match p against " key=text"; the rest of p after it, or NULL. */
static const char *match_part(const char *p, const char *key, const char *text)
{
	if (*p++ != ' ')
		return NULL;
	while (*key && *p == *key)
		p++, key++;
	if (*key || *p++ != '=')
		return NULL;
	while (*text && *p == *text)
		p++, text++;
	return *text ? NULL : p;
}

bool config_key_is(const struct rec *r, const char *key)
{
	char num[24];
	size_t tl = strlen(r->type);
	if (strncmp(key, r->type, tl))
		return false;
	const char *p = key + tl;
	for (size_t i = 0; p && i < r->nfields; i++)
		if (key_field(&r->f[i]))
			p = match_part(p, r->f[i].key, key_text(&r->f[i], num));
	return p && !*p;
}
