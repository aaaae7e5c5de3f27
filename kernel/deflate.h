/* A raw DEFLATE compressor (RFC 1951): LZ77 over a 32 KiB window with hash chains and
 * one-step lazy matching, coded as one block with the fixed Huffman codes (section
 * 3.2.6). Freestanding, integers only; zlib's inflate (windowBits -15) reads it. */
#ifndef KERNEL_DEFLATE_H
#define KERNEL_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

#define DEFLATE_WINDOW    32768u        /* RFC 1951 3.2.5: distances up to 32768 */
#define DEFLATE_HASH_BITS 15

/* The match finder's tables (256 KiB): the caller provides them, they hold nothing
 * between calls. */
struct deflate_work {
	uint32_t head[1u << DEFLATE_HASH_BITS];  /* hash -> last position + 1, 0: none */
	uint32_t prev[DEFLATE_WINDOW];           /* position % window -> earlier one + 1 */
};

/* The most bytes deflate_compress() can write for n input bytes (every byte a 9-bit literal,
 * plus the block header and end code). */
static inline size_t deflate_bound(size_t n) { return n + n / 8 + 8; }

/* Compress in[0..n) into out (room for cap bytes). Returns the bytes written, or 0
 * when cap is too small. */
size_t deflate_compress(const uint8_t *in, size_t n, uint8_t *out, size_t cap, struct deflate_work *w);

#endif
