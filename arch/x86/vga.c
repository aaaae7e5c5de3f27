/* VGA text mode console: 16-bit cells (character, attribute), scrolling up; a line
 * longer than a row goes on below, broken at its last space. */
#include "screen.h"
#include "lib.h"

#define ATTR_GREY_ON_BLACK 0x07
#define MAX_COLS           256      /* a word carried to the next row, at most */

static struct {
	uint16_t *cells;
	uint32_t cols, rows, x, y;
} vga;

void vga_init(uint64_t addr, uint32_t cols, uint32_t rows)
{
	vga.cells = (uint16_t *)(uintptr_t)addr;
	vga.cols = cols;
	vga.rows = rows;
	vga.x = vga.y = 0;
	for (uint32_t i = 0; i < cols * rows; i++)
		vga.cells[i] = ATTR_GREY_ON_BLACK << 8 | ' ';
}

static void newline(void)
{
	vga.x = 0;
	if (++vga.y < vga.rows)
		return;
	vga.y = vga.rows - 1;
	memmove(vga.cells, vga.cells + vga.cols, (vga.rows - 1) * vga.cols * 2);
	for (uint32_t i = 0; i < vga.cols; i++)
		vga.cells[vga.y * vga.cols + i] = ATTR_GREY_ON_BLACK << 8 | ' ';
}

static uint16_t *cell(uint32_t x, uint32_t y) { return &vga.cells[y * vga.cols + x]; }

/* As fb.c's: the full row's last word moves to the next row, none is cut in two. */
static void wrap(void)
{
	uint16_t word[MAX_COLS];
	uint32_t cut = vga.cols, y = vga.y;
	while (cut && (uint8_t)*cell(cut - 1, y) != ' ')
		cut--;
	uint32_t n = cut && vga.cols - cut <= MAX_COLS ? vga.cols - cut : 0;
	for (uint32_t i = 0; i < n; i++) {
		word[i] = *cell(cut + i, y);
		*cell(cut + i, y) = ATTR_GREY_ON_BLACK << 8 | ' ';
	}
	newline();
	for (uint32_t i = 0; i < n; i++)
		*cell(vga.x++, vga.y) = word[i];
}

void vga_write(const char *s, size_t n)
{
	if (!vga.cells)
		return;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '\n') {
			newline();
			continue;
		}
		if (c == '\r')
			continue;
		if (vga.x == vga.cols) {
			if (c == ' ') {
				newline();
				continue;
			}
			wrap();
		}
		*cell(vga.x++, vga.y) = ATTR_GREY_ON_BLACK << 8 | (uint8_t)c;
	}
}

void vga_put(uint32_t col, uint32_t row, char c)
{
	if (vga.cells && col < vga.cols && row < vga.rows)
		*cell(col, row) = ATTR_GREY_ON_BLACK << 8 | (uint8_t)c;
}

uint32_t vga_text_cols(void) { return vga.cols; }
uint32_t vga_text_rows(void) { return vga.rows; }
