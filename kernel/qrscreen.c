/* QR pages on the framebuffer (see qrscreen.h). Black on white (zbar reads no
 * inverted symbol), a quiet zone of 4 modules (ISO/IEC 18004:2015 6.3.8), modules of
 * at least 3 pixels: zbar reads 2 px and more exactly from a screendump, 1 px rarely,
 * and a phone photo of the screen needs the margin. */
#include "qrscreen.h"
#include "clock.h"
#include "console.h"
#include "cpu.h"
#include "deflate.h"
#include "alloc.h"
#include "format.h"
#include "lib.h"
#include "logstore.h"
#include "qr.h"
#include "qrpages.h"
#include "screen.h"

#define MODULE_PX_MIN 3
#define QUIET         4             /* modules of white around the symbol */
#define LEVEL         QR_M          /* 15 % of codewords recoverable: glare, blur */
#define CAPTION_LINES 2

static struct {
	struct framebuffer fb;
	bool has_fb;
	uint32_t mode, seconds, max_version;
	struct deflate_work *work;
	uint8_t *packed;
	size_t packed_cap;
	uint32_t black, white;
	unsigned scale;             /* font scale for the captions */
} scr;

static struct qr symbol;
static uint8_t page[2953];               /* version 40-L's byte capacity, the most */

void qrscreen_init(const struct boot_info *bi, const struct config *cfg)
{
	scr.mode = cfg->qr;
	scr.seconds = cfg->qr_seconds;
	scr.max_version = cfg->qr_version;
	scr.fb = bi->fb;
	scr.has_fb = bi->has_framebuffer && bi->fb.type == 1;
	if (scr.mode == QR_PAGES_OFF || !logstore_init())
		return;
	scr.work = alloc(sizeof(*scr.work), 4096);
	scr.packed_cap = deflate_bound(LOGSTORE_BYTES);
	scr.packed = alloc(scr.packed_cap, 4096);
}

bool qrscreen_wanted(bool machine_ends_itself)
{
	return scr.mode == QR_PAGES_ON || (scr.mode == QR_PAGES_AUTO && !machine_ends_itself);
}

/* ---- pixels ---- */

static void fill(uint32_t x0, uint32_t y0, uint32_t w, uint32_t h, uint32_t pixel)
{
	fbdraw_rect(&scr.fb, x0, y0, w, h, pixel);
}

/* A caption line of text at row (in scaled font lines), padded with white. */
static void caption(unsigned row, const char *text)
{
	unsigned s = scr.scale, cols = scr.fb.width / (FONT_WIDTH * s);
	uint32_t y0 = row * FONT_HEIGHT * s;
	for (unsigned col = 0; col < cols; col++) {
		unsigned char ch = *text ? (unsigned char)*text++ : ' ';
		const unsigned char *g = font_glyph(ch);
		for (unsigned y = 0; y < FONT_HEIGHT; y++)
			for (unsigned x = 0; x < FONT_WIDTH; x++)
				fill((col * FONT_WIDTH + x) * s, y0 + y * s, s, s,
				     g[y] & (0x80 >> x) ? scr.black : scr.white);
	}
}

/* ---- layout ---- */

struct layout { unsigned version, px; uint32_t x0, y0; };

/* The largest version (up to qr_version=) whose symbol and quiet zone fit below the
 * captions at MODULE_PX_MIN, then the largest whole module size for it. */
static bool choose_layout(struct layout *l)
{
	uint32_t top = CAPTION_LINES * FONT_HEIGHT * scr.scale + FONT_HEIGHT;
	if (scr.fb.height <= top)
		return false;
	uint32_t room = scr.fb.height - top < scr.fb.width ? scr.fb.height - top : scr.fb.width;
	l->version = 0;
	for (unsigned v = 1; v <= scr.max_version; v++)
		if ((17 + 4 * v + 2 * QUIET) * MODULE_PX_MIN <= room)
			l->version = v;
	if (!l->version)
		return false;
	uint32_t side_modules = 17 + 4 * l->version + 2 * QUIET;
	l->px = room / side_modules;
	l->x0 = (scr.fb.width - side_modules * l->px) / 2;
	l->y0 = top + (scr.fb.height - top - side_modules * l->px) / 2;
	return true;
}

