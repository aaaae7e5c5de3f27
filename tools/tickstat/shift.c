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

/* P(W+ <= w) for n untied ranks: the number of subsets of 1..n with each sum. */
static double exact_cdf(size_t n, double w)
{
	size_t top = n * (n + 1) / 2;
	double *ways = must_calloc(top + 1, sizeof(*ways)), below = 0;
	ways[0] = 1;
	for (size_t r = 1; r <= n; r++)
		for (size_t s = top; s >= r; s--)
			ways[s] += ways[s - r];
	for (size_t s = 0; s <= top && (double)s <= w; s++)
		below += ways[s];
	free(ways);
	return below / pow(2, (double)n);
}

/* The signed-rank p of the nonzero |d| (sorted by magnitude in abs). */
static double signed_rank_p(const double *d, size_t n, bool *exact)
{
	double *mag = must_calloc(n, sizeof(*mag)), wplus = 0, ties = 0;
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (d[i] != 0)
			mag[m++] = fabs(d[i]);
	struct dataset a = sorted(mag, m);
	for (size_t i = 0, j; i < m; i = j) {
		for (j = i; j < m && a.v[j] == a.v[i]; j++)
			;
		double t = (double)(j - i), rank = (double)(i + j + 1) / 2;
		ties += t * t * t - t;
		for (size_t k = 0; k < n; k++)
			if (d[k] > 0 && fabs(d[k]) == a.v[i])
				wplus += rank;
	}
	ds_free(&a);
	free(mag);
	double mm = (double)m, mean = mm * (mm + 1) / 4, p;
	*exact = ties == 0 && m <= 50;
	if (m == 0)
		return 1;
	if (*exact) {
		double lower = exact_cdf(m, wplus), upper = 1 - exact_cdf(m, wplus - 1);
		p = 2 * fmin(lower, upper);
	} else {
		double var = mm * (mm + 1) * (2 * mm + 1) / 24 - ties / 48;
		double z = var > 0 ? fmax(fabs(wplus - mean) - 0.5, 0) / sqrt(var) : 0;
		p = 2 * (1 - normal_cdf(z));
	}
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
	double total = 0, mean = a.sum / (double)n, left = 0, best = INFINITY;
	size_t least = (size_t)ceil(0.2 * (double)n), at = 0;
	least = least < 2 ? 2 : least;
	for (size_t i = 0; i < n; i++)
		total += (a.v[i] - mean) * (a.v[i] - mean);
	for (size_t i = 0; i + least <= n; i++) {   /* split before i: [0, i) and [i, n) */
		if (i >= least) {
			double ml = left / (double)i, mr = (a.sum - left) / (double)(n - i);
			double within = total - (double)i * (ml - mean) * (ml - mean) -
					(double)(n - i) * (mr - mean) * (mr - mean);
			if (within < best)
				best = within, at = i, c.mean[0] = ml, c.mean[1] = mr;
		}
		left += a.v[i];
	}
	ds_free(&a);
	if (!at || !(total > 0))
		return c;
	c.n[0] = at, c.n[1] = n - at;
	c.eta2 = 1 - best / total;
	c.two = c.eta2 >= fmax(0.8, 2 / M_PI + 1.05 / sqrt((double)n));
	return c;
}
