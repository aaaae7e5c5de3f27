/* QR Code encoder (ISO/IEC 18004:2015; see qr.h). Section numbers below are the
 * standard's. x is the column, y the row, (0, 0) the top left module. */
#include "qr.h"
#include "reedsolomon.h"
#include "lib.h"

#define DATA_CODEWORDS_MAX 2956         /* version 40-L (Table 7) */
#define CODEWORDS_MAX      3706         /* version 40 (Table 1) */
#define EC_BLOCKS_MAX      81
#define EC_DEGREE_MAX      30

/* Table 9: error correction codewords per block and number of blocks, by level
 * (L, M, Q, H) and version (index 0 unused). */
static const uint8_t ec_per_block[4][41] = {
	{ 0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
	  28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30 },
	{ 0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
	  26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28 },
	{ 0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
	  28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30 },
	{ 0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
	  30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30 },
};
static const uint8_t ec_blocks[4][41] = {
	{ 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
	  8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25 },
	{ 0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
	  17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49 },
	{ 0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
	  23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68 },
	{ 0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
	  25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81 },
};

/* 6.9.1 Table 12: the level's two format bits (L 01, M 00, Q 11, H 10). */
static const uint8_t level_bits[4] = { 1, 0, 3, 2 };

/* Modules left for codewords (and remainder bits) once the function patterns,
 * format and version information are drawn (Table 1, "data modules"). */
static unsigned raw_modules(unsigned v)
{
	unsigned n = (16 * v + 128) * v + 64;
	if (v >= 2) {
		unsigned align = v / 7 + 2;
		n -= (25 * align - 10) * align - 55;
		if (v >= 7)
			n -= 36;
	}
	return n;
}

static unsigned data_codewords(unsigned v, enum qr_level l)
{
	return raw_modules(v) / 8 - ec_per_block[l][v] * ec_blocks[l][v];
}

/* Character count indicator bits for byte mode (Table 3). */
static unsigned count_bits(unsigned v) { return v < 10 ? 8 : 16; }

size_t qr_byte_capacity(unsigned version, enum qr_level level)
{
	if (version < 1 || version > QR_VERSION_MAX || level > QR_H)
		return 0;
	return (data_codewords(version, level) * 8 - 4 - count_bits(version)) / 8;
}

/* ---- the data bit stream (7.4) ---- */

struct bitbuf { uint8_t *b; unsigned len; };   /* len in bits */

static void append_bits(struct bitbuf *bb, uint32_t value, unsigned count)
{
	for (unsigned i = count; i-- > 0; bb->len++) {
		if (bb->len % 8 == 0)
			bb->b[bb->len / 8] = 0;
		bb->b[bb->len / 8] |= (uint8_t)(((value >> i) & 1) << (7 - bb->len % 8));
	}
}

/* Mode 0100 (byte), the count, the bytes, the terminator, then 0xec 0x11 pads (7.4.9). */
static void data_stream(uint8_t *out, unsigned capacity, unsigned v, const uint8_t *data,
			size_t n)
{
	struct bitbuf bb = { out, 0 };
	append_bits(&bb, 4, 4);
	append_bits(&bb, (uint32_t)n, count_bits(v));
	for (size_t i = 0; i < n; i++)
		append_bits(&bb, data[i], 8);
	unsigned room = capacity * 8 - bb.len;
	append_bits(&bb, 0, room < 4 ? room : 4);
	append_bits(&bb, 0, (8 - bb.len % 8) % 8);
	for (uint8_t pad = 0xec; bb.len < capacity * 8; pad ^= 0xec ^ 0x11)
		append_bits(&bb, pad, 8);
}

/* ---- error correction codewords (7.5, 7.6) ---- */

/* Split the data codewords into blocks, add each block's EC codewords and interleave
 * them (7.6): data column by column (short blocks first), then EC likewise. */
