/* The end screen (see qrscreen.h). Black on white on a framebuffer: zbar reads no
 * inverted symbol, and a quiet zone of 4 modules (ISO/IEC 18004:2015 6.3.8) is white
 * anyway. The text is drawn on a grid of font cells (lib/endscreen/qrlayout.h), the same grid
 * a screendump is read back on (tests/host/screen-text.py); on VGA text, in the
 * console's own cells. */
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
#include "qr.h"
#include "qrlayout.h"
#include "qrpages.h"
#include "screen.h"
#include "textpages.h"

#define LEVEL        QR_M               /* 15 % of codewords recoverable: glare, blur */
#define KEEP_BYTES   32768              /* the lines kept: the report, help's table */
#define KEEP_LINES   512
#define SUMMARY_MAX  560                /* the text code: version 18-M at most */
#define ROW_CHARS    256
#define KEY_POLL_MS  20
#define TEXT_TURNS   2                  /* a text page stays for two QR pages' time */

static struct {
	struct framebuffer fb;
	bool has_fb, vga, keyboard, qr;  /* qr: the QR pages are drawn */
	uint32_t mode, seconds, max_version;
	struct deflate_work *work;
	uint8_t *packed;
	size_t packed_cap;
	uint32_t black, white;
	const char *status;
	uint32_t run_id;
	struct qrpages pages;
	struct qrlayout l;              /* the grid always; the codes where qr */
	unsigned summary_version;
	unsigned text_pages;
} scr;

static char kept[KEEP_BYTES];
static struct { uint16_t at; uint8_t kind; } lines[KEEP_LINES];
static size_t kept_used;
static unsigned n_lines;

static struct textline text[KEEP_LINES];        /* the text pages' lines, in order */
static unsigned n_text;
static struct textpage text_page[TEXTPAGES_MAX];

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

void qrscreen_vsay(enum qrscreen_text kind, const char *fmt, va_list ap)
{
	char line[ROW_CHARS];
	int n = vformat(line, sizeof(line), fmt, ap);
	n = n < (int)sizeof(line) ? n : (int)sizeof(line) - 1;
	while (n > 0 && line[n - 1] == ' ')
		line[--n] = 0;
	console_lock();                 /* one CPU's line at a time, kept in its order */
	kprintf("%s\n", line);
	qrscreen_keep(kind, line);
	console_unlock();
}

void qrscreen_say(enum qrscreen_text kind, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	qrscreen_vsay(kind, fmt, ap);
	va_end(ap);
}

bool qrscreen_wanted(bool machine_ends_itself)
{
	return scr.mode == QR_PAGES_ON || (scr.mode == QR_PAGES_AUTO && !machine_ends_itself);
}

static const char *line_text(unsigned i) { return kept + lines[i].at; }
static unsigned line_kind(unsigned i) { return lines[i].kind & QRSCREEN_KIND; }

/* ---- text on the grid ---- */

/* cols cells of text at (col, row), padded with spaces. */
static void text_at(unsigned col, unsigned row, unsigned cols, const char *s)
{
	uint32_t cw = FONT_WIDTH * scr.l.scale, ch = FONT_HEIGHT * scr.l.scale;
	for (unsigned c = 0; c < cols; c++) {
		unsigned char chr = *s ? (unsigned char)*s++ : ' ';
		if (scr.vga)
			vga_put(col + c, row, (char)chr);
		else
			fbdraw_glyph(&scr.fb, (col + c) * cw, row * ch, scr.l.scale, font_glyph(chr),
				     scr.black, scr.white);
	}
}

static void clear_screen(void)
{
	if (!scr.vga) {
		fbdraw_rect(&scr.fb, 0, 0, scr.fb.width, scr.fb.height, scr.white);
		return;
	}
	for (unsigned row = 0; row < scr.l.rows; row++)
		text_at(0, row, scr.l.cols, "");
}

/* line folded at spaces into rows of cols cells from (col, row), the later rows
 * indented (lib/endscreen/textpages.h); draws up to max_rows of them, returns how many. */
