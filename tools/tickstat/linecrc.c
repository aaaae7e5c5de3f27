/* CRC-32 by folding (see linecrc.h). The message is a polynomial over GF(2); its
 * CRC depends only on it modulo P, the CRC's polynomial. 16 bytes at a time, the
 * remainder so far X (128 bits, X = H·x^64 + L) is folded into the next 16 bytes B
 * as X·x^128 + B ≡ H·(x^192 mod P) + L·(x^128 mod P) + B: two carry-less
 * multiplications of 64 by 32 bits, whose products fit in 128 bits. What is left
 * (the last X and the bytes after it) is a short message with the same CRC, which
 * zlib finishes. */
#include "linecrc.h"

#include <stdbool.h>
#include <zlib.h>

#if defined(__x86_64__)
#include <immintrin.h>

#define CRC32_POLY 0x104c11db7ull   /* x^32 + x^26 + ... + x + 1, bit d: x^d */

/* x^n mod P, bit d the coefficient of x^d. */
static uint64_t x_pow_mod_p(unsigned n)
{
	uint64_t r = 1;
	while (n--) {
		r <<= 1;
		if (r >> 32)
			r ^= CRC32_POLY;
	}
	return r;
}

/* The CRC's bit order, in which bytes are read: bit i of a 64-bit lane holds the
 * coefficient of x^(63 - i) (the first byte's lowest bit is the highest power). */
static uint64_t reflect64(uint64_t v)
{
	uint64_t r = 0;
	for (int i = 0; i < 64; i++)
		r |= (v >> i & 1) << (63 - i);
	return r;
}

/* In that order a carry-less product comes out multiplied by x (a 64-bit lane
 * times a 64-bit lane: 127 bits, shifted up by one), so the constants are one
 * power lower: x^191 for H (the low lane), x^127 for L (the high lane). */
static __m128i fold_constants(void)
{
	return _mm_set_epi64x((long long)reflect64(x_pow_mod_p(127)),
			      (long long)reflect64(x_pow_mod_p(191)));
}

/* len >= 32. The first 16 bytes with the CRC's initial ~0 in their first 4. */
__attribute__((target("pclmul,sse2")))
static uint32_t crc32_folded(const unsigned char *p, size_t len, __m128i k)
{
	__m128i x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)p), _mm_cvtsi32_si128(-1));
	for (p += 16, len -= 16; len >= 16; p += 16, len -= 16) {
		__m128i high = _mm_clmulepi64_si128(x, k, 0x00);   /* H · x^191 · x */
		__m128i low = _mm_clmulepi64_si128(x, k, 0x11);    /* L · x^127 · x */
		x = _mm_xor_si128(_mm_xor_si128(high, low), _mm_loadu_si128((const __m128i *)p));
	}
	/* zlib's crc32(c, ...) starts from ~c: from 0 for X, whose first bytes already
	 * hold the initial ~0, then on over the bytes after X. */
	unsigned char rest[16];
	_mm_storeu_si128((__m128i *)rest, x);
	uLong crc = crc32(0xffffffffu, rest, sizeof(rest));
	return (uint32_t)crc32(crc, p, (uInt)len);
}

uint32_t line_crc32(const void *data, size_t len)
{
	static int folding = -1;       /* unknown yet, then whether the CPU can */
	static __m128i k;
	if (folding < 0) {
		folding = __builtin_cpu_supports("pclmul");
		k = fold_constants();
	}
	if (folding && len >= 32)
		return crc32_folded(data, len, k);
	return (uint32_t)crc32(0, data, (uInt)len);
}

#else

uint32_t line_crc32(const void *data, size_t len)
{
	return (uint32_t)crc32(0, data, (uInt)len);
}

#endif
