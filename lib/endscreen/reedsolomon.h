/* Reed-Solomon error correction codewords over GF(256) with the field polynomial
 * x^8 + x^4 + x^3 + x^2 + 1 (0x11d) and generator roots 2^0 .. 2^(degree-1), as QR
 * codes use them (ISO/IEC 18004:2015 7.5.2, Annex A). */
#ifndef KERNEL_REEDSOLOMON_H
#define KERNEL_REEDSOLOMON_H

#include <stdint.h>

/* The generator polynomial prod (x - 2^i), i < degree: its coefficients, highest
 * first, the leading 1 left out (degree bytes). */
void rs_generator(uint8_t *g, unsigned degree);
/* The degree EC codewords of data[0..n): the remainder of data(x) * x^degree divided
 * by the generator. */
void rs_remainder(const uint8_t *data, unsigned n, const uint8_t *g, unsigned degree,
		  uint8_t *ec);

#endif
