/* The paired shift and two clusters (see shift.h). */
#include "shift.h"
#include "stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The values as a sorted data set (the caller frees it). */
static struct dataset sorted(const double *v, size_t n)
{
	struct dataset d;
	ds_init(&d, "sorted");
	for (size_t i = 0; i < n; i++)
		if (!ds_add(&d, v[i]))
			exit(2);
	ds_sort(&d);
	return d;
}

static double median_of_sorted(const struct dataset *d)
{
	return d->n % 2 ? d->v[d->n / 2] : (d->v[d->n / 2 - 1] + d->v[d->n / 2]) / 2;
}

static double hodges_lehmann(const double *d, size_t n)
{
	struct dataset walsh;
	ds_init(&walsh, "walsh");
	for (size_t i = 0; i < n; i++)
		for (size_t j = i; j < n; j++)
			if (!ds_add(&walsh, (d[i] + d[j]) / 2))
				exit(2);
	ds_sort(&walsh);
	double hl = median_of_sorted(&walsh);
	ds_free(&walsh);
	return hl;
}

/* P(W <= w), W the sum of a random subset of the ranks r[0..n) (each in or out with
 * probability 1/2): the number of subsets with each sum. Doubled ranks are integers
 * even where ties give half ranks. */
static double exact_cdf(const unsigned *r, size_t n, double w)
{
	size_t top = 0;
	for (size_t i = 0; i < n; i++)
		top += r[i];
	double *ways = must_calloc(top + 1, sizeof(*ways)), below = 0;
	ways[0] = 1;
	for (size_t i = 0; i < n; i++)
		for (size_t s = top; s >= r[i]; s--)
			ways[s] += ways[s - r[i]];
	for (size_t s = 0; s <= top && (double)s <= w; s++)
		below += ways[s];
	free(ways);
	return below / pow(2, (double)n);
}

/* Twice the rank of each nonzero |d| (ties share their mean rank) into r2; returns
 * how many, and adds t^3 - t of each tie to *ties. */
static size_t doubled_ranks(const double *d, size_t n, unsigned *r2, double *ties)
{
	double *mag = must_calloc(n, sizeof(*mag));
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (d[i] != 0)
			mag[m++] = fabs(d[i]);
	struct dataset a = sorted(mag, m);
	m = 0;
	for (size_t i = 0; i < n; i++) {
		if (d[i] == 0)
			continue;
		size_t lo = 0, hi = a.n;   /* the run of values equal to |d[i]| */
		while (a.v[lo] < fabs(d[i]))
			lo++;
		for (hi = lo; hi < a.n && a.v[hi] == fabs(d[i]); hi++)
			;
		r2[m++] = (unsigned)(lo + hi + 1);    /* 2 x the mean of ranks lo+1 .. hi */
	}
	for (size_t i = 0, j; i < a.n; i = j) {
		for (j = i; j < a.n && a.v[j] == a.v[i]; j++)
			;
		*ties += (double)(j - i) * (double)(j - i) * (double)(j - i) - (double)(j - i);
	}
	ds_free(&a);
	free(mag);
	return m;
}

/* Wilcoxon's signed-rank p, two-sided: exact up to 50 nonzero differences (ties
 * and all), else normal with the ties' correction and a continuity correction. */
static double signed_rank_p(const double *d, size_t n, bool *exact)
{
	unsigned *r2 = must_calloc(n, sizeof(*r2));
	double ties = 0, w2 = 0;
	size_t m = doubled_ranks(d, n, r2, &ties);
	for (size_t i = 0, k = 0; i < n; i++) {
		if (d[i] == 0)
			continue;
		if (d[i] > 0)
			w2 += r2[k];
		k++;
	}
	double mm = (double)m, p = 1;
	*exact = m <= 50;
	if (m && *exact) {
		p = 2 * fmin(exact_cdf(r2, m, w2), 1 - exact_cdf(r2, m, w2 - 1));
	} else if (m) {
		double mean = mm * (mm + 1) / 4, wplus = w2 / 2;
		double var = mm * (mm + 1) * (2 * mm + 1) / 24 - ties / 48;
		double z = var > 0 ? fmax(fabs(wplus - mean) - 0.5, 0) / sqrt(var) : 0;
		p = 2 * (1 - normal_cdf(z));
	}
	free(r2);
	return fmin(p, 1);
}

bool paired_shift(const double *d, size_t n, struct shift *s)
{
	if (n < 1)
		return false;
	s->n = n;
	s->hl = hodges_lehmann(d, n);
	s->p = signed_rank_p(d, n, &s->exact);
	return true;
}

struct clusters2 two_clusters(const double *v, size_t n)
{
	struct clusters2 c = { 0 };
	if (n < 8)
		return c;
	struct dataset a = sorted(v, n);
	/* the deviations from the mean, summed from the left: a side's mean is the
	 * mean plus its sum over its count, and the squares it explains that sum
	 * squared over the count (no difference of large sums, as summary's) */
	double total = 0, all = 0, mean = ds_mean(&a), left = 0, best = INFINITY;
	size_t least = (size_t)ceil(0.2 * (double)n), at = 0;
	least = least < 2 ? 2 : least;
	for (size_t i = 0; i < n; i++) {
		total += (a.v[i] - mean) * (a.v[i] - mean);
		all += a.v[i] - mean;
	}
	for (size_t i = 0; i + least <= n; i++) {   /* split before i: [0, i) and [i, n) */
		if (i >= least) {
			double right = all - left, nl = (double)i, nr = (double)(n - i);
			double within = total - left * left / nl - right * right / nr;
			if (within < best)
				best = within, at = i, c.mean[0] = mean + left / nl,
				c.mean[1] = mean + right / nr;
		}
		left += a.v[i] - mean;
	}
	ds_free(&a);
	if (!at || !(total > 0))
		return c;
	c.n[0] = at, c.n[1] = n - at;
	c.eta2 = 1 - best / total;
	c.two = c.eta2 >= fmax(0.8, 2 / M_PI + 1.05 / sqrt((double)n));
	return c;
}