static void add_ec_and_interleave(const uint8_t *data, unsigned v, enum qr_level l,
				  uint8_t *out)
{
	unsigned blocks = ec_blocks[l][v], degree = ec_per_block[l][v];
	unsigned total = raw_modules(v) / 8, short_blocks = blocks - total % blocks;
	unsigned short_data = total / blocks - degree;
	uint8_t g[EC_DEGREE_MAX], ec[EC_DEGREE_MAX];
	rs_generator(g, degree);
	for (unsigned b = 0, at = 0; b < blocks; b++) {
		unsigned n = short_data + (b >= short_blocks);
		rs_remainder(data + at, n, g, degree, ec);
		for (unsigned i = 0; i < n; i++) {
			unsigned col = i < short_data ? i * blocks + b
				: short_data * blocks + (b - short_blocks);
			out[col] = data[at + i];
		}
		for (unsigned i = 0; i < degree; i++)
			out[data_codewords(v, l) + i * blocks + b] = ec[i];
		at += n;
	}
}

/* ---- the symbol: function patterns (6.3) ---- */

static void set_function(struct qr *q, int x, int y, bool dark)
{
	if (x < 0 || y < 0 || x >= (int)q->size || y >= (int)q->size)
		return;
	q->dark[y * q->size + x] = dark;
	q->function[y * q->size + x] = 1;
}

static int chebyshev(int dx, int dy)
{
	dx = dx < 0 ? -dx : dx;
	dy = dy < 0 ? -dy : dy;
	return dx > dy ? dx : dy;
}

/* A finder pattern centred at (cx, cy) with its light separator (6.3.3, 6.3.4). */
static void draw_finder(struct qr *q, int cx, int cy)
{
	for (int dy = -4; dy <= 4; dy++)
		for (int dx = -4; dx <= 4; dx++) {
			int d = chebyshev(dx, dy);
			set_function(q, cx + dx, cy + dy, d != 2 && d != 4);
		}
}

static void draw_alignment(struct qr *q, int cx, int cy)
{
	for (int dy = -2; dy <= 2; dy++)
		for (int dx = -2; dx <= 2; dx++)
			set_function(q, cx + dx, cy + dy, chebyshev(dx, dy) != 1);
}

/* Alignment pattern centre coordinates (6.3.6, Annex E): 6, then evenly spaced
 * (an even step) back from size - 7. Returns how many. */
static unsigned alignment_positions(unsigned v, unsigned *pos)
{
	if (v == 1)
		return 0;
	unsigned count = v / 7 + 2;
	unsigned step = v == 32 ? 26 : (v * 4 + count * 2 + 1) / (count * 2 - 2) * 2;
	pos[0] = 6;
	for (unsigned i = count - 1, p = 4 * v + 10; i >= 1; i--, p -= step)
		pos[i] = p;
	return count;
}

static void draw_alignments(struct qr *q)
{
	unsigned pos[7], n = alignment_positions(q->version, pos);
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = 0; j < n; j++) {
			bool corner = (i == 0 && j == 0) || (i == 0 && j == n - 1) ||
				      (i == n - 1 && j == 0);
			if (!corner)
				draw_alignment(q, (int)pos[i], (int)pos[j]);
		}
}

/* BCH-coded information: data, then the remainder of data * x^(len) modulo poly. */
static uint32_t bch(uint32_t data, uint32_t poly, unsigned len)
{
	uint32_t rem = data;
	for (unsigned i = 0; i < len; i++)
		rem = (rem << 1) ^ ((rem >> (len - 1)) * poly);
	return data << len | rem;
}

