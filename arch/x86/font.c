/* The screen font: GRUB's 8x16 ASCII bitmaps (grub-common, /usr/share/grub/ascii.h),
 * 128 glyphs of 16 rows, one byte a row, bit 7 the leftmost pixel. */
#include "screen.h"
#include <ascii.h>

const unsigned char *font_glyph(unsigned char c)
{
	if (c >= 128)
		c = '?';
	return &ascii_bitmaps[c * FONT_HEIGHT];
}
