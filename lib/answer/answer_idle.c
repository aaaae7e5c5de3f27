/* The answer's Idle part (see answer_idle.h). */
#include "answer_idle.h"
#include "estimate.h"
#include "figure_double.h"
#include "format.h"
#include "alloc_hook.h"
#include "lib.h"
#include "schema.h"
#include "student.h"

struct idle_data *idle_new(void)
{
	struct idle_data *d = heap_resize(NULL, 0, sizeof(*d));
	if (d) {
		memset(d, 0, sizeof(*d));
		d->configs = (struct configurations){ .size = sizeof(struct iconfig),
						      .max = IDLE_MAX_CONFIGS };
	}
	return d;
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
		heap_free(c->win);
	}
	configurations_free(&d->configs);
	for (int i = 0; i < d->nlat; i++) {
		struct ilat *l = &d->lat[i];
		ds_free(&l->p50), ds_free(&l->p99), ds_free(&l->p999), ds_free(&l->max);
	}
	heap_free(d);
}

/* An idle window's configuration: its state, HZ and CPU count (1 where absent). */
static const struct configuration_part config_parts[] = {
	{ FIELD(idle, wait, STR), "" }, { FIELD(idle, hz, U64), "0" },
	{ FIELD(idle, cpus, U64), "1" }, { NULL, NULL },
};

static struct iconfig *config_of(struct idle_data *d, const struct rec *r, const char *wait,
				 uint64_t hz, uint64_t cpus)
{
	struct configuration key;
	bool added;
	configuration_pick(&key, r, config_parts);
	int k = configurations_place(&d->configs, &key, &added);
	if (k < 0)
		return NULL;
	d->cfg = d->configs.items, d->ncfg = d->configs.n;
	struct iconfig *c = &d->cfg[k];
	if (added) {
		format(c->wait, sizeof(c->wait), "%s", wait);
		c->hz = hz;
		c->cpus = (unsigned)cpus;
	}
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
	format(d->res_names[d->nres], sizeof(d->res_names[0]), "%.*s", (int)len, name);
	return d->nres++;
}

/* Each residency_X_ppm field of the boot CPU's core and package, in %, to fn. */
static void each_residency(struct idle_data *d, const struct rec *r,
			   void (*fn)(void *ctx, int k, double pct), void *ctx)
{
	for (size_t i = 0; i < r->nfields; i++) {
		const char *key = r->f[i].key;
		size_t len = strlen(key);
		if (strncmp(key, "residency_", 10) || len < 15 || strcmp(key + len - 4, "_ppm") ||
		    r->f[i].v.kind != V_INT)
			continue;
		int k = res_index(d, key + 10, len - 14);
		if (k >= 0)
			fn(ctx, k, (double)r->f[i].v.u / 1e4);
	}
}

struct window_res { struct iconfig *c; unsigned boot; };

static void add_window_res(void *ctx, int k, double pct)
{
	struct window_res *w = ctx;
	ds_add_boot(&w->c->res[k], pct, w->boot);
}

static void add_window(struct iconfig *c, struct iwindow w)
{
	if (c->nwin == c->cap_win) {
		size_t cap = c->cap_win ? 2 * c->cap_win : 16;
		struct iwindow *more = heap_resize(c->win, c->cap_win * sizeof(*more), cap * sizeof(*more));
		if (!more)
			return;
		c->win = more;
		c->cap_win = cap;
	}
	c->win[c->nwin++] = w;
}