/* Every module is written, light or dark, over the previous page: no blank flash. */
static void draw_symbol(const struct layout *l)
{
	unsigned s = symbol.size;
	for (int y = -QUIET; y < (int)s + QUIET; y++)
		for (int x = -QUIET; x < (int)s + QUIET; x++) {
			bool in = x >= 0 && y >= 0 && x < (int)s && y < (int)s;
			bool dark = in && qr_module(&symbol, (unsigned)x, (unsigned)y);
			fill(l->x0 + (uint32_t)(x + QUIET) * l->px, l->y0 + (uint32_t)(y + QUIET) * l->px,
			     l->px, l->px, dark ? scr.black : scr.white);
		}
}

static void wait_seconds(uint32_t seconds)
{
	struct deadline d = deadline_in_ms(seconds * 1000ull);
	while (!deadline_passed(&d))
		cpu_relax();
}

static void show_page(const struct qrpages *p, const struct layout *l, unsigned k,
		      const char *status)
{
	char text[160];
	size_t n = qrpages_page(p, k, page);
	qr_encode(&symbol, l->version, LEVEL, page, n);
	format(text, sizeof(text), "tickbench run %08x   page %u/%u   status %s   %zu records%s",
	       p->run_id, k, p->count, status, logstore_lines(),
	       logstore_dropped() ? " (copy incomplete: the log outgrew it)" : "");
	caption(0, text);
	caption(1, "Photograph every page; tools/qr-import PHOTOS > run.log");
	draw_symbol(l);
}

/* Why there is nothing to draw, on the console (serial and VGA text alike). */
static bool can_draw(void)
{
	if (!scr.has_fb || strcmp(console_screen_name(), "framebuffer") != 0 ||
	    (scr.fb.bpp != 16 && scr.fb.bpp != 24 && scr.fb.bpp != 32)) {
		kprintf("\ntickbench: the QR pages of the log need a graphics screen; this one is "
			"%s. In GRUB, press e on the entry and add the line\n"
			"  set gfxpayload=1024x768x32\nafter the multiboot2 line (BIOS), or boot "
			"under UEFI.\n", console_screen_name());
		return false;
	}
	if (!scr.packed || !scr.work || !logstore_data()) {
		kprintf("\ntickbench: no memory was left for the copy of the log: no QR pages.\n");
		return false;
	}
	return true;
}

void qrscreen_show(const char *status)
{
	struct layout l;
	struct qrpages p;
	if (!can_draw())
		return;
	scr.scale = scr.fb.width >= 1024 ? 2 : 1;     /* 64 columns or more */
	scr.black = fbdraw_grey(&scr.fb, 0);
	scr.white = fbdraw_grey(&scr.fb, 0xff);
	size_t len = deflate_compress(logstore_data(), logstore_len(), scr.packed,
				      scr.packed_cap, scr.work);
	uint32_t run_id = qrpages_run_id(logstore_data(), logstore_len());
	if (!choose_layout(&l) ||
	    !qrpages_plan(&p, scr.packed, len, run_id, qr_byte_capacity(l.version, LEVEL))) {
		kprintf("\ntickbench: the screen (%ux%u) is too small for QR pages.\n",
			scr.fb.width, scr.fb.height);
		return;
	}
	kprintf("\ntickbench: QR pages: %zu bytes of records, %zu compressed, %u pages "
		"(version %u-M, %u px per module), %u s each.\n", logstore_len(), len,
		p.count, l.version, l.px, scr.seconds);
	fill(0, 0, scr.fb.width, scr.fb.height, scr.white);
	for (unsigned k = 1;; k = k % p.count + 1) {
		show_page(&p, &l, k, status);
		wait_seconds(scr.seconds);
	}
}
