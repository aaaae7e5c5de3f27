/* A per-run figure over boots (see boots.h). */
#include "boots.h"
#include "alloc_hook.h"
#include "resample.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the values grouped by boot ----------------------------------------------- */

struct clusters {
	int k, cap;              /* cap: the room in id, start, len and mean */
	unsigned *id;            /* the boot of each cluster, in order of first appearance */
	unsigned top;            /* the greatest of them */
	size_t *start, *len;     /* its values: v[start .. start + len) */
	const double *v;         /* the data set's own values where each boot's come in a
				  * row (a log's runs do), else copy */
	double *copy, *mean;
};

/* The cluster of boot id, -1 for none. A log's boots are numbered in its order: a
 * boot past the greatest is new without a search (a search for each new boot was
 * quadratic in the boots, 5 % of summary's time on 7,720 of them). */
static int cluster_of(const struct clusters *c, unsigned id)
{
	if (!c->k || id > c->top)
		return -1;
	for (int i = c->k; i-- > 0;)
		if (c->id[i] == id)
			return i;
	return -1;
}

/* A new cluster of boot id, its number; the arrays grow as boots come (a set
 * has few: made for its n values, they were a quarter of summary's levels_of, in
 * calloc's zeroing). */
static int new_cluster(struct clusters *c, unsigned id)
{
	if (c->k == c->cap) {
		size_t from = (size_t)c->cap, to = from ? 2 * from : 8;
		c->id = heap_resize(c->id, from * sizeof(unsigned), to * sizeof(unsigned));
		c->start = heap_resize(c->start, from * sizeof(size_t), to * sizeof(size_t));
		c->len = heap_resize(c->len, from * sizeof(size_t), to * sizeof(size_t));
		c->mean = heap_resize(c->mean, from * sizeof(double), to * sizeof(double));
		c->cap = (int)to;
	}
	c->id[c->k] = id;
	c->top = !c->k || id > c->top ? id : c->top;
	c->start[c->k] = c->len[c->k] = 0;
	return c->k++;
}

/* The boot ids and how many values each has; whether each boot's values come in a
 * row. */
static bool count_clusters(const struct dataset *d, struct clusters *c)
{
	bool in_a_row = true;
	for (size_t i = 0; i < d->n; i++) {
		unsigned id = d->boot ? d->boot[i] : 0;
		int k = cluster_of(c, id);
		if (k < 0)
			k = new_cluster(c, id);
		in_a_row &= k == c->k - 1;
		c->len[k]++;
	}
	return in_a_row;
}

static void clusters_of(const struct dataset *d, struct clusters *c)
{
	*c = (struct clusters){ .v = d->v };
	bool in_a_row = count_clusters(d, c);
	for (int k = 1; k < c->k; k++)
		c->start[k] = c->start[k - 1] + c->len[k - 1];
	if (!in_a_row) {
		size_t *fill = must_calloc((size_t)c->k, sizeof(*fill));
		c->v = c->copy = must_calloc(d->n, sizeof(*c->copy));
		for (size_t i = 0; i < d->n; i++) {
			int k = cluster_of(c, d->boot ? d->boot[i] : 0);
			c->copy[c->start[k] + fill[k]++] = d->v[i];
		}
		free(fill);
	}
	for (int k = 0; k < c->k; k++)
		c->mean[k] = mean_of(c->v + c->start[k], c->len[k]);
}

static void clusters_free(struct clusters *c)
{
	free(c->id), free(c->start), free(c->len), free(c->copy), free(c->mean);
}

int boots_in(const struct dataset *d)
{
	struct clusters c;
	clusters_of(d, &c);
	int k = c.k;
	clusters_free(&c);
	return k;
}

/* ---- levels ------------------------------------------------------------------- */

void within_boots(const struct dataset *d, double *out)
{
	struct clusters c;
	clusters_of(d, &c);
	double grand = mean_of(c.mean, (size_t)c.k);
	for (size_t i = 0; i < d->n; i++)
		out[i] = d->v[i] - c.mean[cluster_of(&c, d->boot ? d->boot[i] : 0)] + grand;
	clusters_free(&c);
}

