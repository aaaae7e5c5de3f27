/* Data sets of doubles and their mean and spread, for the report (the kernel's and
 * tickstat's) and every tickstat figure. A value may carry the boot it came from
 * (tickstat pools several boots: tools/tickstat/boots.h); memory from lib/c/alloc_hook.h. */
#ifndef LIB_DATASET_H
#define LIB_DATASET_H

#include <stdbool.h>
#include <stddef.h>

struct dataset {
	char name[160];
	double *v;
	size_t n, cap;
	bool sorted;
	unsigned *boot;          /* per value, the boot it came from; NULL: none said */
};

void ds_init(struct dataset *d, const char *name);
bool ds_grow(struct dataset *d);               /* false when out of memory */

/* Add x; false when out of memory. Inline: tickstat summary adds millions. */
static inline bool ds_add(struct dataset *d, double x)
{
	if (d->n == d->cap && !ds_grow(d))
		return false;
	d->v[d->n++] = x;
	d->sorted = false;
	return true;
}
/* Add x, a value of boot number boot (the values of one set are all added one way
 * or all the other); false when out of memory. */
bool ds_add_boot(struct dataset *d, double x, unsigned boot);
/* The boots the values came from, forgotten (a sort reorders the values). */
void ds_forget_boots(struct dataset *d);
void ds_free(struct dataset *d);

/* Mean and spread in two passes on values scaled by a power of two (dataset.c says
 * why): a constant set has a spread of exactly 0, and every digit printed holds
 * from 1e-300 to 1e300. The mean is hi + lo; the sample standard deviation needs
 * n >= 2 (NAN below); the variance is its square, which underflows below 1e-154:
 * divide standard deviations, never variances. Each call passes over the values. */
struct moments {
	double hi, lo;           /* the mean, as the unevaluated sum hi + lo */
	double sd;
};
struct moments moments_of(const double *v, size_t n);
/* The same of v in ascending order, a NaN only at an end (as a sort by the
 * doubles' bits puts it): one pass fewer. */
struct moments moments_sorted(const double *v, size_t n);
double mean_of(const double *v, size_t n);
double sd_of(const double *v, size_t n);
double var_of(const double *v, size_t n);
double ds_mean(const struct dataset *d);
double ds_stddev(const struct dataset *d);
double ds_var(const struct dataset *d);
/* Both in one pass over the values, as a table row prints them. */
void ds_mean_sd(const struct dataset *d, double *mean, double *sd);
/* mean(b) - mean(a) from both means to twice a double's digits: near 3e15 the
 * means differ by whole units where their fractions are the difference. */
double ds_mean_diff(const struct dataset *a, const struct dataset *b);
/* Student's pooled standard deviation of a and b. */
double pooled_sd(const struct dataset *a, const struct dataset *b);
/* The two above from the sets' moments, for a caller that needs both (each
 * moments_of() passes over a set's values three times). */
double mean_diff_of(struct moments a, struct moments b);
double pooled_sd_of(struct moments a, size_t na, struct moments b, size_t nb);

#endif
