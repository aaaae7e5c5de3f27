/* format-md: docs/FORMAT.md with its tables of records written from lib/record/schema.def.
 * Each table stands between <!-- schema: TYPE TAG --> and <!-- end schema -->; this
 * program copies the file named on its command line to standard output, each such
 * block written anew from the schema's TABLE(TYPE, TAG): its rows, and under a
 * type's first table the rules tickstat check holds its records to; the line
 * "Format version: **N**" gets lib/record/schema.h's version. Every table of the schema
 * must stand in the file once. `make docs` writes the file so;
 * tests/host/format-tables.sh fails when the two differ. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema.h"

/* lib/record/schema.def as a list of entries, in its order. */
enum what { E_RECORD, E_TABLE, E_FIELD, E_ALSO, E_RULE };
struct entry {
	enum what what;
	const char *type, *name;      /* E_TABLE: name is the tag; E_RULE: its text */
	const char *kind, *unit, *role, *writers, *presence, *value, *meaning;
	const char *names[5];         /* E_RULE: the fields it names */
	const char *rule;             /* E_RULE: which */
};

#define SAME NULL
#define ANY "ANY", NULL
#define RANGE(lo, hi) "RANGE", #lo " " #hi
#define WORDS(words) "WORDS", words
#define ENTRY_VALUE(...) ENTRY_VALUE_(__VA_ARGS__)
#define ENTRY_VALUE_(kind_of_value, text) .value = kind_of_value, .rule = text