static void cluster_levels(const struct clusters *c, struct levels *lv)
{
	double within = 0, inverse_n = 0;
	*lv = (struct levels){ .boots = c->k, .runs_min = SIZE_MAX };
	for (int k = 0; k < c->k; k++) {
		size_t n = c->len[k];
		for (size_t j = 0; j < n; j++)
			within += (c->v[c->start[k] + j] - c->mean[k]) * (c->v[c->start[k] + j] - c->mean[k]);
		lv->runs += n;
		lv->runs_min = n < lv->runs_min ? n : lv->runs_min;
		lv->runs_max = n > lv->runs_max ? n : lv->runs_max;
		inverse_n += 1.0 / (double)n / c->k;
	}
	lv->mean = mean_of(c->mean, (size_t)c->k);
	lv->run_var = lv->runs > (size_t)c->k ? within / (double)(lv->runs - (size_t)c->k) : NAN;
	lv->means_var = var_of(c->mean, (size_t)c->k);
	lv->boot_var = c->k > 1 ? lv->means_var - (isnan(lv->run_var) ? 0 : lv->run_var * inverse_n)
				: NAN;
	if (lv->boot_var < 0)
		lv->boot_var = 0;
}

bool levels_of(const struct dataset *d, struct levels *lv)
{
	struct clusters c;
	if (!d->n)
		return false;
	clusters_of(d, &c);
	cluster_levels(&c, lv);
	clusters_free(&c);
	return true;
}

/* ---- the bootstrap ------------------------------------------------------------ */

/* A set's boots as the resamples take them (resample.h). */
static struct boot_values values_of(const struct clusters *c)
{
	return (struct boot_values){ c->k, c->start, c->len, c->v };
}

/* The jackknife's leave-one-boot-out values of the same statistic. */
static size_t jackknife(const struct clusters *a, const struct clusters *b, const int *map,
			double *out)
{
	double sa = 0, sb = 0;
	size_t n = 0;
	for (int i = 0; i < a->k; i++)
		sa += a->mean[i], sb += b && map ? b->mean[map[i]] : 0;
	for (int i = 0; b && !map && i < b->k; i++)
		sb += b->mean[i];
	for (int i = 0; i < a->k; i++) {
		double ra = (sa - a->mean[i]) / (a->k - 1);
		if (!b)
			out[n++] = ra;
		else if (map)
			out[n++] = (sb - b->mean[map[i]]) / (a->k - 1) - ra;
		else
			out[n++] = sb / b->k - ra;
	}
	for (int i = 0; b && !map && i < b->k; i++)
		out[n++] = (sb - b->mean[i]) / (b->k - 1) - sa / a->k;
	return n;
}

static double acceleration(const double *jack, size_t n)
{
	double m = mean_of(jack, n), s2 = 0, s3 = 0;
	for (size_t i = 0; i < n; i++) {
		double d = m - jack[i];
		s2 += d * d;
		s3 += d * d * d;
	}
	return s2 > 0 ? s3 / (6 * pow(s2, 1.5)) : 0;
}

/* The sorted resamples' quantile q, linear between ranks. */
static double quantile(const double *sorted, size_t n, double q)
{
	double pos = q * (double)(n - 1);
	size_t i = (size_t)pos;
	if (i + 1 >= n)
		return sorted[n - 1];
	return sorted[i] + (pos - (double)i) * (sorted[i + 1] - sorted[i]);
}

/* Efron's BCa interval from the resamples: the percentiles moved by the bias (how
 * many resamples fall below the estimate) and the acceleration. With k boots the
 * resamples spread as the boot means do divided by k, not k - 1, and a normal
 * quantile ignores that k is small: both narrow the interval (10 boots covered the
 * truth 93 times in 100 at 95 %). So the normal quantile z is widened as in
 * Hesterberg's expanded percentile interval (The American Statistician 69, 2015):
 * sqrt(k / (k - 1)) t(k - 1), the width of Student's t on the boot means. */
