/* tickstat report: the Idle section (idle.h). */
#include "idle.h"
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct idle_data *idle_new(void)
{
	return calloc(1, sizeof(struct idle_data));
}

void idle_free(struct idle_data *d)
{
	if (!d)
		return;
	for (int i = 0; i < d->ncfg; i++) {
		struct iconfig *c = &d->cfg[i];
		ds_free(&c->mw), ds_free(&c->wakeups_s);
		for (int k = 0; k < IDLE_MAX_RES; k++)
			ds_free(&c->res[k]);
		free(c->win);
	}
	for (int i = 0; i < d->nlat; i++) {
		struct ilat *l = &d->lat[i];
		ds_free(&l->p50), ds_free(&l->p99), ds_free(&l->p999), ds_free(&l->max);
	}
	free(d);
}

static struct iconfig *config_of(struct idle_data *d, const char *wait, uint64_t hz, uint64_t cpus)
{
	for (int i = 0; i < d->ncfg; i++)
		if (!strcmp(d->cfg[i].wait, wait) && d->cfg[i].hz == hz && d->cfg[i].cpus == cpus)
			return &d->cfg[i];
	if (d->ncfg == IDLE_MAX_CONFIGS)
		return NULL;
	struct iconfig *c = &d->cfg[d->ncfg++];
	snprintf(c->wait, sizeof(c->wait), "%s", wait);
	c->hz = hz;
	c->cpus = (unsigned)cpus;
	return c;
}

/* The index of residency counter name ("pc6"), added when new; -1 when full. */
static int res_index(struct idle_data *d, const char *name, size_t len)
{
	for (int k = 0; k < d->nres; k++)
		if (strlen(d->res_names[k]) == len && !strncmp(d->res_names[k], name, len))
			return k;
	if (d->nres == IDLE_MAX_RES || len >= sizeof(d->res_names[0]))
		return -1;
	snprintf(d->res_names[d->nres], sizeof(d->res_names[0]), "%.*s", (int)len, name);
	return d->nres++;
}

/* Every residency_X_ppm field of the boot CPU's core and package, in %. */
static void take_residency(struct idle_data *d, struct iconfig *c, const struct rec *r,
			   unsigned boot)
{
	for (size_t i = 0; i < r->nfields; i++) {
		const char *key = r->f[i].key;
		size_t len = strlen(key);
		if (strncmp(key, "residency_", 10) || len < 15 || strcmp(key + len - 4, "_ppm") ||
		    r->f[i].v.kind != V_INT)
			continue;
		int k = res_index(d, key + 10, len - 14);
		if (k >= 0)
			ds_add_boot(&c->res[k], (double)r->f[i].v.u / 1e4, boot);
	}
}

static void take_window(struct idle_data *d, const struct rec *r, double tsc_hz,
			unsigned boot)
{
	const char *wait = rec_str(r, "wait");
	uint64_t hz, cpus = 1, run = 0;
	double cycles, wakeups, expected, uw;
	if (!wait || !rec_u64(r, "hz", &hz) || !rec_num(r, "cycles", &cycles) || !(cycles > 0))
		return;
	rec_u64(r, "cpus", &cpus);
	rec_u64(r, "run", &run);
	struct iconfig *c = config_of(d, wait, hz, cpus);
	struct iwindow *w = c ? realloc(c->win, (c->nwin + 1) * sizeof(*w)) : NULL;
	if (!w)
		return;
	c->win = w;
	double mw = rec_num(r, "power_uw", &uw) ? uw / 1e3 : NAN;
	c->win[c->nwin++] = (struct iwindow){ boot, run, mw };
	if (isnan(mw))
		c->no_energy++;
	else
		ds_add_boot(&c->mw, mw, boot);
	bool has_wakeups = rec_num(r, "wakeups", &wakeups);
	if (has_wakeups && tsc_hz > 0)
		ds_add_boot(&c->wakeups_s, wakeups * tsc_hz / cycles, boot);
	if (has_wakeups && rec_num(r, "expected", &expected)) {
		c->wakeups += wakeups;
		c->expected += expected;
	}
	take_residency(d, c, r, boot);
}

/* latency stats on one CPU: by state, source and stamp. */
static void take_stats(struct idle_data *d, const struct rec *r, double tsc_hz,
		       unsigned boot)
{
	const char *bench = rec_str(r, "bench"), *what = rec_str(r, "what");
	const char *wait = rec_str(r, "wait"), *stamp = rec_str(r, "stamp");
	uint64_t cpus = 1;
	double p50, p99, p999, max, unit = tsc_hz > 0 ? 1e9 / tsc_hz : 1;
	rec_u64(r, "cpus", &cpus);
	if (!bench || strcmp(bench, "latency") || !what || !wait || cpus != 1 ||
	    !rec_num(r, "p50", &p50) || !rec_num(r, "p99", &p99) || !rec_num(r, "p999", &p999) ||
	    !rec_num(r, "max", &max))
		return;
	bool wake = stamp && !strcmp(stamp, "wake");
	struct ilat *l = NULL;
	for (int i = 0; i < d->nlat && !l; i++)
		if (!strcmp(d->lat[i].wait, wait) && !strcmp(d->lat[i].what, what) &&
		    d->lat[i].wake == wake)
			l = &d->lat[i];
	if (!l && d->nlat < IDLE_MAX_LAT) {
		l = &d->lat[d->nlat++];
		snprintf(l->wait, sizeof(l->wait), "%s", wait);
		snprintf(l->what, sizeof(l->what), "%s", what);
		l->wake = wake;
	}
	if (!l)
		return;
	ds_add_boot(&l->p50, p50 * unit, boot), ds_add_boot(&l->p99, p99 * unit, boot);
	ds_add_boot(&l->p999, p999 * unit, boot), ds_add_boot(&l->max, max * unit, boot);
}

