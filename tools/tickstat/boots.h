/* A per-run figure over boots (docs/TICKSTAT.md, "Over boots"; Kalibera and Jones,
 * "Rigorous benchmarking in reasonable time", ISMM 2013): runs within a boot vary,
 * and boots vary among themselves by more than their runs show. The values of a
 * data set carry the boot each came from (ds_add_boot); a set without boots is one
 * boot.
 *
 * The interval of a mean, or of a difference of two means, by the boots it has:
 *   1 boot      Student's t over the runs (n - 1 degrees of freedom; a difference:
 *               pooled s, na + nb - 2), as tickstat always did;
 *   2-9 boots   Student's t on the boot means (k - 1 degrees of freedom): a
 *               bootstrap over few clusters covers too little;
 *   10 and on   a hierarchical bootstrap (boots with replacement, then each chosen
 *               boot's runs with replacement), BOOTSTRAP_RESAMPLES resamples from
 *               BOOTSTRAP_SEED, so the output repeats; the interval BCa at the boot
 *               level (bias and acceleration from the boots' jackknife). */
#ifndef TICKSTAT_BOOTS_H
#define TICKSTAT_BOOTS_H

#include "estimate.h"
#include "stats.h"

#define BOOTSTRAP_MIN_BOOTS 10
#define BOOTSTRAP_RESAMPLES 4000
#define BOOTSTRAP_SEED      0x7469636b73746174ull    /* "tickstat" */

/* The variance of a figure at each level (one set; or the per-boot differences of
 * two). */
struct levels {
	int boots;               /* boots with values */
	size_t runs;             /* values */
	size_t runs_min, runs_max;   /* per boot */
	double mean;             /* the mean of the boot means (one boot: of the runs) */
	double run_var;          /* within a boot: the runs' variance, pooled (T1^2) */
	double boot_var;         /* between boots: the boot means' variance less what the
				  * runs put there (T2^2 = S2^2 - T1^2 / n, at least 0) */
	double means_var;        /* the boot means' sample variance (S2^2) */
};
bool levels_of(const struct dataset *d, struct levels *lv);   /* false: no values */

/* The means, differences and plans of several boots: lib/answer/estimate.h's estimators
 * over boots, installed (estimate_over_boots) when the program starts. */
extern const struct boots_estimators boots_estimators;

/* How many boots the values of d come from. */
int boots_in(const struct dataset *d);
/* Each value of d less the mean of its boot, plus the mean of the boot means: the
 * runs as they vary within their boots (out holds d->n). */
void within_boots(const struct dataset *d, double *out);

#endif
