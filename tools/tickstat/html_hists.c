/* The distributions on the page (html_page.h): the latency histograms of the stats
 * records merged over the runs of each source, drawn as CDFs, and the tick's hole
 * sizes (tick's `gap` stats: each hole less the loop's step) as a histogram, a line
 * per timer, mode and work model on one CPU. The buckets are the kernel's
 * (docs/FORMAT.md, "stats"), each at its lower bound, in ns at its boot's rate. */
#include "html_page.h"
#include "svg.h"
#include "schema.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DISTS 96

struct bucket { double lo, n; };

struct dist {
	char name[CHART_NAME];
	int col;
	struct bucket *b;
	size_t n, cap;
	double total;
};

struct dists {
	const char *bench;       /* "latency" or "tick" */
	struct dist d[MAX_DISTS];
	int n, col;
	double tsc_hz;           /* the boot's; 0: cycles */
};

static struct dist *dist_named(struct dists *s, const char *name)
{
	for (int i = 0; i < s->n; i++)
		if (s->d[i].col == s->col && !strcmp(s->d[i].name, name))
			return &s->d[i];
	if (s->n == MAX_DISTS)
		return NULL;
	struct dist *d = &s->d[s->n++];
	snprintf(d->name, sizeof(d->name), "%s", name);
	d->col = s->col;
	return d;
}

static void dist_add(struct dist *d, double lo, double n)
{
	if (d->n == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 64;
		struct bucket *more = realloc(d->b, cap * sizeof(*more));
		if (!more)
			return;
		d->b = more, d->cap = cap;
	}
	d->b[d->n++] = (struct bucket){ lo, n };
	d->total += n;
}

/* latency: its source and state ("lapic-oneshot", "lapic/mwait:C1"); tick: timer,
 * mode, path and model of a 1-CPU run; "" for a record not drawn. */
static void dist_name(char *buf, size_t size, const struct rec *r, const char *bench)
{
	const char *what = rec_str(r, FIELD(stats, what, STR));
	const char *wait = rec_str(r, FIELD(stats, wait, STR));
	const char *timer = rec_str(r, FIELD(stats, timer, STR));
	const char *mode = rec_str(r, FIELD(stats, mode, STR));
	const char *path = rec_str(r, FIELD(stats, delivery, STR));
	uint64_t cpus = 1, work = 0, data = 0;
	buf[0] = 0;
	if (!strcmp(bench, "latency") && what) {
		snprintf(buf, size, "%s%s%s", what, wait ? "/" : "", wait ? wait : "");
		return;
	}
	rec_u64(r, FIELD_INT(stats, cpus), &cpus);
	rec_u64(r, FIELD_INT(stats, tick_work), &work);
	rec_u64(r, FIELD_INT(stats, tick_data_kib), &data);
	if (what && !strcmp(what, "gap") && timer && mode && cpus == 1)
		snprintf(buf, size, "%s %s%s%s%s%s", timer, mode, path ? " (" : "", path ? path : "",
			 path ? ")" : "", work || data ? " (work model)" : "");
}

static void take(const struct rec *r, void *ctx)
{
	struct dists *s = ctx;
	const char *bench = rec_str(r, FIELD(stats, bench, STR));
	char name[CHART_NAME];
	if (rec_type_is(r, RECORD_TYPE(boot)))
		s->tsc_hz = 0;
	else if (rec_type_is(r, RECORD_TYPE(calibration)))
		rec_num(r, FIELD_INT(calibration, tsc_hz), &s->tsc_hz);
	if (!rec_type_is(r, RECORD_TYPE(stats)) || !bench || strcmp(bench, s->bench))
		return;
	const struct value *lo = rec_get(r, FIELD(stats, hist_lo, ARR));
	const struct value *n = rec_get(r, FIELD(stats, hist_n, ARR));
	dist_name(name, sizeof(name), r, bench);
	struct dist *d = name[0] && lo && n && lo->kind == V_ARRAY && n->kind == V_ARRAY &&
			 lo->len == n->len ? dist_named(s, name) : NULL;
	for (size_t i = 0; d && i < lo->len; i++)
		dist_add(d, s->tsc_hz > 0 ? lo->arr[i] * 1e9 / s->tsc_hz : (double)lo->arr[i],
			 (double)n->arr[i]);
}