static void take_window(struct idle_data *d, const struct rec *r, double tsc_hz,
			unsigned boot)
{
	const char *wait = rec_str(r, FIELD(idle, wait, STR));
	uint64_t hz, cpus = 1, run = 0;
	double cycles, wakeups, expected, uw;
	if (!wait || !rec_u64(r, FIELD_INT(idle, hz), &hz) ||
	    !rec_num(r, FIELD_INT(idle, cycles), &cycles) || !(cycles > 0))
		return;
	rec_u64(r, FIELD_INT(idle, cpus), &cpus);
	rec_u64(r, FIELD_INT(idle, run), &run);
	struct iconfig *c = config_of(d, r, wait, hz, cpus);
	if (!c)
		return;
	bool has_mw = rec_num(r, FIELD_INT(idle, power_uw), &uw);
	add_window(c, (struct iwindow){ boot, run, has_mw ? uw / 1e3 : 0, has_mw });
	if (!has_mw)
		c->no_energy++;
	else
		ds_add_boot(&c->mw, uw / 1e3, boot);
	bool has_wakeups = rec_num(r, FIELD_INT(idle, wakeups), &wakeups);
	if (has_wakeups && tsc_hz > 0)
		ds_add_boot(&c->wakeups_s, wakeups * tsc_hz / cycles, boot);
	if (has_wakeups && rec_num(r, FIELD_INT(idle, expected), &expected)) {
		c->wakeups += wakeups;
		c->expected += expected;
	}
	struct window_res w = { c, boot };
	each_residency(d, r, add_window_res, &w);
}

static struct ilat *lat_of(struct idle_data *d, const char *wait, const char *what, bool wake)
{
	for (int i = 0; i < d->nlat; i++)
		if (!strcmp(d->lat[i].wait, wait) && !strcmp(d->lat[i].what, what) &&
		    d->lat[i].wake == wake)
			return &d->lat[i];
	if (d->nlat == IDLE_MAX_LAT)
		return NULL;
	struct ilat *l = &d->lat[d->nlat++];
	format(l->wait, sizeof(l->wait), "%s", wait);
	format(l->what, sizeof(l->what), "%s", what);
	l->wake = wake;
	return l;
}

static void add_lat_res(void *ctx, int k, double pct)
{
	struct ilat *l = ctx;
	l->res_sum[k] += pct;
}

/* latency stats on one CPU: by state, source and stamp. */
static void take_stats(struct idle_data *d, const struct rec *r, double tsc_hz,
		       unsigned boot)
{
	const char *bench = rec_str(r, FIELD(stats, bench, STR));
	const char *what = rec_str(r, FIELD(stats, what, STR));
	const char *wait = rec_str(r, FIELD(stats, wait, STR));
	const char *stamp = rec_str(r, FIELD(stats, stamp, STR));
	uint64_t cpus = 1, n = 0, spurious = 0;
	double p50, p99, p999, max, unit = tsc_hz > 0 ? 1e9 / tsc_hz : 1;
	rec_u64(r, FIELD_INT(stats, cpus), &cpus);
	if (!bench || strcmp(bench, "latency") || !what || !wait || cpus != 1 ||
	    !rec_num(r, FIELD_INT(stats, p50), &p50) || !rec_num(r, FIELD_INT(stats, p99), &p99) ||
	    !rec_num(r, FIELD_INT(stats, p999), &p999) ||
	    !rec_num(r, FIELD_INT(stats, max), &max))
		return;
	bool wake = stamp && !strcmp(stamp, "wake");
	struct ilat *l = lat_of(d, wait, what, wake);
	if (!l)
		return;
	ds_add_boot(&l->p50, p50 * unit, boot), ds_add_boot(&l->p99, p99 * unit, boot);
	ds_add_boot(&l->p999, p999 * unit, boot), ds_add_boot(&l->max, max * unit, boot);
	rec_u64(r, FIELD_INT(stats, n), &n);
	rec_u64(r, FIELD_INT(stats, spurious), &spurious);
	l->samples += n;
	l->spurious += spurious;
	if (!wake) {
		each_residency(d, r, add_lat_res, l);
		l->res_runs++;
	}
}

/* The skip of idle's energy counter: its reason, once. */
static void take_energy_skip(struct idle_data *d, const struct rec *r)
{
	const char *bench = rec_str(r, FIELD(skip, bench, STR));
	const char *what = rec_str(r, FIELD(skip, what, STR));
	const char *why = rec_str(r, FIELD(skip, reason, STR));
	if (bench && !strcmp(bench, "idle") && what && !strcmp(what, "energy") && !d->energy_skip[0])
		format(d->energy_skip, sizeof(d->energy_skip), "%s", why ? why : "");
}