static const struct entry entries[] = {
#define RECORD(t, class, writers_, since) { .what = E_RECORD, .type = #t, .writers = #writers_ },
#define TABLE(t, tag) { .what = E_TABLE, .type = #t, .name = #tag },
#define F(t, n, kind_, unit_, role_, writers_, since, presence_, value_, meaning_) \
	{ .what = E_FIELD, .type = #t, .name = #n, .kind = #kind_, .unit = unit_, .role = #role_, .writers = #writers_, \
	  .presence = #presence_, ENTRY_VALUE(value_), .meaning = meaning_ },
#define ALSO(t, n, meaning_) { .what = E_ALSO, .type = #t, .name = #n, .meaning = meaning_ },
#define LE(t, a, b) { .what = E_RULE, .type = #t, .rule = "LE", .names = { #a, #b } },
#define ORDER(t, list) { .what = E_RULE, .type = #t, .rule = "ORDER", .names = { list } },
#define NEEDS(t, a, b) { .what = E_RULE, .type = #t, .rule = "NEEDS", .names = { #a, #b } },
#define ZERO_WITH(t, a, b) { .what = E_RULE, .type = #t, .rule = "ZERO_WITH", .names = { #a, #b } },
#define MEAN_WITHIN(t, sum, n, lo, hi) \
	{ .what = E_RULE, .type = #t, .rule = "MEAN_WITHIN", .names = { #sum, #n, #lo, #hi } },
#define HISTOGRAM(t, lo, count, n, min) \
	{ .what = E_RULE, .type = #t, .rule = "HISTOGRAM", .names = { #lo, #count, #n, #min } },
#include "schema.def"
};
#define ENTRIES (sizeof(entries) / sizeof(entries[0]))

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("format-md: ", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/* The field entry that declares type's name. */
static const struct entry *declared(const char *type, const char *name)
{
	for (size_t i = 0; i < ENTRIES; i++)
		if (entries[i].what == E_FIELD && !strcmp(entries[i].type, type) &&
		    !strcmp(entries[i].name, name))
			return &entries[i];
	die("%s.%s is not declared (ALSO or a rule names it)", type, name);
}

static const char *kind_words(const char *kind)
{
	return !strcmp(kind, "U64") ? "integer" : !strcmp(kind, "I64") ? "signed integer" :
	       !strcmp(kind, "BOOL") ? "bool" : !strcmp(kind, "STR") ? "string" :
	       !strcmp(kind, "HEX") ? "hex string" : "array of integers";
}

static const char *unit_words(const char *unit)
{
	static const char *const names[][2] = { { "us", "µs" }, { "uJ", "µJ" }, { "uW", "µW" },
						{ "C", "°C" }, { "permille", "‰" } };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(unit, names[i][0]))
			return names[i][1];
	return unit;
}

static const char *role_words(const char *role)
{
	return !strcmp(role, "IDENTITY") ? "identity" : !strcmp(role, "CONFIG") ? "configuration" :
	       !strcmp(role, "MEASURE") ? "measurement" : "note";
}

static const char *writers_words(const char *writers)
{
	return !strcmp(writers, "KERNEL") ? "kernel" : !strcmp(writers, "LINUX") ? "linux" :
	       !strcmp(writers, "ANNEX") ? "annex" : "both";
}

/* A row's words of one column: the same for every field, said once; else each
 * field's, a run of three or more the same as "words ×N". */
static void column(const char *const *words, size_t n)
{
	bool same = true;
	for (size_t i = 1; i < n; i++)
		same = same && !strcmp(words[i], words[0]);
	if (same) {
		fputs(words[0], stdout);
		return;
	}
	for (size_t i = 0; i < n;) {
		size_t run = 1;
		while (i + run < n && !strcmp(words[i + run], words[i]))
			run++;
		printf("%s%s", i ? ", " : "", *words[i] ? words[i] : "–");
		if (run >= 3)
			printf(" ×%zu", run);
		else
			run = 1;
		i += run;
	}
}

#define ROW_MAX 16
struct row {
	const struct entry *field[ROW_MAX];   /* the declarations */
	const char *meaning;
	size_t n;
};

/* A table cell's text: a '|' escaped. */
static void cell(const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			putchar('\\');
		putchar(*s);
	}
}

static void print_row(const struct row *r, bool by)
{
	const char *kinds[ROW_MAX], *units[ROW_MAX], *roles[ROW_MAX], *writers[ROW_MAX];
	fputs("| ", stdout);
	for (size_t i = 0; i < r->n; i++) {
		const struct entry *f = r->field[i];
		printf("%s`%s`", i ? ", " : "", f->name);
		kinds[i] = kind_words(f->kind);
		units[i] = unit_words(f->unit);
		roles[i] = role_words(f->role);
		writers[i] = writers_words(f->writers);
	}
	fputs(" | ", stdout);
	column(kinds, r->n);
	fputs(" | ", stdout);
	column(units, r->n);
	fputs(" | ", stdout);
	column(roles, r->n);
	if (by) {
		fputs(" | ", stdout);
		column(writers, r->n);
	}
	fputs(" | ", stdout);
	cell(r->meaning);
	puts(" |");
}

/* The rows of the table at entries[at] (its E_TABLE), printed. */
static void print_table(size_t at, bool by)
{
	struct row row = { .n = 0 };
	puts(by ? "| field | type | unit | role | by | meaning |\n|---|---|---|---|---|---|"
		: "| field | type | unit | role | meaning |\n|---|---|---|---|---|");
	for (size_t i = at + 1; i < ENTRIES && (entries[i].what == E_FIELD ||
						entries[i].what == E_ALSO); i++) {
		const struct entry *e = &entries[i];
		const struct entry *f = e->what == E_FIELD ? e : declared(e->type, e->name);
		if (e->meaning == SAME) {
			if (!row.n || row.n == ROW_MAX)
				die("%s.%s: SAME with no row above it to join", e->type, e->name);
			row.field[row.n++] = f;
			continue;
		}
		if (row.n)
			print_row(&row, by);
		row = (struct row){ .field = { f }, .meaning = e->meaning, .n = 1 };
	}
	if (row.n)
		print_row(&row, by);
}

/* A bound as people write it: 2^N and 10^N for the large round ones. */
static void bound(char *buf, size_t size, const char *text)
{
	unsigned long long v = strtoull(text, NULL, 0), p = 1;
	int e = 0;
	if (v >= (1ull << 20) && !(v & (v - 1))) {
		while (v >> e > 1)
			e++;
		snprintf(buf, size, "2^%d", e);
		return;
	}
	for (e = 0; p < v && e < 19; e++)
		p *= 10;
	if (v >= 10000 && p == v)
		snprintf(buf, size, "10^%d", e);
	else
		snprintf(buf, size, "%llu", v);
}

static void say(bool *first, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(bool *first, const char *fmt, ...)
{
	va_list ap;
	fputs(*first ? "`tickstat check` refuses a record of this type that breaks: " : "; ",
	      stdout);
	*first = false;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

/* A field's own rules: present, its bounds or its words. */
static void field_rules(const struct entry *f, bool *first)
{
	char lo[32], hi[32], words[256];
	bool required = !strcmp(f->presence, "REQ");
	if (required && !strcmp(f->value, "ANY"))
		say(first, "`%s` present", f->name);
	if (!strcmp(f->value, "RANGE")) {
		char a[32], b[32];
		if (sscanf(f->rule, "%31s %31s", a, b) != 2)
			die("%s.%s: a RANGE of two bounds", f->type, f->name);
		bound(lo, sizeof(lo), a);
		bound(hi, sizeof(hi), b);
		say(first, "`%s`%s from %s to %s", f->name, required ? " present," : "", lo, hi);
	} else if (!strcmp(f->value, "WORDS")) {
		size_t n = 0;
		for (const char *p = f->rule; *p; p++) {
			const char *bar = strchr(p, '|');
			size_t len = bar ? (size_t)(bar - p) : strlen(p);
			n += (size_t)snprintf(words + n, sizeof(words) - n, "%s`%.*s`",
					      n ? (bar ? ", " : " or ") : "", (int)len, p);
			p += len;
			if (!*p)
				break;
		}
		bool several = strchr(strchr(f->rule, '|') ? strchr(f->rule, '|') + 1 : "", '|');
		say(first, several ? "`%s`%s one of %s" : "`%s`%s %s", f->name,
		    required ? " present," : " is", words);
	}
}

static void rule_words(const struct entry *r, bool *first)
{
	const char *const *n = r->names;
	if (!strcmp(r->rule, "LE"))
		say(first, "`%s` ≤ `%s`", n[0], n[1]);
	else if (!strcmp(r->rule, "ORDER")) {
		char list[256] = "";
		size_t len = 0;
		for (const char *p = n[0]; *p; ) {
			size_t w = strcspn(p, " ");
			len += (size_t)snprintf(list + len, sizeof(list) - len, "%s`%.*s`",
						len ? " ≤ " : "", (int)w, p);
			p += w + (p[w] == ' ');
		}
		say(first, "%s (those present)", list);
	} else if (!strcmp(r->rule, "NEEDS"))
		say(first, "`%s` present with `%s`", n[1], n[0]);
	else if (!strcmp(r->rule, "ZERO_WITH"))
		say(first, "`%s` 0 where `%s` is 0", n[1], n[0]);
	else if (!strcmp(r->rule, "MEAN_WITHIN"))
		say(first, "`%s` × `%s` ≤ `%s` ≤ `%s` × `%s`", n[1], n[2], n[0], n[1], n[3]);
	else if (!strcmp(r->rule, "HISTOGRAM"))
		say(first, "`%s` and `%s` a histogram of the `%s` samples: both or neither, as "
		    "long, `%s` ascending from at most `%s`, each of `%s` at least 1, their sum "
		    "`%s`", n[0], n[1], n[2], n[0], n[3], n[1], n[2]);
	else
		die("rule %s has no words", r->rule);
}

/* Under type's first table: what tickstat check holds its records to, if anything
 * beyond the kinds. */
static void print_rules(const char *type)
{
	bool first = true;
	for (size_t i = 0; i < ENTRIES; i++) {
		const struct entry *e = &entries[i];
		if (strcmp(e->type, type))
			continue;
		if (e->what == E_FIELD && (!strcmp(e->presence, "REQ") || strcmp(e->value, "ANY"))) {
			fputs(first ? "\n" : "", stdout);
			field_rules(e, &first);
		} else if (e->what == E_RULE) {
			fputs(first ? "\n" : "", stdout);
			rule_words(e, &first);
		}
	}
	if (!first)
		puts(".");
}

static const struct entry *record_of(const char *type)
{
	for (size_t i = 0; i < ENTRIES; i++)
		if (entries[i].what == E_RECORD && !strcmp(entries[i].type, type))
			return &entries[i];
	die("no RECORD(%s, ...)", type);
}

/* Whether entries[at], a table, is its type's first. */
static bool first_table(size_t at)
{
	for (size_t i = 0; i < at; i++)
		if (entries[i].what == E_TABLE && !strcmp(entries[i].type, entries[at].type))
			return false;
	return true;
}

static size_t table_named(const char *type, const char *tag)
{
	for (size_t i = 0; i < ENTRIES; i++)
		if (entries[i].what == E_TABLE && !strcmp(entries[i].type, type) &&
		    !strcmp(entries[i].name, tag))
			return i;
	die("docs/FORMAT.md names a table %s %s that lib/record/schema.def has not", type, tag);
}

static void print_block(size_t at)
{
	const struct entry *t = &entries[at];
	printf("<!-- schema: %s %s -->\n", t->type, t->name);
	print_table(at, !strcmp(record_of(t->type)->writers, "BOTH"));
	if (first_table(at))
		print_rules(t->type);
	puts("<!-- end schema -->");
}

/* The line that states the format's version, "Format version: **N** (...": N is
 * lib/record/schema.h's. */
#define VERSION_LINE "Format version: **"
static void print_version(const char *line)
{
	const char *rest = strstr(line + strlen(VERSION_LINE), "**");
	if (!rest)
		die("\"%s\" without its closing **", VERSION_LINE);
	printf("%s%d%s", VERSION_LINE, SCHEMA_FORMAT_VERSION, rest);
}

int main(int argc, char **argv)
{
	static bool placed[ENTRIES];
	char line[8192], type[64], tag[64];
	FILE *in = argc == 2 ? fopen(argv[1], "r") : NULL;
	if (!in)
		die("usage: format-md docs/FORMAT.md (its tables from lib/record/schema.def to standard output)");
	bool inside = false;
	while (fgets(line, sizeof(line), in)) {
		if (sscanf(line, "<!-- schema: %63s %63s -->", type, tag) == 2) {
			size_t at = table_named(type, tag);
			if (placed[at] || inside)
				die("the table %s %s stands twice, or inside another", type, tag);
			placed[at] = inside = true;
			print_block(at);
		} else if (!strncmp(line, "<!-- end schema -->", 19)) {
			inside = false;
		} else if (!inside && !strncmp(line, VERSION_LINE, strlen(VERSION_LINE))) {
			print_version(line);
		} else if (!inside) {
			fputs(line, stdout);
		}
	}
	for (size_t i = 0; i < ENTRIES; i++)
		if (entries[i].what == E_TABLE && !placed[i])
			die("the table %s %s of lib/record/schema.def is not in the file", entries[i].type,
			    entries[i].name);
	return fflush(stdout) || ferror(stdout) || inside ? 1 : 0;
}
