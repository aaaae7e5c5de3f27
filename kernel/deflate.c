/* Raw DEFLATE, fixed Huffman codes (RFC 1951; see deflate.h). */
#include "deflate.h"
#include "lib.h"

#define MIN_MATCH  3
#define MAX_MATCH  258
#define MAX_CHAIN  256          /* positions tried per match search */
#define NICE_MATCH 128          /* a match this long ends the search */

struct bits {
	uint8_t *out;
	size_t cap, len;
	uint32_t acc;               /* pending bits, LSB first (RFC 1951 3.1.1) */
	unsigned n;
	bool overflow;
};

static void put_bits(struct bits *b, uint32_t value, unsigned count)
{
	b->acc |= value << b->n;
	b->n += count;
	while (b->n >= 8) {
		if (b->len < b->cap)
			b->out[b->len++] = (uint8_t)b->acc;
		else
			b->overflow = true;
		b->acc >>= 8;
		b->n -= 8;
	}
}

/* Huffman codes are sent most significant bit first (RFC 1951 3.1.1). */
static void put_code(struct bits *b, uint32_t code, unsigned len)
{
	uint32_t rev = 0;
	for (unsigned i = 0; i < len; i++)
		rev |= ((code >> i) & 1) << (len - 1 - i);
	put_bits(b, rev, len);
}

/* The fixed literal/length code (RFC 1951 3.2.6). */
static void put_litlen(struct bits *b, unsigned sym)
{
	if (sym < 144)
		put_code(b, 0x30 + sym, 8);
	else if (sym < 256)
		put_code(b, 0x190 + sym - 144, 9);
	else if (sym < 280)
		put_code(b, sym - 256, 7);
	else
		put_code(b, 0xc0 + sym - 280, 8);
}

/* Length codes 257..285 and distance codes 0..29 (RFC 1951 3.2.5). */
static const uint16_t len_base[29] = {
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
	35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
};
static const uint8_t len_extra[29] = {
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
	3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
};
static const uint16_t dist_base[30] = {
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
	257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
};
static const uint8_t dist_extra[30] = {
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
};

static void put_match(struct bits *b, unsigned len, unsigned dist)
{
	unsigned l = 28, d = 29;
	while (len_base[l] > len)
		l--;
	put_litlen(b, 257 + l);
	put_bits(b, len - len_base[l], len_extra[l]);
	while (dist_base[d] > dist)
		d--;
	put_code(b, d, 5);
	put_bits(b, dist - dist_base[d], dist_extra[d]);
}

static uint32_t hash3(const uint8_t *p)
{
	uint32_t v = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
	return (v * 2654435761u) >> (32 - DEFLATE_HASH_BITS);
}

static void insert(struct deflate_work *w, const uint8_t *in, size_t pos)
{
	uint32_t h = hash3(in + pos);
	w->prev[pos % DEFLATE_WINDOW] = w->head[h];
	w->head[h] = (uint32_t)pos + 1;
}

struct match { unsigned len, dist; };

/* The longest earlier match for in[pos..] within the window (ties: the nearest). */
static struct match longest(const struct deflate_work *w, const uint8_t *in, size_t n,
			    size_t pos)
{
	struct match best = { 0, 0 };
	size_t limit = n - pos < MAX_MATCH ? n - pos : MAX_MATCH;
	uint32_t cand = w->head[hash3(in + pos)];
	for (unsigned chain = 0; cand && chain < MAX_CHAIN; chain++) {
		size_t at = cand - 1;
		if (at >= pos || pos - at > DEFLATE_WINDOW)
			break;
		size_t len = 0;
		while (len < limit && in[at + len] == in[pos + len])
			len++;
		if (len > best.len) {
			best.len = (unsigned)len;
			best.dist = (unsigned)(pos - at);
			if (len >= NICE_MATCH || len == limit)
				break;
		}
		cand = w->prev[at % DEFLATE_WINDOW];
	}
	return best;
}

/* Find a match at pos, inserting pos into the chains (nothing when too near the end). */
static struct match search(struct deflate_work *w, const uint8_t *in, size_t n, size_t pos)
{
	struct match m = { 0, 0 };
	if (n - pos < MIN_MATCH)
		return m;
	m = longest(w, in, n, pos);
	insert(w, in, pos);
	return m;
}

/* LZ77 with one-step lazy evaluation: a match is taken only when the next position
 * does not start a longer one. */
static void compress(struct bits *b, const uint8_t *in, size_t n, struct deflate_work *w)
{
	size_t pos = 0;
	struct match m = search(w, in, n, 0);
	while (pos < n) {
		if (m.len < MIN_MATCH) {
			put_litlen(b, in[pos++]);
			m = search(w, in, n, pos);
			continue;
		}
		struct match next = pos + 1 < n ? search(w, in, n, pos + 1) : (struct match){ 0, 0 };
		if (next.len > m.len) {
			put_litlen(b, in[pos++]);
			m = next;
			continue;
		}
		put_match(b, m.len, m.dist);
		for (size_t p = pos + 2; p < pos + m.len; p++)
			if (n - p >= MIN_MATCH)
				insert(w, in, p);
		pos += m.len;
		m = pos < n ? search(w, in, n, pos) : (struct match){ 0, 0 };
	}
}

size_t deflate_compress(const uint8_t *in, size_t n, uint8_t *out, size_t cap, struct deflate_work *w)
{
	struct bits b = { .out = out, .cap = cap };
	memset(w->head, 0, sizeof(w->head));
	put_bits(&b, 1, 1);         /* BFINAL */
	put_bits(&b, 1, 2);         /* BTYPE 01: fixed Huffman codes */
	compress(&b, in, n, w);
	put_litlen(&b, 256);        /* end of block */
	put_bits(&b, 0, 7);         /* flush the last partial byte */
	return b.overflow ? 0 : b.len;
}