void idle_take(struct idle_data *d, const struct rec *r, double tsc_hz, unsigned boot)
{
	if (!strcmp(r->type, "idle"))
		take_window(d, r, tsc_hz, boot);
	else if (!strcmp(r->type, "stats"))
		take_stats(d, r, tsc_hz, boot);
	else if (!strcmp(r->type, "skip"))
		take_energy_skip(d, r);
}

/* ---- printing ---------------------------------------------------------------------- */

/* The method of a line's items, when they share it: "(95 %, 1 boot x 3 runs, t over
 * runs)". */
static void add_method(struct line *w, const struct estimate *e, int ci)
{
	char m[96], item[100];
	if (!e->interval)
		return;
	fmt_method(m, sizeof(m), e, ci);
	format(item, sizeof(item), "(%s)", m);
	line_add(w, " ", item);
}

static void print_latency_line(const struct ilat *l, int ci, struct answer_out *o)
{
	static const char *const names[] = { "p50", "p99", "p99.9", "max" };
	const struct dataset *ds[] = { &l->p50, &l->p99, &l->p999, &l->max };
	char head[64], item[96], v[80];
	struct line w;
	struct estimate iv = { 0 };
	format(head, sizeof(head), "  %s %s%s:", l->wait, l->what, l->wake ? " wake" : "");
	answer_line_start(o, &w, head, 4);
	for (int k = 0; k < 4; k++) {
		iv = mean_estimate(ds[k], ci);
		figure_double(v, sizeof(v), iv.v, iv.interval ? iv.e : -1, iv.na, FIGURE_COMPACT);
		format(item, sizeof(item), "%s %s", names[k], v);
		line_add(&w, k ? ", " : " ", item);
	}
	add_method(&w, &iv, ci);
	line_end(&w);
}

/* Which residency counters a state's runs moved ("hlt: deepest residency cc6 45.2 %;
 * never entered cc7, pc2"), of the counters idle_caps names (an emulator's count
 * nothing). */
static void print_entered(const struct idle_data *d, const char *wait, struct answer_out *o)
{
	double sum[IDLE_MAX_RES] = { 0 };
	unsigned runs = 0;
	for (int i = 0; i < d->nlat; i++)
		if (!d->lat[i].wake && !strcmp(d->lat[i].wait, wait)) {
			for (int k = 0; k < d->nres; k++)
				sum[k] += d->lat[i].res_sum[k];
			runs += d->lat[i].res_runs;
		}
	char never[120] = "", head[64], item[96];
	int deepest = -1, n = 0;
	for (int k = 0; k < d->nres && runs; k++) {
		if (sum[k] > 0)
			deepest = k;
		else
			n += format(never + n, sizeof(never) - (size_t)n, "%s%s", n ? ", " : "",
				    d->res_names[k]);
	}
	if (deepest < 0 && !n)
		return;                         /* no counter on this CPU */
	struct line w;
	format(head, sizeof(head), "  %s:", wait);
	answer_line_start(o, &w, head, 4);
	if (deepest >= 0) {
		char pct[32];
		figure_double(pct, sizeof(pct), sum[deepest] / runs, -1, 0, FIGURE_PERCENT);
		format(item, sizeof(item), "deepest residency %s %s", d->res_names[deepest], pct);
		line_add(&w, " ", item);
	}
	if (n) {
		format(item, sizeof(item), "never entered %s%s", never,
		       deepest < 0 ? " (or their counters do not count here)" : "");
		line_add(&w, deepest >= 0 ? "; " : " ", item);
	}
	line_end(&w);
}

