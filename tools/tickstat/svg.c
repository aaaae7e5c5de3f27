/* Charts as inline SVG (svg.h): scales, axes with their ticks and units, the
 * marks, a legend below. Colours: Okabe and Ito's eight, told apart by people with
 * any common colour blindness; a series past the eighth also gets a dash. */
#include "svg.h"
#include "figure_double.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define WIDTH     720
#define LEFT      84
#define RIGHT     24
#define TOP       30
#define PLOT_H    250
#define LEGEND_H  18

static const char *const colours[] = {
	"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#8c6d1f",
};
static const char *const dashes[] = { "", "6 3", "2 3", "8 3 2 3" };

static const char *colour(int i) { return colours[i % 8]; }
static const char *dash(int i) { return dashes[(i / 8) % 4]; }

void html_text(FILE *f, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
}

/* ---- scales --------------------------------------------------------------------- */

struct scale {
	double lo, hi;           /* the data range drawn (log: exponents' values) */
	bool log;
	double from, to;         /* pixels */
};

static double to_px(const struct scale *s, double v)
{
	double a = s->log ? log10(v > 0 ? v : s->lo) : v, lo = s->log ? log10(s->lo) : s->lo,
	       hi = s->log ? log10(s->hi) : s->hi;
	return s->from + (a - lo) / (hi - lo) * (s->to - s->from);
}

/* 1, 2 or 5 times a power of ten, the least at or above x. */
static double nice_step(double x)
{
	double p = pow(10, floor(log10(x))), m = x / p;
	return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/* The range of values lo..hi widened to whole steps (linear) or decades (log). */
static void scale_fit(struct scale *s, double lo, double hi, bool log, bool from_zero)
{
	s->log = log;
	if (log) {
		lo = lo > 0 ? lo : 1, hi = hi > lo ? hi : lo * 10;
		s->lo = pow(10, floor(log10(lo) + 1e-9));
		s->hi = pow(10, ceil(log10(hi) - 1e-9));
		if (s->hi <= s->lo)
			s->hi = s->lo * 10;
		return;
	}
	if (from_zero)
		lo = lo < 0 ? lo : 0, hi = hi > 0 ? hi : 0;
	if (hi <= lo)
		hi = lo + (lo != 0 ? fabs(lo) : 1);
	double step = nice_step((hi - lo) / 5);
	s->lo = floor(lo / step + 1e-9) * step;
	s->hi = ceil(hi / step - 1e-9) * step;
}

/* The ticks of a scale into t (at most max); returns how many. */
static int scale_ticks(const struct scale *s, double *t, int max, bool integers)
{
	int n = 0;
	if (s->log) {
		int decades = (int)lround(log10(s->hi / s->lo));
		for (double d = s->lo; d <= s->hi * 1.0001 && n < max; d *= 10) {
			t[n++] = d;
			for (int k = 0; decades < 2 && k < 2 && d * 10 <= s->hi * 1.0001 && n < max; k++)
				t[n++] = d * (k ? 5 : 2);
		}
		return n;
	}
	double step = nice_step((s->hi - s->lo) / 5);
	if (integers && step < 1)
		step = 1;
	for (double v = s->lo; v <= s->hi + step * 1e-6 && n < max; v += step)
		t[n++] = fabs(v) < step * 1e-9 ? 0 : v;
	return n;
}

static void tick_label(char *buf, size_t size, double v)
{
	figure_double(buf, size, v, -1, 0, 0);
}

/* ---- the frame -------------------------------------------------------------------- */

static int legend_rows(int n) { return n > 8 ? (n + 1) / 2 : n; }

static void svg_open(FILE *f, int height, const char *title)
{
	fprintf(f, "<figure class=\"chart\"><svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" "
		"viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"",
		WIDTH, height, WIDTH, height);
	html_text(f, title);
	fputs("\">\n<text class=\"title\" x=\"8\" y=\"18\">", f);
	html_text(f, title);
	fputs("</text>\n", f);
}

static void svg_close(FILE *f) { fputs("</svg></figure>\n", f); }

static void y_axis(FILE *f, const struct scale *y, const char *label, int left, int right)
{
	double t[32];
	char text[48];
	int n = scale_ticks(y, t, 32, false);
	for (int i = 0; i < n; i++) {
		double py = to_px(y, t[i]);
		tick_label(text, sizeof(text), t[i]);
		fprintf(f, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
			"<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
			left, right, py, py, left - 5, py + 4, text);
	}
	fprintf(f, "<text class=\"axis\" transform=\"translate(14 %d) rotate(-90)\" "
		"text-anchor=\"middle\">", TOP + PLOT_H / 2);
	html_text(f, label);
	fputs("</text>\n", f);
}

static void x_axis(FILE *f, const struct scale *x, const char *label, bool integers)
{
	double t[32];
	char text[48];
	int n = scale_ticks(x, t, 32, integers), base = TOP + PLOT_H;
	for (int i = 0; i < n; i++) {
		double px = to_px(x, t[i]);
		if (integers)
			snprintf(text, sizeof(text), "%.0f", t[i]);
		else
			tick_label(text, sizeof(text), t[i]);
		fprintf(f, "<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>"
			"<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
			px, px, TOP, base, px, base + 16, text);
	}
	fprintf(f, "<text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">",
		LEFT + (WIDTH - LEFT - RIGHT) / 2, base + 36);
	html_text(f, label);
	fputs("</text>\n", f);
}

static void legend(FILE *f, int top, const char *names, size_t stride, int n)
{
	int rows = legend_rows(n);
	for (int i = 0; i < n; i++) {
		const char *name = names + stride * (size_t)i;
		int x = LEFT + (i / rows) * (WIDTH - LEFT) / 2, y = top + (i % rows) * LEGEND_H;
		fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" "
			"stroke-width=\"3\" stroke-dasharray=\"%s\"/><text class=\"legend\" x=\"%d\" "
			"y=\"%d\">", x, x + 22, y, y, colour(i), dash(i), x + 28, y + 4);
		html_text(f, name);
		fputs("</text>\n", f);
	}
}

