/* Linear framebuffer console: the built-in 8x16 font drawn at an integer scale, so
 * that a line holds 80 to 160 columns from 640x480 to 7680x4320. It scrolls (by a
 * quarter of the screen at a time): the text stays in order, top to bottom. It
 * never reads the framebuffer (write-combined or
 * uncached, reads are very slow): a copy of the characters on screen says which
 * cells a scroll changes, and only those are drawn again. A line longer than a row
 * goes on below, broken at its last space. */
#include "screen.h"
#include "lib.h"

#define MAX_COLS 160                /* width / (8 * scale) never exceeds it */
#define MAX_ROWS 270                /* 4320 / 16: rows beyond stay unused */
#define COLS_PER_LINE_MAX 160       /* the scale is the least that keeps cols <= this */
#define MAX_SCALE 16                /* 8 * 16 * 160 = 20480 pixels wide */

static struct {
	struct framebuffer fb;
	uint32_t fg, bg;
	uint32_t scale, cols, rows, x, y;
	bool ready;
	char shown[MAX_ROWS][MAX_COLS];     /* the character in each cell */
} con;

static uint32_t colour(uint8_t r, uint8_t g, uint8_t b)
{
	const struct framebuffer *f = &con.fb;
	return (uint32_t)(r >> (8 - f->red_size)) << f->red_pos |
	       (uint32_t)(g >> (8 - f->green_size)) << f->green_pos |
	       (uint32_t)(b >> (8 - f->blue_size)) << f->blue_pos;
}

/* Write n pixels of one colour run at (x, y) on the framebuffer. */
static void put_span(uint32_t x, uint32_t y, uint32_t n, uint32_t c)
{
	uint8_t *p = (uint8_t *)(uintptr_t)con.fb.addr + (uint64_t)y * con.fb.pitch +
		     (uint64_t)x * (con.fb.bpp / 8);
	for (uint32_t i = 0; i < n; i++)
		switch (con.fb.bpp) {
		case 32: ((volatile uint32_t *)p)[i] = c; break;
		case 16: ((volatile uint16_t *)p)[i] = (uint16_t)c; break;
		case 24: p[3 * i] = (uint8_t)c; p[3 * i + 1] = (uint8_t)(c >> 8);
			 p[3 * i + 2] = (uint8_t)(c >> 16); break;
		}
}

/* 32 bpp, the common case: each glyph row is built once, then stored s times. */
static void draw32(uint32_t x0, uint32_t y0, const unsigned char *glyph)
{
	uint32_t s = con.scale, w = FONT_WIDTH * s, line[FONT_WIDTH * MAX_SCALE];
	for (uint32_t gy = 0; gy < FONT_HEIGHT; gy++) {
		for (uint32_t x = 0; x < w; x++)
			line[x] = glyph[gy] & (0x80 >> (x / s)) ? con.fg : con.bg;
		for (uint32_t dy = 0; dy < s; dy++) {
			volatile uint32_t *p = (volatile uint32_t *)(uintptr_t)(con.fb.addr +
				(uint64_t)(y0 + gy * s + dy) * con.fb.pitch) + x0;
			for (uint32_t x = 0; x < w; x++)
				p[x] = line[x];
		}
	}
}

static void draw(uint32_t col, uint32_t row, unsigned char ch)
{
	const unsigned char *glyph = font_glyph(ch);
	uint32_t s = con.scale, x0 = col * FONT_WIDTH * s, y0 = row * FONT_HEIGHT * s;
	con.shown[row][col] = (char)ch;
	if (con.fb.bpp == 32) {
		draw32(x0, y0, glyph);
		return;
	}
	for (uint32_t gy = 0; gy < FONT_HEIGHT; gy++)
		for (uint32_t dy = 0; dy < s; dy++)
			for (uint32_t gx = 0; gx < FONT_WIDTH; gx++)
				put_span(x0 + gx * s, y0 + gy * s + dy, s,
					 glyph[gy] & (0x80 >> gx) ? con.fg : con.bg);
}

