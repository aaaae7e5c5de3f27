/* The end screen (see qrscreen.h). Black on white: zbar reads no inverted symbol,
 * and a quiet zone of 4 modules (ISO/IEC 18004:2015 6.3.8) is white anyway. The text
 * is drawn on a grid of font cells (lib/qrlayout.h), the same grid a screendump
 * is read back on (tests/host/screen-text.py). */
#include "qrscreen.h"
#include "alloc.h"
#include "clock.h"
#include "console.h"
#include "cpu.h"
#include "deflate.h"
#include "format.h"
#include "i8042.h"
#include "lib.h"
#include "logstore.h"
#include "machine.h"
#include "qr.h"
#include "qrlayout.h"
#include "qrpages.h"
#include "screen.h"

#define LEVEL        QR_M               /* 15 % of codewords recoverable: glare, blur */
#define KEEP_BYTES   32768              /* the report's lines */
#define KEEP_LINES   512
#define SUMMARY_MAX  412                /* the text code: version 15-M at most */
#define ROW_CHARS    256
#define KEY_POLL_MS  20

static struct {
	struct framebuffer fb;
	bool has_fb, keyboard;
	uint32_t mode, seconds, max_version;
	struct deflate_work *work;
	uint8_t *packed;
	size_t packed_cap;
	uint32_t black, white;
	const char *status;
	uint32_t run_id;
	struct qrpages pages;
	struct qrlayout l;
	unsigned summary_version;
} scr;

static char kept[KEEP_BYTES];
static struct { uint16_t at; uint8_t kind; } lines[KEEP_LINES];
static size_t kept_used;
static unsigned n_lines;

static struct qr symbol;
static uint8_t page[2953];               /* version 40-L's byte capacity, the most */
static char summary[SUMMARY_MAX + 1];

void qrscreen_init(const struct boot_info *bi, const struct kernel_config *cfg)
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

void qrscreen_keep(enum qrscreen_text kind, const char *line)
{
	size_t len = strlen(line) + 1;
	if (n_lines == KEEP_LINES || len > KEEP_BYTES - kept_used)
		return;
	memcpy(kept + kept_used, line, len);
	lines[n_lines].at = (uint16_t)kept_used;
	lines[n_lines++].kind = (uint8_t)kind;
	kept_used += len;
}

bool qrscreen_wanted(bool machine_ends_itself)
{
	return scr.mode == QR_PAGES_ON || (scr.mode == QR_PAGES_AUTO && !machine_ends_itself);
}

/* ---- text on the grid ---- */

/* cols cells of text at (col, row), padded with spaces. */
static void text_at(unsigned col, unsigned row, unsigned cols, const char *text)
{
	uint32_t cw = FONT_WIDTH * scr.l.scale, ch = FONT_HEIGHT * scr.l.scale;
	for (unsigned c = 0; c < cols; c++) {
		unsigned char chr = *text ? (unsigned char)*text++ : ' ';
		fbdraw_glyph(&scr.fb, (col + c) * cw, row * ch, scr.l.scale, font_glyph(chr),
			     scr.black, scr.white);
	}
}

/* How much of s one row of cols cells takes: all of it, or up to its last space
 * within the row (a word longer than the row is cut). */
static size_t fold(const char *s, size_t cols)
{
	size_t n = strlen(s);
	if (n <= cols)
		return n;
	for (size_t i = cols; i > 0; i--)
		if (s[i] == ' ')
			return i;
	return cols;
}

/* line folded at spaces into rows of cols cells from (col, row), the later rows
 * indented by 2; draws up to max_rows of them, returns how many it takes. */
static unsigned draw_folded(unsigned col, unsigned row, unsigned cols, unsigned max_rows,
			    const char *line)
{
	unsigned used = 0;
	do {
		unsigned indent = used ? 2 : 0;
		size_t n = fold(line, cols - indent);
		char piece[ROW_CHARS];
		format(piece, sizeof(piece), "%*s%.*s", (int)indent, "", (int)n, line);
		if (used < max_rows)
			text_at(col, row + used, cols, piece);
		used++;
		line += n;
		while (*line == ' ')
			line++;
	} while (*line);
	return used;
}

/* ---- the captions ---- */

/* Row 0: the run, and the page on screen (0: the summary's turn; -1: the report). */
static void caption_page(int k)
{
	char text[ROW_CHARS];
	unsigned cycle = (scr.pages.count + !scr.l.summary_beside) * scr.seconds;
	int n = format(text, sizeof(text), "tickbench run %08x   status %s   %zu records%s   ",
		       scr.run_id, scr.status, logstore_lines(),
		       logstore_dropped() ? " (copy incomplete: the log outgrew it)" : "");
	if (k > 0)
		format(text + n, sizeof(text) - (size_t)n, "page %d/%u, %u s each (%u s a cycle)",
		       k, scr.pages.count, scr.seconds, cycle);
	else if (k == 0)
		format(text + n, sizeof(text) - (size_t)n, "the summary as text, then %u pages",
		       scr.pages.count);
	else
		format(text + n, sizeof(text) - (size_t)n, "the full report (%u QR pages)",
		       scr.pages.count);
	text_at(0, 0, scr.l.cols, text);
}

