/* lib/endscreen/deflate.c and huffman.c: the output inflates with zlib (raw, windowBits -15)
 * to the input, for generated inputs (empty, one byte, runs, random, text with far
 * repeats, more than one window) and for real logs (the logs in tests/tickstat); the
 * block types chosen; Huffman lengths limited and complete. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include <zlib.h>
#include "deflate.h"
#include "huffman.h"

static struct deflate_work work;

/* Compress, inflate with zlib, compare; returns the compressed size. */
static size_t round_trip(const uint8_t *in, size_t n)
{
	size_t cap = deflate_bound(n);
	uint8_t *packed = malloc(cap), *back = malloc(n + 1);
	size_t len = deflate_compress(in, n, packed, cap, &work);
	assert_true(len > 0);
	z_stream z = { 0 };
	assert_int_equal(inflateInit2(&z, -15), Z_OK);
	z.next_in = packed;
	z.avail_in = (uInt)len;
	z.next_out = back;
	z.avail_out = (uInt)(n + 1);
	assert_int_equal(inflate(&z, Z_FINISH), Z_STREAM_END);
	assert_int_equal(z.total_out, n);
	assert_int_equal(z.avail_in, 0);          /* the stream ends where deflate said */
	assert_memory_equal(back, in, n);
	inflateEnd(&z);
	free(packed);
	free(back);
	return len;
}

static void empty_and_tiny(void **state)
{
	round_trip((const uint8_t *)"", 0);
	round_trip((const uint8_t *)"a", 1);
	round_trip((const uint8_t *)"ab", 2);
	round_trip((const uint8_t *)"abcabcabc", 9);
}

static void runs_compress(void **state)
{
	static uint8_t buf[100000];
	memset(buf, 'x', sizeof(buf));
	size_t len = round_trip(buf, sizeof(buf));
	assert_true(len < sizeof(buf) / 100);     /* 258-byte matches at distance 1 */
}

static void random_bytes_fit_the_bound(void **state)
{
	static uint8_t buf[200000];
	srand(1);
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)rand();
	for (size_t n = 0; n < 1000; n += 37)
		round_trip(buf, n);
	round_trip(buf, sizeof(buf));
}

/* Text repeating at every distance up to past the window, plus every length. */
static void far_repeats_and_all_lengths(void **state)
{
	static uint8_t buf[3 * DEFLATE_WINDOW + 1000];
	srand(2);
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = i < 40000 ? (uint8_t)('a' + rand() % 4) : buf[i - 32768 + (i % 3)];
	round_trip(buf, sizeof(buf));
	for (size_t i = 0; i < 600; i++)
		buf[i] = (uint8_t)(i < 300 ? i : i - 300);
	round_trip(buf, 600);
}

/* BTYPE of the first block (RFC 1951 3.2.3): 1 fixed, 2 dynamic codes. */
static unsigned first_block_type(const char *text)
{
	uint8_t out[4096];
	size_t len = deflate_compress((const uint8_t *)text, strlen(text), out, sizeof(out), &work);
	assert_true(len > 0);
	return (out[0] >> 1) & 3;
}

static void block_types(void **state)
{
	assert_int_equal(first_block_type("a"), 1);     /* a dynamic header costs more */
	char text[3000];
	srand(3);
	for (size_t i = 0; i + 1 < sizeof(text); i++)      /* five letters: 3 bits, not 8 */
		text[i] = (char)('a' + rand() % 5);
	text[sizeof(text) - 1] = 0;
	assert_int_equal(first_block_type(text), 2);
}

/* Fibonacci frequencies make the deepest Huffman tree: the lengths must still fit
 * 15 bits (or 7) and form a complete code (Kraft sum exactly 1). */
static void huffman_limited_and_complete(void **state)
{
	uint32_t freq[30];
	uint8_t len[30];
	for (unsigned limit = 7; limit <= 15; limit += 8) {
		freq[0] = freq[1] = 1;
		for (int i = 2; i < 30; i++)
			freq[i] = freq[i - 1] + freq[i - 2];
		unsigned n = limit == 7 ? 19 : 30;
		huffman_lengths(freq, n, limit, len);
		uint64_t kraft = 0;
		for (unsigned i = 0; i < n; i++) {
			assert_true(len[i] >= 1 && len[i] <= limit);
			kraft += 1ull << (15 - len[i]);
		}
		assert_int_equal(kraft, 1u << 15);
	}
}

static void small_output_refused(void **state)
{
	uint8_t out[4];
	assert_int_equal(deflate_compress((const uint8_t *)"hello, world", 12, out, sizeof(out), &work), 0);
}

static void real_logs(void **state)
{
	const char *logs[] = { LOG_DIR "/tick-cpus-1.log", LOG_DIR "/tick-cpus-1-2.log" };
	for (size_t i = 0; i < sizeof(logs) / sizeof(logs[0]); i++) {
		FILE *f = fopen(logs[i], "rb");
		assert_non_null(f);
		static uint8_t buf[4 << 20];
		size_t n = fread(buf, 1, sizeof(buf), f);
		fclose(f);
		size_t len = round_trip(buf, n);
		print_message("%s: %zu -> %zu bytes\n", logs[i], n, len);
		assert_true(len * 3 < n);                 /* records compress over 3:1 */
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(empty_and_tiny),
		cmocka_unit_test(runs_compress),
		cmocka_unit_test(random_bytes_fit_the_bound),
		cmocka_unit_test(far_repeats_and_all_lengths),
		cmocka_unit_test(small_output_refused),
		cmocka_unit_test(block_types),
		cmocka_unit_test(huffman_limited_and_complete),
		cmocka_unit_test(real_logs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
