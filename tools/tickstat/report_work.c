/* tickstat report: a tick that does work (docs/TICKSTAT.md, "Report"; docs/METHOD.md,
 * "Work models", "ftq"). Per timer and HZ, each work model's CPU share and cost per
 * interrupt (total, direct from the gap loop, indirect), the events counted per
 * tick; for a sweep of tick_data_kib the footprint at which the share crosses 1 %;
 * for ftq the work lost per quantum and the spectrum's peak. */
#include "report.h"
#include "boots.h"
#include "spectrum.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CROSSING_PPM 10000.0    /* 1 % of the CPU */

int share_crossing(const double *kib, const double *share, size_t n, double ppm, double *at)
{
	if (n && share[0] >= ppm) {
		*at = kib[0];
		return -1;
	}
	for (size_t i = 1; i < n; i++)
		if (share[i] >= ppm) {
			*at = kib[i - 1] + (ppm - share[i - 1]) * (kib[i] - kib[i - 1]) /
					   (share[i] - share[i - 1]);
			return 0;
		}
	return 1;
}

static bool same_group(const struct rconfig *a, const struct rconfig *b)
{
	return !strcmp(a->timer, b->timer) && !strcmp(a->mode, b->mode) &&
	       !strcmp(a->delivery, b->delivery) && a->hz == b->hz && a->cpus == b->cpus;
}

/* The spin configuration of c's timer, HZ and model: its gap loop's direct cost. */
static const struct rconfig *spin_of(const struct report *r, const struct rconfig *c)
{
	for (int i = 0; i < r->nconfig; i++) {
		const struct rconfig *x = &r->cfg[i];
		if (same_group(x, c) && same_model(x, c) && !strcmp(x->workload, "spin") && x->direct.n)
			return x;
	}
	return NULL;
}

/* "130 ns (130 cycles)", or cycles alone without the TSC's rate; with "+/- e". */
static void ns_cycles(char *buf, size_t size, const struct report *r, const struct dataset *d)
{
	struct estimate iv = mean_estimate(d, r->ci);
	char v[48];
	fmt_estimate(v, sizeof(v), &iv, FIGURE_COMPACT);
	char cycles[32];
	if (r->cycles_only || !(r->first_tsc_hz > 0)) {
		snprintf(buf, size, "%s cycles", v);
		return;
	}
	figure_double(cycles, sizeof(cycles), iv.v * r->first_tsc_hz / 1e9, -1, 0, 0);
	snprintf(buf, size, "%s ns (%s cycles)", v, cycles);
}

static void print_pmu(const struct report *r, const struct rconfig *c)
{
	struct line l;
	char item[96];
	if (!c->npmu)
		return;
	line_start(&l, stdout_line, NULL, "     ", 6);
	for (int k = 0; k < c->npmu; k++) {
		struct estimate iv = mean_estimate(&c->pmu[k].per_tick, r->ci);
		char v[64];
		fmt_estimate(v, sizeof(v), &iv, FIGURE_COMPACT);
		snprintf(item, sizeof(item), "%s %s per tick", v, c->pmu[k].event);
		line_add(&l, k ? "; " : " ", item);
	}
	line_end(&l);
}

/* total - direct with its interval: on spin per run (its own holes), else the
 * difference of the two workloads' means (Student's t, pooled); "(not proven)"
 * when the interval holds 0. */
static void add_indirect(struct line *l, const struct report *r, const struct rconfig *c,
			 const struct rconfig *s)
{
	char item[128], v[64];
	bool proven;
	struct estimate d = s == c ? mean_estimate(&c->indirect, r->ci) :
				     diff_estimate(&s->direct, &c->cost, r->ci);
	if (!d.ok)
		d.v = ds_mean(&c->cost) - ds_mean(&s->direct);
	if (d.ok)
		fmt_estimate(v, sizeof(v), &d, FIGURE_COMPACT | FIGURE_NOT_NEGATIVE);
	else
		figure_double(v, sizeof(v), d.v, -1, 0, FIGURE_NOT_NEGATIVE);
	proven = d.ok && d.interval && estimate_excludes_zero(&d);
	snprintf(item, sizeof(item), "indirect %s%s", v, proven ? "" : " (not proven)");
	line_add(l, ", ", item);
}

/* "per interrupt 130 ± 0 ns (130 cycles): direct 47.0 ± 0.0, indirect 83.2 ± 0.0",
 * the direct cost from the spin runs of the same timer, HZ and model. */
static void add_costs(struct line *l, const char *sep, const struct report *r,
		      const struct rconfig *c)
{
	char item[160], v[96];
	ns_cycles(v, sizeof(v), r, &c->cost);
	snprintf(item, sizeof(item), "per interrupt %s", v);
	ticks_mark(item, sizeof(item), &c, 1);
	line_add(l, sep, item);
	const struct rconfig *s = spin_of(r, c);
	if (!s)
		return;
	struct estimate d = mean_estimate(&s->direct, r->ci);
	fmt_estimate(v, sizeof(v), &d, FIGURE_COMPACT);
	snprintf(item, sizeof(item), "direct%s %s", s == c ? "" : " (spin)", v);
	line_add(l, ": ", item);
	add_indirect(l, r, c, s);
}