void idle_take(struct idle_data *d, const struct rec *r, double tsc_hz, unsigned boot)
{
	const char *bench = rec_str(r, "bench"), *what = rec_str(r, "what");
	if (!strcmp(r->type, "idle"))
		take_window(d, r, tsc_hz, boot);
	else if (!strcmp(r->type, "stats"))
		take_stats(d, r, tsc_hz, boot);
	else if (!strcmp(r->type, "skip") && bench && !strcmp(bench, "idle") && what &&
		 !strcmp(what, "energy") && !d->energy_skip[0])
		snprintf(d->energy_skip, sizeof(d->energy_skip), "%s",
			 rec_str(r, "reason") ? rec_str(r, "reason") : "");
}

/* ---- printing ---------------------------------------------------------------------- */

static void print_latency(const struct idle_data *d, int ci, bool cycles_only)
{
	static const char *const names[] = { "p50", "p99", "p99.9", "max" };
	if (!d->nlat)
		return;
	printf("\nIdle: wake-up latency by state and source (%s; mean over runs of each run's\n"
	       "percentile, %g %% intervals; wake: MWAIT's own stamp, before the handler):\n",
	       cycles_only ? "cycles" : "ns", conf_pct[ci]);
	for (int i = 0; i < d->nlat; i++) {
		const struct ilat *l = &d->lat[i];
		const struct dataset *ds[] = { &l->p50, &l->p99, &l->p999, &l->max };
		char head[64], item[64], v[48];
		struct line w;
		snprintf(head, sizeof(head), "  %s %s%s:", l->wait, l->what, l->wake ? " wake" : "");
		line_start(&w, head, 4);
		for (int k = 0; k < 4; k++) {
			struct estimate iv = mean_estimate(ds[k], ci);
			fmt_pm(v, sizeof(v), iv.v, iv.e);
			snprintf(item, sizeof(item), "%s %s", names[k], v);
			line_add(&w, k ? ", " : " ", item);
		}
		line_end(&w);
	}
}

/* The deepest residency counter that moved in a or b (res_names' order is the
 * records', shallow to deep); -1 when none. */
static int deepest(const struct idle_data *d, const struct iconfig *a, const struct iconfig *b)
{
	int k = -1;
	for (int i = 0; i < d->nres; i++)
		if ((a->res[i].n && ds_mean(&a->res[i]) > 0) || (b->res[i].n && ds_mean(&b->res[i]) > 0))
			k = i;
	return k;
}

static void print_config(const struct idle_data *d, const struct iconfig *c, int ci)
{
	char head[64], item[96];
	struct line w;
	struct estimate iv = mean_estimate(&c->mw, ci);
	snprintf(head, sizeof(head), "  %-12s HZ=%-5llu", c->wait, c->hz);
	line_start(&w, head, 6);
	if (c->mw.n) {
		fmt_pm(item, sizeof(item), iv.v, iv.e);
		strcat(item, " mW");
	}
	line_add(&w, " ", c->mw.n ? item : "no energy figure");
	int k = deepest(d, c, c);
	if (k >= 0) {
		snprintf(item, sizeof(item), "%s %.1f %%", d->res_names[k], ds_mean(&c->res[k]));
		line_add(&w, "; ", item);
	}
	if (c->wakeups_s.n) {
		snprintf(item, sizeof(item), "%.1f wake-ups/s%s", ds_mean(&c->wakeups_s),
			 c->hz ? "" : " (tickless)");
		line_add(&w, "; ", item);
	}
	/* A tick held pending while IF = 0 for over a period merges with the next
	 * (one IRR bit a vector): QEMU's TCG, whose MWAIT returns at once with two
	 * vCPUs, takes about half of them. */
	if (c->expected > 0 && c->wakeups < 0.9 * c->expected) {
		snprintf(item, sizeof(item), "only %.0f %% of the ticks taken (the rest lost "
			 "while pending)", 100 * c->wakeups / c->expected);
		line_add(&w, "; ", item);
	}
	line_end(&w);
}

/* The per-run differences b - a of the windows of the same boot and run index. */
static void paired(const struct iconfig *a, const struct iconfig *b, struct dataset *diff)
{
	for (size_t i = 0; i < b->nwin; i++)
		for (size_t j = 0; j < a->nwin; j++)
			if (b->win[i].run == a->win[j].run && b->win[i].boot == a->win[j].boot &&
			    !isnan(b->win[i].mw) && !isnan(a->win[j].mw)) {
				ds_add_boot(diff, b->win[i].mw - a->win[j].mw, b->win[i].boot);
				break;
			}
}