static void bca(struct dataset *star, double theta, double accel, int k, int ci,
		double *lo, double *hi)
{
	double below = 0, B = (double)star->n;
	for (size_t i = 0; i < star->n; i++)
		below += star->v[i] < theta ? 1 : star->v[i] == theta ? 0.5 : 0;
	double p0 = fmin(fmax(below / B, 0.5 / B), 1 - 0.5 / B);
	double z0 = normal_quantile(p0), wide = sqrt((double)k / (k - 1)) * t_crit(ci, k - 1);
	ds_sort(star);
	for (int tail = 0; tail < 2; tail++) {
		double z = tail ? wide : -wide;
		double q = normal_cdf(z0 + (z0 + z) / (1 - accel * (z0 + z)));
		*(tail ? hi : lo) = quantile(star->v, star->n, q);
	}
}

/* The statistic resampled (of a, b NULL; of b - a paired by boot where map[i] is b's
 * cluster of a's boot i; of b - a apart, map NULL) and its BCa interval; while a
 * page's figures are collected (resample.h), an interval of no width. */
static void bootstrap(const struct clusters *a, const struct clusters *b, const int *map,
		      double theta, int ci, struct estimate *e)
{
	struct boot_values va = values_of(a), vb = b ? values_of(b) : va;
	const double *drawn = resamples(&va, b ? &vb : NULL, map);
	e->method = IV_BOOTSTRAP;
	if (!drawn) {
		e->lo = e->hi = theta;
		return;
	}
	struct dataset star;
	double *jack = must_calloc((size_t)a->k + (size_t)(b ? b->k : 0), sizeof(*jack));
	ds_init(&star, "resamples");
	for (int i = 0; i < BOOTSTRAP_RESAMPLES; i++)
		if (!ds_add(&star, drawn[i]))
			out_of_memory();
	double accel = acceleration(jack, jackknife(a, b, map, jack));
	bca(&star, theta, accel, b && !map && b->k < a->k ? b->k : a->k, ci, &e->lo, &e->hi);
	e->method = IV_BOOTSTRAP;
	ds_free(&star);
	free(jack);
}

/* ---- estimates ---------------------------------------------------------------- */

static void set_counts(struct estimate *e, const struct clusters *a, const struct clusters *b)
{
	e->runs_min = SIZE_MAX;
	for (int s = 0; s < 2; s++) {
		const struct clusters *c = s ? b : a;
		for (int k = 0; c && k < c->k; k++) {
			e->runs_min = c->len[k] < e->runs_min ? c->len[k] : e->runs_min;
			e->runs_max = c->len[k] > e->runs_max ? c->len[k] : e->runs_max;
		}
	}
}

static void symmetric(struct estimate *e, double half)
{
	e->lo = e->v - half;
	e->hi = e->v + half;
}

/* Student's t on n values of standard deviation s: t(n - 1) · s / √n. */
static double t_half(double s, double n, int ci)
{
	return t_crit(ci, n - 1) * s / sqrt(n);
}

/* A mean of values of several boots (lib/answer/estimate.h calls it; one boot is its own);
 * without its interval (interval false), its method and counts (estimate_shape). */
static struct estimate mean_over_boots(const struct dataset *d, int ci, bool interval)
{
	struct estimate e = mean_of_runs(d, ci);
	struct clusters c;
	if (!d->n)
		return e;
	clusters_of(d, &c);
	if (c.k == 1) {
		clusters_free(&c);
		return e;
	}
	e = (struct estimate){ .v = NAN, .lo = NAN, .hi = NAN, .e = NAN, .na = d->n, .ok = true };
	set_counts(&e, &c, NULL);
	e.boots = c.k;
	e.v = mean_of(c.mean, (size_t)c.k);
	e.method = c.k < BOOTSTRAP_MIN_BOOTS ? IV_BOOT_MEANS : IV_BOOTSTRAP;
	if (interval && e.method == IV_BOOT_MEANS)
		symmetric(&e, t_half(sd_of(c.mean, (size_t)c.k), c.k, ci));
	else if (interval)
		bootstrap(&c, NULL, NULL, e.v, ci, &e);
	e.interval = !isnan(e.lo);
	e.e = (e.hi - e.lo) / 2;
	clusters_free(&c);
	return e;
}

