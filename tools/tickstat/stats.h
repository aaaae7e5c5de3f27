/* Statistics on data sets of doubles: ministat's vitals (FreeBSD
 * usr.bin/ministat), Student's and Welch's t, the F test and Mann-Whitney U. Each
 * statistic is one small function. */
#ifndef TICKSTAT_STATS_H
#define TICKSTAT_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dataset.h"
#include "student.h"

/* calloc() of at least one element, or exit 2 with "out of memory". */
void *must_calloc(size_t n, size_t size);
/* A sorted copy of d's values, its name kept, not its boots (the caller frees it);
 * exits when out of memory. */
struct dataset sorted_copy(const struct dataset *d);
/* "out of memory" said, exit 2. */
void out_of_memory(void) __attribute__((noreturn));
/* The data sets and their mean and spread are lib/'s (dataset.h), as are the
 * confidence levels and Student's t quantiles (student.h). */

/* Sort the values; the boots they came from are forgotten. */
void ds_sort(struct dataset *d);
/* A double as an unsigned integer in the same order (the sort's key: negative
 * values reversed under the sign, -0 just below 0), and back. */
uint64_t double_order(double x);
double order_double(uint64_t key);

/* These need a sorted set with n >= 1. */
double ds_min(const struct dataset *d);
double ds_max(const struct dataset *d);
double ds_median(const struct dataset *d);     /* ministat's: v[n/2] */
double ds_percentile(const struct dataset *d, double p);   /* nearest rank */

/* Which of ministat's confidence levels (-c: 80 90 95 98 99 99.5) arg names. */
int conf_index(const char *arg);               /* -1 if not one of them */

/* The critical t of ministat's table (FreeBSD ministat.c) for column conf_pct[ci]
 * and df degrees of freedom: three decimals, the normal value above 100 df, and in
 * the 99.5 column the two-sided 99.8% value (t at 0.999), as ministat has it. */
double t_table(int ci, int df);
/* The exact two-sided critical t at conf_pct[ci], for any real df (Welch's): what
 * every figure beyond ministat's own report uses; an integer df's is lib/'s
 * t_quantile. */
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
/* The same from the sets' moments (dataset.h) and sizes, for a caller that keeps them. */
struct tresult student_exact_of(struct moments ma, size_t na, struct moments mb, size_t nb,
				int ci);
/* Welch's t, for unequal variances. */
struct tresult welch(const struct dataset *a, const struct dataset *b, int ci);
/* Two-sided p of the F test that the variances are equal. */
double f_test_p(const struct dataset *a, const struct dataset *b);

/* U of b and the two-sided p: exact, ties included, where the table of the rank
 * sums is small enough (sets of some dozens; a few values against thousands), else
 * the normal approximation (z) with the ties' and a continuity correction. */
struct mwresult {
	double u, z, p;
	bool exact;
};
struct mwresult mann_whitney(const struct dataset *a, const struct dataset *b);

#endif
