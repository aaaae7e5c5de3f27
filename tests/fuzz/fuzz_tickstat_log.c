/* libFuzzer target: tickstat's log reader (record parser, range checks, log rules)
 * on arbitrary bytes, and its two record parsers held equal (lib/record/rec_fast.c and rec_full.c: the kernel's
 * form, fast, and all of JSON's): each line of the input, given a "crc" member
 * that matches it, is read by both, and a line the fast one takes must be taken by
 * the full one with the same type, seq and fields. The fast one reads against the
 * shapes of the lines before (lib/record/rec_shapes.c): its index must find every field,
 * and two records of one shape id must have the same type and keys. Built by `make
 * host` (with clang) and `make fuzz`. */
#include <isa-l/crc.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

static void touch(const struct rec *r, void *ctx)
{
	double d;
	size_t *n = ctx;
	for (size_t i = 0; i < r->nfields; i++)
		if (rec_num(r, r->f[i].key, &d))
			(*n)++;
}

static bool same_value(const struct value *a, const struct value *b)
{
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case V_INT:    return a->neg == b->neg && a->u == b->u;
	case V_BOOL:   return a->b == b->b;
	case V_STRING: return a->len == b->len && !memcmp(a->s, b->s, a->len + 1);
	case V_ARRAY:  return a->len == b->len && !memcmp(a->arr, b->arr, a->len * sizeof(*a->arr));
	}
	return false;
}

static bool same_record(const struct rec *a, const struct rec *b)
{
	if (strcmp(a->type, b->type) || a->seq != b->seq || a->nfields != b->nfields)
		return false;
	for (size_t i = 0; i < a->nfields; i++)
		if (strcmp(a->f[i].key, b->f[i].key) || a->f[i].sig != b->f[i].sig ||
		    !same_value(&a->f[i].v, &b->f[i].v) || a->kinds[i] != a->f[i].v.kind ||
		    b->kinds[i] != b->f[i].v.kind)
			return false;
	return true;
}

/* Every field of r found by its key: the index, made or a shape's, is right. */
static bool index_finds_all(const struct rec *r)
{
	for (size_t i = 0; i < r->nfields; i++)
		if (rec_get_sig(r, r->f[i].key, r->f[i].sig) != &r->f[i].v)
			return false;
	return true;
}

/* The type and keys of r, one text. */
static void keys_text(const struct rec *r, char *out, size_t size)
{
	size_t n = (size_t)snprintf(out, size, "%s", r->type);
	for (size_t i = 0; i < r->nfields && n < size; i++)
		n += (size_t)snprintf(out + n, size - n, ",%s", r->f[i].key);
}

/* Records of one shape id have one type and one list of keys: each id's text,
 * for the last 64 ids met. */
static bool shape_holds(const struct rec *r)
{
	static struct { uint64_t id; char keys[LOG_LINE_MAX]; } seen[64];
	static char keys[LOG_LINE_MAX];
	if (!r->shape)
		return true;
	keys_text(r, keys, sizeof(keys));
	if (seen[r->shape % 64].id == r->shape)
		return !strcmp(seen[r->shape % 64].keys, keys);
	seen[r->shape % 64].id = r->shape;
	memcpy(seen[r->shape % 64].keys, keys, sizeof(keys));
	return true;
}

/* body, then ,"crc":"…"} with its CRC: the fast parser takes it only if it is of
 * the kernel's form, and then the full one must take it alike. */
static void parsers_agree(const char *body, size_t n)
{
	static char line[LOG_LINE_MAX + 32], sa[sizeof(line) + 16], sb[sizeof(line) + 16];
	static uint64_t aa[sizeof(line) / 2 + 1], ab[sizeof(line) / 2 + 1];
	static struct rec fast, full;
	static struct rec_shapes shapes;
	if (n > LOG_LINE_MAX)
		return;
	memcpy(line, body, n);
	n += (size_t)sprintf(line + n, ",\"crc\":\"%08x\"}",
			     crc32_gzip_refl(0, (const unsigned char *)body, (uint64_t)n));
	const struct rec_scratch a = { sa, aa, log_crc, &shapes }, b = { sb, ab, log_crc, NULL };
	if (!rec_parse_fast(&fast, line, n, &a))
		return;
	const char *e = rec_parse_full(&full, line, n, &b);
	if (!index_finds_all(&fast) || !shape_holds(&fast)) {
		fprintf(stderr, "the fast parser's index or shape is wrong: %.*s\n", (int)n, line);
		abort();
	}
	if (e || !same_record(&fast, &full)) {
		fprintf(stderr, "the fast parser took a line the full one %s: %.*s\n",
			e ? e : "read otherwise", (int)n, line);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct log_report rep = { .quiet = true };
	size_t n = 0;
	log_read_mem("fuzz", (const char *)data, size, touch, &n, &rep);
	const char *p = (const char *)data, *end = p + size;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *stop = nl ? nl : end;
		parsers_agree(p, (size_t)(stop - p));
		p = nl ? nl + 1 : end;
	}
	return 0;
}
