/* Idle and "What the OS adds to a tick" on the page (html_page.h): idle's wake-up
 * latency by state and source and the package's power at each HZ (lib's idle data,
 * lib/answer/answer_idle.h, which the answer's Idle part prints), and per Linux
 * configuration a tick taken apart (os_vs_bare.h), with the terminal's text. */
#include "html_page.h"
#include "svg.h"
#include "answer_idle.h"

#include <stdlib.h>
#include <string.h>

static void estimate_text(char *buf, size_t size, const struct dataset *d, int ci,
			  const char *unit, double *v, double *lo, double *hi)
{
	struct estimate e = mean_estimate(d, ci);
	size_t n = (size_t)fmt_estimate(buf, size, &e, FIGURE_COMPACT);
	snprintf(buf + n, size > n ? size - n : 0, " %s", unit);
	*v = e.v;
	*lo = e.interval ? e.v - e.e : e.v;
	*hi = e.interval ? e.v + e.e : e.v;
}

/* Wake-up latency p50 and p99 per state, source and stamp: bars. */
static void idle_latency(struct html_page *p)
{
	char ylabel[96], cat[CHART_NAME], name[CHART_NAME], text[CHART_NAME * 2];
	snprintf(ylabel, sizeof(ylabel), "%s (mean of the runs' p50, p99)", html_unit(p));
	struct bars *b = bars_new("Idle: wake-up latency by state and source", ylabel, false);
	for (int col = 0; b && col < p->ncol; col++) {
		const struct idle_data *d = p->col[col].r->idle;
		for (int i = 0; d && i < d->nlat; i++) {
			const struct ilat *l = &d->lat[i];
			snprintf(cat, sizeof(cat), "%s from %s%s", l->wait, l->what, l->wake ? " wake" : "");
			for (int q = 0; q < 2; q++) {
				double v, lo, hi;
				html_series_name(name, sizeof(name), p, col, q ? "p99" : "p50");
				estimate_text(text, sizeof(text), q ? &l->p99 : &l->p50, p->ci, html_unit(p),
					      &v, &lo, &hi);
				if ((q ? l->p99.n : l->p50.n))
					bars_set(b, bars_cat(b, cat), bars_series(b, name), v, lo, hi, text);
			}
		}
	}
	if (bars_has(b))
		bars_write(p->f, b);
	free(b);
}

static unsigned long long lowest_hz(const struct idle_data *d)
{
	unsigned long long low = 0;
	for (int i = 0; i < d->ncfg; i++)
		if (d->cfg[i].hz && (!low || d->cfg[i].hz < low))
			low = d->cfg[i].hz;
	return low ? low : 100;
}

/* The package's power at each HZ, a line per state and CPU count; tickless a
 * decade below the lowest HZ (a log axis has no 0). */
static void idle_power(struct html_page *p)
{
	char name[CHART_NAME], words[CHART_NAME], text[CHART_NAME * 3];
	struct chart *c = chart_new(CHART_LINES, "Idle: the package's power at each HZ",
				    "HZ (log scale; tickless a decade below the lowest)",
				    "package power, mW");
	if (!c)
		return;
	c->xlog = true;
	for (int col = 0; col < p->ncol; col++) {
		const struct idle_data *d = p->col[col].r->idle;
		for (int i = 0; d && i < d->ncfg; i++) {
			const struct iconfig *x = &d->cfg[i];
			double v, lo, hi, hz = x->hz ? (double)x->hz : lowest_hz(d) / 10.0;
			if (!x->mw.n)
				continue;
			snprintf(words, sizeof(words), "%s, %u CPU%s", x->wait, x->cpus,
				 x->cpus == 1 ? "" : "s");
			html_series_name(name, sizeof(name), p, col, words);
			estimate_text(words, sizeof(words), &x->mw, p->ci, "mW", &v, &lo, &hi);
			if (x->hz)
				snprintf(text, sizeof(text), "%s HZ=%llu: %s", name, x->hz, words);
			else
				snprintf(text, sizeof(text), "%s tickless: %s", name, words);
			chart_add(chart_series(c, name), hz, v, lo, hi, text);
		}
	}
	if (chart_has_points(c))
		chart_write(p->f, c);
	chart_free(c);
}

void html_idle(struct html_page *p)
{
	size_t before = (size_t)ftell(p->f);
	idle_latency(p);
	idle_power(p);
	if ((size_t)ftell(p->f) > before)
		html_note(p->f, "Each bar and point: the mean over the runs (the windows) with its "
			  "interval, as the Idle part of the details gives them in words.");
}

/* ---- what the OS adds --------------------------------------------------------------- */

void html_osadds(struct html_page *p)
{
	static const char *const parts[] = {
		"the bare floor handler", "the kernel's entry, exit and tick work",
		"the rest of the whole OS's loss on spin",
	};
	char cat[CHART_NAME], label[64], text[CHART_NAME];
	if (!p->os || !p->os->nconfig)
		return;
	struct bars *b = bars_new("A Linux tick taken apart: its direct cost, the bare floor at "
				  "its foot", "ns per timer interrupt (means)", true);
	for (int i = 0; b && i < p->os->nconfig; i++) {
		const struct os_config *c = &p->os->cfg[i];
		struct os_parts x;
		if (!os_parts_of(p->os, c, &x))
			continue;
		os_config_label(label, sizeof(label), c);
		snprintf(cat, sizeof(cat), "%s ", c->release);     /* cut short where longer */
		strncat(cat, label, sizeof(cat) - strlen(cat) - 1);
		double v[] = { x.floor, x.linux_direct - x.floor, x.rest };
		for (int k = 0; k < 3; k++) {
			figure_double(text, sizeof(text), v[k], -1, 0, 0);
			snprintf(text + strlen(text), sizeof(text) - strlen(text), " ns: %s", parts[k]);
			bars_set(b, bars_cat(b, cat), bars_series(b, parts[k]), v[k], v[k], v[k], text);
		}
	}
	if (bars_has(b))
		bars_write(p->f, b);
	free(b);
	if (p->os_text) {
		fputs("<pre class=\"terminal\">", p->f);
		html_text(p->f, p->os_text);
		fputs("</pre>\n", p->f);
	}
}
