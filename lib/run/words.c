/* Command-line words (see words.h). */
#include "words.h"
#include "format.h"
#include "idlestate.h"
#include "lib.h"

bool words_fail(struct words_error *err, const char *word, const char *fmt, const char *a,
		const char *b)
{
	size_t len = 0;
	while (word[len] && word[len] != ' ' && word[len] != '\t' && len < sizeof(err->word) - 1)
		len++;
	memcpy(err->word, word, len);
	err->word[len] = 0;
	format(err->message, sizeof(err->message), fmt, a, b);
	return false;
}

bool words_uint(const char *s, size_t len, uint64_t *out)
{
	unsigned base = 10;
	if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
		len -= 2;
	}
	if (len == 0)
		return false;
	uint64_t v = 0;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		unsigned d;
		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (base == 16 && c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			return false;
		if (v > (UINT64_MAX - d) / base)
			return false;
		v = v * base + d;
	}
	*out = v;
	return true;
}

static bool is(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && !strncmp(s, word, len);
}

static int find_name(const char *const *names, const char *s, size_t len)
{
	for (int i = 0; names[i]; i++)
		if (is(s, len, names[i]))
			return i;
	return -1;
}

static void list_names(const char *const *names, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = 0;
	for (int i = 0; names[i] && n < size; i++)
		n += (size_t)format(buf + n, size - n, "%s%s", i ? "|" : "", names[i]);
}

/* The length of the comma list's first item. */
static size_t item_len(const char *v, size_t len)
{
	size_t item = 0;
	while (item < len && v[item] != ',')
		item++;
	return item;
}

static bool parse_set(const struct word *w, const char *v, size_t len, uint32_t *mask)
{
	*mask = 0;
	for (;;) {
		size_t item = item_len(v, len);
		int i = find_name(w->names, v, item);
		if (i < 0)
			return false;
		*mask |= 1u << i;
		if (item == len)
			return true;
		v += item + 1;          /* a trailing comma leaves an empty item: refused */
		len -= item + 1;
	}
}

static bool in_range(const struct word *w, uint64_t u) { return u >= w->min && u <= w->max; }

/* A comma list of integers min..max, at most WORDS_LIST_MAX of them; with all_ok,
 * an item may be "all" (stored as 0). */
static bool parse_uint_list(const struct word *w, const char *v, size_t len,
			    struct uint_list *list, bool all_ok)
{
	list->n = 0;
	for (;;) {
		size_t item = item_len(v, len);
		uint64_t u = 0;
		bool all = all_ok && is(v, item, "all");
		if (list->n == WORDS_LIST_MAX || (!all && (!words_uint(v, item, &u) || !in_range(w, u))))
			return false;
		list->v[list->n++] = (uint32_t)u;
		if (item == len)
			return true;
		v += item + 1;
		len -= item + 1;
	}
}

/* A comma list of idle states, at most IDLE_MAX_WORDS. */
static bool parse_wait_list(const char *v, size_t len, struct wait_list *list)
{
	list->n = 0;
	for (;;) {
		size_t item = item_len(v, len);
		if (list->n == IDLE_MAX_WORDS || !idle_parse_word(v, item, &list->v[list->n]))
			return false;
		list->n++;
		if (item == len)
			return true;
		v += item + 1;
		len -= item + 1;
	}
}

static bool parse_value(const struct word_table *t, const struct word *w, const char *v,
			size_t len)
{
	void *settings = t->settings, *field = (char *)settings + w->offset;
	uint64_t u;
	int i;
	switch (w->kind) {
	case WORD_ENUM:
		if ((i = find_name(w->names, v, len)) < 0)
			return false;
		*(uint32_t *)field = (uint32_t)i;
		return true;
	case WORD_SET:
		return parse_set(w, v, len, (uint32_t *)field);
	case WORD_UINT_ALL:
		if (is(v, len, "all")) {
			*(uint32_t *)field = 0;
			return true;
		}
		/* fall through */
	case WORD_UINT:
		if (!words_uint(v, len, &u) || !in_range(w, u))
			return false;
		*(uint32_t *)field = (uint32_t)u;
		return true;
	case WORD_UINT64:
		if (!words_uint(v, len, &u) || !in_range(w, u))
			return false;
		*(uint64_t *)field = u;
		return true;
	case WORD_UINT_LIST:
		return parse_uint_list(w, v, len, (struct uint_list *)field, false);
	case WORD_UINT_ALL_LIST:
		return parse_uint_list(w, v, len, (struct uint_list *)field, true);
	case WORD_WAIT_LIST:
		return parse_wait_list(v, len, (struct wait_list *)field);
	case WORD_OTHER:
		return t->parse_other(w, v, len, settings);
	case WORD_FLAG:
		return false;
	}
	return false;
}