/* ---- lines and steps ------------------------------------------------------------- */

struct chart *chart_new(enum chart_kind kind, const char *title, const char *xlabel,
			const char *ylabel)
{
	struct chart *c = calloc(1, sizeof(*c));
	if (c && !(c->s = calloc(CHART_MAX_SERIES, sizeof(*c->s)))) {
		free(c);
		return NULL;
	}
	if (!c)
		return NULL;
	c->kind = kind;
	snprintf(c->title, sizeof(c->title), "%s", title);
	snprintf(c->xlabel, sizeof(c->xlabel), "%s", xlabel);
	snprintf(c->ylabel, sizeof(c->ylabel), "%s", ylabel);
	return c;
}

struct chart_series *chart_series(struct chart *c, const char *name)
{
	for (int i = 0; i < c->n; i++)
		if (!strcmp(c->s[i].name, name))
			return &c->s[i];
	if (c->n == CHART_MAX_SERIES)
		return NULL;
	struct chart_series *s = &c->s[c->n++];
	snprintf(s->name, sizeof(s->name), "%s", name);
	return s;
}

void chart_add(struct chart_series *s, double x, double y, double lo, double hi,
	       const char *text)
{
	if (!s || s->n == CHART_MAX_POINTS || !isfinite(x) || !isfinite(y))
		return;
	struct chart_point *p = &s->p[s->n++];
	*p = (struct chart_point){ x, y, isfinite(lo) ? lo : y, isfinite(hi) ? hi : y, "" };
	snprintf(p->text, sizeof(p->text), "%s", text ? text : "");
}

void chart_free(struct chart *c)
{
	if (c)
		free(c->s);
	free(c);
}

bool chart_has_points(const struct chart *c)
{
	for (int i = 0; c && i < c->n; i++)
		if (c->s[i].n)
			return true;
	return false;
}

static void chart_ranges(const struct chart *c, double *x0, double *x1, double *y0, double *y1)
{
	*x0 = *y0 = INFINITY, *x1 = *y1 = -INFINITY;
	for (int i = 0; i < c->n; i++)
		for (int k = 0; k < c->s[i].n; k++) {
			const struct chart_point *p = &c->s[i].p[k];
			if ((c->xlog && p->x <= 0) || (c->ylog && p->y <= 0))
				continue;
			*x0 = fmin(*x0, p->x), *x1 = fmax(*x1, p->x);
			*y0 = fmin(*y0, fmin(p->lo, p->y)), *y1 = fmax(*y1, fmax(p->hi, p->y));
		}
}