static void print_model_row(const struct report *r, const struct rconfig *c)
{
	char label[96], share[96];
	struct estimate lost = mean_estimate(&c->lost, r->ci);
	model_label(label, sizeof(label), c);
	fmt_share_estimate(share, sizeof(share), &lost,
			   FIGURE_COMPACT | FIGURE_NOT_NEGATIVE | FIGURE_AT_MOST_100);
	ticks_mark(share, sizeof(share), &c, 1);
	printf("    %-36s %s\n", label, share);
	struct line l;
	line_start(&l, stdout_line, NULL, "     ", 8);
	add_costs(&l, " ", r, c);
	line_end(&l);
	print_pmu(r, c);
}

/* The groups (timer, mode, delivery, HZ) where a work model other than the floor ran. */
static bool group_has_work(const struct report *r, const struct rconfig *g)
{
	for (int i = 0; i < r->nconfig; i++)
		if (same_group(&r->cfg[i], g) && !is_floor(&r->cfg[i]) && r->cfg[i].lost.n)
			return true;
	return false;
}

static bool seen_group(const struct report *r, int i)
{
	for (int j = 0; j < i; j++)
		if (r->cfg[j].lost.n && same_group(&r->cfg[j], &r->cfg[i]))
			return true;
	return false;
}

static void print_group(const struct report *r, const struct rconfig *g)
{
	printf("%s %s (%s) HZ=%llu:\n", g->timer, g->mode, g->delivery, g->hz);
	for (int i = 0; i < r->nconfig; i++) {
		const struct rconfig *w = &r->cfg[i];
		bool first = true;
		for (int j = 0; j < i && first; j++)
			first = !(same_group(&r->cfg[j], w) && !strcmp(r->cfg[j].workload, w->workload) &&
				  r->cfg[j].lost.n);
		if (!same_group(w, g) || !w->lost.n || !first)
			continue;
		printf("  %s\n", w->workload);
		for (int k = i; k < r->nconfig; k++)
			if (same_group(&r->cfg[k], g) && !strcmp(r->cfg[k].workload, w->workload) &&
			    r->cfg[k].lost.n)
				print_model_row(r, &r->cfg[k]);
	}
}

static int by_data_kib(const void *a, const void *b)
{
	const struct rconfig *x = *(const struct rconfig *const *)a, *y = *(const struct rconfig *const *)b;
	return x->data_kib < y->data_kib ? -1 : x->data_kib > y->data_kib;
}

/* Same group, workload and model but for tick_data_kib. */
static bool same_but_data(const struct rconfig *a, const struct rconfig *b)
{
	return same_group(a, b) && !strcmp(a->workload, b->workload) && !a->preset[0] &&
	       !b->preset[0] && a->tick_work == b->tick_work && a->code_kib == b->code_kib &&
	       a->pages == b->pages;
}

static void print_crossing(const struct report *r, int i)
{
	const struct rconfig *c = &r->cfg[i], *s[64];
	size_t n = 0;
	for (int j = 0; j < r->nconfig && n < 64; j++) {
		if (j < i && r->cfg[j].lost.n && same_but_data(&r->cfg[j], c))
			return;                 /* printed with the first of its sweep */
		if (r->cfg[j].lost.n && same_but_data(&r->cfg[j], c))
			s[n++] = &r->cfg[j];
	}
	if (n < 2)
		return;
	qsort(s, n, sizeof(s[0]), by_data_kib);
	double kib[64], share[64], at;
	for (size_t k = 0; k < n; k++)
		kib[k] = (double)s[k]->data_kib, share[k] = ds_mean(&s[k]->lost);
	struct rconfig rest = *c;
	rest.data_kib = 0;
	char others[96] = "";
	if (!is_floor(&rest))
		model_label(others, sizeof(others), &rest);
	char head[192], item[128], pct[48], kb[32];
	snprintf(head, sizeof(head), "  %s %s HZ=%llu %s%s%s:", c->timer, c->mode, c->hz,
		 c->workload, *others ? ", " : "", others);
	int where = share_crossing(kib, share, n, CROSSING_PPM, &at);
	figure_double(pct, sizeof(pct), (where < 0 ? share[0] : share[n - 1]) / 1e4, -1, 0,
		      FIGURE_PERCENT);
	figure_double(kb, sizeof(kb), at, -1, 0, 0);
	if (where < 0)
		snprintf(item, sizeof(item), "already at data %s KiB (%s), the smallest", kb, pct);
	else if (where > 0)
		snprintf(item, sizeof(item), "not within data %.0f-%.0f KiB (at most %s)",
			 kib[0], kib[n - 1], pct);
	else
		snprintf(item, sizeof(item), "data %s KiB", kb);
	ticks_mark(item, sizeof(item), s, (int)n);
	struct line l;
	line_start(&l, stdout_line, NULL, head, 4);
	line_add(&l, " ", item);
	line_end(&l);
}

