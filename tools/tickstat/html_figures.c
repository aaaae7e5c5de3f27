/* The figures behind the answer (html_page.h): per section its charts, drawn from the
 * answer's structures with lib's estimators (the mean and interval of each set of
 * per-run figures: lib/answer/estimate.h's mean_estimate, the one the answer's tables
 * print), a series per column; then the terminal's own text of that section. */
#include "html_page.h"
#include "svg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The point of a set of per-run values: its mean and interval, scaled, and its
 * figure by the rule (share: % of the CPU from ppm). */
static struct estimate estimate_point(const struct dataset *d, int ci, bool share, double *v,
				      double *lo, double *hi, char *text, size_t size)
{
	struct estimate e = mean_estimate(d, ci);
	double scale = share ? 1e-4 : 1;
	*v = e.v * scale;
	*lo = e.interval ? (e.v - e.e) * scale : *v;
	*hi = e.interval ? (e.v + e.e) * scale : *v;
	if (share)
		fmt_share_estimate(text, size, &e, FIGURE_COMPACT);
	else
		fmt_estimate(text, size, &e, FIGURE_COMPACT);
	return e;
}

static void method_note(FILE *f, const char *what, const struct estimate *e, int ci)
{
	char m[128], text[320];
	fmt_method(m, sizeof(m), e, ci);
	snprintf(text, sizeof(text), "%s +/- its interval (%s).", what, m);
	html_note(f, text);
}

/* "periodic spin", "one-shot (ioapic) matrix data 16 KiB". */
static void series_words(char *buf, size_t size, const struct rconfig *c, bool timer)
{
	char model[64] = "";
	if (has_model_label(c)) {
		model[0] = ' ';
		model_label(model + 1, sizeof(model) - 1, c);
	}
	snprintf(buf, size, "%.32s%s%.20s%s%.20s%s %.32s%.64s", timer ? c->timer : "", timer ? " " : "",
		 !strcmp(c->mode, "oneshot") ? "one-shot" : c->mode, c->delivery[0] ? " (" : "",
		 c->delivery, c->delivery[0] ? ")" : "", c->workload, model);
}

static void draw(FILE *f, struct chart *c)
{
	if (chart_has_points(c))
		chart_write(f, c);
	chart_free(c);
}

static void draw_bars(FILE *f, struct bars *b)
{
	if (bars_has(b))
		bars_write(f, b);
	free(b);
}

/* ---- the CPU share at each HZ ------------------------------------------------------- */

static bool timer_seen(const struct html_page *p, int col, int i)
{
	const char *timer = p->col[col].r->cfg[i].timer;
	for (int k = 0; k <= col; k++) {
		const struct report *r = p->col[k].r;
		for (int j = 0; j < (k == col ? i : r->nconfig); j++)
			if (r->cfg[j].cpus == 1 && r->cfg[j].lost.n && !strcmp(r->cfg[j].timer, timer))
				return true;
	}
	return false;
}

/* One chart per timer: a line per mode, path, workload and model (and column). */
static void share_chart(struct html_page *p, const char *timer, struct estimate *any)
{
	char title[160], name[CHART_NAME], words[CHART_NAME * 3], text[CHART_NAME];
	snprintf(title, sizeof(title), "%.32s: CPU lost at each HZ on 1 CPU", timer);
	struct chart *c = chart_new(CHART_LINES, title, "HZ (timer interrupts a second, log scale)",
				    "CPU lost, % of the CPU");
	if (!c)
		return;
	c->xlog = true;
	for (int col = 0; col < p->ncol; col++) {
		struct report *r = p->col[col].r;
		for (int i = 0; i < r->nconfig; i++) {
			struct rconfig *x = &r->cfg[i];
			double v, lo, hi;
			if (x->cpus != 1 || !x->lost.n || strcmp(x->timer, timer))
				continue;
			series_words(words, sizeof(words), x, false);
			html_series_name(name, sizeof(name), p, col, words);
			*any = estimate_point(&x->lost, p->ci, true, &v, &lo, &hi, text, sizeof(text));
			snprintf(words, sizeof(words), "%s HZ=%llu: %s", name, x->hz, text);
			chart_add(chart_series(c, name), (double)x->hz, v, lo, hi, words);
		}
	}
	draw(p->f, c);
}

void html_shares(struct html_page *p)
{
	static const char *const titles[] = { "Each HZ against the lowest", "warning: the runs",
					      "Periodic vs one-shot", NULL };
	struct estimate any = { 0 };
	bool drawn = false;
	for (int col = 0; col < p->ncol; col++)
		for (int i = 0; i < p->col[col].r->nconfig; i++) {
			const struct rconfig *x = &p->col[col].r->cfg[i];
			if (x->cpus == 1 && x->lost.n && !timer_seen(p, col, i)) {
				share_chart(p, x->timer, &any);
				drawn = true;
			}
		}
	if (drawn)
		method_note(p->f, "Each point: the mean of the runs' shares of the CPU (each run with "
			    "the timer against its run without), the verdict's figure,", &any, p->ci);
	html_text_blocks(p, titles);
}

