/* A kernel's text symbols (symbols.h). */
#define _GNU_SOURCE
#include "symbols.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static bool is_text_type(char c)
{
	return c == 't' || c == 'T' || c == 'w' || c == 'W';
}

/* One line "ADDRESS TYPE NAME...": false when it is no text symbol. */
static bool parse_line(const char *p, const char *end, struct symbol *s)
{
	char *after;
	uint64_t addr = strtoull(p, &after, 16);
	if (after == p || after + 3 > end || after[0] != ' ' || !is_text_type(after[1]) ||
	    after[2] != ' ')
		return false;
	const char *name = after + 3, *stop = name;
	while (stop < end && *stop != ' ' && *stop != '\t' && *stop != '\r')
		stop++;
	if (stop == name)
		return false;
	s->addr = addr;
	s->name = strndup(name, (size_t)(stop - name));
	return s->name != NULL;
}

/* A name that marks a place rather than a function (__indirect_thunk_start,
 * __static_call_text_end, __x86_indirect_thunk_array): where several symbols share
 * an address, a function's name is taken over it. */
static bool is_marker(const char *name)
{
	static const char *const tails[] = { "_start", "_end", "_begin", "_array", NULL };
	size_t n = strlen(name);
	for (const char *const *t = tails; *t; t++)
		if (n > strlen(*t) && !strcmp(name + n - strlen(*t), *t))
			return true;
	return !strncmp(name, "__start_", 8) || !strncmp(name, "__stop_", 7);
}

/* By address; at one address the functions before the markers, then in the file's
 * order (line). */
static int by_address(const void *a, const void *b)
{
	const struct symbol *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (is_marker(x->name) != is_marker(y->name))
		return is_marker(x->name) ? 1 : -1;
	return x->line < y->line ? -1 : x->line > y->line;
}

size_t symbols_parse(struct symbols *t, const char *text, size_t len)
{
	size_t cap = 0;
	const char *p = text, *end = text + len;
	*t = (struct symbols){ 0 };
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *stop = nl ? nl : end;
		struct symbol s;
		if (parse_line(p, stop, &s)) {
			s.line = t->n;
			if (t->n == cap) {
				cap = cap ? 2 * cap : 4096;
				t->s = realloc(t->s, cap * sizeof(*t->s));
				if (!t->s)
					abort();
			}
			t->s[t->n++] = s;
		}
		p = stop + 1;
	}
	qsort(t->s, t->n, sizeof(*t->s), by_address);
	return t->n;
}

/* The bytes of path, gunzipped from the first gzip header on when there is one. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 20, n = 0, got;
	char *buf = malloc(cap);
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0)
		if ((n += got) == cap && !(buf = realloc(buf, cap *= 2)))
			break;
	fclose(f);
	*len = n;
	return buf;
}

static char *gunzip(const unsigned char *z, size_t zlen, size_t *len)
{
	z_stream s = { .next_in = (unsigned char *)z, .avail_in = (uInt)zlen };
	size_t cap = 8 * zlen + 4096;
	char *out = malloc(cap);
	if (!out || inflateInit2(&s, 16 + MAX_WBITS) != Z_OK)
		return NULL;
	int rc = Z_OK;
	while (rc == Z_OK) {
		if (s.total_out == cap && !(out = realloc(out, cap *= 2)))
			break;
		s.next_out = (unsigned char *)out + s.total_out;
		s.avail_out = (uInt)(cap - s.total_out);
		rc = inflate(&s, Z_NO_FLUSH);
	}
	*len = s.total_out;
	inflateEnd(&s);
	if (rc != Z_STREAM_END && out) {
		free(out);
		return NULL;
	}
	return out;
}

const char *symbols_read(struct symbols *t, const char *path)
{
	size_t len, plain_len;
	char *raw = slurp(path, &len), *text = raw;
	if (!raw)
		return "cannot read the symbols";
	const unsigned char magic[3] = { 0x1f, 0x8b, 0x08 };
	const unsigned char *gz = memmem(raw, len, magic, sizeof(magic));
	if (gz) {
		text = gunzip(gz, len - (size_t)(gz - (unsigned char *)raw), &plain_len);
		free(raw);
		if (!text)
			return "the symbols' gzip stream is damaged or cut short";
		len = plain_len;
	}
	size_t n = symbols_parse(t, text, len);
	free(text);
	return n ? NULL : "no text symbol in the file";
}

/* The first of the symbols at the greatest address at or below addr. */
const char *symbols_find(const struct symbols *t, uint64_t addr)
{
	size_t lo = 0, hi = t->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->s[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	uint64_t at = t->s[lo - 1].addr;
	while (lo > 1 && t->s[lo - 2].addr == at)
		lo--;
	return t->s[lo - 1].name;
}

void symbols_free(struct symbols *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->s[i].name);
	free(t->s);
	*t = (struct symbols){ 0 };
}