/* Row 1: what to do, as much of it as the row holds. */
static void caption_hints(bool report)
{
	static const char *const pages[] = {
		"Photograph every page, or film one cycle: tools/qr-import FILES > run.log.",
		" The small code is the summary as text.",
		" Any key: the full report.",
	};
	static const char *const full[] = { "The full report.", " Any key: the QR pages." };
	const char *const *h = report ? full : pages;
	unsigned count = report ? 2 : 3 - !scr.keyboard;
	char text[ROW_CHARS] = "";
	size_t n = 0;
	for (unsigned i = 0; i < count; i++) {
		size_t len = strlen(h[i]);
		if (i == 1 && !report && !scr.l.summary_beside)
			continue;
		if (n + len <= scr.l.cols && n + len < sizeof(text))
			n += (size_t)format(text + n, sizeof(text) - n, "%s", h[i]);
	}
	text_at(0, 1, scr.l.cols, text);
}

/* ---- the views ---- */

static void draw_symbol(uint32_t x0, uint32_t y0, unsigned px)
{
	int s = (int)symbol.size, q = QRLAYOUT_QUIET;
	for (int y = -q; y < s + q; y++)
		for (int x = -q; x < s + q; x++) {
			bool in = x >= 0 && y >= 0 && x < s && y < s;
			bool dark = in && qr_module(&symbol, (unsigned)x, (unsigned)y);
			fbdraw_rect(&scr.fb, x0 + (uint32_t)(x + q) * px, y0 + (uint32_t)(y + q) * px,
				    px, px, dark ? scr.black : scr.white);
		}
}

static void draw_summary(uint32_t x, uint32_t y, unsigned px)
{
	if (qr_encode(&symbol, scr.summary_version, LEVEL, (const uint8_t *)summary,
		      strlen(summary)))
		draw_symbol(x, y, px);
}

/* The verdict lines in the text region, and the summary below them if it fits. */
static void draw_pages_view(void)
{
	fbdraw_rect(&scr.fb, 0, 0, scr.fb.width, scr.fb.height, scr.white);
	caption_hints(false);
	unsigned row = scr.l.verdict_row, cols = scr.l.text_cols - !scr.l.above;
	unsigned bottom = scr.l.summary_beside ? scr.l.summary_y / (FONT_HEIGHT * scr.l.scale) :
			  scr.l.above ? scr.l.code_y / (FONT_HEIGHT * scr.l.scale) : scr.l.rows;
	for (unsigned i = 0; i < n_lines; i++)
		if (lines[i].kind == QRSCREEN_VERDICT && row < bottom)
			row += draw_folded(0, row, cols, bottom - row, kept + lines[i].at);
	if (scr.l.summary_beside)
		draw_summary(scr.l.summary_x, scr.l.summary_y, scr.l.summary_px);
}

/* Page k (0: the summary's turn) in the data code's square: every module is
 * written, light or dark, over the previous page: no blank flash. */
static void show_page(unsigned k)
{
	caption_page((int)k);
	if (!k) {
		uint32_t side = qrlayout_side(scr.l.version, scr.l.px);
		fbdraw_rect(&scr.fb, scr.l.code_x, scr.l.code_y, side, side, scr.white);
		draw_summary(scr.l.summary_x, scr.l.summary_y, scr.l.summary_px);
		return;
	}
	size_t n = qrpages_page(&scr.pages, k, page);
	if (qr_encode(&symbol, scr.l.version, LEVEL, page, n))
		draw_symbol(scr.l.code_x, scr.l.code_y, scr.l.px);
}

/* Rows the report's lines take at cols, from line `from` on. */
static unsigned report_rows(unsigned from, unsigned cols)
{
	unsigned rows = 0;
	for (unsigned i = from; i < n_lines; i++)
		if (lines[i].kind != QRSCREEN_SUMMARY)
			rows += draw_folded(0, 0, cols, 0, kept + lines[i].at);
	return rows;
}

/* The whole report, its first lines left out when it is longer than the screen (the
 * answer is last: it always shows). */
static void draw_report_view(void)
{
	unsigned first = 0, room = scr.l.rows - QRLAYOUT_CAPTIONS, row = QRLAYOUT_CAPTIONS;
	fbdraw_rect(&scr.fb, 0, 0, scr.fb.width, scr.fb.height, scr.white);
	caption_page(-1);
	caption_hints(true);
	while (first < n_lines && report_rows(first, scr.l.cols) > room)
		first++;
	for (unsigned i = first; i < n_lines; i++)
		if (lines[i].kind != QRSCREEN_SUMMARY)
			row += draw_folded(0, row, scr.l.cols, scr.l.rows - row,
					   kept + lines[i].at);
}

/* ---- the summary: a few hundred characters a phone shows as text ---- */

