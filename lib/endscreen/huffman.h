/* Huffman codes for DEFLATE (RFC 1951 3.2.2): code lengths from symbol frequencies,
 * limited to a maximum length, and the canonical codes for given lengths. */
#ifndef KERNEL_HUFFMAN_H
#define KERNEL_HUFFMAN_H

#include <stdint.h>

#define HUFFMAN_SYMBOLS_MAX 288

/* Lengths (at most max_bits, 0 for an unused symbol) of an optimal prefix code for
 * freq[0..n), then shortened where it is deeper than max_bits. One used symbol gets
 * length 1. */
void huffman_lengths(const uint32_t *freq, unsigned n, unsigned max_bits, uint8_t *len);
/* The canonical codes for the lengths, most significant bit first. */
void huffman_codes(const uint8_t *len, unsigned n, uint16_t *code);

#endif
