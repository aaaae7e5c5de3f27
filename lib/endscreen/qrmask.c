/* QR data masking and the penalty that chooses the mask (ISO/IEC 18004:2015 7.8;
 * see qr.h). x is the column, y the row. */
#include "qr.h"

static bool mask_bit(unsigned mask, unsigned x, unsigned y)
{
	switch (mask) {     /* Table 10: i is the row (y), j the column (x) */
	case 0: return (x + y) % 2 == 0;
	case 1: return y % 2 == 0;
	case 2: return x % 3 == 0;
	case 3: return (x + y) % 3 == 0;
	case 4: return (x / 3 + y / 2) % 2 == 0;
	case 5: return x * y % 2 + x * y % 3 == 0;
	case 6: return (x * y % 2 + x * y % 3) % 2 == 0;
	default: return ((x + y) % 2 + x * y % 3) % 2 == 0;
	}
}

void qr_apply_mask(struct qr *q, unsigned mask)
{
	for (unsigned y = 0; y < q->size; y++)
		for (unsigned x = 0; x < q->size; x++)
			if (!q->function[y * q->size + x] && mask_bit(mask, x, y))
				q->dark[y * q->size + x] ^= 1;
}

/* The module at step i along row (or column) line. */
static bool along(const struct qr *q, bool rows, unsigned line, unsigned i)
{
	return rows ? q->dark[line * q->size + i] : q->dark[i * q->size + line];
}

/* N1: 3 + (run - 5) per run of five or more same-coloured modules in a line. */
static unsigned penalty_runs(const struct qr *q, bool rows, unsigned line)
{
	unsigned score = 0, run = 1;
	for (unsigned i = 1; i <= q->size; i++) {
		if (i < q->size && along(q, rows, line, i) == along(q, rows, line, i - 1)) {
			run++;
			continue;
		}
		if (run >= 5)
			score += 3 + run - 5;
		run = 1;
	}
	return score;
}

/* N3: 40 per 1:1:3:1:1 finder-like pattern with four light modules on one side;
 * beyond the symbol counts as light (the quiet zone). */
static unsigned penalty_finders(const struct qr *q, bool rows, unsigned line)
{
	static const uint8_t pattern[11] = { 1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0 };
	unsigned score = 0;
	for (int start = -4; start + 11 <= (int)q->size + 4; start++) {
		bool fwd = true, back = true;
		for (int k = 0; k < 11 && (fwd || back); k++) {
			int i = start + k;
			bool m = i >= 0 && i < (int)q->size && along(q, rows, line, (unsigned)i);
			fwd &= m == pattern[k];
			back &= m == pattern[10 - k];
		}
		score += 40 * (fwd + back);
	}
	return score;
}

unsigned qr_penalty(const struct qr *q)
{
	unsigned score = 0, s = q->size, dark = 0;
	for (unsigned line = 0; line < s; line++)
		for (int rows = 0; rows < 2; rows++)
			score += penalty_runs(q, rows, line) + penalty_finders(q, rows, line);
	for (unsigned y = 0; y < s; y++)
		for (unsigned x = 0; x < s; x++) {
			uint8_t c = q->dark[y * s + x];
			dark += c;
			if (x + 1 < s && y + 1 < s && c == q->dark[y * s + x + 1] &&
			    c == q->dark[(y + 1) * s + x] && c == q->dark[(y + 1) * s + x + 1])
				score += 3;          /* N2: each 2x2 block of one colour */
		}
	unsigned total = s * s, percent20 = (dark * 20 + total / 2) / total;   /* 5 % steps */
	score += 10 * (percent20 > 10 ? percent20 - 10 : 10 - percent20);      /* N4 */
	return score;
}
