/* tickstat's log reader on intact and damaged logs (docs/FORMAT.md). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "crc32.h"
#include "../../tools/tickstat/log.h"

/* Build a record line with its CRC: {"type":T,"seq":S<body>,"crc":"…"}\n */
static size_t put(char *buf, size_t at, const char *type, unsigned seq, const char *body)
{
	char *p = buf + at;
	int n = sprintf(p, "{\"type\":\"%s\",\"seq\":%u%s", type, seq, body);
	n += sprintf(p + n, ",\"crc\":\"%08x\"}\n", crc32_update(0, p, (size_t)n));
	return at + (size_t)n;
}

static char logbuf[1 << 16];

static size_t whole_log(void)
{
	size_t n = 0;
	n += (size_t)sprintf(logbuf, "SeaBIOS (version 1.16)\nbooting\n");
	n = put(logbuf, n, "boot", 0, ",\"format\":1,\"cmdline\":\"runs=3\"");
	n = put(logbuf, n, "calibration", 1, ",\"tsc_hz\":2000000000");
	n = put(logbuf, n, "run", 2, ",\"bench\":\"tick\",\"hz\":100,\"timer_on\":false,"
		"\"iterations\":18446744073709551615,\"cycles\":1000,\"interrupts\":0");
	n = put(logbuf, n, "end", 3, ",\"records\":3,\"status\":\"pass\"");
	return n;
}

struct seen {
	int records;
	uint64_t iterations;
	char last_type[32];
	uint64_t taken;          /* bit seq: the record of seq was taken (seq < 64) */
};

static void collect(const struct rec *r, void *ctx)
{
	struct seen *s = ctx;
	s->records++;
	if (r->seq < 64)
		s->taken |= 1ull << r->seq;
	snprintf(s->last_type, sizeof(s->last_type), "%s", r->type);
	if (!strcmp(r->type, "run"))
		rec_u64(r, "iterations", &s->iterations);
}

static int read_buf(const char *data, size_t len, struct seen *s, struct log_report *rep)
{
	memset(s, 0, sizeof(*s));
	memset(rep, 0, sizeof(*rep));
	rep->quiet = true;
	return log_read_mem("t.log", data, len, collect, s, rep);
}

static void intact_log_passes(void **state)
{
	struct seen s;
	struct log_report rep;
	size_t n = whole_log();
	assert_int_equal(read_buf(logbuf, n, &s, &rep), 0);
	assert_int_equal(s.records, 4);
	assert_int_equal(rep.problems, 0);
	assert_true(s.iterations == UINT64_MAX);   /* above 2^53, kept exactly */
	assert_string_equal(s.last_type, "end");
}

static void crc_mismatch_is_refused(void **state)
{
	struct seen s;
	struct log_report rep;
	size_t n = whole_log();
	char *p = strstr(logbuf, "\"hz\":100");
	p[6] = '2';                              /* a bit flip on the cable */
	assert_int_equal(read_buf(logbuf, n, &s, &rep), 1);
	assert_int_equal(s.records, 3);          /* the run record was not used */
	assert_int_equal(rep.problems, 1);       /* and the seq skip is not a second one */
}

static void truncated_log_fails(void **state)
{
	struct seen s;
	struct log_report rep;
	size_t n = whole_log();
	char *end = strstr(logbuf, "{\"type\":\"end\"");
	assert_int_equal(read_buf(logbuf, (size_t)(end - logbuf), &s, &rep), 1);
	assert_int_equal(rep.problems, 1);
	/* cut in the middle of the last line */
	assert_int_equal(read_buf(logbuf, n - 10, &s, &rep), 1);
	assert_int_equal(s.records, 3);
}

static void seq_gap_and_repeat(void **state)
{
	struct seen s;
	struct log_report rep;
	size_t n = 0;
	n = put(logbuf, n, "boot", 0, ",\"format\":1");
	n = put(logbuf, n, "timer", 1, "");
	n = put(logbuf, n, "timer", 1, "");      /* repeat: refused */
	n = put(logbuf, n, "timer", 3, "");      /* gap: seq 2 missing */
	n = put(logbuf, n, "end", 4, ",\"records\":4,\"status\":\"pass\"");
	assert_int_equal(read_buf(logbuf, n, &s, &rep), 1);
	assert_int_equal(s.records, 4);
	assert_int_equal(rep.problems, 3);       /* repeat, gap, end's count */
}

static void end_count_must_match(void **state)
{
	struct seen s;
	struct log_report rep;
	size_t n = 0;
	n = put(logbuf, n, "boot", 0, ",\"format\":1");
	n = put(logbuf, n, "end", 1, ",\"records\":2,\"status\":\"pass\"");
	assert_int_equal(read_buf(logbuf, n, &s, &rep), 1);
	assert_int_equal(rep.problems, 1);
}