static void describe_values(const struct word *w, char *buf, size_t size)
{
	unsigned long long lo = w->min, hi = w->max;
	char names[160];
	switch (w->kind) {
	case WORD_ENUM:
		list_names(w->names, buf, size);
		break;
	case WORD_SET:
		list_names(w->names, names, sizeof(names));
		format(buf, size, "a comma list of %s", names);
		break;
	case WORD_UINT:
	case WORD_UINT64:
		format(buf, size, "an integer %llu..%llu", lo, hi);
		break;
	case WORD_UINT_ALL:
		format(buf, size, "all or an integer %llu..%llu", lo, hi);
		break;
	case WORD_UINT_LIST:
		format(buf, size, "a comma list of up to %d integers %llu..%llu", WORDS_LIST_MAX,
		       lo, hi);
		break;
	case WORD_UINT_ALL_LIST:
		format(buf, size, "a comma list of up to %d items, each all or an integer "
		       "%llu..%llu", WORDS_LIST_MAX, lo, hi);
		break;
	case WORD_WAIT_LIST:
		format(buf, size, "a comma list of up to %d of %s", IDLE_MAX_WORDS, IDLE_WORDS_HELP);
		break;
	case WORD_FLAG:
		format(buf, size, "no value (the word alone)");
		break;
	case WORD_OTHER:
		format(buf, size, "%s", w->names[0]);
		break;
	}
}

void words_doc(const struct word *w, struct word_doc *doc)
{
	doc->key = w->key;
	doc->defaults = w->defaults;
	doc->meaning = w->meaning;
	describe_values(w, doc->accepts, sizeof(doc->accepts));
}

/* The edit distance of a and b (insertions, deletions, substitutions and swaps of
 * two neighbours: "bnech" is one from "bench"), for keys of at most 31 bytes. */
