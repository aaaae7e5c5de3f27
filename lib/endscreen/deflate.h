/* A raw DEFLATE compressor (RFC 1951): LZ77 over a 32 KiB window with hash chains and
 * one-step lazy matching, in blocks of up to DEFLATE_BLOCK_TOKENS literals and
 * matches, each coded with its own Huffman codes (section 3.2.7) or the fixed ones
 * (3.2.6), whichever is shorter. Freestanding, integers only; zlib's inflate
 * (windowBits -15) reads it. */
#ifndef KERNEL_DEFLATE_H
#define KERNEL_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

#define DEFLATE_WINDOW    32768u        /* RFC 1951 3.2.5: distances up to 32768 */
#define DEFLATE_HASH_BITS 15
#define DEFLATE_BLOCK_TOKENS 16384
#define DEFLATE_LITLEN    288           /* literal/length symbols, 286 and 287 unused */
#define DEFLATE_DIST      30

/* The match finder's tables and a block's symbols and codes (about 330 KiB): the
 * caller provides them, they hold nothing between calls. */
struct deflate_work {
	uint32_t head[1u << DEFLATE_HASH_BITS];  /* hash -> last position + 1, 0: none */
	uint32_t prev[DEFLATE_WINDOW];           /* position % window -> earlier one + 1 */
	uint32_t tokens[DEFLATE_BLOCK_TOKENS];   /* a literal byte, or length << 16 | distance */
	unsigned ntokens;
	uint32_t litlen_freq[DEFLATE_LITLEN], dist_freq[DEFLATE_DIST];
	uint8_t litlen_len[DEFLATE_LITLEN], dist_len[DEFLATE_DIST];
	uint16_t litlen_code[DEFLATE_LITLEN], dist_code[DEFLATE_DIST];
};

/* The most bytes deflate_compress() can write for n input bytes: every byte a 9-bit
 * literal at worst (a block is never coded longer than with the fixed codes), plus
 * each block's header and end code. */
static inline size_t deflate_bound(size_t n)
{
	return n + n / 8 + 8 * (n / DEFLATE_BLOCK_TOKENS + 1) + 8;
}

/* Compress in[0..n) into out (room for cap bytes). Returns the bytes written, or 0
 * when cap is too small. */
size_t deflate_compress(const uint8_t *in, size_t n, uint8_t *out, size_t cap,
			struct deflate_work *w);

#endif
