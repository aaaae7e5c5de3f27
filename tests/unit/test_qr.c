/* lib/qr.c: every version (1-40) at every level (L, M, Q, H), filled to capacity
 * with bytes of every value, drawn at 3 px per module with a 4-module quiet zone,
 * decodes with zbar (`zbarimg --raw -q -Sbinary`) to exactly the bytes encoded;
 * damaged symbols within each level's correction limit still decode, and one damaged
 * far past it does not. Skipped when zbarimg is not installed. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "qr.h"

#define PX    3
#define QUIET 4

static struct qr q;
static char image[64];

/* A PGM of the symbol, dark modules 0 on 255; damage inverts the data modules of a
 * centred square covering that fraction (per mille) of the symbol's area (a glare
 * spot that spares the finder and alignment patterns zbar locates the grid by). */
static void write_pgm(unsigned damage_permille)
{
	unsigned side = (q.size + 2 * QUIET) * PX, sq = 0;
	while ((sq + 1) * (sq + 1) * 1000 <= damage_permille * q.size * q.size)
		sq++;
	unsigned lo = (q.size - sq) / 2;
	FILE *f = fopen(image, "wb");
	assert_non_null(f);
	fprintf(f, "P5 %u %u 255\n", side, side);
	for (unsigned py = 0; py < side; py++)
		for (unsigned px = 0; px < side; px++) {
			int x = (int)(px / PX) - QUIET, y = (int)(py / PX) - QUIET;
			bool in = x >= 0 && y >= 0 && x < (int)q.size && y < (int)q.size;
			bool dark = in && qr_module(&q, (unsigned)x, (unsigned)y);
			if (in && (unsigned)x - lo < sq && (unsigned)y - lo < sq &&
			    !q.function[(unsigned)y * q.size + (unsigned)x])
				dark = !dark;
			fputc(dark ? 0 : 255, f);
		}
	fclose(f);
}

/* What zbar reads from the image: its byte count, -1 when it found no symbol. */
static long zbar_read(uint8_t *out, size_t cap)
{
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "zbarimg --raw -q -Sbinary --nodbus %s", image);
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	size_t n = fread(out, 1, cap, p);
	int status = pclose(p);
	return status == 0 ? (long)n : -1;
}

static void payload(uint8_t *buf, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		buf[i] = (uint8_t)(i * 131 + seed * 7 + (i >> 8));
}

static bool encode_and_read(unsigned v, enum qr_level l, size_t n, unsigned damage)
{
	static uint8_t in[4096], out[4096];
	payload(in, n, v * 4 + l);
	assert_true(qr_encode(&q, v, l, in, n));
	assert_int_equal(q.size, 17 + 4 * v);
	write_pgm(damage);
	long got = zbar_read(out, sizeof(out));
	return got == (long)n && memcmp(in, out, n) == 0;
}

static int have_zbar(void **state)
{
	snprintf(image, sizeof(image), "/tmp/test_qr.%d.pgm", (int)getpid());
	return 0;
}

static void every_version_and_level(void **state)
{
	if (system("command -v zbarimg >/dev/null") != 0)
		skip();
	for (unsigned v = 1; v <= QR_VERSION_MAX; v++)
		for (int l = QR_L; l <= QR_H; l++) {
			size_t cap = qr_byte_capacity(v, (enum qr_level)l);
			if (!encode_and_read(v, (enum qr_level)l, cap, 0))
				fail_msg("version %u level %d (%zu bytes) did not decode", v, l, cap);
		}
}

/* Table 7's byte-mode capacities at a few points (ISO/IEC 18004:2015). */
static void capacities(void **state)
{
	assert_int_equal(qr_byte_capacity(1, QR_L), 17);
	assert_int_equal(qr_byte_capacity(1, QR_H), 7);
	assert_int_equal(qr_byte_capacity(10, QR_M), 213);
	assert_int_equal(qr_byte_capacity(25, QR_L), 1273);
	assert_int_equal(qr_byte_capacity(40, QR_L), 2953);
	assert_int_equal(qr_byte_capacity(40, QR_H), 1273);
	assert_int_equal(qr_byte_capacity(41, QR_L), 0);
	uint8_t big[2954] = { 0 };
	assert_false(qr_encode(&q, 40, QR_L, big, sizeof(big)));
}

/* Damage (per mille of the area) well within what each level recovers: L 7 %, M 15 %,
 * Q 25 %, H 30 % of codewords (Table 8). A square's edges cut more codewords than its
 * area, and zbar gives up earlier on some symbols (version 25-L at 8 %, 25-Q at 12 %
 * here), so the figures are about half the limits. */
static void damaged_within_limit(void **state)
{
	if (system("command -v zbarimg >/dev/null") != 0)
		skip();
	static const unsigned damage[4] = { 30, 60, 90, 120 };
	static const unsigned versions[] = { 5, 10, 25, 40 };
	for (size_t i = 0; i < sizeof(versions) / sizeof(versions[0]); i++)
		for (int l = QR_L; l <= QR_H; l++) {
			unsigned v = versions[i];
			if (!encode_and_read(v, (enum qr_level)l, qr_byte_capacity(v, l), damage[l]))
				fail_msg("version %u level %d with %u per mille damaged", v, l, damage[l]);
		}
	assert_false(encode_and_read(10, QR_L, qr_byte_capacity(10, QR_L), 300));
}

static int cleanup(void **state)
{
	unlink(image);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(capacities),
		cmocka_unit_test(every_version_and_level),
		cmocka_unit_test(damaged_within_limit),
	};
	return cmocka_run_group_tests(tests, have_zbar, cleanup);
}