#define KEY_MAX 32
static unsigned distance(const char *a, size_t la, const char *b, size_t lb)
{
	unsigned d[KEY_MAX + 1][KEY_MAX + 1];
	if (la > KEY_MAX || lb > KEY_MAX)
		return KEY_MAX;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (unsigned)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (unsigned)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			unsigned best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			best = d[i - 1][j] + 1 < best ? d[i - 1][j] + 1 : best;
			best = d[i][j - 1] + 1 < best ? d[i][j - 1] + 1 : best;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

/* The known key nearest to [key, key+len), if it is near enough to be a slip of the
 * fingers (at most 2 edits, fewer than half its letters); else NULL. */
static const char *nearest_key(struct word_table *const *tables, size_t n, const char *key,
			       size_t len)
{
	const char *best = NULL;
	unsigned best_d = 3;
	for (size_t t = 0; t < n; t++)
		for (size_t i = 0; i < tables[t]->n; i++) {
			const char *k = tables[t]->words[i].key;
			unsigned d = distance(key, len, k, strlen(k));
			if (d < best_d && 2 * d < strlen(k)) {
				best = k;
				best_d = d;
			}
		}
	return best;
}

static bool unknown_key(struct word_table *const *tables, size_t n, const char *w,
			size_t klen, struct words_error *err)
{
	const char *near = nearest_key(tables, n, w, klen);
	if (near)
		return words_fail(err, w, "unknown option; did you mean %s? (the word help lists "
				  "every option)", near, "");
	char keys[480];
	size_t used = 0;
	keys[0] = 0;
	for (size_t t = 0; t < n; t++)
		for (size_t i = 0; i < tables[t]->n && used < sizeof(keys); i++)
			used += (size_t)format(keys + used, sizeof(keys) - used, "%s%s",
					       used ? ", " : "", tables[t]->words[i].key);
	return words_fail(err, w, "unknown option; known options: %s", keys, "");
}

static bool find_key(struct word_table *const *tables, size_t n, const char *key, size_t klen,
		     struct word_table **table, size_t *index)
{
	for (size_t t = 0; t < n; t++)
		for (size_t i = 0; i < tables[t]->n; i++)
			if (is(key, klen, tables[t]->words[i].key)) {
				*table = tables[t];
				*index = i;
				return true;
			}
	return false;
}

static bool parse_word(struct word_table *const *tables, size_t n, const char *w, size_t len,
		       struct words_error *err)
{
	size_t klen = 0, i;
	struct word_table *t;
	while (klen < len && w[klen] != '=')
		klen++;
	if (!find_key(tables, n, w, klen, &t, &i))
		return unknown_key(tables, n, w, klen, err);
	const struct word *o = &t->words[i];
	if (t->given & (1ull << i))
		return words_fail(err, w, "%s is given twice: one word says it once (a list "
				  "takes commas: hz=100,1000)", o->key, "");
	t->given |= 1ull << i;
	if (o->kind == WORD_FLAG && klen == len) {
		*(bool *)((char *)t->settings + o->offset) = true;
		return true;
	}
	char accepts[192];
	describe_values(o, accepts, sizeof(accepts));
	if (klen == len || !parse_value(t, o, w + klen + 1, len - klen - 1))
		return words_fail(err, w, "bad value for %s; accepts %s", o->key, accepts);
	return true;
}

bool words_parse(struct word_table *const *tables, size_t n, const char *line,
		 struct words_error *err)
{
	for (size_t t = 0; t < n; t++) {
		memcpy(tables[t]->settings, tables[t]->initial, tables[t]->size);
		tables[t]->given = 0;
	}
	err->word[0] = err->message[0] = 0;
	const char *p = line ? line : "";
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		size_t len = 0;
		while (p[len] && p[len] != ' ' && p[len] != '\t')
			len++;
		if (!parse_word(tables, n, p, len, err))
			return false;
		p += len;
	}
	for (size_t t = 0; t < n; t++)
		if (tables[t]->check && !tables[t]->check(tables[t], err))
			return false;
	return true;
}

bool words_default(struct word_table *const *tables, size_t n, const char *word)
{
	size_t len = strlen(word), klen = 0, i;
	struct word_table *t;
	while (klen < len && word[klen] != '=')
		klen++;
	if (!find_key(tables, n, word, klen, &t, &i) || klen == len)
		return false;
	if (t->given & (1ull << i))
		return true;
	return parse_value(t, &t->words[i], word + klen + 1, len - klen - 1);
}

bool words_given(const struct word_table *t, const char *key)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->words[i].key, key))
			return t->given & (1ull << i);
	return false;
}

static bool fold_after(char c) { return c == ' ' || c == '|' || c == ','; }

void words_print_item(const char *s, bool fold, words_print_fn *print)
{
	const char *indent = "  ";
	char out[2048];
	if (!fold) {
		format(out, sizeof(out), "%s%s", indent, s);
		print(out, false);
		return;
	}
	while (*s) {
		size_t room = WORDS_HELP_WIDTH - strlen(indent), n = strlen(s);
		if (n > room) {
			n = room;
			while (n > room / 2 && !fold_after(s[n - 1]))
				n--;
		}
		size_t shown = n;
		while (shown && s[shown - 1] == ' ')
			shown--;
		format(out, sizeof(out), "%s%.*s", indent, (int)shown, s);
		print(out, false);
		s += n;
		while (*s == ' ')
			s++;
		indent = "            ";
	}
}

void words_print_table(const struct word_table *t, bool fold, words_print_fn *print)
{
	char line[2048];
	format(line, sizeof(line), "%s's words:", t->owner);
	print(line, true);
	for (size_t i = 0; i < t->n; i++) {
		struct word_doc doc;
		words_doc(&t->words[i], &doc);
		format(line, sizeof(line), "%-9s %s (default %s): %s", doc.key, doc.accepts,
		       doc.defaults, doc.meaning);
		words_print_item(line, fold, print);
	}
}
