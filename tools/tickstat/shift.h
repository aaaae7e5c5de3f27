/* Two configurations run in the same boots, paired run by run (docs/TICKSTAT.md,
 * "Over boots"): the shift between them without assuming normal runs, and whether
 * one configuration's runs split into two clusters. */
#ifndef TICKSTAT_SHIFT_H
#define TICKSTAT_SHIFT_H

#include <stdbool.h>
#include <stddef.h>

/* The paired differences d[0..n): their Hodges-Lehmann shift (the median of the
 * n(n+1)/2 Walsh averages (d_i + d_j) / 2, i <= j) and the two-sided p of
 * Wilcoxon's signed-rank test (zero differences dropped, tied ones their mean rank;
 * the exact distribution of those ranks up to 50 pairs, else the normal one with
 * the ties' correction and a continuity correction of 1/2). */
struct shift {
	size_t n;                /* pairs */
	double hl, p;
	bool exact;
};
bool paired_shift(const double *d, size_t n, struct shift *s);   /* false: n < 1 */

/* Two clusters in v[0..n): the split of the sorted values that leaves the least
 * variance within its sides, each with 2 values and 20 % of them at least, explains
 * eta2 of the variance; they are two when eta2 >= max(0.8, 2/pi + 1.05/sqrt(n))
 * (a normal sample of any size reaches it about once in 1000), n >= 8. */
struct clusters2 {
	bool two;
	double eta2;
	double mean[2];
	size_t n[2];
};
struct clusters2 two_clusters(const double *v, size_t n);

#endif