static void print_crossings(const struct report *r)
{
	bool any = false;
	for (int i = 0; i < r->nconfig; i++) {
		const struct rconfig *c = &r->cfg[i];
		int points = 0;
		for (int j = 0; j < r->nconfig; j++)
			points += r->cfg[j].lost.n && same_but_data(&r->cfg[j], c) &&
				  r->cfg[j].data_kib != c->data_kib;
		if (!c->lost.n || !points || !on_answer_cpus(r, c))
			continue;
		if (!any)
			printf("\nThe data footprint at which the tick costs 1 %% of the CPU "
			       "(interpolated between\nthe tick_data_kib points that bracket it):\n");
		any = true;
		print_crossing(r, i);
	}
}

/* "spectrum peak at 1000 Hz (...)" of the runs' series, cut to the shortest. */
static void add_spectrum(struct line *l, const struct report *r, const struct rconfig *c)
{
	size_t n = c->nseries ? c->series[0].n : 0, k = 0;
	const double *v[256];
	char item[160];
	for (size_t i = 0; i < c->nseries && k < 256; i++) {
		n = c->series[i].n < n ? c->series[i].n : n;
		v[k++] = c->series[i].v;
	}
	struct peak p;
	double tsc_hz = r->first_tsc_hz;
	if (!k || !(c->quantum_cycles > 0) || !(tsc_hz > 0) ||
	    !spectrum_peak(v, k, n, c->quantum_cycles / tsc_hz, &p) || !p.found) {
		snprintf(item, sizeof(item), "no spectrum peak (%zu series of %zu quanta)", k, n);
		line_add(l, "; ", item);
		return;
	}
	snprintf(item, sizeof(item), "spectrum peak at %.0f Hz", p.rounded_hz);
	line_add(l, "; ", item);
	snprintf(item, sizeof(item), "(%.1f Hz, bins of %.3g Hz, %zu runs of %zu quanta; the "
		 "tick: %llu Hz)", p.hz, p.resolution_hz, k, n, c->hz);
	line_add(l, " ", item);
}

static void print_ftq(const struct report *r, const struct rconfig *c)
{
	char label[96], v[64], item[256];
	struct estimate lost = mean_estimate(&c->ftq_lost, r->ci);
	double units = ds_mean(&c->ftq_units);
	struct line l;
	model_label(label, sizeof(label), c);
	snprintf(item, sizeof(item), "  %s %s (%s) HZ=%llu, %s:", c->timer, c->mode, c->delivery,
		 c->hz, label);
	line_start(&l, stdout_line, NULL, item, 4);
	char u[32], pct[32];
	figure_double(u, sizeof(u), units, -1, 0, 0);
	snprintf(item, sizeof(item), "quanta of %.0f cycles, %s units each without the timer",
		 c->quantum_cycles, u);
	line_add(&l, " ", item);
	fmt_estimate(v, sizeof(v), &lost, FIGURE_COMPACT);
	figure_double(pct, sizeof(pct), units > 0 ? lost.v / units * 100 : 0.0, -1, 0,
		      FIGURE_PERCENT);
	snprintf(item, sizeof(item), "work lost per quantum %s units (%s)", v, pct);
	ticks_mark(item, sizeof(item), &c, 1);
	line_add(&l, "; ", item);
	add_costs(&l, "; ", r, c);
	add_spectrum(&l, r, c);
	line_end(&l);
}

static void print_ftqs(const struct report *r)
{
	bool any = false;
	for (int i = 0; i < r->nconfig; i++) {
		const struct rconfig *c = &r->cfg[i];
		if (strcmp(c->workload, "ftq") || !c->ftq_lost.n || !on_answer_cpus(r, c))
			continue;
		if (!any)
			printf("\nftq, fixed time quanta (units of work per quantum; %s %% intervals):\n",
			       level_words(r->ci));
		any = true;
		print_ftq(r, c);
	}
}

void report_print_work(struct report *r)
{
	bool any = false;
	for (int i = 0; i < r->nconfig; i++) {
		const struct rconfig *c = &r->cfg[i];
		if (!on_answer_cpus(r, c) || !c->lost.n || seen_group(r, i) || !group_has_work(r, c))
			continue;
		if (!any)
			printf("\nA tick that does work (CPU share lost; per interrupt: total, direct "
			       "and\nindirect cost; %s %% intervals):\n", level_words(r->ci));
		any = true;
		print_group(r, c);
	}
	print_crossings(r);
	print_ftqs(r);
}
