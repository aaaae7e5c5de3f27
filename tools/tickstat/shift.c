/* The paired shift and two clusters (see shift.h). */
#include "shift.h"
#include "stats.h"

#include <math.h>
#include <stdint.h>
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

/* How many of the Walsh averages (v[i] + v[j]) / 2, i <= j, of the n sorted values
 * are at most x: for each i, those up to the last j at or below x, which moves
 * down as i moves up (the sum of doubles rounds monotonically). */
static size_t walsh_at_most(const double *v, size_t n, double x)
{
	size_t count = 0, j = n;
	for (size_t i = 0; i < n; i++) {
		while (j > i && (v[i] + v[j - 1]) / 2 > x)
			j--;
		if (j <= i)
			break;
		count += j - i;
	}
	return count;
}

/* The k-th smallest (from 1) Walsh average of the n sorted values: the least double
 * with k averages at or below it, found by halving the range of doubles between
 * the least and the greatest value (64 halvings, each a walk of 2n steps), without
 * the n(n + 1)/2 averages themselves (a 200 MB log's configuration of 20,000 runs
 * would have taken 1.6 GB for them). */
static double walsh_kth(const double *v, size_t n, size_t k)
{
	uint64_t lo = double_order(v[0]), hi = double_order(v[n - 1]);
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (walsh_at_most(v, n, order_double(mid)) >= k)
			hi = mid;
		else
			lo = mid + 1;
	}
	return order_double(lo) + 0.0;   /* -0 as 0 */
}

/* The median of the Walsh averages (the pairwise means, each value with itself
 * too). */
static double hodges_lehmann(const double *d, size_t n)
{
	struct dataset s = sorted(d, n);
	size_t m = n * (n + 1) / 2;
	double hl = m % 2 ? walsh_kth(s.v, n, m / 2 + 1)
			  : (walsh_kth(s.v, n, m / 2) + walsh_kth(s.v, n, m / 2 + 1)) / 2;
	ds_free(&s);
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

/* The first of a's sorted values at or above x (one is): halving, where a walk
 * from the first for each value took n^2 / 2 steps. */
static size_t first_at_least(const struct dataset *a, double x)
{
	size_t lo = 0, hi = a->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (a->v[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
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
		size_t lo = first_at_least(&a, fabs(d[i])), hi;   /* the run equal to |d[i]| */
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
