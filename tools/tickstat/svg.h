/* Charts as inline SVG for tickstat report --html (html.h): lines of points with
 * their intervals against a linear or logarithmic x, steps (a CDF, a histogram),
 * and bars, grouped or stacked, with their intervals. Every tick label and every
 * value in a point's hover text is a figure by lib's rule (lib/answer/figure.h); every
 * axis names its unit. A chart draws its data marks with class "data", so that a
 * browser test can tell an empty chart. */
#ifndef TICKSTAT_SVG_H
#define TICKSTAT_SVG_H

#include <stdbool.h>
#include <stdio.h>

#define CHART_MAX_SERIES 48
#define CHART_MAX_POINTS 512
#define CHART_MAX_CATS   64
#define CHART_NAME       96

/* A point and its interval (lo..hi; lo == hi: exact or none), and its hover text. */
struct chart_point {
	double x, y, lo, hi;
	char text[CHART_NAME];
};

struct chart_series {
	char name[CHART_NAME];
	struct chart_point p[CHART_MAX_POINTS];
	int n;
};

enum chart_kind {
	CHART_LINES,             /* points joined, each with its interval */
	CHART_STEPS,             /* each point holds until the next x (CDF, histogram) */
};

struct chart {
	enum chart_kind kind;
	char title[160], xlabel[96], ylabel[96];   /* the labels name their units */
	bool xlog, ylog;
	bool x_categories;       /* x is 1, 2, ... (CPU counts): integer ticks */
	struct chart_series *s;  /* s[0 .. n) */
	int n;
};

/* A chart with room for CHART_MAX_SERIES series (NULL when out of memory);
 * chart_series adds one, NULL when full. */
struct chart *chart_new(enum chart_kind kind, const char *title, const char *xlabel,
			const char *ylabel);
struct chart_series *chart_series(struct chart *c, const char *name);
void chart_add(struct chart_series *s, double x, double y, double lo, double hi,
	       const char *text);
void chart_free(struct chart *c);
/* Points to draw: false for a chart that would be empty. */
bool chart_has_points(const struct chart *c);
void chart_write(FILE *f, const struct chart *c);

/* Bars: a group per category, a bar per series (or the series stacked into one
 * bar), each with its interval (lo == hi: none). */
struct bars {
	char title[160], ylabel[96];
	bool stacked;
	int ncat, nseries;
	char cat[CHART_MAX_CATS][CHART_NAME];
	char series[CHART_MAX_SERIES][CHART_NAME];
	struct bar { bool has; double v, lo, hi; char text[CHART_NAME]; }
		bar[CHART_MAX_CATS][CHART_MAX_SERIES];
};

struct bars *bars_new(const char *title, const char *ylabel, bool stacked);
/* The index of a category or series by its name, added when new; -1 when full. */
int bars_cat(struct bars *b, const char *name);
int bars_series(struct bars *b, const char *name);
void bars_set(struct bars *b, int cat, int series, double v, double lo, double hi,
	      const char *text);
bool bars_has(const struct bars *b);
void bars_write(FILE *f, const struct bars *b);

/* Text for HTML and SVG: &, <, > and " escaped. */
void html_text(FILE *f, const char *s);

#endif
