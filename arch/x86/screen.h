/* The screen consoles: VGA text mode (BIOS) and a linear framebuffer (UEFI), both
 * described by the multiboot2 framebuffer tag (Multiboot2 Specification 3.6.12). */
#ifndef ARCH_X86_SCREEN_H
#define ARCH_X86_SCREEN_H

#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>

#define FONT_WIDTH  8
#define FONT_HEIGHT 16

struct framebuffer {
	uint64_t addr;
	uint32_t pitch, width, height;
	uint8_t bpp;
	uint8_t type;               /* 1: direct RGB, 2: EGA text */
	uint8_t red_pos, red_size, green_pos, green_size, blue_pos, blue_size;
};

const unsigned char *font_glyph(unsigned char c);

void vga_init(uint64_t addr, uint32_t cols, uint32_t rows);
void vga_write(const char *s, size_t n);
/* One cell, out of the console's flow (the end screen's pages). */
void vga_put(uint32_t col, uint32_t row, char c);
uint32_t vga_text_cols(void);
uint32_t vga_text_rows(void);

bool fb_init(const struct framebuffer *fb);
void fb_write(const char *s, size_t n);
uint32_t fb_text_cols(void);        /* the text grid and the font's scale; 0: none */
uint32_t fb_text_rows(void);
uint32_t fb_font_scale(void);

/* Whole-screen drawing (fbdraw.c), 16, 24 or 32 bits a pixel: the pixel value of a
 * grey level, a filled rectangle and a glyph, clipped to the screen. */
uint32_t fbdraw_grey(const struct framebuffer *fb, uint8_t v);
void fbdraw_rect(const struct framebuffer *fb, uint32_t x0, uint32_t y0, uint32_t w,
		 uint32_t h, uint32_t pixel);
/* One font glyph (font_glyph) at an integer scale, fg on bg, top left at (x0, y0). */
void fbdraw_glyph(const struct framebuffer *fb, uint32_t x0, uint32_t y0, unsigned scale,
		  const unsigned char *glyph, uint32_t fg, uint32_t bg);

#endif