/* ---- each timer: read, arm, latency, direct ------------------------------------------ */

/* Bars of a benchmark's per-run p50 (and p99), a group per operation, a bar per column. */
static void stat_bars(struct html_page *p, const char *bench, const char *title, bool p99,
		      struct estimate *any)
{
	char ylabel[96], name[CHART_NAME], text[CHART_NAME * 2];
	snprintf(ylabel, sizeof(ylabel), "%s (mean of the runs' p50%s)", html_unit(p),
		 p99 ? ", p99" : "");
	struct bars *b = bars_new(title, ylabel, false);
	for (int col = 0; b && col < p->ncol; col++) {
		struct report *r = p->col[col].r;
		for (int i = 0; i < r->nstat; i++) {
			struct rstat *s = &r->stat[i];
			for (int q = 0; q <= (int)p99 && !strcmp(s->bench, bench); q++) {
				double v, lo, hi;
				html_series_name(name, sizeof(name), p, col, q ? "p99" : p99 ? "p50" : "");
				*any = estimate_point(q ? &s->p99 : &s->p50, p->ci, false, &v, &lo, &hi,
						      text, sizeof(text));
				snprintf(text + strlen(text), sizeof(text) - strlen(text), " %s",
					 html_unit(p));
				bars_set(b, bars_cat(b, s->what), bars_series(b, name[0] ? name : "p50"),
					 v, lo, hi, text);
			}
		}
	}
	draw_bars(p->f, b);
}

/* Direct cost per interrupt: spin's holes, per timer, mode and path at each HZ. */
static void direct_bars(struct html_page *p, struct estimate *any)
{
	char ylabel[96], cat[CHART_NAME * 2], name[CHART_NAME], text[CHART_NAME];
	snprintf(ylabel, sizeof(ylabel), "%s per interrupt (spin's holes)", html_unit(p));
	struct bars *b = bars_new("Direct cost per interrupt, each timer at each HZ", ylabel, false);
	for (int col = 0; b && col < p->ncol; col++) {
		struct report *r = p->col[col].r;
		for (int i = 0; i < r->nconfig; i++) {
			struct rconfig *x = &r->cfg[i];
			double v, lo, hi;
			if (x->cpus != 1 || !x->direct.n)
				continue;
			series_words(name, sizeof(name), x, true);
			snprintf(cat, sizeof(cat), "%s HZ=%llu", name, x->hz);
			html_series_name(name, sizeof(name), p, col, "direct");
			*any = estimate_point(&x->direct, p->ci, false, &v, &lo, &hi, text, sizeof(text));
			bars_set(b, bars_cat(b, cat), bars_series(b, name), v, lo, hi, text);
		}
	}
	draw_bars(p->f, b);
}

void html_timers(struct html_page *p)
{
	struct estimate any = { 0 };
	size_t before = (size_t)ftell(p->f);
	stat_bars(p, "readcost", "Reading each clock", false, &any);
	stat_bars(p, "armcost", "Arming each timer and acknowledging it", false, &any);
	stat_bars(p, "latency", "Deadline to handler: latency p50 and p99", true, &any);
	html_latency_cdf(p);
	direct_bars(p, &any);
	if ((size_t)ftell(p->f) > before)
		method_note(p->f, "Each bar: the mean over the runs of each run's figure (p50, p99, "
			    "hole per interrupt)", &any, p->ci);
}

/* ---- direct against indirect ----------------------------------------------------------- */

/* Per timer, mode and path at its highest HZ with spin runs: direct, indirect and
 * total cost per interrupt, a bar each (and column). */
static bool top_hz(const struct report *r, int i)
{
	const struct rconfig *c = &r->cfg[i];
	if (c->cpus != 1 || !c->direct.n || !is_floor(c))
		return false;
	for (int j = 0; j < r->nconfig; j++) {
		const struct rconfig *x = &r->cfg[j];
		if (j != i && x->cpus == 1 && x->direct.n && same_series(x, c) &&
		    (x->hz > c->hz || (x->hz == c->hz && j < i)))
			return false;
	}
	return true;
}