static void point_mark(FILE *f, const struct scale *x, const struct scale *y,
		       const struct chart_point *p, int i)
{
	double px = to_px(x, p->x), py = to_px(y, p->y);
	if (p->hi > p->lo)
		fprintf(f, "<path class=\"ci\" d=\"M%.1f %.1fV%.1fM%.1f %.1fh8M%.1f %.1fh8\" "
			"stroke=\"%s\"/>", px, to_px(y, p->lo), to_px(y, p->hi), px - 4,
			to_px(y, p->lo), px - 4, to_px(y, p->hi), colour(i));
	fprintf(f, "<circle class=\"data\" cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>",
		px, py, colour(i));
	html_text(f, p->text);
	fputs("</title></circle>\n", f);
}

static void series_path(FILE *f, const struct chart *c, const struct scale *x,
			const struct scale *y, int i)
{
	const struct chart_series *s = &c->s[i];
	fprintf(f, "<path class=\"data line\" fill=\"none\" stroke=\"%s\" stroke-dasharray=\"%s\" "
		"d=\"", colour(i), dash(i));
	for (int k = 0; k < s->n; k++) {
		double px = to_px(x, s->p[k].x), py = to_px(y, s->p[k].y);
		if (c->kind == CHART_STEPS && k)
			fprintf(f, "H%.1fV%.1f", px, py);
		else
			fprintf(f, "%s%.1f %.1f", k ? "L" : "M", px, py);
	}
	fprintf(f, "\"><title>");
	html_text(f, s->name);
	fputs("</title></path>\n", f);
}

void chart_write(FILE *f, const struct chart *c)
{
	struct scale x = { .from = LEFT, .to = WIDTH - RIGHT }, y = { .from = TOP + PLOT_H, .to = TOP };
	double x0, x1, y0, y1;
	int height = TOP + PLOT_H + 48 + legend_rows(c->n) * LEGEND_H + 6;
	chart_ranges(c, &x0, &x1, &y0, &y1);
	scale_fit(&x, x0, x1, c->xlog, false);
	if (!c->xlog && x0 == x1)
		x.lo = x0 - 1, x.hi = x1 + 1;
	scale_fit(&y, y0, y1, c->ylog, true);
	svg_open(f, height, c->title);
	y_axis(f, &y, c->ylabel, LEFT, WIDTH - RIGHT);
	x_axis(f, &x, c->xlabel, c->x_categories);
	for (int i = 0; i < c->n; i++) {
		if (!c->s[i].n)
			continue;
		if (c->s[i].n > 1)
			series_path(f, c, &x, &y, i);
		for (int k = 0; c->kind == CHART_LINES && k < c->s[i].n; k++)
			point_mark(f, &x, &y, &c->s[i].p[k], i);
		if (c->kind == CHART_STEPS && c->s[i].n == 1)
			point_mark(f, &x, &y, &c->s[i].p[0], i);
	}
	legend(f, TOP + PLOT_H + 54, c->s[0].name, sizeof(c->s[0]), c->n);
	svg_close(f);
}

/* ---- bars ------------------------------------------------------------------------ */

struct bars *bars_new(const char *title, const char *ylabel, bool stacked)
{
	struct bars *b = calloc(1, sizeof(*b));
	if (!b)
		return NULL;
	snprintf(b->title, sizeof(b->title), "%s", title);
	snprintf(b->ylabel, sizeof(b->ylabel), "%s", ylabel);
	b->stacked = stacked;
	return b;
}

static int name_index(char (*names)[CHART_NAME], int *n, int max, const char *name)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(names[i], name))
			return i;
	if (*n == max)
		return -1;
	snprintf(names[*n], CHART_NAME, "%s", name);
	return (*n)++;
}

int bars_cat(struct bars *b, const char *name)
{
	return name_index(b->cat, &b->ncat, CHART_MAX_CATS, name);
}

int bars_series(struct bars *b, const char *name)
{
	return name_index(b->series, &b->nseries, CHART_MAX_SERIES, name);
}