/* "12.3 µJ per extra wake-up", "deepest state (pc6) reached 81.2 % vs 75.0 % of the
 * time" (MPERF alone: "awake (c0) ..."). */
static void pair_items(struct line *w, const struct idle_data *d, const struct iconfig *a,
		       const struct iconfig *b, double diff_mw)
{
	char item[128];
	int k = deepest(d, a, b);
	double dw = b->wakeups_s.n && a->wakeups_s.n ? ds_mean(&b->wakeups_s) - ds_mean(&a->wakeups_s) : 0;
	if (!isnan(diff_mw) && dw > 0.5) {
		snprintf(item, sizeof(item), "%.3g µJ per extra wake-up", diff_mw * 1e3 / dw);
		line_add(w, "; ", item);
	}
	if (k < 0)
		return;
	bool c0 = !strcmp(d->res_names[k], "c0");
	snprintf(item, sizeof(item), "%s (%s)%s %.1f %% vs %.1f %% of the time",
		 c0 ? "awake" : "deepest state", d->res_names[k], c0 ? "" : " reached",
		 b->res[k].n ? ds_mean(&b->res[k]) : 0.0, a->res[k].n ? ds_mean(&a->res[k]) : 0.0);
	line_add(w, "; ", item);
}

/* The verdict on the pairs' mean difference, in tick's words (report_print.c):
 * proven, "+x ± y mW (95 %, 1 boot × 3 runs, t over runs)"; not proven, with what it
 * would need, "no difference proven (needed: 1 boot × 37 runs): +x ± y mW (...)"; or
 * no energy figure. */
static void verdict_items(struct line *w, const struct dataset *diff, int ci)
{
	struct estimate e = mean_estimate(diff, ci);
	char v[80], method[96], need[64], item[192];
	if (!diff->n || !e.interval) {
		if (diff->n)
			snprintf(item, sizeof(item), "too few runs to compare (n=%zu)", diff->n);
		line_add(w, " ", diff->n ? item : "no energy counter");
		return;
	}
	fmt_pm_estimate(v, sizeof(v), &e, true);
	strcat(v, " mW");
	snprintf(method, sizeof(method), "(");
	fmt_method(method + 1, sizeof(method) - 2, &e, ci);
	strcat(method, ")");
	if (!estimate_excludes_zero(&e)) {
		struct need n = need_for_mean(diff, fabs(e.v), 0, ci);
		if (e.v == 0)
			snprintf(need, sizeof(need), "identical means");
		else
			fmt_need(need, sizeof(need), &n);
		snprintf(item, sizeof(item), "no difference proven (%s):", need);
		line_add(w, " ", item);
	}
	line_add(w, " ", v);
	line_add(w, " ", method);
}

static void print_pair(const struct idle_data *d, const struct iconfig *a, const struct iconfig *b,
		       int ci)
{
	struct dataset diff;
	char head[64];
	struct line w;
	ds_init(&diff, "diff");
	paired(a, b, &diff);
	snprintf(head, sizeof(head), "    HZ=%llu vs HZ=%llu:", b->hz, a->hz);
	line_start(&w, head, 6);
	verdict_items(&w, &diff, ci);
	pair_items(&w, d, a, b, diff.n ? mean_estimate(&diff, ci).v : NAN);
	line_end(&w);
	ds_free(&diff);
}

static void print_state(const struct idle_data *d, int first, int ci)
{
	const struct iconfig *f = &d->cfg[first], *c[IDLE_MAX_CONFIGS];
	int n = 0;
	for (int i = first; i < d->ncfg; i++)       /* by ascending HZ */
		if (!strcmp(d->cfg[i].wait, f->wait) && d->cfg[i].cpus == f->cpus) {
			int k = n++;
			for (; k > 0 && c[k - 1]->hz > d->cfg[i].hz; k--)
				c[k] = c[k - 1];
			c[k] = &d->cfg[i];
		}
	for (int i = 0; i < n; i++)
		print_config(d, c[i], ci);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			print_pair(d, c[i], c[j], ci);
}

void idle_print(const struct idle_data *d, int ci, bool cycles_only)
{
	print_latency(d, ci, cycles_only);
	if (!d->ncfg)
		return;
	printf("\nIdle: package power at each HZ (%g %% intervals), the deepest residency,\n"
	       "wake-ups per second; HZ pairs compare the windows of one run:\n", conf_pct[ci]);
	for (int i = 0; i < d->ncfg; i++) {
		bool seen = false;
		for (int j = 0; j < i; j++)
			seen |= !strcmp(d->cfg[j].wait, d->cfg[i].wait) && d->cfg[j].cpus == d->cfg[i].cpus;
		if (!seen)
			print_state(d, i, ci);
	}
	if (d->energy_skip[0])
		printf("  no energy counter: %s\n", d->energy_skip);
}
