/* VGA text mode console: 16-bit cells (character, attribute), scrolling up. */
#include "screen.h"
#include "lib.h"

#define ATTR_GREY_ON_BLACK 0x07

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
		if (vga.x == vga.cols)
			newline();
		vga.cells[vga.y * vga.cols + vga.x++] = ATTR_GREY_ON_BLACK << 8 | (uint8_t)c;
	}
}

uint32_t vga_text_cols(void) { return vga.cols; }
uint32_t vga_text_rows(void) { return vga.rows; }
