/* Raw DEFLATE (RFC 1951; see deflate.h). */
#include "deflate.h"
#include "huffman.h"
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

static unsigned length_symbol(unsigned len)
{
	unsigned l = 28;
	while (len_base[l] > len)
		l--;
	return l;
}

static unsigned distance_symbol(unsigned dist)
{
	unsigned d = 29;
	while (dist_base[d] > dist)
		d--;
	return d;
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

/* ---- blocks (RFC 1951 3.2.3 - 3.2.7) ---- */

static void put_token(struct bits *b, const struct deflate_work *w, uint32_t t)
{
	if (t < 256) {
		put_code(b, w->litlen_code[t], w->litlen_len[t]);
		return;
	}
	unsigned len = t >> 16, dist = t & 0xffff, l = length_symbol(len), d = distance_symbol(dist);
	put_code(b, w->litlen_code[257 + l], w->litlen_len[257 + l]);
	put_bits(b, len - len_base[l], len_extra[l]);
	put_code(b, w->dist_code[d], w->dist_len[d]);
	put_bits(b, dist - dist_base[d], dist_extra[d]);
}

static void count_symbols(struct deflate_work *w)
{
	memset(w->litlen_freq, 0, sizeof(w->litlen_freq));
	memset(w->dist_freq, 0, sizeof(w->dist_freq));
	w->litlen_freq[256] = 1;                    /* end of block */
	for (unsigned i = 0; i < w->ntokens; i++) {
		uint32_t t = w->tokens[i];
		if (t < 256) {
			w->litlen_freq[t]++;
		} else {
			w->litlen_freq[257 + length_symbol(t >> 16)]++;
			w->dist_freq[distance_symbol(t & 0xffff)]++;
		}
	}
}

/* Bits of the block's symbols with these lengths (extra bits left out: the same
 * whatever the codes). */
static uint64_t symbol_bits(const struct deflate_work *w, const uint8_t *litlen,
			    const uint8_t *dist)
{
	uint64_t bits = 0;
	for (unsigned s = 0; s < DEFLATE_LITLEN; s++)
		bits += (uint64_t)w->litlen_freq[s] * litlen[s];
	for (unsigned s = 0; s < DEFLATE_DIST; s++)
		bits += (uint64_t)w->dist_freq[s] * dist[s];
	return bits;
}

/* The fixed codes' lengths (3.2.6). */
static void fixed_lengths(uint8_t *litlen, uint8_t *dist)
{
	for (unsigned s = 0; s < DEFLATE_LITLEN; s++)
		litlen[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
	memset(dist, 5, DEFLATE_DIST);
}

/* Give unused symbols a count of one until at least two are used: a code of two or
 * more symbols is complete, which every inflater accepts. */
static void at_least_two(uint32_t *freq, unsigned n)
{
	unsigned used = 0;
	for (unsigned s = 0; s < n; s++)
		used += freq[s] != 0;
	for (unsigned s = 0; s < n && used < 2; s++)
		if (!freq[s]) {
			freq[s] = 1;
			used++;
		}
}

/* The code-length sequence, run-length coded (3.2.7): symbols 0-15 a length, 16 the
 * previous one 3-6 times, 17 zero 3-10 times, 18 zero 11-138 times; each item is
 * symbol | repeat extra << 8. */
struct header {
	unsigned hlit, hdist, hclen, items;
	uint16_t item[DEFLATE_LITLEN + DEFLATE_DIST];
	uint32_t freq[19];
	uint8_t len[19];
	uint16_t code[19];
};

static const uint8_t cl_order[19] = {
	16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
};
static const uint8_t cl_extra[19] = { [16] = 2, [17] = 3, [18] = 7 };

static void add_item(struct header *h, unsigned sym, unsigned extra)
{
	h->item[h->items++] = (uint16_t)(sym | extra << 8);
	h->freq[sym]++;
}

static void add_run(struct header *h, unsigned len, unsigned run)
{
	if (len == 0) {
		for (; run >= 11; run -= run < 138 ? run : 138)
			add_item(h, 18, (run < 138 ? run : 138) - 11);
		if (run >= 3) {
			add_item(h, 17, run - 3);
			run = 0;
		}
	} else {
		add_item(h, len, 0);
		for (run--; run >= 3; run -= run < 6 ? run : 6)
			add_item(h, 16, (run < 6 ? run : 6) - 3);
	}
	for (; run > 0; run--)
		add_item(h, len, 0);
}

/* The dynamic header for the block's lengths; returns its size in bits. */
static uint64_t build_header(struct header *h, const struct deflate_work *w)
{
	uint8_t seq[DEFLATE_LITLEN + DEFLATE_DIST];
	memset(h, 0, sizeof(*h));
	for (h->hlit = 286; h->hlit > 257 && !w->litlen_len[h->hlit - 1]; h->hlit--)
		;
	for (h->hdist = 30; h->hdist > 1 && !w->dist_len[h->hdist - 1]; h->hdist--)
		;
	memcpy(seq, w->litlen_len, h->hlit);
	memcpy(seq + h->hlit, w->dist_len, h->hdist);
	for (unsigned i = 0, n = h->hlit + h->hdist, run; i < n; i += run) {
		for (run = 1; i + run < n && seq[i + run] == seq[i]; run++)
			;
		add_run(h, seq[i], run);
	}
	at_least_two(h->freq, 19);
	huffman_lengths(h->freq, 19, 7, h->len);
	huffman_codes(h->len, 19, h->code);
	for (h->hclen = 19; h->hclen > 4 && !h->len[cl_order[h->hclen - 1]]; h->hclen--)
		;
	uint64_t bits = 5 + 5 + 4 + 3 * h->hclen;
	for (unsigned i = 0; i < h->items; i++)
		bits += h->len[h->item[i] & 0xff] + cl_extra[h->item[i] & 0xff];
	return bits;
}

static void put_header(struct bits *b, const struct header *h)
{
	put_bits(b, h->hlit - 257, 5);
	put_bits(b, h->hdist - 1, 5);
	put_bits(b, h->hclen - 4, 4);
	for (unsigned i = 0; i < h->hclen; i++)
		put_bits(b, h->len[cl_order[i]], 3);
	for (unsigned i = 0; i < h->items; i++) {
		unsigned sym = h->item[i] & 0xff;
		put_code(b, h->code[sym], h->len[sym]);
		put_bits(b, h->item[i] >> 8, cl_extra[sym]);
	}
}

/* The block's tokens with its own codes or the fixed ones, whichever is shorter. */
static void put_block(struct bits *b, struct deflate_work *w, bool final)
{
	static struct header h;
	uint8_t fixed_litlen[DEFLATE_LITLEN], fixed_dist[DEFLATE_DIST];
	count_symbols(w);
	fixed_lengths(fixed_litlen, fixed_dist);
	uint64_t fixed = symbol_bits(w, fixed_litlen, fixed_dist);
	at_least_two(w->litlen_freq, 286);
	at_least_two(w->dist_freq, DEFLATE_DIST);
	huffman_lengths(w->litlen_freq, DEFLATE_LITLEN, 15, w->litlen_len);
	huffman_lengths(w->dist_freq, DEFLATE_DIST, 15, w->dist_len);
	uint64_t dynamic = build_header(&h, w) + symbol_bits(w, w->litlen_len, w->dist_len);
	put_bits(b, final, 1);                      /* BFINAL */
	if (dynamic < fixed) {
		put_bits(b, 2, 2);                  /* BTYPE 10: dynamic Huffman codes */
		put_header(b, &h);
	} else {
		put_bits(b, 1, 2);                  /* BTYPE 01: fixed Huffman codes */
		memcpy(w->litlen_len, fixed_litlen, sizeof(fixed_litlen));
		memcpy(w->dist_len, fixed_dist, sizeof(fixed_dist));
	}
	huffman_codes(w->litlen_len, DEFLATE_LITLEN, w->litlen_code);
	huffman_codes(w->dist_len, DEFLATE_DIST, w->dist_code);
	for (unsigned i = 0; i < w->ntokens; i++)
		put_token(b, w, w->tokens[i]);
	put_code(b, w->litlen_code[256], w->litlen_len[256]);   /* end of block */
	w->ntokens = 0;
}

static void add_token(struct bits *b, struct deflate_work *w, uint32_t t)
{
	w->tokens[w->ntokens++] = t;
	if (w->ntokens == DEFLATE_BLOCK_TOKENS)
		put_block(b, w, false);
}

/* ---- LZ77 ---- */

/* LZ77 with one-step lazy evaluation: a match is taken only when the next position
 * does not start a longer one. */
static void compress(struct bits *b, const uint8_t *in, size_t n, struct deflate_work *w)
{
	size_t pos = 0;
	struct match m = search(w, in, n, 0);
	while (pos < n) {
		if (m.len < MIN_MATCH) {
			add_token(b, w, in[pos++]);
			m = search(w, in, n, pos);
			continue;
		}
		struct match next = pos + 1 < n ? search(w, in, n, pos + 1) : (struct match){ 0, 0 };
		if (next.len > m.len) {
			add_token(b, w, in[pos++]);
			m = next;
			continue;
		}
		add_token(b, w, m.len << 16 | m.dist);
		for (size_t p = pos + 2; p < pos + m.len; p++)
			if (n - p >= MIN_MATCH)
				insert(w, in, p);
		pos += m.len;
		m = pos < n ? search(w, in, n, pos) : (struct match){ 0, 0 };
	}
}

size_t deflate_compress(const uint8_t *in, size_t n, uint8_t *out, size_t cap,
			struct deflate_work *w)
{
	struct bits b = { .out = out, .cap = cap };
	memset(w->head, 0, sizeof(w->head));
	w->ntokens = 0;
	compress(&b, in, n, w);
	put_block(&b, w, true);
	put_bits(&b, 0, 7);         /* flush the last partial byte */
	return b.overflow ? 0 : b.len;
}