static unsigned draw_folded(unsigned col, unsigned row, unsigned cols, unsigned max_rows,
			    const char *line)
{
	unsigned used = 0;
	do {
		unsigned indent = used ? TEXTPAGES_INDENT : 0;
		size_t n = textpages_fold(line, cols - indent);
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

/* Row 1: what to do, as much of it as the row holds (the parts in order). */
static void caption_hints(const char *const *parts, unsigned count)
{
	char row[ROW_CHARS] = "";
	size_t n = 0;
	for (unsigned i = 0; i < count; i++) {
		const char *part = parts[i] + (n == 0 && parts[i][0] == ' ');
		size_t len = strlen(part);
		if (len && n + len <= scr.l.cols && n + len < sizeof(row))
			n += (size_t)format(row + n, sizeof(row) - n, "%s", part);
	}
	text_at(0, 1, scr.l.cols, row);
}

/* Row 0: the run, then what is on screen (what). */
static void caption_run(const char *what)
{
	char row[ROW_CHARS];
	format(row, sizeof(row), "tickbench run %08x   status %s   %zu records%s   %s",
	       scr.run_id, scr.status, logstore_lines(),
	       logstore_dropped() ? " (copy incomplete: the log outgrew it)" : "", what);
	text_at(0, 0, scr.l.cols, row);
}

/* The QR pages' turns in a cycle: the pages, and the summary's where it is not beside. */
static unsigned qr_turns(void)
{
	return scr.qr ? scr.pages.count + !scr.l.summary_beside : 0;
}

/* The seconds of a whole cycle: the text pages, then the QR pages' turns. */
static unsigned cycle_seconds(void)
{
	return (scr.text_pages * TEXT_TURNS + qr_turns()) * scr.seconds;
}

/* ---- the text pages ---- */

/* Which section of the text pages a line is in: why the run ended so, the details,
 * the answer (lib/endscreen/textpages.h: a page break keeps a section whole where it can). */
static unsigned section_of(unsigned kind)
{
	return kind == QRSCREEN_WHY ? 0 : kind == QRSCREEN_DETAIL ? 1 : 2;
}

static bool beside_pages(unsigned i);

/* The lines in page order: why the run ended so first, then the rest as printed
 * (the summary's lines are the text code's alone); those beside the QR pages stay
 * on every text page too (lib/endscreen/textpages.h: pinned), so that the first page a
 * person sees, and each after it, has the verdict. */
static void gather_text(void)
{
	for (int why = 1; why >= 0; why--)
		for (unsigned i = 0; i < n_lines; i++) {
			unsigned kind = line_kind(i);
			if ((kind == QRSCREEN_WHY) != why || kind == QRSCREEN_SUMMARY)
				continue;
			bool section = !n_text || section_of(text[n_text - 1].group) != section_of(kind);
			text[n_text++] = (struct textline){ line_text(i), kind,
							    (lines[i].kind & QRSCREEN_HEAD) != 0,
							    section, beside_pages(i) };
		}
}

static void draw_text_page(unsigned k)
{
	const struct textpage *p = &text_page[k];
	char what[96];
	unsigned row = QRLAYOUT_CAPTIONS;
	clear_screen();
	if (scr.qr)
		format(what, sizeof(what), "text %u/%u, %u s each, then %u QR pages", k + 1,
		       scr.text_pages, TEXT_TURNS * scr.seconds, scr.pages.count);
	else
		format(what, sizeof(what), "text %u/%u, %u s each", k + 1, scr.text_pages,
		       TEXT_TURNS * scr.seconds);
	caption_run(what);
	const char *hints[] = {
		scr.qr ? "The QR pages of the log follow: photograph them, or film one cycle." : "",
		scr.keyboard && scr.text_pages + qr_turns() > 1 ? " Any key: the next page." : "",
	};
	caption_hints(hints, ARRAY_SIZE(hints));
	for (unsigned i = 0; i < n_text && p->pinned; i++)
		if (text[i].pinned)
			row += draw_folded(0, row, scr.l.cols, scr.l.rows - row, text[i].text);
	row += p->pinned;                       /* a blank row after them */
	for (unsigned i = p->head; i < p->head_end; i++)
		row += draw_folded(0, row, scr.l.cols, scr.l.rows - row, text[i].text);
	for (unsigned i = p->first; i < p->end && row < scr.l.rows; i++)
		row += draw_folded(0, row, scr.l.cols, scr.l.rows - row, text[i].text);
}

/* ---- the QR pages ---- */

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

/* The lines that stay beside the pages: why the run ended so, then the verdict. */
static bool beside_pages(unsigned i)
{
	return line_kind(i) == QRSCREEN_WHY || line_kind(i) == QRSCREEN_VERDICT;
}

/* The lines beside the pages in the text region, the summary below them if it fits. */
static void draw_pages_view(void)
{
	clear_screen();
	const char *hints[] = {
		"Photograph every page, or film one cycle: tools/qr-import FILES > run.log.",
		scr.l.summary_beside ? " The small code is the summary as text." : "",
		scr.keyboard ? " Any key: the text pages." : "",
	};
	caption_hints(hints, ARRAY_SIZE(hints));
	unsigned row = scr.l.verdict_row, cols = scr.l.text_cols - !scr.l.above;
	unsigned bottom = scr.l.summary_beside ? scr.l.summary_y / (FONT_HEIGHT * scr.l.scale) :
			  scr.l.above ? scr.l.code_y / (FONT_HEIGHT * scr.l.scale) : scr.l.rows;
	for (int why = 1; why >= 0; why--)
		for (unsigned i = 0; i < n_lines; i++)
			if (beside_pages(i) && (line_kind(i) == QRSCREEN_WHY) == why && row < bottom)
				row += draw_folded(0, row, cols, bottom - row, line_text(i));
	if (scr.l.summary_beside)
		draw_summary(scr.l.summary_x, scr.l.summary_y, scr.l.summary_px);
}

/* Page k (0: the summary's turn) in the data code's square: every module is
 * written, light or dark, over the previous page: no blank flash. */
static void show_page(unsigned k)
{
	char what[96];
	if (k)
		format(what, sizeof(what), "page %u/%u, %u s each (%u s a cycle)", k,
		       scr.pages.count, scr.seconds, cycle_seconds());
	else
		format(what, sizeof(what), "the summary as text, then %u pages", scr.pages.count);
	caption_run(what);
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

/* ---- the summary: a few hundred characters a phone shows as text ---- */

/* line and a newline at summary[*n] if the room left holds it and a last line. */
static bool summary_add(size_t *n, const char *prefix, const char *line)
{
	if (*n + strlen(prefix) + strlen(line) + 1 + 24 > SUMMARY_MAX)
		return false;
	*n += (size_t)format(summary + *n, sizeof(summary) - *n, "%s%s\n", prefix, line);
	return true;
}

/* Why the run ended so, the warnings, then each headline verdict, as many as fit. */
static void build_summary(const char *machine)
{
	static const unsigned order[] = { QRSCREEN_WHY, QRSCREEN_WARNING, QRSCREEN_SUMMARY };
	size_t n = (size_t)format(summary, sizeof(summary), "tickbench run %08x: %s, %zu "
				  "records\nmachine %s, %s\n", scr.run_id, scr.status,
				  logstore_lines(), machine, cpu.brand);
	unsigned left = 0, verdicts = 0;
	for (unsigned o = 0; o < ARRAY_SIZE(order); o++)
		for (unsigned i = 0; i < n_lines; i++) {
			if (line_kind(i) != order[o])
				continue;
			const char *prefix = order[o] == QRSCREEN_SUMMARY && !verdicts ?
				"CPU lost to the tick against the lowest HZ, % of the CPU +/- 95 %:\n" : "";
			bool added = summary_add(&n, prefix, line_text(i));
			verdicts += added && order[o] == QRSCREEN_SUMMARY;
			left += !added;
		}
	if (left)
		format(summary + n, sizeof(summary) - n, "%u more: the text pages\n", left);
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

/* Turn t of the cycle: a text page, or a QR page's turn; true when a key ended it. */
static bool show_turn(unsigned t, bool redraw)
{
	if (t < scr.text_pages) {
		if (redraw)
			draw_text_page(t);
		return wait_for_key(TEXT_TURNS * scr.seconds);
	}
	if (t == scr.text_pages)
		draw_pages_view();
	show_page(t - scr.text_pages + scr.l.summary_beside);
	return wait_for_key(scr.seconds);
}

/* Forever: the text pages, then the QR pages; a key in the QR pages turns to the
 * first text page. A single page is drawn once. */
static _Noreturn void cycle(void)
{
	unsigned turns = scr.text_pages + qr_turns(), t = 0, shown = turns;
	for (;;) {
		bool key = show_turn(t, t != shown);
		shown = t;
		t = key && t >= scr.text_pages ? 0 : (t + 1) % turns;
	}
}

/* ---- before the cycle ---- */

/* The screen's grid: the framebuffer's (the QR pages' scale), or VGA text's; false
 * when there is neither. */
static bool choose_grid(void)
{
	const char *screen = console_screen_name();
	scr.vga = !strcmp(screen, "vga-text");
	if (scr.vga) {
		scr.l.cols = vga_text_cols();
		scr.l.rows = vga_text_rows();
		return scr.l.cols && scr.l.rows > QRLAYOUT_CAPTIONS;
	}
	if (!scr.has_fb || strcmp(screen, "framebuffer") != 0)
		return false;
	scr.black = fbdraw_grey(&scr.fb, 0);
	scr.white = fbdraw_grey(&scr.fb, 0xff);
	qrlayout_grid(scr.fb.width, scr.fb.height, &scr.l);
	return scr.l.rows > QRLAYOUT_CAPTIONS;
}

/* Why there are no QR pages, on the console and last on the text pages. */
static bool no_qr(const char *why)
{
	qrscreen_say(QRSCREEN_DETAIL, "No QR pages: %s", why);
	return false;
}

/* The layout for the lines beside the pages, the summary and the pages. */
static bool plan_qr(size_t packed_len)
{
	struct qrlayout_in in = { scr.fb.width, scr.fb.height, 0, 0, scr.summary_version,
				  scr.max_version };
	for (unsigned i = 0; i < n_lines; i++)
		if (beside_pages(i)) {
			unsigned len = (unsigned)strlen(line_text(i));
			in.verdict_rows++;
			in.verdict_cols = len > in.verdict_cols ? len : in.verdict_cols;
		}
	return qrlayout_plan(&in, &scr.l) &&
	       qrpages_plan(&scr.pages, scr.packed, packed_len, scr.run_id,
			    qr_byte_capacity(scr.l.version, LEVEL));
}

/* Compress the records' copy and lay out the QR pages; false (and the reason kept)
 * when they cannot be drawn. */
static bool prepare_qr(void)
{
	if (scr.vga)
		return no_qr("VGA text has no pixels. For them, in GRUB press e, add the line set "
			     "tickbench_gfxpayload=1024x768x32 before the tickbench line, Ctrl-X; "
			     "or boot under UEFI.");
	if (scr.fb.bpp != 16 && scr.fb.bpp != 24 && scr.fb.bpp != 32)
		return no_qr("the framebuffer's pixels are of no size drawn here.");
	if (!scr.packed || !scr.work || !logstore_data())
		return no_qr("no memory was left for the copy of the log.");
	size_t len = deflate_compress(logstore_data(), logstore_len(), scr.packed,
				      scr.packed_cap, scr.work);
	struct qrlayout grid = scr.l;
	if (!plan_qr(len)) {
		scr.l = grid;
		return no_qr("the screen is too small for them.");
	}
	kprintf("tickbench: QR pages: %zu bytes of records, %zu compressed, %u pages "
		"(version %u-M, %u px per module), %u s each; the summary: %zu characters, "
		"version %u-M, %s.\n", logstore_len(), len, scr.pages.count, scr.l.version,
		scr.l.px, scr.seconds, strlen(summary), scr.summary_version,
		scr.l.summary_beside ? "beside the verdict" : "a turn of the cycle");
	return true;
}

void qrscreen_show(const char *status, const char *machine)
{
	kprintf("\n");
	if (!choose_grid()) {
		kprintf("tickbench: no screen to end on (%s).\n", console_screen_name());
		return;
	}
	scr.status = status;
	scr.keyboard = i8042_present();
	scr.run_id = qrpages_run_id(logstore_data(), logstore_len());
	build_summary(machine);
	scr.qr = prepare_qr();
	gather_text();
	if (!n_text)
		text[n_text++] = (struct textline){ "The run ended before its report.", 0, false,
						    true, false };
	scr.text_pages = textpages_plan(text, n_text, scr.l.cols,
					scr.l.rows - QRLAYOUT_CAPTIONS, text_page);
	kprintf("tickbench: the end screen: %u text page(s) of %ux%u, %u s each%s.\n",
		scr.text_pages, scr.l.cols, scr.l.rows, TEXT_TURNS * scr.seconds,
		scr.qr ? ", then the QR pages" : "");
	i8042_key_pressed();                    /* keys pressed during the run: dropped */
	cycle();
}