static void boot_must_come_first(void **state)
{
	struct seen s;
	struct log_report rep;
	size_t n = 0;
	n = put(logbuf, n, "timer", 0, "");
	n = put(logbuf, n, "end", 1, ",\"records\":1,\"status\":\"pass\"");
	assert_int_equal(read_buf(logbuf, n, &s, &rep), 1);
	assert_int_equal(rep.problems, 1);
}

static void noise_and_crlf(void **state)
{
	struct seen s;
	struct log_report rep;
	size_t n = 0;
	n += (size_t)sprintf(logbuf, "\x01\x02\xff garbage\r\n\r\n");
	n = put(logbuf, n, "boot", 0, ",\"format\":1,\"version\":\"a\\\"b\\u00e9\\ud83d\\ude00\"");
	logbuf[n - 1] = '\r';
	logbuf[n++] = '\n';
	n += (size_t)sprintf(logbuf + n, "{\x80\x81 binary noise\n");
	n = put(logbuf, n, "end", 1, ",\"records\":1,\"status\":\"pass\"");
	assert_int_equal(read_buf(logbuf, n, &s, &rep), 1);
	assert_int_equal(s.records, 2);
	assert_int_equal(rep.problems, 1);       /* only the noise line that starts with { */
}

/* A line that starts with '{' but is no record is not counted as a (damaged)
 * record: the end's count stands, and a record lost where the noise is still shows. */
static void noise_is_not_a_record(void **state)
{
	struct seen s;
	struct log_report rep;
	size_t n = 0;
	n = put(logbuf, n, "boot", 0, ",\"format\":1");
	n += (size_t)sprintf(logbuf + n, "{ noise on the line }\n");
	n = put(logbuf, n, "timer", 1, "");
	n = put(logbuf, n, "end", 2, ",\"records\":2,\"status\":\"pass\"");
	assert_int_equal(read_buf(logbuf, n, &s, &rep), 1);
	assert_int_equal(s.records, 3);
	assert_int_equal(rep.problems, 1);       /* the noise; not the end's count */
	n = 0;
	n = put(logbuf, n, "boot", 0, ",\"format\":1");
	n += (size_t)sprintf(logbuf + n, "{ noise where seq 1 was lost }\n");
	n = put(logbuf, n, "end", 2, ",\"records\":2,\"status\":\"pass\"");
	assert_int_equal(read_buf(logbuf, n, &s, &rep), 1);
	assert_int_equal(rep.problems, 3);       /* the noise, seq 1 missing, the end's count */
	/* a damaged record (a bit flip past its opening) still counts as one */
	n = 0;
	n = put(logbuf, n, "boot", 0, ",\"format\":1");
	size_t at = n;
	n = put(logbuf, n, "timer", 1, ",\"x\":1");
	logbuf[at + 20] ^= 1;
	n = put(logbuf, n, "end", 2, ",\"records\":2,\"status\":\"pass\"");
	assert_int_equal(read_buf(logbuf, n, &s, &rep), 1);
	assert_int_equal(rep.problems, 1);       /* the CRC; the end's count stands */
}

/* A log of boot, one record of type and body, end: refused (wanted 1 problem) or
 * taken (0). */
static void expect_record(const char *type, const char *body, int problems)
{
	struct seen s;
	struct log_report rep;
	size_t n = 0;
	n = put(logbuf, n, "boot", 0, ",\"format\":1");
	n = put(logbuf, n, type, 1, body);
	n = put(logbuf, n, "end", 2, ",\"records\":2,\"status\":\"pass\"");
	assert_int_equal(read_buf(logbuf, n, &s, &rep), problems ? 1 : 0);
	assert_int_equal(s.records, problems ? 2 : 3);
	assert_int_equal(rep.problems, problems);
}

static void expect_refused(const char *body)
{
	expect_record("stats", body, 1);
}

