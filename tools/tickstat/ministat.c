/* ministat's presentation (FreeBSD usr.bin/ministat/ministat.c, as Debian ships
 * it): the same scaling, stacking and bar rules, so the plots match. */
#include "ministat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char symbols[] = " x+*%#@O";

char ms_symbol(int set) { return symbols[set + 1]; }

void ms_legend(FILE *out, struct dataset *sets, int n)
{
	for (int i = 0; i < n; i++)
		fprintf(out, "%c %s\n", ms_symbol(i), sets[i].name);
}

struct scale {
	double min, max, dx, x0;
	int width;
};

/* The plot spans every value and every mean +/- one standard deviation. */
static void widen(struct scale *sc, double v)
{
	if (v < sc->min) sc->min = v;
	if (v > sc->max) sc->max = v;
	sc->dx = (sc->max - sc->min) / (sc->width - 1.0);
	sc->x0 = sc->min - 0.5 * sc->dx;
}

/* ministat's column; kept inside the grid whatever the values (ministat's own
 * would write outside it when the spread is infinite or below double precision). */
static int column_of(const struct scale *sc, double v)
{
	double x = (v - sc->x0) / sc->dx;
	return x >= 0 && x < sc->width ? (int)x : x >= sc->width ? sc->width - 1 : 0;
}

/* How high the tallest stack of equal columns is. */
static int stack_height(const struct scale *sc, const struct dataset *d)
{
	int tallest = 1, run = 0, last = -1;
	for (size_t i = 0; i < d->n; i++) {
		int x = column_of(sc, d->v[i]);
		run = x == last ? run + 1 : 1;
		last = x;
		if (run > tallest)
			tallest = run;
	}
	return tallest;
}

static void put_points(const struct scale *sc, const struct dataset *d, int set,
		       unsigned char *grid)
{
	int run = 0, last = -1;
	for (size_t i = 0; i < d->n; i++) {
		int x = column_of(sc, d->v[i]);
		run = x == last ? run + 1 : 1;
		last = x;
		grid[(size_t)run * (size_t)sc->width + (size_t)x] |= (unsigned char)(set + 1);
	}
}

/* |____M___A____|: mean +/- stddev, the median and the mean. */
static void put_bar(const struct scale *sc, const struct dataset *d, char *bar)
{
	double avg = ds_mean(d), sd = ds_stddev(d);
	if (!isnan(sd)) {
		int lo = column_of(sc, avg - sd), hi = column_of(sc, avg + sd);
		bar[hi] = '|';
		bar[lo] = '|';
		for (int i = lo + 1; i < hi; i++)
			if (!bar[i])
				bar[i] = '_';
	}
	bar[column_of(sc, ds_median(d))] = 'M';
	bar[column_of(sc, avg)] = 'A';
}

static void rule(FILE *out, int width)
{
	fputc('+', out);
	for (int i = 0; i < width; i++)
		fputc('-', out);
	fputs("+\n", out);
}

static void print_grid(FILE *out, const unsigned char *grid, int height, const char *bar,
		       int width)
{
	rule(out, width);
	for (int row = height - 1; row >= 1; row--) {
		fputc('|', out);
		for (int x = 0; x < width; x++)
			fputc(symbols[grid[(size_t)row * (size_t)width + (size_t)x] & 7], out);
		fputs("|\n", out);
	}
	fputc('|', out);
	for (int x = 0; x < width; x++)
		fputc(bar[x] ? bar[x] : ' ', out);
	fputs("|\n", out);
	rule(out, width);
}

void ms_plot(FILE *out, struct dataset *sets, int n, int width)
{
	struct scale sc = { 999e99, -999e99, 0, 0, width };
	for (int i = 0; i < n; i++) {
		ds_sort(&sets[i]);
		widen(&sc, ds_min(&sets[i]));
		widen(&sc, ds_max(&sets[i]));
		widen(&sc, ds_mean(&sets[i]) - ds_stddev(&sets[i]));
		widen(&sc, ds_mean(&sets[i]) + ds_stddev(&sets[i]));
	}
	if (sc.max - sc.min == 0) {
		fputs("[no plot, span is zero width]\n", out);
		return;
	}
	int height = 0;
	for (int i = 0; i < n; i++) {
		int h = stack_height(&sc, &sets[i]) + 1;
		if (h > height)
			height = h;
	}
	unsigned char *grid = calloc((size_t)height * (size_t)width, 1);
	char *bar = calloc((size_t)width, 1);
	if (!grid || !bar) {
		free(grid);
		free(bar);
		fputs("[no plot, out of memory]\n", out);
		return;
	}
	for (int i = 0; i < n; i++) {
		put_points(&sc, &sets[i], i, grid);
		put_bar(&sc, &sets[i], bar);
	}
	print_grid(out, grid, height, bar, width);
	free(grid);
	free(bar);
}

void ms_header(FILE *out, const char *extra)
{
	fprintf(out, "    N           Min           Max        Median           Avg        Stddev%s\n",
		extra ? extra : "");
}

void ms_vitals(FILE *out, char sym, struct dataset *d)
{
	double mean, sd;
	ds_sort(d);
	ds_mean_sd(d, &mean, &sd);
	fprintf(out, "%c %3zu %13.8g %13.8g %13.8g %13.8g %13.8g", sym, d->n, ds_min(d),
		ds_max(d), ds_median(d), mean, sd);
}

void ms_relative(FILE *out, struct dataset *ref, struct dataset *d, int ci)
{
	struct tresult t = student(ref, d, ci);
	double avg = ds_mean(ref);
	if (!t.proven) {
		fprintf(out, "No difference proven at %.1f%% confidence\n", conf_pct[ci]);
		return;
	}
	fprintf(out, "Difference at %.1f%% confidence\n", conf_pct[ci]);
	fprintf(out, "\t%g +/- %g\n", t.diff, t.err);
	if (avg != 0)
		fprintf(out, "\t%g%% +/- %g%%\n", t.diff * 100 / avg, t.err * 100 / avg);
	else                     /* ministat's inf%: a share of a mean of 0 is no figure */
		fprintf(out, "\t(no %% of the first set's mean, 0)\n");
	fprintf(out, "\t(Student's t, pooled s = %g)\n", t.s);
}
