/* Filled rectangles on a linear framebuffer (the multiboot2 framebuffer tag,
 * Multiboot2 Specification 3.6.12), for whole-screen pictures such as the QR pages;
 * the text console is fb.c. Write only: the framebuffer is never read. */
#include "screen.h"

uint32_t fbdraw_grey(const struct framebuffer *fb, uint8_t v)
{
	return (uint32_t)(v >> (8 - fb->red_size)) << fb->red_pos |
	       (uint32_t)(v >> (8 - fb->green_size)) << fb->green_pos |
	       (uint32_t)(v >> (8 - fb->blue_size)) << fb->blue_pos;
}

static void put(uint8_t *p, unsigned bytes, uint32_t pixel)
{
	if (bytes == 4)
		*(volatile uint32_t *)p = pixel;
	else if (bytes == 2)
		*(volatile uint16_t *)p = (uint16_t)pixel;
	else
		for (unsigned i = 0; i < 3; i++)
			((volatile uint8_t *)p)[i] = (uint8_t)(pixel >> (8 * i));
}

void fbdraw_rect(const struct framebuffer *fb, uint32_t x0, uint32_t y0, uint32_t w,
		 uint32_t h, uint32_t pixel)
{
	unsigned bytes = fb->bpp / 8;
	for (uint32_t y = y0; y < y0 + h && y < fb->height; y++) {
		uint8_t *row = (uint8_t *)(uintptr_t)fb->addr + (uint64_t)y * fb->pitch;
		for (uint32_t x = x0; x < x0 + w && x < fb->width; x++)
			put(row + x * bytes, bytes, pixel);
	}
}

/* One 8x16 glyph (bit 7 the leftmost pixel) at scale, fg on bg, clipped. */
void fbdraw_glyph(const struct framebuffer *fb, uint32_t x0, uint32_t y0, unsigned scale,
		  const unsigned char *glyph, uint32_t fg, uint32_t bg)
{
	unsigned bytes = fb->bpp / 8;
	for (uint32_t y = 0; y < FONT_HEIGHT * scale && y0 + y < fb->height; y++) {
		uint8_t *row = (uint8_t *)(uintptr_t)fb->addr + (uint64_t)(y0 + y) * fb->pitch;
		unsigned char bits = glyph[y / scale];
		for (uint32_t x = 0; x < FONT_WIDTH * scale && x0 + x < fb->width; x++)
			put(row + (x0 + x) * bytes, bytes, bits & (0x80 >> (x / scale)) ? fg : bg);
	}
}