static int by_lo(const void *a, const void *b)
{
	double x = ((const struct bucket *)a)->lo, y = ((const struct bucket *)b)->lo;
	return (x > y) - (x < y);
}

static void dists_read(struct html_page *p, struct dists *s)
{
	for (int col = 0; col < p->ncol; col++) {
		struct log_report quiet = { .quiet = true };
		s->col = col;
		for (int i = 0; i < p->col[col].nlogs; i++)
			log_read(p->col[col].logs[i], take, s, &quiet);
	}
	for (int i = 0; i < s->n; i++) {      /* sorted, one bucket of each bound */
		struct dist *d = &s->d[i];
		size_t k = 0;
		qsort(d->b, d->n, sizeof(*d->b), by_lo);
		for (size_t j = 0; j < d->n; j++)
			if (k && d->b[k - 1].lo == d->b[j].lo)
				d->b[k - 1].n += d->b[j].n;
			else
				d->b[k++] = d->b[j];
		d->n = k;
	}
}

static void dists_free(struct dists *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->d[i].b);
}

/* Each distribution a series: its CDF (the share of samples below each bucket's
 * end) or its histogram (each bucket's share of the samples). */
static void dist_series(struct html_page *p, struct chart *c, const struct dist *d, bool cdf,
			const char *unit)
{
	char name[CHART_NAME], text[CHART_NAME * 3], v[48], x[48];
	double sum = 0;
	html_series_name(name, sizeof(name), p, d->col, d->name);
	struct chart_series *s = chart_series(c, name);
	for (size_t i = 0; s && i < d->n && d->total > 0; i++) {
		sum += d->b[i].n;
		double share = (cdf ? sum : d->b[i].n) / d->total;
		figure_double(x, sizeof(x), d->b[i].lo, -1, 0, 0);
		figure_double(v, sizeof(v), share * 100, -1, 0, FIGURE_PERCENT);
		snprintf(text, sizeof(text), "%s: %s of the samples %s %s %s", name, v,
			 cdf ? "below the bucket from" : "in the bucket from", x, unit);
		chart_add(s, d->b[i].lo, share, share, share, text);
	}
}

static void draw_dists(struct html_page *p, const char *bench, const char *title,
		       const char *ylabel, bool cdf)
{
	struct dists *s = calloc(1, sizeof(*s));
	char xlabel[96], unit[16];
	if (!s)
		return;
	s->bench = bench;
	dists_read(p, s);
	snprintf(unit, sizeof(unit), "%s", strcmp(html_unit(p), "ns") ? "cycles" : "ns");
	snprintf(xlabel, sizeof(xlabel), "%s, log scale (a bucket's lower bound)",
		 strcmp(unit, "ns") ? "TSC cycles" : "ns");
	struct chart *c = chart_new(CHART_STEPS, title, xlabel, ylabel);
	if (c) {
		c->xlog = true;
		for (int i = 0; i < s->n; i++)
			dist_series(p, c, &s->d[i], cdf, unit);
		if (chart_has_points(c))
			chart_write(p->f, c);
		chart_free(c);
	}
	dists_free(s);
	free(s);
}

void html_latency_cdf(struct html_page *p)
{
	draw_dists(p, "latency", "Deadline to handler: the latency's CDF, every run's samples",
		   "share of the samples below (0 to 1)", true);
}

void html_holes(struct html_page *p)
{
	draw_dists(p, "tick", "The holes each tick leaves in spin's loop (hole - step), on 1 CPU",
		   "share of the holes in the bucket (0 to 1)", false);
}