static void bad_values_are_refused(void **state)
{
	expect_refused(",\"n\":18446744073709551616,\"min\":1,\"max\":2,\"sum\":3");
	expect_refused(",\"n\":2,\"min\":1.5,\"max\":2,\"sum\":3");
	expect_refused(",\"n\":2,\"min\":01,\"max\":2,\"sum\":3");
	expect_refused(",\"n\":0,\"min\":1,\"max\":2,\"sum\":3");
	/* counts no run can take, which would wrap the pooled figures */
	expect_refused(",\"n\":18446744073709551615,\"min\":1,\"max\":1,"
		       "\"sum\":18446744073709551615");
	expect_refused(",\"n\":18446744073709551615,\"min\":0,\"max\":0,\"sum\":0");
	expect_refused(",\"n\":281474976710657,\"min\":0,\"max\":0,\"sum\":0");
	expect_refused(",\"n\":2,\"min\":3,\"max\":2,\"sum\":5");
	expect_refused(",\"n\":2,\"min\":1,\"max\":2,\"sum\":9");
	expect_refused(",\"n\":2,\"min\":1,\"max\":2,\"sum\":3,\"p50\":7");
	expect_refused(",\"n\":2,\"min\":1,\"max\":2,\"sum\":3,\"hist_lo\":[1,2],\"hist_n\":[1]");
	expect_refused(",\"n\":2,\"min\":1,\"max\":2,\"sum\":3,\"hist_lo\":[2,1],\"hist_n\":[1,1]");
	expect_refused(",\"n\":2,\"min\":1,\"max\":2,\"sum\":3,\"hist_lo\":[1,2],\"hist_n\":[1,5]");
	expect_refused(",\"n\":2,\"min\":1,\"max\":2,\"sum\":3,\"x\":{\"a\":1}");
	expect_refused(",\"n\":2,\"min\":1,\"max\":2,\"sum\":3,\"x\":null");
	expect_refused(",\"n\":2,\"n\":2,\"min\":1,\"max\":2,\"sum\":3");
	expect_refused(",\"n\":2,\"min\":1,\"max\":2,\"sum\":3,\"s\":\"\\x\"");
	expect_refused(",\"n\":2,\"min\":1,\"max\":2,\"sum\":3,\"a\":[1,-2]");
	/* samples of more than 2^53 cycles, a unit tickstat would convert wrongly */
	expect_refused(",\"n\":1,\"min\":1,\"max\":9007199254740993,\"sum\":9007199254740993");
	expect_refused(",\"n\":1,\"min\":1,\"max\":1,\"sum\":1,\"unit\":\"ns\"");
}

/* CRC-valid values that cannot be (docs/FORMAT.md's ranges and words): refused. */
static void impossible_values_are_refused(void **state)
{
	const char *run = ",\"bench\":\"tick\",\"timer_on\":true,\"interrupts\":10,\"cycles\":";
	char body[256];
	snprintf(body, sizeof(body), "%s18446744073709551615", run);
	expect_record("run", body, 1);
	snprintf(body, sizeof(body), "%s9007199254740993", run);
	expect_record("run", body, 1);
	snprintf(body, sizeof(body), "%s9", run);              /* more interrupts than cycles */
	expect_record("run", body, 1);
	snprintf(body, sizeof(body), "%s9007199254740992", run);
	expect_record("run", body, 0);
	struct seen s;
	struct log_report rep;
	size_t n = 0;
	n = put(logbuf, n, "boot", 0, ",\"format\":1");
	n = put(logbuf, n, "end", 1, ",\"records\":1,\"status\":\"bogus\"");
	assert_int_equal(read_buf(logbuf, n, &s, &rep), 1);
	assert_int_equal(s.records, 1);
	for (int k = 0; k < 3; k++) {
		static const char *const words[] = { "pass", "fail", "error" };
		char end[64];
		snprintf(end, sizeof(end), ",\"records\":1,\"status\":\"%s\"", words[k]);
		n = put(logbuf, put(logbuf, 0, "boot", 0, ",\"format\":1"), "end", 1, end);
		assert_int_equal(read_buf(logbuf, n, &s, &rep), 0);
	}
}

/* The checks find a shape's fields once and keep their places for its records:
 * a bad value in the second record of a shape is refused, and a record of the same
 * type with its keys in another order (another shape) is checked at its own. */
static void checks_follow_each_shape(void **state)
{
	static const char *const bodies[] = {
		",\"bench\":\"tick\",\"timer_on\":true,\"interrupts\":10,\"cycles\":100",
		",\"bench\":\"tick\",\"timer_on\":true,\"interrupts\":10,\"cycles\":9",
		",\"bench\":\"tick\",\"timer_on\":true,\"cycles\":100,\"interrupts\":10",
		",\"bench\":\"tick\",\"timer_on\":true,\"cycles\":9,\"interrupts\":10",
		",\"bench\":\"tick\",\"cycles\":9,\"interrupts\":10,\"timer_on\":true",
		",\"bench\":\"tick\",\"cycles\":100,\"interrupts\":10,\"timer_on\":true",
		",\"bench\":\"tick\",\"cycles\":100,\"interrupts\":10,\"timer_on\":7",
	};
	static const bool refused[] = { false, true, false, true, true, false, true };
	struct seen s;
	struct log_report rep;
	size_t n = put(logbuf, 0, "boot", 0, ",\"format\":1");
	for (int i = 0; i < 7; i++)
		n = put(logbuf, n, "run", (unsigned)i + 1, bodies[i]);
	n = put(logbuf, n, "end", 8, ",\"records\":8,\"status\":\"pass\"");
	assert_int_equal(read_buf(logbuf, n, &s, &rep), 1);
	assert_int_equal(rep.problems, 4);
	assert_int_equal(s.records, 9 - 4);
	for (int i = 0; i < 7; i++)
		if (refused[i] == !!(s.taken >> (i + 1) & 1))
			fail_msg("run %d %s", i, refused[i] ? "taken" : "refused");
}

