/* lib/record/schema.def against itself, the writers and tickstat check's contract:
 *  - the table: each type's fields together, in the types' order, no field twice,
 *    a family's pattern with its capitals in one run;
 *  - one record of every type written through the kernel's record writer
 *    (kernel/record.c, the REC_* keys: the compiler holds every field's name and
 *    kind to the schema), with every field it declares, a value of its kind within
 *    its rules: tickstat's parser reads each and the contract keeps it;
 *  - each field of those records given a value of another kind, and a field the
 *    schema does not declare: refused, naming the field. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "crc32.h"
#include "record.h"
#include "rec.h"
#include "schema.h"
#include "../../tools/tickstat/contract.h"

static void fields_grouped_by_type(void **state)
{
	for (size_t i = 1; i < schema_field_count; i++) {
		const struct schema_field *a = &schema_fields[i - 1], *b = &schema_fields[i];
		if (b->type < a->type)
			fail_msg("%s.%s comes after %s's fields: a type's fields stand together",
				 schema_records[b->type].name, b->name, schema_records[a->type].name);
	}
	for (size_t i = 0; i < schema_field_count; i++) {
		const struct schema_field *f = &schema_fields[i];
		for (size_t k = i + 1; k < schema_field_count; k++)
			if (schema_fields[k].type == f->type && !strcmp(schema_fields[k].name, f->name))
				fail_msg("%s.%s declared twice", schema_records[f->type].name, f->name);
		size_t caps = 0;
		for (size_t c = 0; f->name[c]; c++)
			caps += (f->name[c] >= 'A' && f->name[c] <= 'Z') &&
				!(f->name[c + 1] >= 'A' && f->name[c + 1] <= 'Z');
		if (caps > 1)
			fail_msg("%s.%s: a family's capitals in one run", schema_records[f->type].name,
				 f->name);
		size_t end = f->type + 1u < SCHEMA_TYPES ? schema_records[f->type + 1].first :
			     schema_field_count;
		if (i < schema_records[f->type].first || i >= end)
			fail_msg("%s.%s is not among its type's fields (after its RECORD)",
				 schema_records[f->type].name, f->name);
		assert_ptr_equal(schema_field(f->type, f->name, strlen(f->name)), f);
	}
	assert_int_equal(schema_type("run", 3), SCHEMA_TYPE_run);
	assert_int_equal(schema_type("runs", 4), SCHEMA_TYPES);
	const struct schema_field *pmu = schema_field(SCHEMA_TYPE_run, "pmu_l2_misses", 13);
	assert_true(pmu && !strcmp(pmu->name, "pmu_EVENT"));
	assert_null(schema_field(SCHEMA_TYPE_run, "pmu_", 4));
	assert_null(schema_field(SCHEMA_TYPE_run, "pmu_a-b", 7));
}

/* ---- one record of every type, through the writers -------------------------- */

#define LINES_MAX 64
static char lines[LINES_MAX][RECORD_MAX];
static size_t line_len[LINES_MAX], nlines;

static void keep_line(const char *line, size_t len)
{
	assert_true(nlines < LINES_MAX && len < RECORD_MAX);
	memcpy(lines[nlines], line, len);
	line_len[nlines++] = len - 1;            /* without its '\n' */
}

/* A string of a field with words: its first. */
static const char *first_word(const char *words)
{
	static char word[64];
	snprintf(word, sizeof(word), "%.*s", (int)strcspn(words, "|"), words);
	return word;
}

static const uint64_t one[1] = { 1 };

/* A value of the field's kind within its rules: an integer its range's least or 1
 * (every count, minimum and sum 1 keeps each rule across fields), a string its
 * first word. */
#define ANY 1, NULL
#define RANGE(lo, hi) ((lo) ? (lo) : 1), NULL
#define WORDS(words) 1, words
#define WRITE_U64(r, t, n, lo, words)  REC_U64(r, t, n, lo)
#define WRITE_I64(r, t, n, lo, words)  REC_I64(r, t, n, -1)
#define WRITE_BOOL(r, t, n, lo, words) REC_BOOL(r, t, n, true)
#define WRITE_STR(r, t, n, lo, words)  REC_STR(r, t, n, words ? first_word(words) : "text")
#define WRITE_HEX(r, t, n, lo, words)  REC_HEX(r, t, n, 0xfee00000)
#define WRITE_ARR(r, t, n, lo, words)  REC_ARRAY(r, t, n, one, 1)
#define WRITE(kind, ...) WRITE_##kind(__VA_ARGS__)

