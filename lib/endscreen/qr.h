/* A QR Code encoder (ISO/IEC 18004:2015, Model 2): byte mode, versions 1-40, error
 * correction levels L, M, Q, H, Reed-Solomon over GF(256), the mask with the lowest
 * penalty of all eight, format and version information. Freestanding, integers only. */
#ifndef KERNEL_QR_H
#define KERNEL_QR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define QR_VERSION_MAX 40
#define QR_SIZE_MAX    (17 + 4 * QR_VERSION_MAX)    /* modules per side, 177 */

enum qr_level { QR_L, QR_M, QR_Q, QR_H };

struct qr {
	unsigned version, size;     /* size = 17 + 4 * version */
	unsigned mask;              /* the mask chosen, 0..7 */
	uint8_t dark[QR_SIZE_MAX * QR_SIZE_MAX];       /* row-major, 1: dark */
	uint8_t function[QR_SIZE_MAX * QR_SIZE_MAX];   /* 1: a function pattern module */
};

/* The most bytes one symbol of this version and level carries in byte mode. */
size_t qr_byte_capacity(unsigned version, enum qr_level level);

/* Encode data[0..n) in byte mode as a symbol of exactly this version. False when it
 * does not fit (or the version is out of range). */
bool qr_encode(struct qr *q, unsigned version, enum qr_level level,
	       const uint8_t *data, size_t n);

/* The masks (7.8, qrmask.c): XOR mask pattern 0..7 onto the non-function modules
 * (twice undoes it), and the penalty score of the symbol as it stands (7.8.3). */
void qr_apply_mask(struct qr *q, unsigned mask);
unsigned qr_penalty(const struct qr *q);

static inline bool qr_module(const struct qr *q, unsigned x, unsigned y)
{
	return q->dark[y * q->size + x];
}

#endif
