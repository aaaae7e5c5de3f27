/* Statistics on data sets of doubles: ministat's vitals (FreeBSD
 * usr.bin/ministat), Student's and Welch's t, the F test, Mann-Whitney U, and the
 * runs needed to resolve a difference. Each statistic is one small function. */
#ifndef TICKSTAT_STATS_H
#define TICKSTAT_STATS_H

#include <stdbool.h>
#include <stddef.h>

struct dataset {
	char name[160];
	double *v;
	size_t n, cap;
	bool sorted;
	unsigned *boot;          /* per value, the boot it came from (boots.h); NULL: none said */
};

/* calloc() of at least one element, or exit 2 with "out of memory". */
void *must_calloc(size_t n, size_t size);

void ds_init(struct dataset *d, const char *name);
bool ds_grow(struct dataset *d);               /* false when out of memory */

/* Add x; false when out of memory. Inline: summary adds millions of values. */
static inline bool ds_add(struct dataset *d, double x)
{
	if (d->n == d->cap && !ds_grow(d))
		return false;
	d->v[d->n++] = x;
	d->sorted = false;
	return true;
}
/* Add x, a value of boot number boot (the values of one set are all added one way
 * or all the other); exits when out of memory. */
void ds_add_boot(struct dataset *d, double x, unsigned boot);
void ds_free(struct dataset *d);
/* Sort the values; the boots they came from are forgotten. */
void ds_sort(struct dataset *d);

/* These need a sorted set with n >= 1. */
double ds_min(const struct dataset *d);
double ds_max(const struct dataset *d);
double ds_median(const struct dataset *d);     /* ministat's: v[n/2] */
double ds_percentile(const struct dataset *d, double p);   /* nearest rank */

/* Mean and spread, sorted or not, in two passes on values scaled by a power of two
 * (stats.c says why): a constant set has a spread of exactly 0, and every digit
 * printed holds from 1e-300 to 1e300. The sample standard deviation needs n >= 2
 * (NAN below); the variance is its square, which underflows below 1e-154: divide
 * standard deviations, never variances. Each call passes over the values. */
double mean_of(const double *v, size_t n);
double sd_of(const double *v, size_t n);
double var_of(const double *v, size_t n);
double ds_mean(const struct dataset *d);
double ds_stddev(const struct dataset *d);
double ds_var(const struct dataset *d);
/* Both in one call, as a table row prints them. */
void ds_mean_sd(const struct dataset *d, double *mean, double *sd);
/* mean(b) - mean(a) from both means to twice a double's digits: near 3e15 the
 * means differ by whole units where their fractions are the difference. */
double ds_mean_diff(const struct dataset *a, const struct dataset *b);
/* Student's pooled standard deviation of a and b. */
double pooled_sd(const struct dataset *a, const struct dataset *b);

/* ministat's confidence levels (-c): 80 90 95 98 99 99.5. */
#define CONF_LEVELS 6
extern const double conf_pct[CONF_LEVELS];
int conf_index(const char *arg);               /* -1 if not one of them */

/* The critical t of ministat's table (FreeBSD ministat.c) for column conf_pct[ci]
 * and df degrees of freedom: three decimals, the normal value above 100 df, and in
 * the 99.5 column the two-sided 99.8% value (t at 0.999), as ministat has it. */
double t_table(int ci, int df);
/* The exact two-sided critical t at conf_pct[ci], for any real df: what every
 * figure beyond ministat's own report uses. */
double t_crit(int ci, double df);

double t_cdf(double t, double df);
double f_cdf(double f, double d1, double d2);
double normal_cdf(double z);
double normal_quantile(double p);

struct tresult {
	double diff, err;        /* mean(b) - mean(a) and its half interval */
	double s;                /* pooled s (Student) */
	double df;               /* degrees of freedom */
	bool proven;
};

/* ministat's test: b against a, Student's t with the pooled standard deviation and
 * ministat's table (t_table): ministat's digits and verdicts. */
struct tresult student(const struct dataset *a, const struct dataset *b, int ci);
/* The same test with the exact quantile at the level named (t_crit). */
struct tresult student_exact(const struct dataset *a, const struct dataset *b, int ci);
/* Welch's t, for unequal variances. */
struct tresult welch(const struct dataset *a, const struct dataset *b, int ci);
/* Two-sided p of the F test that the variances are equal. */
double f_test_p(const struct dataset *a, const struct dataset *b);

struct mwresult {
	double u, z, p;          /* U of b, normal approximation with ties and continuity */
};
struct mwresult mann_whitney(const struct dataset *a, const struct dataset *b);

/* Runs per set so that Student's t at conf_pct[ci] (exact quantile) resolves a
 * difference delta with pooled standard deviation s; 0 if more than max_runs. */
long runs_needed(double delta, double s, int ci, long max_runs);

#endif
