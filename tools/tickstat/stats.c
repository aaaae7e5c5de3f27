/* Statistics (see stats.h). The incomplete beta function follows Numerical
 * Recipes' continued fraction (modified Lentz), from which the t and F
 * distributions follow (Abramowitz and Stegun 26.5.27, 26.6.2). */
#include "stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const double conf_pct[CONF_LEVELS] = { 80, 90, 95, 98, 99, 99.5 };

void ds_init(struct dataset *d, const char *name)
{
	memset(d, 0, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "%s", name);
}

bool ds_add(struct dataset *d, double x)
{
	if (d->n == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 16;
		double *v = realloc(d->v, cap * sizeof(*v));
		if (!v)
			return false;
		d->v = v;
		d->cap = cap;
	}
	d->v[d->n++] = x;
	d->sum += x;
	d->sorted = false;
	return true;
}

void ds_free(struct dataset *d)
{
	free(d->v);
	d->v = NULL;
	d->n = d->cap = 0;
	d->sum = 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

void ds_sort(struct dataset *d)
{
	if (!d->sorted)
		qsort(d->v, d->n, sizeof(*d->v), cmp_double);
	d->sorted = true;
}

double ds_min(const struct dataset *d) { return d->v[0]; }
double ds_max(const struct dataset *d) { return d->v[d->n - 1]; }
double ds_median(const struct dataset *d) { return d->v[d->n / 2]; }

/* The sum in input order, as ministat adds while reading: same rounding. */
double ds_mean(const struct dataset *d) { return d->sum / (double)d->n; }

double ds_var(const struct dataset *d)
{
	double m = ds_mean(d), s = 0;
	for (size_t i = 0; i < d->n; i++)
		s += (d->v[i] - m) * (d->v[i] - m);
	return s / ((double)d->n - 1);
}

double ds_stddev(const struct dataset *d) { return sqrt(ds_var(d)); }

/* The smallest value with at least p% of the set at or below it. */
double ds_percentile(const struct dataset *d, double p)
{
	double rank = ceil(p / 100.0 * (double)d->n);
	size_t i = rank < 1 ? 0 : (size_t)rank - 1;
	return d->v[i < d->n ? i : d->n - 1];
}

int conf_index(const char *arg)
{
	char *end;
	double v = strtod(arg, &end);
	if (*end == '%')
		end++;
	if (end == arg || *end)
		return -1;
	for (int i = 0; i < CONF_LEVELS; i++)
		if (v == conf_pct[i])
			return i;
	return -1;
}

/* ---- distributions ------------------------------------------------------------ */

static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1);
	d = 1 / (fabs(d) < tiny ? tiny : d);
	double h = d;
	for (int m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		for (int step = 0; step < 2; step++) {
			d = 1 + num * d;
			d = 1 / (fabs(d) < tiny ? tiny : d);
			c = 1 + num / c;
			c = fabs(c) < tiny ? tiny : c;
			h *= d * c;
			num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		}
		if (fabs(d * c - 1) < 1e-15)
			break;
	}
	return h;
}

/* The regularized incomplete beta function I_x(a, b). */
static double beta_inc(double a, double b, double x)
{
	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	double lead = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return lead * beta_cf(a, b, x) / a;
	return 1 - lead * beta_cf(b, a, 1 - x) / b;
}

double t_cdf(double t, double df)
{
	double tail = 0.5 * beta_inc(df / 2, 0.5, df / (df + t * t));
	return t > 0 ? 1 - tail : tail;
}

double f_cdf(double f, double d1, double d2)
{
	if (f <= 0)
		return 0;
	return beta_inc(d1 / 2, d2 / 2, d1 * f / (d1 * f + d2));
}

double normal_cdf(double z) { return 0.5 * erfc(-z / sqrt(2.0)); }

