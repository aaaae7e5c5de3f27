/* Fixed-point statistics for the kernel's report (the kernel has no floating point):
 * the mean of a sample and its 95 % interval (Student's t, n - 1 degrees of
 * freedom), and one sample against another as tickstat report compares them
 * (Student's t with the pooled standard deviation, na + nb - 2 degrees of freedom,
 * and the runs that would resolve the difference). Values are shares of the CPU in
 * parts per trillion (ppt, 10^-12), 128-bit sums: every figure is within a few ppt
 * of tickstat's double precision, 10^-10 % of the CPU. docs/METHOD.md, "The report". */
#ifndef LIB_CI_H
#define LIB_CI_H

#include <stdbool.h>
#include <stdint.h>

#define CI_PPT_PER_PPM   1000000ll
#define CI_PPT_MAX       (1ll << 50)    /* |value| above it (11259 x the CPU): refused */
#define CI_N_MAX         (1u << 13)     /* values a set takes (runs= is at most 1000) */
#define CI_RUNS_MAX      10000000ull    /* runs needed beyond this: "over 10^7" */

/* t(0.975, df), the two-sided 95 % quantile of Student's t, in billionths, for
 * df >= 1: exact to the billionth (a table to df 100, the Cornish-Fisher expansion
 * above it, within 10^-10). */
uint64_t ci_t975_nano(uint64_t df);

/* floor(sqrt(v)). */
uint64_t ci_isqrt(unsigned __int128 v);

/* A sample, summed as its values come (ci_add); all zero is the empty set. */
struct ci_set {
	uint64_t n;
	int64_t sum;
	unsigned __int128 sumsq;
	bool refused;                   /* a value beyond CI_PPT_MAX, or over CI_N_MAX */
};
void ci_add(struct ci_set *s, int64_t ppt);

struct ci_mean {
	int64_t mean;                   /* sum / n, to the nearest */
	int64_t half;                   /* t(0.975, n - 1) s / sqrt(n); 0 when n < 2 */
	uint64_t n;
	bool valid;                     /* n >= 1 and nothing refused */
	bool has_half;                  /* valid and n >= 2 */
};
struct ci_mean ci_mean(const struct ci_set *s);

struct ci_verdict {
	int64_t diff;                   /* mean(b) - mean(a) */
	int64_t err;                    /* t(0.975, na + nb - 2) s sqrt(1/na + 1/nb) */
	uint64_t na, nb;
	uint64_t runs_needed;           /* 0: over CI_RUNS_MAX, or no difference at all */
	bool ok;                        /* both sets valid with 2 values or more */
	bool proven;                    /* |diff| > err */
};
struct ci_verdict ci_compare(const struct ci_set *a, const struct ci_set *b);

/* The mean and 95 % half-width of n values in their own unit (the idle report's
 * power in mW), through ci_add and ci_mean: both to the nearest; valid false for
 * no value or one beyond CI_PPT_MAX; half 0 for one value. */
struct ci {
	int64_t mean;
	uint64_t half;
	uint64_t n;
	bool valid;
};
struct ci ci_of(const int64_t *v, uint64_t n);

/* (on - off) / off in ppt, to the nearest; off > 0. */
int64_t ci_share_ppt(uint64_t on, uint64_t off);

#endif