static void build_summary(void)
{
	size_t n = (size_t)format(summary, sizeof(summary), "tickbench run %08x: %s, %zu "
				  "records\nmachine %s, %s\n", scr.run_id, scr.status,
				  logstore_lines(), machine_id(), cpu.brand);
	unsigned left = 0, verdicts = 0;
	for (unsigned i = 0; i < n_lines; i++) {
		const char *t = kept + lines[i].at;
		if (lines[i].kind != QRSCREEN_SUMMARY)
			continue;
		if (!verdicts++)
			n += (size_t)format(summary + n, sizeof(summary) - n, "CPU lost to the tick "
					    "against the lowest HZ, %% of the CPU +/- 95 %%:\n");
		if (n + strlen(t) + 1 + 24 <= SUMMARY_MAX)
			n += (size_t)format(summary + n, sizeof(summary) - n, "%s\n", t);
		else
			left++;
	}
	if (left)
		format(summary + n, sizeof(summary) - n, "%u more: the report\n", left);
	scr.summary_version = 1;
	while (scr.summary_version < QR_VERSION_MAX &&
	       qr_byte_capacity(scr.summary_version, LEVEL) < strlen(summary))
		scr.summary_version++;
}

/* ---- the cycle ---- */

/* Up to `seconds`, or until a key: true when a key came. Halted between polls of
 * the 8042 (a PC stays cool, an emulator idle), woken by the local APIC timer's
 * backstop; busy where there is none. */
static bool wait_for_key(uint32_t seconds)
{
	struct deadline d = deadline_in_ms(seconds * 1000ull);
	bool key = false;
	while (!key && !deadline_passed(&d)) {
		key = scr.keyboard && i8042_key_pressed();
		struct deadline nap = deadline_in_ms(KEY_POLL_MS);
		if (clock_backstop(&nap))
			wait_for_interrupt();
		else
			cpu_relax();
	}
	clock_backstop_stop();
	return key;
}

/* Why there is nothing to draw, on the console (serial and VGA text alike). */
static bool can_draw(void)
{
	if (!scr.has_fb || strcmp(console_screen_name(), "framebuffer") != 0 ||
	    (scr.fb.bpp != 16 && scr.fb.bpp != 24 && scr.fb.bpp != 32)) {
		kprintf("\ntickbench: no QR pages on %s: GRUB set no graphics mode. For them: in GRUB "
			"press e, add the line set tickbench_gfxpayload=1024x768x32 before the "
			"tickbench line, Ctrl-X; or boot under UEFI.\n", console_screen_name());
		return false;
	}
	if (!scr.packed || !scr.work || !logstore_data()) {
		kprintf("\ntickbench: no memory was left for the copy of the log: no QR pages.\n");
		return false;
	}
	return true;
}

/* The layout for the verdict's lines, the summary and the pages. */
static bool plan(size_t packed_len)
{
	struct qrlayout_in in = { scr.fb.width, scr.fb.height, 0, 0, scr.summary_version,
				  scr.max_version };
	for (unsigned i = 0; i < n_lines; i++)
		if (lines[i].kind == QRSCREEN_VERDICT) {
			unsigned len = (unsigned)strlen(kept + lines[i].at);
			in.verdict_rows++;
			in.verdict_cols = len > in.verdict_cols ? len : in.verdict_cols;
		}
	return qrlayout_plan(&in, &scr.l) &&
	       qrpages_plan(&scr.pages, scr.packed, packed_len, scr.run_id,
			    qr_byte_capacity(scr.l.version, LEVEL));
}

void qrscreen_show(const char *status)
{
	if (!can_draw())
		return;
	scr.status = status;
	scr.black = fbdraw_grey(&scr.fb, 0);
	scr.white = fbdraw_grey(&scr.fb, 0xff);
	scr.keyboard = i8042_present();
	size_t len = deflate_compress(logstore_data(), logstore_len(), scr.packed,
				      scr.packed_cap, scr.work);
	scr.run_id = qrpages_run_id(logstore_data(), logstore_len());
	build_summary();
	if (!plan(len)) {
		kprintf("\ntickbench: the screen (%ux%u) is too small for QR pages.\n",
			scr.fb.width, scr.fb.height);
		return;
	}
	kprintf("\ntickbench: QR pages: %zu bytes of records, %zu compressed, %u pages "
		"(version %u-M, %u px per module), %u s each; the summary: %zu characters, "
		"version %u-M, %s.\n", logstore_len(), len, scr.pages.count, scr.l.version,
		scr.l.px, scr.seconds, strlen(summary), scr.summary_version,
		scr.l.summary_beside ? "beside the verdict" : "a turn of the cycle");
	i8042_key_pressed();                    /* keys pressed during the run: dropped */
	bool report = false;
	draw_pages_view();
	for (unsigned k = scr.l.summary_beside;;) {
		if (!report)
			show_page(k);
		if (wait_for_key(scr.seconds)) {
			report = !report;
			report ? draw_report_view() : draw_pages_view();
		} else if (!report) {
			k = k == scr.pages.count ? scr.l.summary_beside : k + 1;
		}
	}
}