static void print_latency(const struct idle_data *d, int ci, bool cycles_only,
			  struct answer_out *o)
{
	if (!d->nlat)
		return;
	o->kind |= ANSWER_HEAD;
	answer_say(o, "Idle: wake-up latency by state and source (%s; mean over runs of each run's",
		   cycles_only ? "cycles" : "ns");
	answer_say(o, "percentile, %s %% intervals; wake: MWAIT's own stamp, before the handler):",
		   level_words(ci));
	o->kind &= ~ANSWER_HEAD;
	for (int i = 0; i < d->nlat; i++)
		print_latency_line(&d->lat[i], ci, o);
	for (int i = 0; i < d->nlat; i++) {
		bool seen = false;
		for (int j = 0; j < i; j++)
			seen |= !strcmp(d->lat[j].wait, d->lat[i].wait);
		if (!seen)
			print_entered(d, d->lat[i].wait, o);
	}
	for (int i = 0; i < d->nlat; i++) {
		const struct ilat *l = &d->lat[i];
		if (!l->wake && l->spurious > l->samples)
			answer_say(o, "  %s %s: the wait returned %llu times without its wake in %llu "
				   "samples: the CPU did not stay in the state", l->wait, l->what,
				   l->spurious, l->samples);
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

static void print_config(const struct idle_data *d, const struct iconfig *c, int ci,
			 struct answer_out *o)
{
	char head[64], item[128], v[96];
	struct line w;
	struct estimate iv = mean_estimate(&c->mw, ci);
	format(head, sizeof(head), "  %-12s HZ=%-5llu", c->wait, c->hz);
	answer_line_start(o, &w, head, 6);
	if (c->mw.n) {
		figure_double(v, sizeof(v), iv.v, iv.interval ? iv.e : -1, iv.na, 0);
		format(item, sizeof(item), "%s mW", v);
	}
	line_add(&w, " ", c->mw.n ? item : "no energy figure");
	int k = deepest(d, c, c);
	if (k >= 0) {
		figure_double(v, sizeof(v), ds_mean(&c->res[k]), -1, 0, FIGURE_PERCENT);
		format(item, sizeof(item), "%s %s", d->res_names[k], v);
		line_add(&w, "; ", item);
	}
	if (c->wakeups_s.n) {
		figure_double(v, sizeof(v), ds_mean(&c->wakeups_s), -1, 0, 0);
		format(item, sizeof(item), "%s wake-ups/s%s", v, c->hz ? "" : " (tickless)");
		line_add(&w, "; ", item);
	}
	/* A tick held pending while IF = 0 for over a period merges with the next
	 * (one IRR bit a vector): QEMU's TCG, whose MWAIT returns at once with two
	 * vCPUs, takes about half of them. */
	if (c->expected > 0 && c->wakeups < 0.9 * c->expected) {
		figure_double(v, sizeof(v), 100 * c->wakeups / c->expected, -1, 0, FIGURE_PERCENT);
		format(item, sizeof(item), "only %s of the ticks taken (the rest lost while "
		       "pending)", v);
		line_add(&w, "; ", item);
	}
	if (c->mw.n)
		add_method(&w, &iv, ci);
	line_end(&w);
}

/* The per-run differences b - a of the windows of the same boot and run index. */
static void paired(const struct iconfig *a, const struct iconfig *b, struct dataset *diff)
{
	for (size_t i = 0; i < b->nwin; i++)
		for (size_t j = 0; j < a->nwin; j++)
			if (b->win[i].run == a->win[j].run && b->win[i].boot == a->win[j].boot &&
			    b->win[i].has_mw && a->win[j].has_mw) {
				ds_add_boot(diff, b->win[i].mw - a->win[j].mw, b->win[i].boot);
				break;
			}
}

/* "12.3 uJ per extra wake-up", "deepest state (pc6) reached 81.2 % vs 75.0 % of the
 * time" (MPERF alone: "awake (c0) ..."). */
static void pair_items(struct line *w, const struct idle_data *d, const struct iconfig *a,
		       const struct iconfig *b, const struct estimate *e)
{
	char item[160], x[48], y[48];
	int k = deepest(d, a, b);
	double dw = b->wakeups_s.n && a->wakeups_s.n ? ds_mean(&b->wakeups_s) - ds_mean(&a->wakeups_s) : 0;
	if (e->ok && dw > 0.5) {
		figure_double(x, sizeof(x), e->v * 1e3 / dw, -1, 0, 0);
		format(item, sizeof(item), "%s uJ per extra wake-up", x);
		line_add(w, "; ", item);
	}
	if (k < 0)
		return;
	bool c0 = !strcmp(d->res_names[k], "c0");
	figure_double(x, sizeof(x), b->res[k].n ? ds_mean(&b->res[k]) : 0, -1, 0, FIGURE_PERCENT);
	figure_double(y, sizeof(y), a->res[k].n ? ds_mean(&a->res[k]) : 0, -1, 0, FIGURE_PERCENT);
	format(item, sizeof(item), "%s (%s)%s %s vs %s of the time", c0 ? "awake" : "deepest state",
	       d->res_names[k], c0 ? "" : " reached", x, y);
	line_add(w, "; ", item);
}

/* The verdict on the pairs' mean difference, in the tick verdicts' words: proven,
 * "+x +/- y mW (95 %, 1 boot x 3 runs, t over runs)"; not proven, with what it would
 * need, "no difference proven (needed: 1 boot x 37 runs): +x +/- y mW (...)"; or no
 * energy figure. */
static void verdict_items(struct line *w, const struct dataset *diff, const struct estimate *e,
			  int ci)
{
	char v[96], need[64], item[192];
	if (!diff->n || !e->interval) {
		if (diff->n)
			format(item, sizeof(item), "too few runs to compare (n=%zu)", diff->n);
		line_add(w, " ", diff->n ? item : "no energy counter");
		return;
	}
	size_t len = (size_t)figure_double(v, sizeof(v), e->v, e->e, diff->n,
					   FIGURE_SIGN | FIGURE_COMPACT);
	format(v + len, sizeof(v) - len, " mW");
	if (!estimate_excludes_zero(e)) {
		struct need n = need_for_mean(diff, e->v < 0 ? -e->v : e->v, 0, ci);
		if (e->v == 0)
			format(need, sizeof(need), "identical means");
		else
			fmt_need(need, sizeof(need), &n);
		format(item, sizeof(item), "no difference proven (%s):", need);
		line_add(w, " ", item);
	}
	line_add(w, " ", v);
	add_method(w, e, ci);
}

static void print_pair(const struct idle_data *d, const struct iconfig *a, const struct iconfig *b,
		       int ci, struct answer_out *o)
{
	struct dataset diff;
	char head[64];
	struct line w;
	ds_init(&diff, "diff");
	paired(a, b, &diff);
	struct estimate e = mean_estimate(&diff, ci);
	format(head, sizeof(head), "    HZ=%llu vs HZ=%llu:", b->hz, a->hz);
	answer_line_start(o, &w, head, 6);
	verdict_items(&w, &diff, &e, ci);
	pair_items(&w, d, a, b, &e);
	line_end(&w);
	ds_free(&diff);
}

static void print_state(const struct idle_data *d, int first, int ci, struct answer_out *o)
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
		print_config(d, c[i], ci, o);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			print_pair(d, c[i], c[j], ci, o);
}

void idle_print(const struct idle_data *d, int ci, bool cycles_only, struct answer_out *o)
{
	print_latency(d, ci, cycles_only, o);
	if (!d->ncfg)
		return;
	o->kind |= ANSWER_HEAD;
	answer_say(o, "Idle: package power at each HZ (%s %% intervals), the deepest residency,",
		   level_words(ci));
	answer_say(o, "wake-ups per second; HZ pairs compare the windows of one run:");
	o->kind &= ~ANSWER_HEAD;
	for (int i = 0; i < d->ncfg; i++) {
		bool seen = false;
		for (int j = 0; j < i; j++)
			seen |= !strcmp(d->cfg[j].wait, d->cfg[i].wait) && d->cfg[j].cpus == d->cfg[i].cpus;
		if (!seen)
			print_state(d, i, ci, o);
	}
	if (d->energy_skip[0])
		answer_say(o, "  no energy counter: %s", d->energy_skip);
}