static struct estimate boots_mean(const struct dataset *d, int ci)
{
	return mean_over_boots(d, ci, true);
}

/* b's cluster for each of a's boots when both hold the same boots, else NULL. */
static int *pairing(const struct clusters *a, const struct clusters *b)
{
	if (a->k != b->k)
		return NULL;
	int *map = must_calloc((size_t)a->k, sizeof(*map));
	for (int i = 0; i < a->k; i++)
		if ((map[i] = cluster_of(b, a->id[i])) < 0) {
			free(map);
			return NULL;
		}
	return map;
}

/* Two or more boots: the per-boot differences (paired), or the two sets' boot
 * means; the interval where asked. */
static void boots_difference(const struct clusters *a, const struct clusters *b,
			     const int *map, int ci, bool interval, struct estimate *e)
{
	double *d = must_calloc((size_t)a->k, sizeof(*d));
	for (int i = 0; map && i < a->k; i++)
		d[i] = b->mean[map[i]] - a->mean[i];
	e->v = map ? mean_of(d, (size_t)a->k) : mean_of(b->mean, (size_t)b->k) -
						   mean_of(a->mean, (size_t)a->k);
	bool resampled = a->k >= BOOTSTRAP_MIN_BOOTS && (map || b->k >= BOOTSTRAP_MIN_BOOTS);
	e->method = resampled ? IV_BOOTSTRAP : IV_BOOT_MEANS;
	if (!interval)
		;                        /* its method and counts alone */
	else if (resampled)
		bootstrap(a, b, map, e->v, ci, e);
	else if (map)
		symmetric(e, t_half(sd_of(d, (size_t)a->k), a->k, ci));
	else {
		double ka = a->k, kb = b->k, s2 = ((ka - 1) * var_of(a->mean, (size_t)a->k) +
						   (kb - 1) * var_of(b->mean, (size_t)b->k)) / (ka + kb - 2);
		symmetric(e, t_crit(ci, ka + kb - 2) * sqrt(s2 * (1 / ka + 1 / kb)));
	}
	free(d);
}

/* A difference of values of several boots (lib/answer/estimate.h calls it): one boot each
 * (or too few boots to pair), two sets of runs with the pooled s, as of one boot;
 * without its interval, as mean_over_boots. */
static struct estimate diff_over_boots(const struct dataset *a, const struct dataset *b,
				       int ci, bool interval)
{
	struct estimate e = { .v = NAN, .lo = NAN, .hi = NAN, .e = NAN, .na = a->n, .nb = b->n };
	struct clusters ca, cb;
	if (!a->n || !b->n)
		return e;
	clusters_of(a, &ca);
	clusters_of(b, &cb);
	int *map = pairing(&ca, &cb), boots = map ? ca.k : ca.k < cb.k ? ca.k : cb.k;
	if (boots < 2)
		e = diff_of_runs(a, b, ci);
	e.ok = true;
	set_counts(&e, &ca, &cb);
	e.boots = boots;
	if (boots >= 2)
		boots_difference(&ca, &cb, map, ci, interval, &e);
	if (!map && e.boots >= 2)
		e.boots = ca.k + cb.k;
	e.interval = !isnan(e.lo);
	e.e = (e.hi - e.lo) / 2;
	free(map);
	clusters_free(&ca);
	clusters_free(&cb);
	return e;
}

static struct estimate boots_diff(const struct dataset *a, const struct dataset *b, int ci)
{
	return diff_over_boots(a, b, ci, true);
}