/* Format information (6.9): level and mask, BCH(15,5), XOR 101010000010010. */
static void draw_format(struct qr *q, enum qr_level l, unsigned mask)
{
	uint32_t bits = bch((uint32_t)level_bits[l] << 3 | mask, 0x537, 10) ^ 0x5412;
	int s = (int)q->size;
	for (int i = 0; i < 15; i++) {
		bool bit = (bits >> i) & 1;
		if (i < 6)
			set_function(q, 8, i, bit);
		else if (i < 8)
			set_function(q, 8, i + 1, bit);
		else if (i == 8)
			set_function(q, 7, 8, bit);
		else
			set_function(q, 14 - i, 8, bit);
		if (i < 8)
			set_function(q, s - 1 - i, 8, bit);
		else
			set_function(q, 8, s - 15 + i, bit);
	}
	set_function(q, 8, s - 8, true);       /* the dark module (6.9.1) */
}

/* Version information (6.10), versions 7 and up: BCH(18,6), two 6x3 blocks. */
static void draw_version(struct qr *q)
{
	if (q->version < 7)
		return;
	uint32_t bits = bch(q->version, 0x1f25, 12);
	for (int i = 0; i < 18; i++) {
		bool bit = (bits >> i) & 1;
		int a = (int)q->size - 11 + i % 3, b = i / 3;
		set_function(q, a, b, bit);
		set_function(q, b, a, bit);
	}
}

static void draw_function_patterns(struct qr *q, enum qr_level l)
{
	for (unsigned i = 0; i < q->size; i++) {
		set_function(q, 6, (int)i, i % 2 == 0);   /* timing (6.3.5) */
		set_function(q, (int)i, 6, i % 2 == 0);
	}
	draw_finder(q, 3, 3);
	draw_finder(q, (int)q->size - 4, 3);
	draw_finder(q, 3, (int)q->size - 4);
	draw_alignments(q);
	draw_format(q, l, 0);      /* reserves the area; redrawn with the chosen mask */
	draw_version(q);
}

/* Codewords in two-module columns, zigzag up and down from the bottom right,
 * skipping the vertical timing pattern (7.7.3). Remainder bits stay light. */
static void draw_codewords(struct qr *q, const uint8_t *cw, unsigned n)
{
	unsigned bit = 0, s = q->size;
	for (int right = (int)s - 1; right >= 1; right -= 2) {
		if (right == 6)
			right = 5;
		bool upward = ((right + 1) & 2) == 0;
		for (unsigned vert = 0; vert < s; vert++)
			for (int j = 0; j < 2; j++) {
				unsigned x = (unsigned)(right - j), y = upward ? s - 1 - vert : vert;
				if (q->function[y * s + x] || bit >= n * 8)
					continue;
				q->dark[y * s + x] = (cw[bit / 8] >> (7 - bit % 8)) & 1;
				bit++;
			}
	}
}

/* ---- masking (7.8; qrmask.c) ---- */

static unsigned choose_mask(struct qr *q, enum qr_level l)
{
	unsigned best = 0, best_score = ~0u;
	for (unsigned m = 0; m < 8; m++) {
		qr_apply_mask(q, m);
		draw_format(q, l, m);
		unsigned score = qr_penalty(q);
		if (score < best_score) {
			best = m;
			best_score = score;
		}
		qr_apply_mask(q, m);           /* XOR again: undone */
	}
	return best;
}

bool qr_encode(struct qr *q, unsigned version, enum qr_level level,
	       const uint8_t *data, size_t n)
{
	static uint8_t stream[DATA_CODEWORDS_MAX], codewords[CODEWORDS_MAX];
	if (n > qr_byte_capacity(version, level))
		return false;
	q->version = version;
	q->size = 17 + 4 * version;
	memset(q->dark, 0, sizeof(q->dark));
	memset(q->function, 0, sizeof(q->function));
	data_stream(stream, data_codewords(version, level), version, data, n);
	add_ec_and_interleave(stream, version, level, codewords);
	draw_function_patterns(q, level);
	draw_codewords(q, codewords, raw_modules(version) / 8);
	q->mask = choose_mask(q, level);
	qr_apply_mask(q, q->mask);
	draw_format(q, level, q->mask);
	return true;
}