/* Bisection: cdf is increasing; enough steps to reach double precision. */
static double invert(double (*cdf)(double, double), double df, double p, double lo, double hi)
{
	for (int i = 0; i < 200; i++) {
		double mid = 0.5 * (lo + hi);
		if (cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

static double normal_cdf2(double z, double unused) { return normal_cdf(z); }

double normal_quantile(double p) { return invert(normal_cdf2, 0, p, -40, 40); }

static double t_quantile(double p, double df) { return invert(t_cdf, df, p, 0, 1e7); }

double t_crit(int ci, double df)
{
	return t_quantile(1 - (1 - conf_pct[ci] / 100) / 2, df);
}

/* ministat's table has, under 99.5%, the quantile 0.999 (two-sided 99.8%): so
 * has this one, for equal results; compare says so when -c 99.5 is used. */
double t_table(int ci, int df)
{
	static double cache[CONF_LEVELS][102];
	int row = df > 100 ? 101 : df < 1 ? 1 : df;
	if (!cache[ci][row]) {
		double p = ci == CONF_LEVELS - 1 ? 0.999 : 1 - (1 - conf_pct[ci] / 100) / 2;
		double t = row > 100 ? normal_quantile(p) : t_quantile(p, row);
		cache[ci][row] = round(t * 1000) / 1000;
	}
	return cache[ci][row];
}

/* ---- tests -------------------------------------------------------------------- */

struct tresult student(const struct dataset *a, const struct dataset *b, int ci)
{
	struct tresult r;
	double na = (double)a->n, nb = (double)b->n;
	r.df = na + nb - 2;
	r.s = sqrt(((na - 1) * ds_var(a) + (nb - 1) * ds_var(b)) / r.df);
	r.diff = ds_mean(b) - ds_mean(a);
	r.err = t_table(ci, (int)r.df) * r.s * sqrt(1 / na + 1 / nb);
	r.proven = fabs(r.diff) > r.err;
	return r;
}

struct tresult welch(const struct dataset *a, const struct dataset *b, int ci)
{
	struct tresult r;
	double na = (double)a->n, nb = (double)b->n;
	double qa = ds_var(a) / na, qb = ds_var(b) / nb;
	double se = sqrt(qa + qb);
	r.df = (qa + qb) * (qa + qb) / (qa * qa / (na - 1) + qb * qb / (nb - 1));
	r.s = se;
	r.diff = ds_mean(b) - ds_mean(a);
	r.err = se > 0 ? t_crit(ci, r.df) * se : 0;
	r.proven = fabs(r.diff) > r.err;
	return r;
}

double f_test_p(const struct dataset *a, const struct dataset *b)
{
	double va = ds_var(a), vb = ds_var(b);
	double da = (double)a->n - 1, db = (double)b->n - 1;
	if (va == 0 && vb == 0)
		return 1;
	double p = va >= vb ? 1 - f_cdf(va / vb, da, db) : 1 - f_cdf(vb / va, db, da);
	return p * 2 > 1 ? 1 : p * 2;
}

struct ranked {
	double v;
	int set;
};

static int cmp_ranked(const void *x, const void *y)
{
	return cmp_double(&((const struct ranked *)x)->v, &((const struct ranked *)y)->v);
}

struct mwresult mann_whitney(const struct dataset *a, const struct dataset *b)
{
	struct mwresult r = { 0, 0, 1 };
	size_t n = a->n + b->n;
	struct ranked *all = malloc(n * sizeof(*all));
	if (!all)
		return r;
	for (size_t i = 0; i < a->n; i++)
		all[i] = (struct ranked){ a->v[i], 0 };
	for (size_t i = 0; i < b->n; i++)
		all[a->n + i] = (struct ranked){ b->v[i], 1 };
	qsort(all, n, sizeof(*all), cmp_ranked);
	double rank_b = 0, ties = 0;
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i; j < n && all[j].v == all[i].v; j++)
			;
		double t = (double)(j - i), avg_rank = (double)(i + j + 1) / 2;
		ties += t * t * t - t;
		for (size_t k = i; k < j; k++)
			if (all[k].set)
				rank_b += avg_rank;
	}
	free(all);
	double na = (double)a->n, nb = (double)b->n, N = na + nb;
	r.u = rank_b - nb * (nb + 1) / 2;
	double mean = na * nb / 2;
	double var = na * nb / 12 * ((N + 1) - ties / (N * (N - 1)));
	if (var <= 0)
		return r;
	double dev = fabs(r.u - mean) - 0.5;
	r.z = (dev < 0 ? 0 : dev) / sqrt(var) * (r.u < mean ? -1 : 1);
	r.p = 2 * (1 - normal_cdf(fabs(r.z)));
	return r;
}

long runs_needed(double delta, double s, int ci, long max_runs)
{
	if (delta == 0 || !(s >= 0))
		return 0;
	for (long n = 2; n <= 51 && n <= max_runs; n++)
		if (t_table(ci, (int)(2 * n - 2)) * s * sqrt(2.0 / (double)n) < fabs(delta))
			return n;
	/* above 100 degrees of freedom t is the normal value: solve for n */
	double z = t_table(ci, 101), n = floor(2 * (z * s / delta) * (z * s / delta)) + 1;
	return n <= (double)max_runs ? (long)(n < 52 ? 52 : n) : 0;
}