static struct estimate boots_shape(const struct dataset *a, const struct dataset *b)
{
	return b ? diff_over_boots(a, b, CONF_95, false) : mean_over_boots(a, CONF_95, false);
}

/* ---- boots and runs needed ----------------------------------------------------
 * (Within one boot lib/answer/estimate.c's runs_within answers.) Each search below weighs
 * a few dozen (k, n), never every k: bisection where a condition holds from some k
 * on, a ternary search where a cost falls then rises. (A walk over k took 8 minutes
 * on two quick-suite boots, k into the millions.) */

/* t at conf_pct[ci] for df degrees of freedom: exact up to 200 (remembered), then
 * the first two terms of its expansion in 1/df around the normal quantile
 * (Abramowitz and Stegun 26.7.5; off by under 4e-5 of t at 200). */
static double t_at(int ci, long df)
{
	static double cache[CONF_LEVELS][201], z[CONF_LEVELS];
	if (df > 200) {
		if (!z[ci])
			z[ci] = normal_quantile(1 - (1 - conf_pct[ci] / 100) / 2);
		return z[ci] + (z[ci] * z[ci] * z[ci] + z[ci]) / (4.0 * (double)df);
	}
	if (!cache[ci][df])
		cache[ci][df] = t_crit(ci, (double)df);
	return cache[ci][df];
}

/* A plan's question: T1^2 (within a boot) and T2^2 (between boots), the half width
 * h, a boot's cost r in runs (0: n fixed, the logs'), the ceiling, and the count of
 * (k, n) weighed. */
struct plan_question {
	double t1, t2, h, r;
	long fixed_n, max_boots, max_runs;
	int ci;
	unsigned steps;
};

/* What k boots leave the runs: k h² / t(k - 1)² - T2², which grows with k. */
static double room_for_runs(const struct plan_question *q, long k)
{
	double t = t_at(q->ci, k - 1);
	return (double)k * q->h * q->h / (t * t) - q->t2;
}

/* The fewest runs per boot with which k boots resolve h (2 at least: one run a
 * boot would hide the levels from the next plan), or 0 if none within the ceiling
 * do; with n fixed, n or 0. */
static long runs_for(struct plan_question *q, long k)
{
	double room = room_for_runs(q, k);
	q->steps++;
	if (room <= 0)
		return 0;
	double n = q->r > 0 ? fmax(2, ceil(q->t1 / room)) : (double)q->fixed_n;
	if (q->t1 / n > room || n > (double)q->max_runs)
		return 0;
	return (long)n;
}

/* The fewest boots that can do it: from there on every k can. 0: none within the
 * ceiling. */
