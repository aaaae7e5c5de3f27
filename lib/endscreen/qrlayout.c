/* The end screen's layout (see qrlayout.h). */
#include "qrlayout.h"

#define MAX_TEXT_COLS  240              /* the text scale keeps a row within 240 cells */
#define PHONE_PX_1080  8                /* px per module a photo needs at 1080 lines */

unsigned qrlayout_phone_px(uint32_t height)
{
	unsigned px = (PHONE_PX_1080 * height + 1079) / 1080;
	return px < QRLAYOUT_MIN_PX ? QRLAYOUT_MIN_PX : px;
}

uint32_t qrlayout_side(unsigned version, unsigned px)
{
	return (17 + 4 * version + 2 * QRLAYOUT_QUIET) * px;
}

/* The largest version up to max whose symbol fits a square of room at px. */
static unsigned fit_version(uint32_t room, unsigned px, unsigned max)
{
	unsigned v = max;
	while (v && qrlayout_side(v, px) > room)
		v--;
	return v;
}

/* The module size that fills room with this version, px at least. */
static unsigned fill_px(uint32_t room, unsigned version, unsigned px)
{
	unsigned most = room / qrlayout_side(version, 1);
	return most > px ? most : px;
}

static uint32_t min32(uint32_t a, uint32_t b) { return a < b ? a : b; }

struct choice { unsigned version; uint32_t room; };

/* Code right of the verdict (beside) or below it (above), at px. */
static struct choice beside(const struct qrlayout_in *in, const struct qrlayout *l, unsigned px)
{
	uint32_t cw = 8 * l->scale, top = QRLAYOUT_CAPTIONS * 16 * l->scale;
	uint32_t text_w = (in->verdict_cols + 1) * cw;
	if (text_w >= in->width || top >= in->height)
		return (struct choice){ 0, 0 };
	uint32_t room = min32(in->width - text_w, in->height - top);
	return (struct choice){ fit_version(room, px, in->max_version), room };
}

static struct choice above(const struct qrlayout_in *in, const struct qrlayout *l, unsigned px)
{
	uint32_t ch = 16 * l->scale;
	unsigned wraps = (in->verdict_cols + l->cols - 1) / (l->cols ? l->cols : 1);
	uint32_t text_h = (QRLAYOUT_CAPTIONS + in->verdict_rows * (wraps ? wraps : 1) + 1) * ch;
	if (text_h >= in->height)
		return (struct choice){ 0, 0 };
	uint32_t room = min32(in->width, in->height - text_h);
	return (struct choice){ fit_version(room, px, in->max_version), room };
}

/* The summary below the verdict, left of the code, where its square fits at a
 * phone's module size; else it takes its turn among the pages, in the data code's
 * square. */
static void place_summary(const struct qrlayout_in *in, struct qrlayout *l, unsigned rows)
{
	uint32_t y = (l->verdict_row + rows + 1) * 16 * l->scale;
	uint32_t h = y < in->height ? in->height - y : 0;
	unsigned px = qrlayout_phone_px(in->height);
	if (!in->summary_version)
		return;
	l->summary_beside = qrlayout_side(in->summary_version, px) <= min32(l->code_x, h);
	if (l->summary_beside) {
		l->summary_px = px;
		l->summary_y = y;
		return;
	}
	uint32_t side = qrlayout_side(l->version, l->px);
	l->summary_px = fill_px(side, in->summary_version, 1);
	l->summary_x = l->code_x + (side - qrlayout_side(in->summary_version, l->summary_px)) / 2;
	l->summary_y = l->code_y + (side - qrlayout_side(in->summary_version, l->summary_px)) / 2;
}

void qrlayout_grid(uint32_t width, uint32_t height, struct qrlayout *l)
{
	*l = (struct qrlayout){ 0 };
	l->scale = (width + 8 * MAX_TEXT_COLS - 1) / (8 * MAX_TEXT_COLS);
	l->scale = l->scale ? l->scale : 1;
	l->cols = width / (8 * l->scale);
	l->rows = height / (16 * l->scale);
}

bool qrlayout_plan(const struct qrlayout_in *in, struct qrlayout *l)
{
	qrlayout_grid(in->width, in->height, l);
	l->verdict_row = QRLAYOUT_CAPTIONS;
	unsigned px = qrlayout_phone_px(in->height);
	struct choice b = beside(in, l, px), a = above(in, l, px);
	if (!b.version && !a.version) {         /* a small screen: the least zbar reads */
		px = QRLAYOUT_MIN_PX;
		b = beside(in, l, px);
		a = above(in, l, px);
	}
	if (!b.version && !a.version) {         /* the verdict in what the code leaves */
		struct qrlayout_in none = *in;
		none.verdict_cols = 0;
		b = beside(&none, l, px);
	}
	if (!b.version && !a.version)
		return false;
	l->above = a.version > b.version;
	struct choice c = l->above ? a : b;
	l->version = c.version;
	l->px = fill_px(c.room, c.version, px);
	uint32_t side = qrlayout_side(l->version, l->px);
	unsigned rows = in->verdict_rows;
	if (l->above) {                         /* below the verdict, right: the summary left */
		l->code_x = in->width - side;
		l->code_y = in->height - side;
		l->text_cols = l->cols;
		unsigned wraps = (in->verdict_cols + l->cols - 1) / l->cols;
		rows *= wraps ? wraps : 1;
	} else {                                /* right, level with the verdict */
		l->code_x = in->width - side;
		l->code_y = QRLAYOUT_CAPTIONS * 16 * l->scale;
		l->text_cols = l->code_x / (8 * l->scale);
	}
	place_summary(in, l, rows);
	return true;
}
