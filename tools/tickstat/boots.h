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

enum iv_method { IV_RUNS, IV_BOOT_MEANS, IV_BOOTSTRAP };

/* A mean, or a difference, with its interval at conf_pct[ci]. */
struct estimate {
	double v;                /* the mean (of boot means), or the difference */
	double lo, hi;           /* the interval; NAN when there is none */
	double e;                /* half width: (hi - lo) / 2 */
	bool ok;                 /* a value (an interval needs 2 runs, or 2 boots) */
	bool interval;
	enum iv_method method;
	int boots;
	size_t runs_min, runs_max;   /* runs per boot (per set, for a difference) */
	size_t na, nb;           /* values of each set (a difference) */
	double s;                /* one boot, a difference: the pooled s */
};
struct estimate mean_estimate(const struct dataset *d, int ci);
/* mean(b) - mean(a): paired by boot when both sets hold the same boots, else two
 * independent sets of boots. */
struct estimate diff_estimate(const struct dataset *a, const struct dataset *b, int ci);
/* The interval excludes 0 (a difference proven); one without spread: any difference. */
bool estimate_excludes_zero(const struct estimate *e);
/* "95 %, 3 boots × 10 runs, t on boot means". */
void fmt_method(char *buf, size_t size, const struct estimate *e, int ci);

/* The boots and runs per boot that make the interval's half width h at conf_pct[ci]
 * (Kalibera and Jones's two levels): the cheapest k boots x n runs, a boot costing
 * boot_cost runs (0: unknown, n is then the runs per boot of the logs), k and n 2 at
 * least (one run a boot would hide the levels from the next plan). One boot: its
 * between-boot variance is unknown, so 1 boot x the runs it needs. */
struct need {
	long boots, runs;        /* 0: more than the ceiling (NEED_MAX) */
	bool one_boot;           /* planned within one boot (nothing known of boots) */
	unsigned steps;          /* the (k, n) the search weighed: some dozens */
};
#define NEED_MAX 10000000L
struct need need_for_mean(const struct dataset *d, double h, double boot_cost, int ci);
struct need need_for_diff(const struct dataset *a, const struct dataset *b, double h,
			  double boot_cost, int ci);
/* The same under a ceiling of boots and of runs per boot: the cheapest plan within
 * it (which may cost more than one beyond it), or 0 boots or runs for none. */
struct need plan_for_mean(const struct dataset *d, double h, double boot_cost, int ci,
			  long max_boots, long max_runs);
struct need plan_for_diff(const struct dataset *a, const struct dataset *b, double h,
			  double boot_cost, int ci, long max_boots, long max_runs);
/* "needed: 4 boots × 10 runs", "needed: 1 boot × 37 runs", "needed: over 10^7 runs". */
void fmt_need(char *buf, size_t size, const struct need *n);

/* How many boots the values of d come from. */
int boots_in(const struct dataset *d);
/* Each value of d less the mean of its boot, plus the mean of the boot means: the
 * runs as they vary within their boots (out holds d->n). */
void within_boots(const struct dataset *d, double *out);

#endif