static long fewest_boots(struct plan_question *q)
{
	long lo = 1, hi = q->max_boots;           /* lo: cannot (k >= 2) */
	if (hi < 2 || !runs_for(q, hi))
		return 0;
	while (hi - lo > 1) {
		long mid = lo + (hi - lo) / 2;
		if (runs_for(q, mid))
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/* k (r + n) with n not rounded up: convex in k (falling while more boots spare
 * runs, then rising), within a run a boot of the cost itself. */
static double smooth_cost(const struct plan_question *q, long k)
{
	return (double)k * (q->r + fmax(2, q->t1 / room_for_runs(q, k)));
}

/* The cheapest k boots × n runs with t(k - 1)² (T2² + T1² / n) / k ≤ h², a boot
 * costing r runs (Kalibera and Jones's optimum n = √(r T1² / T2²), found here with
 * t's dependence on k): the least of the smooth cost by a ternary search from the
 * fewest boots on, then the exact cost around it. r = 0: n is fixed, the fewest
 * boots. */
#define PLAN_AROUND 32           /* k each side of the smooth least, costed exactly */
static struct need boots_and_runs(struct plan_question *q)
{
	struct need best = { 0, 0, false, 0 };
	long lo = fewest_boots(q), hi = q->max_boots;
	if (lo && q->r == 0)
		best = (struct need){ lo, q->fixed_n, false, 0 };
	while (lo && q->r > 0 && hi - lo > 2) {
		long m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
		q->steps += 2;
		if (smooth_cost(q, m1) <= smooth_cost(q, m2))
			hi = m2;
		else
			lo = m1;
	}
	double best_cost = INFINITY;
	long from = lo - PLAN_AROUND > 2 ? lo - PLAN_AROUND : 2;
	for (long k = from; lo && q->r > 0 && k <= hi + PLAN_AROUND && k <= q->max_boots; k++) {
		long n = runs_for(q, k);
		if (n && (double)k * (q->r + (double)n) < best_cost) {
			best_cost = (double)k * (q->r + (double)n);
			best = (struct need){ k, n, false, 0 };
		}
	}
	best.steps = q->steps;
	return best;
}

static struct need boots_plan_mean(const struct dataset *d, double h, double boot_cost, int ci,
				   long max_boots, long max_runs)
{
	struct levels lv;
	struct need n = { 1, 0, true, 0 };
	if (!levels_of(d, &lv) || lv.runs < 2)
		return n;
	if (lv.boots == 1) {
		n.runs = runs_within(sqrt(lv.run_var), h, false, ci, max_runs, &n.steps);
		return n;
	}
	struct plan_question q = { isnan(lv.run_var) ? 0 : lv.run_var, lv.boot_var, h, boot_cost,
		(long)((lv.runs + (size_t)lv.boots / 2) / (size_t)lv.boots), max_boots, max_runs,
		ci, 0 };
	return boots_and_runs(&q);
}

/* The levels of the difference b - a: paired, the per-boot differences, whose runs'
 * share is T1a² / na + T1b² / nb; independent, both sets' levels added. */
static void diff_levels(const struct dataset *a, const struct dataset *b, double *t1,
			double *t2, long *n)
{
	struct levels la, lb;
	struct clusters ca, cb;
	levels_of(a, &la);
	levels_of(b, &lb);
	clusters_of(a, &ca);
	clusters_of(b, &cb);
	int *map = pairing(&ca, &cb);
	double ra = isnan(la.run_var) ? 0 : la.run_var, rb = isnan(lb.run_var) ? 0 : lb.run_var;
	*t1 = ra + rb;
	*n = (long)((la.runs + (size_t)la.boots / 2) / (size_t)la.boots);
	if (map) {
		double *d = must_calloc((size_t)ca.k, sizeof(*d)), runs_share = 0;
		for (int i = 0; i < ca.k; i++) {
			d[i] = cb.mean[map[i]] - ca.mean[i];
			runs_share += (ra / (double)ca.len[i] + rb / (double)cb.len[map[i]]) / ca.k;
		}
		*t2 = fmax(0, var_of(d, (size_t)ca.k) - runs_share);
		free(d);
	} else {
		*t2 = la.boot_var + lb.boot_var;
	}
	free(map);
	clusters_free(&ca);
	clusters_free(&cb);
}

static struct need boots_plan_diff(const struct dataset *a, const struct dataset *b, double h,
				   double boot_cost, int ci, long max_boots, long max_runs)
{
	struct need n = { 1, 0, true, 0 };
	struct estimate e = diff_over_boots(a, b, ci, false);    /* its boots and s */
	if (!e.ok || a->n < 2 || b->n < 2)
		return n;
	if (e.boots < 2) {
		n.runs = runs_within(e.s, h, true, ci, max_runs, &n.steps);
		return n;
	}
	struct plan_question q = { 0, 0, h, boot_cost, 0, max_boots, max_runs, ci, 0 };
	diff_levels(a, b, &q.t1, &q.t2, &q.fixed_n);
	return boots_and_runs(&q);
}

const struct boots_estimators boots_estimators = {
	boots_mean, boots_diff, boots_plan_mean, boots_plan_diff, boots_shape,
};

/* Every program that links this (tickstat, its tests) pools boots so. */
__attribute__((constructor)) static void install(void)
{
	estimate_over_boots(&boots_estimators);
}