/* Strings are UTF-8 (RFC 3629), as JSON text must be: every valid length taken,
 * a stray or cut continuation, an overlong form, a surrogate, a code point past
 * U+10FFFF and \u0000 refused. */
static void strings_are_utf8(void **state)
{
	static const char *const good[] = { "a\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80",
					    "\xed\x9f\xbf", "\xf4\x8f\xbf\xbf", "\\u00e9" };
	static const char *const bad[] = { "\xff", "\x80", "a\xc3", "\xc3(", "\xc0\xaf",
					   "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
					   "\xf5\x80\x80\x80", "\xe2\x82", "\\u0000" };
	char body[64];
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		snprintf(body, sizeof(body), ",\"reason\":\"%s\"", good[i]);
		expect_record("timer", body, 0);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(body, sizeof(body), ",\"reason\":\"%s\"", bad[i]);
		expect_record("timer", body, 1);
	}
}

static void parse_reports_column(void **state)
{
	struct rec r;
	char sb[256];
	uint64_t ab[128];
	const struct rec_scratch s = { sb, ab, log_crc, NULL };
	const char *line = "{\"type\":\"x\",\"seq\":1,\"a\":tru}";
	const char *e = rec_parse(&r, line, strlen(line), &s);
	assert_non_null(e);
	assert_non_null(strstr(e, "column 25"));
	line = "{\"type\":\"x\",\"seq\":1,\"a\":-9223372036854775808,\"crc\":\"00000000\"}";
	e = rec_parse(&r, line, strlen(line), &s);
	assert_non_null(strstr(e, "CRC mismatch"));
	const struct value *v = rec_get(&r, "a");
	assert_true(v && v->kind == V_INT && v->neg && v->u == (uint64_t)INT64_MAX + 1);
}

/* The records' CRC (isa-l's, folded 16 bytes at a time) is the kernel's: a record
 * whose crc lib/c/crc32.c computed passes with a string of 0 to 300 characters
 * (lines below, at and past the folding's 16-byte steps, every remainder) at every
 * alignment, of printable and multi-byte UTF-8 characters; one bit off fails. */
static void record_crc_is_the_kernels(void **state)
{
	static char line[1024 + 64];
	static const char *const chars[] = { "a", "~", " ", "\xc3\xa9", "\xe2\x82\xac" };
	struct rec r;
	char sb[sizeof(line)];
	uint64_t ab[sizeof(line) / 2 + 1];
	const struct rec_scratch s = { sb, ab, log_crc, NULL };
	for (size_t at = 0; at < 16; at++)
		for (size_t len = 0; len <= 300; len++) {
			char *p = line + at;
			int n = sprintf(p, "{\"type\":\"x\",\"seq\":1,\"s\":\"");
			for (size_t k = 0; k < len; k++)
				n += sprintf(p + n, "%s", chars[(k * 7 + at) % 5]);
			n += sprintf(p + n, "\"");
			n += sprintf(p + n, ",\"crc\":\"%08x\"}", crc32_update(0, p, (size_t)(n)));
			const char *e = rec_parse(&r, p, (size_t)n, &s);
			if (e)
				fail_msg("%zu characters at offset %zu: %s", len, at, e);
			p[n - 3] ^= 1;           /* a hex digit of the crc */
			assert_non_null(rec_parse(&r, p, (size_t)n, &s));
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(intact_log_passes),
		cmocka_unit_test(crc_mismatch_is_refused),
		cmocka_unit_test(truncated_log_fails),
		cmocka_unit_test(seq_gap_and_repeat),
		cmocka_unit_test(end_count_must_match),
		cmocka_unit_test(boot_must_come_first),
		cmocka_unit_test(noise_and_crlf),
		cmocka_unit_test(noise_is_not_a_record),
		cmocka_unit_test(bad_values_are_refused),
		cmocka_unit_test(impossible_values_are_refused),
		cmocka_unit_test(checks_follow_each_shape),
		cmocka_unit_test(strings_are_utf8),
		cmocka_unit_test(parse_reports_column),
		cmocka_unit_test(record_crc_is_the_kernels),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
