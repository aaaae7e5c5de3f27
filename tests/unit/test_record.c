/* The record writer (kernel/record.c): the line's shape, seq, CRC, escaping,
 * truncation. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "record.h"
#include "crc32.h"

static char last[RECORD_MAX + 1];
static size_t last_len;

static void capture(const char *line, size_t len)
{
	memcpy(last, line, len);
	last[len] = 0;
	last_len = len;
}

/* The contract: ends in "}\n"; ,"crc":"xxxxxxxx" last; CRC of the bytes before it. */
static void assert_valid_line(const char *line)
{
	size_t n = strlen(line);
	assert_true(n > 20);
	assert_int_equal(line[0], '{');
	assert_string_equal(line + n - 2, "}\n");
	const char *tail = line + n - strlen(",\"crc\":\"00000000\"}\n");
	assert_memory_equal(tail, ",\"crc\":\"", 8);
	unsigned crc;
	assert_int_equal(sscanf(tail + 8, "%8x", &crc), 1);
	assert_int_equal(crc, crc32_update(0, line, (size_t)(tail - line)));
}

static void shape_and_seq(void **state)
{
	struct record r;
	record_set_sink(capture);
	uint64_t seq = record_count();
	record_begin(&r, "end");
	record_u64(&r, "records", 2);
	record_str(&r, "status", "pass");
	record_emit(&r);
	char want[128];
	snprintf(want, sizeof(want), "{\"type\":\"end\",\"seq\":%llu,\"records\":2,\"status\":\"pass\"",
		 (unsigned long long)seq);
	assert_memory_equal(last, want, strlen(want));
	assert_valid_line(last);
	assert_int_equal(record_count(), seq + 1);
	record_begin(&r, "x");
	record_emit(&r);
	snprintf(want, sizeof(want), "{\"type\":\"x\",\"seq\":%llu,", (unsigned long long)seq + 1);
	assert_memory_equal(last, want, strlen(want));
}

static void known_crc(void **state)
{
	/* The example line of docs/FORMAT.md, checked independently with zlib. */
	const char *body = "{\"type\":\"end\",\"seq\":2,\"records\":2,\"status\":\"pass\"";
	assert_int_equal(crc32_update(0, body, strlen(body)), 0x31fc6d12u);
}

static void value_kinds(void **state)
{
	struct record r;
	uint64_t v[] = { 100, 250, 1000 };
	record_set_sink(capture);
	record_begin(&r, "t");
	record_i64(&r, "neg", -5);
	record_bool(&r, "yes", true);
	record_hex(&r, "rip", 0xffffffff80001234ull);
	record_u64_array(&r, "hz", v, 3);
	record_u64(&r, "big", UINT64_MAX);
	record_emit(&r);
	assert_non_null(strstr(last, ",\"neg\":-5,\"yes\":true,\"rip\":\"0xffffffff80001234\","
				     "\"hz\":[100,250,1000],\"big\":18446744073709551615,\"crc\""));
	assert_valid_line(last);
}

static void escaping(void **state)
{
	struct record r;
	record_set_sink(capture);
	record_begin(&r, "t");
	record_str(&r, "s", "a\"b\\c\td\x01\xff");
	record_emit(&r);
	assert_non_null(strstr(last, "\"s\":\"a\\\"b\\\\c\\u0009d\\u0001\\u00ff\""));
	assert_valid_line(last);
}

static void truncation_keeps_valid_json(void **state)
{
	struct record r;
	char big[3000];
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = 0;
	record_set_sink(capture);
	record_begin(&r, "t");
	record_str(&r, "a", big);
	record_str(&r, "b", big);           /* does not fit: left out whole */
	record_u64(&r, "c", 7);             /* still fits */
	record_emit(&r);
	assert_true(last_len <= RECORD_MAX);
	assert_null(strstr(last, "\"b\":"));
	assert_non_null(strstr(last, ",\"c\":7,\"truncated\":1,\"crc\":"));
	assert_valid_line(last);
}

static int locked, sinks_under_lock;

static void take(void) { locked++; }
static void release(void) { locked--; }

static void capture_checking_lock(const char *line, size_t len)
{
	capture(line, len);
	sinks_under_lock += locked == 1;
}

/* Two CPUs may build records at once: the one written first gets the lower seq,
 * and numbering and writing happen under one hold of the lock. */
static void seq_given_at_emission_under_the_lock(void **state)
{
	struct record a, b;
	char want[64];
	record_set_sink(capture_checking_lock);
	record_set_lock(take, release);
	uint64_t seq = record_count();
	record_begin(&a, "a");
	record_begin(&b, "b");
	record_u64(&b, "n", 1);
	record_emit(&b);
	snprintf(want, sizeof(want), "{\"type\":\"b\",\"seq\":%llu,\"n\":1,", (unsigned long long)seq);
	assert_memory_equal(last, want, strlen(want));
	assert_valid_line(last);
	record_emit(&a);
	snprintf(want, sizeof(want), "{\"type\":\"a\",\"seq\":%llu,\"crc\"", (unsigned long long)seq + 1);
	assert_memory_equal(last, want, strlen(want));
	assert_valid_line(last);
	assert_int_equal(sinks_under_lock, 2);
	assert_int_equal(locked, 0);
	record_set_lock(NULL, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shape_and_seq),
		cmocka_unit_test(known_crc),
		cmocka_unit_test(value_kinds),
		cmocka_unit_test(escaping),
		cmocka_unit_test(truncation_keeps_valid_json),
		cmocka_unit_test(seq_given_at_emission_under_the_lock),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
