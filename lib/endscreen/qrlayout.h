/* Where the end screen puts its parts (kernel/qrscreen.c draws them): pure
 * arithmetic on the screen's size, host-tested. The text is on a grid of font cells
 * (8 x 16 pixels times the scale); the codes have a 4-module quiet zone and modules
 * a phone reads from about 50 cm: a screendump scaled to half, rotated 5 degrees,
 * blurred (sigma 1 pixel), with noise and JPEG 60, decodes at 8 pixels a module on
 * a 1080-line screen (tests/qr/photo.sh; at 7, 2 % of such photos do not, at 6,
 * most); other heights scale it. */
#ifndef LIB_QRLAYOUT_H
#define LIB_QRLAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#define QRLAYOUT_QUIET     4            /* modules of white around a symbol */
#define QRLAYOUT_CAPTIONS  2            /* text rows above everything */
#define QRLAYOUT_MIN_PX    3            /* zbar reads 2 px and more from a screendump */

struct qrlayout_in {
	uint32_t width, height;         /* pixels */
	unsigned verdict_rows;          /* the lines that always stay in view */
	unsigned verdict_cols;          /* their longest */
	unsigned summary_version;       /* the text summary's QR version; 0: none */
	unsigned max_version;           /* qr_version= */
};

struct qrlayout {
	unsigned scale, cols, rows;     /* the text grid: cells of 8 x 16 pixels times scale */
	unsigned text_cols;             /* the verdict's columns (left of the code, or all) */
	unsigned verdict_row;           /* its first row */
	bool above;                     /* the verdict above the code, not beside it */
	unsigned version, px;           /* the data pages' symbol and module size */
	uint32_t code_x, code_y;        /* the data code's top left, quiet zone included */
	bool summary_beside;            /* the summary code stays in view below the verdict */
	unsigned summary_px;            /* else it takes its turn among the pages */
	uint32_t summary_x, summary_y;
};

/* The text grid alone (scale, cols, rows), as qrlayout_plan sets it. */
void qrlayout_grid(uint32_t width, uint32_t height, struct qrlayout *out);
/* The module size a photo of this screen needs (px per module). */
unsigned qrlayout_phone_px(uint32_t height);
/* Side in pixels of a symbol of this version with its quiet zone. */
uint32_t qrlayout_side(unsigned version, unsigned px);
/* The layout, or false when the screen holds no data page of version 1. */
bool qrlayout_plan(const struct qrlayout_in *in, struct qrlayout *out);

#endif