static void write_every_type(void)
{
	struct record r;
	bool open = false;
	nlines = 0;
	record_set_sink(keep_line);
#define RECORD(type, class, writers, since) \
	if (open) \
		record_emit(&r); \
	REC_BEGIN(&r, type); \
	open = true;
#define F(type, name, kind, unit, role, writers, since, presence, value, meaning) \
	WRITE(kind, &r, type, name, value);
#include "schema.def"
	record_emit(&r);
}
#undef ANY
#undef RANGE
#undef WORDS

static uint32_t crc(const void *data, size_t len) { return crc32_update(0, data, len); }

static char strbuf[RECORD_MAX + 16];
static uint64_t arrbuf[RECORD_MAX / 2 + 2];

static const char *check_line(const char *line, size_t len)
{
	static struct rec r;
	static char why[256];
	struct contract_log log = { .version = SCHEMA_FORMAT_VERSION };
	const struct rec_scratch s = { strbuf, arrbuf, crc, NULL };
	const char *e = rec_parse(&r, line, len, &s);
	return e ? e : contract_check(&r, &log, why, sizeof(why));
}

static void every_type_written_and_kept(void **state)
{
	write_every_type();
	assert_int_equal(nlines, SCHEMA_TYPES);
	for (size_t i = 0; i < nlines; i++) {
		const char *e = check_line(lines[i], line_len[i]);
		if (e)
			fail_msg("%.*s: %s", (int)line_len[i], lines[i], e);
	}
}

/* The line of record i with the value of its field key made text, its crc made
 * again. */
static size_t with_value(char *out, size_t i, const char *field, const char *text)
{
	char body[RECORD_MAX];
	const char *line = lines[i], *crc_at = strstr(line, ",\"crc\":");
	size_t n = 0;
	char key[80];
	snprintf(key, sizeof(key), "\"%s\":", field);
	const char *at = strstr(line, key) + strlen(key);
	const char *end = at;                           /* the value's end: , or ] , */
	for (int depth = 0, quoted = 0; end < crc_at; end++) {
		if (*end == '"')
			quoted = !quoted;
		if (!quoted && *end == '[')
			depth++;
		if (!quoted && *end == ']')
			depth--;
		if (!quoted && !depth && *end == ',')
			break;
	}
	n = (size_t)snprintf(body, sizeof(body), "%.*s%s%.*s", (int)(at - line), line, text,
			     (int)(crc_at - end), end);
	return (size_t)snprintf(out, RECORD_MAX, "%s,\"crc\":\"%08x\"}", body, crc(body, n));
}

static void another_kind_refused(void **state)
{
	static char line[RECORD_MAX];
	static struct rec r;
	const struct rec_scratch s = { strbuf, arrbuf, crc, NULL };
	size_t refused = 0;
	write_every_type();
	for (size_t i = 0; i < nlines; i++) {
		assert_null(rec_parse(&r, lines[i], line_len[i], &s));
		size_t nfields = r.nfields;
		char keys[REC_FIELDS_MAX][64];
		bool string[REC_FIELDS_MAX];
		for (size_t k = 0; k < nfields; k++) {   /* the parser's scratch is reused */
			snprintf(keys[k], sizeof(keys[k]), "%s", r.f[k].key);
			string[k] = r.f[k].v.kind == V_STRING;
		}
		for (size_t k = 0; k < nfields; k++) {
			size_t n = with_value(line, i, keys[k], string[k] ? "7" : "\"0x1\"");
			const char *e = check_line(line, n);
			if (!e || !strstr(e, keys[k]))
				fail_msg("%s with another kind: %s", line, e ? e : "kept");
			refused++;
		}
	}
	assert_true(refused > 400);
}

static void undeclared_field_refused(void **state)
{
	static char line[RECORD_MAX];
	static struct rec r;
	const struct rec_scratch s = { strbuf, arrbuf, crc, NULL };
	write_every_type();
	for (size_t i = 0; i < nlines; i++) {
		assert_null(rec_parse(&r, lines[i], line_len[i], &s));
		if (!r.nfields)
			continue;
		/* its first field's value followed by a field of no type */
		char text[64];
		snprintf(text, sizeof(text), "%s,\"no_such_field\":1",
			 r.f[0].v.kind == V_STRING ? "\"s\"" : r.f[0].v.kind == V_BOOL ? "true" :
			 r.f[0].v.kind == V_ARRAY ? "[1]" : "1");
		char first[64];
		snprintf(first, sizeof(first), "%s", r.f[0].key);
		size_t n = with_value(line, i, first, text);
		const char *e = check_line(line, n);
		assert_non_null(e);
		assert_non_null(strstr(e, "no field \"no_such_field\""));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fields_grouped_by_type),
		cmocka_unit_test(every_type_written_and_kept),
		cmocka_unit_test(another_kind_refused),
		cmocka_unit_test(undeclared_field_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
