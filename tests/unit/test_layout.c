/* lib/endscreen/qrlayout.c, the end screen's layout: on every screen from 640x480 to
 * 7680x4320 its parts lie on the screen and apart (captions, the verdict's rows and
 * columns, the summary code, the data code, each with its quiet zone), the modules
 * are as large as a photo needs where the screen has room, and the default suite's
 * verdict (14 rows of 111 columns) sits beside a version 25 code or larger at 1080p. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "qrlayout.h"

struct box { uint32_t x0, y0, x1, y1; };

static bool apart(struct box a, struct box b)
{
	return a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0;
}

static bool inside(struct box a, uint32_t w, uint32_t h)
{
	return a.x0 < a.x1 && a.y0 < a.y1 && a.x1 <= w && a.y1 <= h;
}

static struct box square(uint32_t x, uint32_t y, uint32_t side)
{
	return (struct box){ x, y, x + side, y + side };
}

/* Every part on the screen, none over another. */
static void check(const struct qrlayout_in *in, const struct qrlayout *l)
{
	uint32_t cw = 8 * l->scale, ch = 16 * l->scale;
	unsigned wraps = l->above ? (in->verdict_cols + l->cols - 1) / l->cols : 1;
	struct box captions = { 0, 0, l->cols * cw, QRLAYOUT_CAPTIONS * ch };
	struct box verdict = { 0, l->verdict_row * ch, l->text_cols * cw,
			       (l->verdict_row + in->verdict_rows * wraps) * ch };
	struct box code = square(l->code_x, l->code_y, qrlayout_side(l->version, l->px));
	assert_true(l->cols * cw <= in->width && l->rows * ch <= in->height);
	assert_true(l->cols <= 240);
	assert_true(l->version >= 1 && l->version <= in->max_version);
	assert_true(l->px >= QRLAYOUT_MIN_PX);
	assert_true(inside(code, in->width, in->height));
	assert_true(apart(code, captions));
	assert_true(apart(code, verdict));     /* beside: folded into what the code leaves */
	if (in->summary_version && l->summary_beside) {
		struct box s = square(l->summary_x, l->summary_y,
				      qrlayout_side(in->summary_version, l->summary_px));
		assert_true(inside(s, in->width, in->height));
		assert_true(apart(s, code) && apart(s, verdict) && apart(s, captions));
		assert_true(l->summary_px >= qrlayout_phone_px(in->height));
	} else if (in->summary_version) {       /* its turn: inside the data code's square */
		struct box s = square(l->summary_x, l->summary_y,
				      qrlayout_side(in->summary_version, l->summary_px));
		assert_true(s.x0 >= code.x0 && s.y0 >= code.y0 && s.x1 <= code.x1 && s.y1 <= code.y1);
	}
}

static void every_screen(void **state)
{
	static const uint32_t sizes[][2] = {
		{ 640, 480 }, { 800, 600 }, { 1024, 768 }, { 1280, 800 }, { 1280, 1024 },
		{ 1366, 768 }, { 1920, 1080 }, { 1920, 1200 }, { 2560, 1440 }, { 2560, 1600 },
		{ 3840, 2160 }, { 7680, 4320 }, { 1080, 1920 },
	};
	static const unsigned verdicts[][2] = { { 0, 0 }, { 11, 57 }, { 14, 111 }, { 30, 200 } };
	for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (unsigned v = 0; v < 4; v++)
			for (unsigned summary = 0; summary <= 18; summary += 9)
				for (unsigned max = 10; max <= 40; max += 30) {
					struct qrlayout_in in = { sizes[i][0], sizes[i][1], verdicts[v][0],
								  verdicts[v][1], summary, max };
					struct qrlayout l;
					assert_true(qrlayout_plan(&in, &l));
					check(&in, &l);
				}
}

static void phone_sized(void **state)
{
	assert_int_equal(qrlayout_phone_px(1080), 8);
	assert_int_equal(qrlayout_phone_px(2160), 16);
	assert_int_equal(qrlayout_phone_px(768), 6);
	assert_int_equal(qrlayout_phone_px(400), 3);
	assert_int_equal(qrlayout_side(40, 3), 555);
}

/* The default suite at 1080p: the verdict beside a v25+ code at 8 px or more, the
 * summary (version 13) beside in view. */
static void default_suite_1080p(void **state)
{
	struct qrlayout_in in = { 1920, 1080, 14, 111, 13, 40 };
	struct qrlayout l;
	assert_true(qrlayout_plan(&in, &l));
	printf("1920x1080: text %ux%u, code v%u at %u px (%u px square), summary %s at %u px\n",
	       l.cols, l.rows, l.version, l.px, qrlayout_side(l.version, l.px),
	       l.summary_beside ? "beside" : "in the cycle", l.summary_px);
	assert_false(l.above);
	assert_int_equal(l.scale, 1);
	assert_true(l.px >= 8 && l.version >= 25);
	assert_true(l.summary_beside);
}

/* A narrow screen: the verdict's 111 columns cannot be beside a code on 1024x768
 * (128 columns): above it, the code below, still at least 3 px a module. */
static void narrow(void **state)
{
	struct qrlayout_in in = { 1024, 768, 14, 111, 13, 40 };
	struct qrlayout l;
	assert_true(qrlayout_plan(&in, &l));
	printf("1024x768: code v%u at %u px, %s\n", l.version, l.px, l.above ? "above" : "beside");
	check(&in, &l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(phone_sized),
		cmocka_unit_test(every_screen),
		cmocka_unit_test(default_suite_1080p),
		cmocka_unit_test(narrow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