void html_direct(struct html_page *p)
{
	static const char *const titles[] = { "Direct vs indirect", "A tick that does work",
					      "ftq", "The footprint", NULL };
	static const char *const parts[] = { "direct", "indirect", "total" };
	char ylabel[96], cat[CHART_NAME * 2], name[CHART_NAME], text[CHART_NAME];
	struct estimate any = { 0 };
	snprintf(ylabel, sizeof(ylabel), "%s per interrupt", html_unit(p));
	struct bars *b = bars_new("Direct, indirect and total cost per interrupt on spin, each "
				  "timer at its highest HZ", ylabel, false);
	for (int col = 0; b && col < p->ncol; col++) {
		struct report *r = p->col[col].r;
		for (int i = 0; i < r->nconfig; i++) {
			struct rconfig *x = &r->cfg[i];
			const struct dataset *d[] = { &x->direct, &x->indirect, &x->cost };
			if (!top_hz(r, i))
				continue;
			series_words(name, sizeof(name), x, true);
			snprintf(cat, sizeof(cat), "%s HZ=%llu", name, x->hz);
			for (int k = 0; k < 3; k++) {
				double v, lo, hi;
				if (!d[k]->n)
					continue;
				html_series_name(name, sizeof(name), p, col, parts[k]);
				any = estimate_point(d[k], p->ci, false, &v, &lo, &hi, text, sizeof(text));
				bars_set(b, bars_cat(b, cat), bars_series(b, name), v, lo, hi, text);
			}
		}
	}
	bool drawn = bars_has(b);
	draw_bars(p->f, b);
	if (drawn)
		method_note(p->f, "Each bar: the mean over the spin runs of each run's figure "
			    "(direct: its holes per interrupt; total: (cycles on - off) / "
			    "interrupts; indirect: total - direct)", &any, p->ci);
	html_text_blocks(p, titles);
}

/* ---- 1 against N CPUs -------------------------------------------------------------------- */

/* The CPU all the CPUs of one run lost, ppm, as one CPU's: a set of the run sums. */
static bool sums_set(const struct rconfig *c, struct dataset *d)
{
	ds_init(d, "all");
	for (size_t i = 0; i < c->nsums; i++)
		if (!ds_add_boot(d, c->sums[i].ppm, c->sums[i].boot))
			return false;
	return d->n > 0;
}

static bool several_counts(const struct report *r, const struct rconfig *c)
{
	for (int j = 0; j < r->nconfig; j++) {
		const struct rconfig *x = &r->cfg[j];
		if (x != c && x->cpus != c->cpus && same_source(x, c) && x->hz == c->hz &&
		    !strcmp(x->workload, c->workload) && same_model(x, c) && x->lost.n)
			return true;
	}
	return false;
}

static void cpus_points(struct html_page *p, struct chart *c, int col, struct rconfig *x,
			struct estimate *any)
{
	char words[CHART_NAME * 2], name[CHART_NAME * 4], text[CHART_NAME];
	struct dataset all;
	double v, lo, hi;
	series_words(words, CHART_NAME, x, true);
	snprintf(name, sizeof(name), "%s HZ=%llu, each CPU", words, x->hz);
	html_series_name(words, sizeof(words), p, col, name);
	*any = estimate_point(&x->lost, p->ci, true, &v, &lo, &hi, text, sizeof(text));
	snprintf(name, sizeof(name), "%s, %u CPUs: %s", words, x->cpus, text);
	chart_add(chart_series(c, words), x->cpus, v, lo, hi, name);
	if (!sums_set(x, &all)) {
		ds_free(&all);
		return;
	}
	size_t cut = strlen(words) - strlen("each CPU");
	snprintf(words + cut, sizeof(words) - cut, "all CPUs");
	estimate_point(&all, p->ci, true, &v, &lo, &hi, text, sizeof(text));
	snprintf(name, sizeof(name), "%s, %u CPUs: %s", words, x->cpus, text);
	chart_add(chart_series(c, words), x->cpus, v, lo, hi, name);
	ds_free(&all);
}

void html_cpus(struct html_page *p)
{
	static const char *const titles[] = { "1 vs N CPUs", NULL };
	struct estimate any = { 0 };
	struct chart *c = chart_new(CHART_LINES, "1 against N CPUs: the CPU lost at each CPU count",
				    "CPUs taking the tick", "CPU lost, % of one CPU");
	if (!c)
		return;
	c->x_categories = true;
	for (int col = 0; col < p->ncol; col++) {
		struct report *r = p->col[col].r;
		for (int i = 0; i < r->nconfig; i++)
			if (r->cfg[i].lost.n && several_counts(r, &r->cfg[i]))
				cpus_points(p, c, col, &r->cfg[i], &any);
	}
	bool drawn = chart_has_points(c);
	draw(p->f, c);
	if (drawn)
		method_note(p->f, "Each point: the mean share of each CPU's runs (each CPU), or of "
			    "the runs' shares summed over the CPUs of one run index (all CPUs),",
			    &any, p->ci);
	html_text_blocks(p, titles);
}