static void set_cell(uint32_t col, uint32_t row, char ch)
{
	if (con.shown[row][col] != ch)
		draw(col, row, (unsigned char)ch);
}

/* The least integer scale that keeps a line within 160 columns. */
static uint32_t font_scale(uint32_t width)
{
	uint32_t s = (width + FONT_WIDTH * COLS_PER_LINE_MAX - 1) / (FONT_WIDTH * COLS_PER_LINE_MAX);
	return s == 0 ? 1 : s > MAX_SCALE ? MAX_SCALE : s;
}

bool fb_init(const struct framebuffer *fb)
{
	if (fb->type != 1 || (fb->bpp != 16 && fb->bpp != 24 && fb->bpp != 32) ||
	    fb->width < FONT_WIDTH || fb->height < 2 * FONT_HEIGHT)
		return false;
	con.fb = *fb;
	con.scale = font_scale(fb->width);
	con.cols = fb->width / (FONT_WIDTH * con.scale);
	con.rows = fb->height / (FONT_HEIGHT * con.scale);
	if (con.cols > MAX_COLS)
		con.cols = MAX_COLS;            /* wider than 20480 pixels: the rest stays blank */
	if (con.rows > MAX_ROWS)
		con.rows = MAX_ROWS;
	con.fg = colour(0xc0, 0xc0, 0xc0);
	con.bg = colour(0, 0, 0);
	con.x = con.y = 0;
	for (uint32_t y = 0; y < fb->height; y++)
		put_span(0, y, fb->width, con.bg);
	memset(con.shown, ' ', sizeof(con.shown));
	con.ready = true;
	return true;
}

/* Move every line up n rows and blank the last n, drawing only changed cells. */
static void scroll(uint32_t n)
{
	for (uint32_t row = 0; row + n < con.rows; row++)
		for (uint32_t col = 0; col < con.cols; col++)
			set_cell(col, row, con.shown[row + n][col]);
	for (uint32_t row = con.rows - n; row < con.rows; row++)
		for (uint32_t col = 0; col < con.cols; col++)
			set_cell(col, row, ' ');
}

/* At the bottom the text moves up a quarter of the screen at once. Moving it one
 * line at a time redraws nearly every cell for each new line: a quick suite under
 * QEMU TCG took 23 s at 1920x1080 against 18-22 s in VGA text; by a quarter, 22 s. */
static void newline(void)
{
	con.x = 0;
	if (con.y + 1 < con.rows) {
		con.y++;
		return;
	}
	uint32_t n = con.rows / 4 ? con.rows / 4 : 1;
	scroll(n);
	con.y = con.rows - n;
}

/* The row is full and its line goes on: its last word (after its last space) moves
 * to the next row, so that no word or number is cut; a row without a space is cut. */
static void wrap(void)
{
	char word[MAX_COLS];
	uint32_t cut = con.cols, y = con.y;
	while (cut && con.shown[y][cut - 1] != ' ')
		cut--;
	uint32_t n = cut ? con.cols - cut : 0;
	memcpy(word, &con.shown[y][cut], n);
	for (uint32_t c = cut; n && c < con.cols; c++)
		set_cell(c, y, ' ');
	newline();
	for (uint32_t i = 0; i < n; i++)
		set_cell(con.x++, con.y, word[i]);
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
		if (con.x == con.cols) {    /* a line longer than the screen goes on below */
			if (s[i] == ' ') {
				newline();  /* the space between the rows' words */
				continue;
			}
			wrap();
		}
		set_cell(con.x++, con.y, s[i]);
	}
}

uint32_t fb_text_cols(void) { return con.ready ? con.cols : 0; }
uint32_t fb_text_rows(void) { return con.ready ? con.rows : 0; }
uint32_t fb_font_scale(void) { return con.ready ? con.scale : 0; }