void bars_set(struct bars *b, int cat, int series, double v, double lo, double hi,
	      const char *text)
{
	if (cat < 0 || series < 0 || !isfinite(v))
		return;
	struct bar *x = &b->bar[cat][series];
	*x = (struct bar){ true, v, isfinite(lo) ? lo : v, isfinite(hi) ? hi : v, "" };
	snprintf(x->text, sizeof(x->text), "%s", text ? text : "");
}

bool bars_has(const struct bars *b)
{
	for (int c = 0; b && c < b->ncat; c++)
		for (int s = 0; s < b->nseries; s++)
			if (b->bar[c][s].has)
				return true;
	return false;
}

/* The largest and least a bar (or a stack) reaches. */
static void bars_range(const struct bars *b, double *lo, double *hi)
{
	*lo = 0, *hi = 0;
	for (int c = 0; c < b->ncat; c++) {
		double stack = 0;
		for (int s = 0; s < b->nseries; s++) {
			const struct bar *x = &b->bar[c][s];
			if (!x->has)
				continue;
			stack += x->v;
			*hi = fmax(*hi, b->stacked ? stack : fmax(x->hi, x->v));
			*lo = fmin(*lo, b->stacked ? stack : fmin(x->lo, x->v));
		}
	}
}

static void bar_mark(FILE *f, const struct scale *y, const struct bar *x, double left,
		     double width, double base, int i)
{
	double top = to_px(y, base + x->v), bottom = to_px(y, base);
	fprintf(f, "<rect class=\"data\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
		"fill=\"%s\"><title>", left, fmin(top, bottom), width, fabs(bottom - top), colour(i));
	html_text(f, x->text);
	fputs("</title></rect>\n", f);
	if (x->hi > x->lo) {
		double mid = left + width / 2;
		fprintf(f, "<path class=\"ci\" d=\"M%.1f %.1fV%.1fM%.1f %.1fh8M%.1f %.1fh8\" "
			"stroke=\"#222\"/>\n", mid, to_px(y, base + x->lo), to_px(y, base + x->hi),
			mid - 4, to_px(y, base + x->lo), mid - 4, to_px(y, base + x->hi));
	}
}

/* A category's name under its group: level where the names fit their groups, else
 * slanted. */
static void cat_label(FILE *f, double x, int top, const char *name, bool level)
{
	if (level)
		fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", x,
			top + 4);
	else
		fprintf(f, "<text class=\"tick\" transform=\"translate(%.1f %d) rotate(-30)\" "
			"text-anchor=\"end\">", x + 4, top);
	html_text(f, name);
	fputs("</text>\n", f);
}

void bars_write(FILE *f, const struct bars *b)
{
	struct scale y = { .from = TOP + PLOT_H, .to = TOP };
	double lo, hi, slot = (double)(WIDTH - LEFT - RIGHT) / (b->ncat ? b->ncat : 1);
	size_t longest = 0;
	for (int c = 0; c < b->ncat; c++)
		longest = strlen(b->cat[c]) > longest ? strlen(b->cat[c]) : longest;
	bool level = longest * 7 < slot;
	int labels = level ? 14 : 14 + (int)(longest * 3.6), legend_top = TOP + PLOT_H + labels + 12;
	bars_range(b, &lo, &hi);
	scale_fit(&y, lo, hi, false, true);
	svg_open(f, legend_top + legend_rows(b->nseries) * LEGEND_H + 6, b->title);
	y_axis(f, &y, b->ylabel, LEFT, WIDTH - RIGHT);
	for (int c = 0; c < b->ncat; c++) {
		int bars = b->stacked || !b->nseries ? 1 : b->nseries;
		double width = slot * 0.8 / bars > 90 ? 90 : slot * 0.8 / bars, stack = 0;
		double left = LEFT + slot * (c + 0.5) - width * bars / 2;
		for (int s = 0; s < b->nseries; s++) {
			const struct bar *x = &b->bar[c][s];
			if (!x->has)
				continue;
			bar_mark(f, &y, x, b->stacked ? left : left + width * s, width, stack, s);
			stack += b->stacked ? x->v : 0;
		}
		cat_label(f, LEFT + slot * (c + 0.5), TOP + PLOT_H + 12, b->cat[c], level);
	}
	legend(f, legend_top, b->series[0], sizeof(b->series[0]), b->nseries);
	svg_close(f);
}
