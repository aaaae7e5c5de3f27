/* Linear framebuffer console with the built-in 8x16 font. It never reads the
 * framebuffer (uncached or write-combined, reads are very slow): at the bottom it
 * wraps to the top line, and always clears the line below the cursor so the newest
 * text stands above a blank line. */
#include "screen.h"
#include "lib.h"

static struct {
	struct framebuffer fb;
	uint32_t fg, bg;
	uint32_t cols, rows, x, y;
	bool ready;
} con;

static uint32_t colour(uint8_t r, uint8_t g, uint8_t b)
{
	const struct framebuffer *f = &con.fb;
	return (uint32_t)(r >> (8 - f->red_size)) << f->red_pos |
	       (uint32_t)(g >> (8 - f->green_size)) << f->green_pos |
	       (uint32_t)(b >> (8 - f->blue_size)) << f->blue_pos;
}

static void put_pixel(uint32_t x, uint32_t y, uint32_t c)
{
	uint8_t *p = (uint8_t *)(uintptr_t)con.fb.addr + y * con.fb.pitch + x * (con.fb.bpp / 8);
	switch (con.fb.bpp) {
	case 32: *(volatile uint32_t *)p = c; break;
	case 24: p[0] = (uint8_t)c; p[1] = (uint8_t)(c >> 8); p[2] = (uint8_t)(c >> 16); break;
	case 16: *(volatile uint16_t *)p = (uint16_t)c; break;
	}
}

static void draw(uint32_t col, uint32_t row, unsigned char ch)
{
	const unsigned char *glyph = font_glyph(ch);
	for (uint32_t y = 0; y < FONT_HEIGHT; y++)
		for (uint32_t x = 0; x < FONT_WIDTH; x++)
			put_pixel(col * FONT_WIDTH + x, row * FONT_HEIGHT + y,
				  glyph[y] & (0x80 >> x) ? con.fg : con.bg);
}

static void clear_row(uint32_t row)
{
	for (uint32_t col = 0; col < con.cols; col++)
		draw(col, row, ' ');
}

bool fb_init(const struct framebuffer *fb)
{
	if (fb->type != 1 || (fb->bpp != 16 && fb->bpp != 24 && fb->bpp != 32) ||
	    fb->width < FONT_WIDTH || fb->height < 2 * FONT_HEIGHT)
		return false;
	con.fb = *fb;
	con.cols = fb->width / FONT_WIDTH;
	con.rows = fb->height / FONT_HEIGHT;
	con.fg = colour(0xc0, 0xc0, 0xc0);
	con.bg = colour(0, 0, 0);
	con.x = con.y = 0;
	for (uint32_t row = 0; row < con.rows; row++)
		clear_row(row);
	con.ready = true;
	return true;
}

static void newline(void)
{
	con.x = 0;
	con.y = (con.y + 1) % con.rows;
	clear_row((con.y + 1) % con.rows);
}

void fb_write(const char *s, size_t n)
{
	if (!con.ready)
		return;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n') {
			newline();
			continue;
		}
		if (s[i] == '\r')
			continue;
		if (con.x == con.cols)
			newline();
		draw(con.x++, con.y, (unsigned char)s[i]);
	}
}
