/* lib/endscreen/qr.c: every version (1-40) at every level (L, M, Q, H), filled to capacity
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
static char dir[64];                    /* the images of one batch */
static unsigned images;

/* A PGM of the symbol, dark modules 0 on 255; damage inverts the data modules of a
 * centred square covering that fraction (per mille) of the symbol's area (a glare
 * spot that spares the finder and alignment patterns zbar locates the grid by). */
static void write_pgm(const char *path, unsigned damage_permille)
{
	static uint8_t row[(QR_SIZE_MAX + 2 * QUIET) * PX];
	unsigned side = (q.size + 2 * QUIET) * PX, sq = 0;
	while ((sq + 1) * (sq + 1) * 1000 <= damage_permille * q.size * q.size)
		sq++;
	unsigned lo = (q.size - sq) / 2;
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	fprintf(f, "P5 %u %u 255\n", side, side);
	for (int y = -QUIET; y < (int)q.size + QUIET; y++) {     /* a row of modules */
		for (int x = -QUIET; x < (int)q.size + QUIET; x++) {
			bool in = x >= 0 && y >= 0 && x < (int)q.size && y < (int)q.size;
			bool dark = in && qr_module(&q, (unsigned)x, (unsigned)y);
			if (in && (unsigned)x - lo < sq && (unsigned)y - lo < sq &&
			    !q.function[(unsigned)y * q.size + (unsigned)x])
				dark = !dark;
			memset(row + (size_t)(x + QUIET) * PX, dark ? 0 : 255, PX);
		}
		for (int i = 0; i < PX; i++)
			assert_int_equal(fwrite(row, 1, side, f), side);
	}
	fclose(f);
}

/* What zbar reads from the images (a shell glob, in its order: zbarimg --raw -Sbinary
 * writes each symbol's bytes with nothing between them), at most cap bytes: its byte
 * count, -1 when it found no symbol in one of them. One zbarimg for many images, QR
 * codes alone, every other line of pixels (at 3 px a module that still crosses every
 * row and column of modules): a process per image, every symbology and every line
 * took three times as long. */
static long zbar_read(const char *glob, uint8_t *out, size_t cap)
{
	char cmd[256];
	snprintf(cmd, sizeof(cmd), "zbarimg --raw -q -Sbinary --nodbus -Sdisable -Sqrcode.enable -Sx-density=2 -Sy-density=2 %s", glob);
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

/* The bytes encoded into the batch's images, one after another. */
static uint8_t batch[160 * 2953];
static size_t batch_len;

/* Encodes n bytes at version v, level l into the batch's next image, damaged so. */
static void encode(unsigned v, enum qr_level l, size_t n, unsigned damage)
{
	char path[96];
	assert_true(batch_len + n <= sizeof(batch));
	payload(batch + batch_len, n, v * 4 + l);
	assert_true(qr_encode(&q, v, l, batch + batch_len, n));
	assert_int_equal(q.size, 17 + 4 * v);
	snprintf(path, sizeof(path), "%s/%03u.pgm", dir, images++);
	write_pgm(path, damage);
	batch_len += n;
}

/* Does zbar read back exactly the batch? Then a new batch begins. */
static bool batch_reads_back(void)
{
	static uint8_t out[sizeof(batch) + 1];
	char glob[80];
	snprintf(glob, sizeof(glob), "%s/*.pgm", dir);
	long got = zbar_read(glob, out, sizeof(out));
	bool same = got == (long)batch_len && memcmp(batch, out, batch_len) == 0;
	for (unsigned i = 0; i < images; i++) {
		snprintf(glob, sizeof(glob), "%s/%03u.pgm", dir, i);
		unlink(glob);
	}
	images = 0;
	batch_len = 0;
	return same;
}

/* The one symbol encoded so, read back by itself. */
static bool encode_and_read(unsigned v, enum qr_level l, size_t n, unsigned damage)
{
	encode(v, l, n, damage);
	return batch_reads_back();
}

static int have_zbar(void **state)
{
	snprintf(dir, sizeof(dir), "/tmp/test_qr.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

/* A symbol to read back: its version, level (filled to capacity) and damage. */
struct symbol {
	unsigned version;
	enum qr_level level;
	unsigned damage_permille;
};

/* zbar reads back each of the n symbols exactly: all in one batch; where that
 * fails, each by itself, to name the first it does not read. */
static void read_back(const struct symbol *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		encode(s[i].version, s[i].level, qr_byte_capacity(s[i].version, s[i].level),
		       s[i].damage_permille);
	if (batch_reads_back())
		return;
	for (size_t i = 0; i < n; i++)
		if (!encode_and_read(s[i].version, s[i].level,
				     qr_byte_capacity(s[i].version, s[i].level), s[i].damage_permille))
			fail_msg("version %u level %d (%zu bytes, %u per mille damaged) did not decode",
				 s[i].version, s[i].level, qr_byte_capacity(s[i].version, s[i].level),
				 s[i].damage_permille);
	fail_msg("the symbols decode one by one but not in one batch");
}

static void every_version_and_level(void **state)
{
	static struct symbol all[QR_VERSION_MAX * 4];
	size_t n = 0;
	if (system("command -v zbarimg >/dev/null") != 0)
		skip();
	for (unsigned v = 1; v <= QR_VERSION_MAX; v++)
		for (int l = QR_L; l <= QR_H; l++)
			all[n++] = (struct symbol){ v, (enum qr_level)l, 0 };
	read_back(all, n);
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
	static const unsigned damage[4] = { 30, 60, 90, 120 };
	static const unsigned versions[] = { 5, 10, 25, 40 };
	struct symbol damaged[4 * 4];
	size_t n = 0;
	if (system("command -v zbarimg >/dev/null") != 0)
		skip();
	for (size_t i = 0; i < sizeof(versions) / sizeof(versions[0]); i++)
		for (int l = QR_L; l <= QR_H; l++)
			damaged[n++] = (struct symbol){ versions[i], (enum qr_level)l, damage[l] };
	read_back(damaged, n);
	assert_false(encode_and_read(10, QR_L, qr_byte_capacity(10, QR_L), 300));
}

static int cleanup(void **state)
{
	rmdir(dir);
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
