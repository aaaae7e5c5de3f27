/* A per-run figure's mean, or a difference of two means, with its interval, and
 * the verdict on a difference (docs/METHOD.md, "The report"; docs/TICKSTAT.md,
 * "Over boots"). lib/ computes the values of one boot: Student's t over the runs
 * (n - 1 degrees of freedom; a difference, the pooled s at na + nb - 2); the runs
 * that would prove a difference, within one boot. Values of several boots (tickstat
 * pools logs) go to the estimators over boots a host program installs
 * (tools/tickstat/boots.c: t on boot means, a hierarchical bootstrap, the plan of
 * boots and runs); without them every value counts as one boot's. */
#ifndef LIB_ESTIMATE_H
#define LIB_ESTIMATE_H

#include <stdbool.h>
#include <stddef.h>
#include "dataset.h"

enum iv_method { IV_RUNS, IV_BOOT_MEANS, IV_BOOTSTRAP };

/* A mean, or a difference, with its interval at conf_pct[level] (lib/answer/student.h). */
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

/* What would resolve a difference: k boots x n runs (0: more than the ceiling,
 * NEED_MAX unless a plan names one). */
struct need {
	long boots, runs;
	bool one_boot;           /* planned within one boot (nothing known of boots) */
	unsigned steps;          /* the (k, n) the search weighed: some dozens */
};
#define NEED_MAX 10000000L

/* The estimators over several boots; boot_cost: a boot's cost in runs (0: not
 * known). */
struct boots_estimators {
	struct estimate (*mean)(const struct dataset *d, int level);
	struct estimate (*diff)(const struct dataset *a, const struct dataset *b, int level);
	struct need (*plan_mean)(const struct dataset *d, double h, double boot_cost, int level,
				 long max_boots, long max_runs);
	struct need (*plan_diff)(const struct dataset *a, const struct dataset *b, double h,
				 double boot_cost, int level, long max_boots, long max_runs);
	struct estimate (*shape)(const struct dataset *a, const struct dataset *b);
};
void estimate_over_boots(const struct boots_estimators *e);

/* Whether d's values come from more than one boot. */
bool several_boots(const struct dataset *d);

struct estimate mean_estimate(const struct dataset *d, int level);
/* mean(b) - mean(a). */
struct estimate diff_estimate(const struct dataset *a, const struct dataset *b, int level);
/* The same, every value taken as one boot's: Student's t over the runs. */
struct estimate mean_of_runs(const struct dataset *d, int level);
struct estimate diff_of_runs(const struct dataset *a, const struct dataset *b, int level);
/* The estimate of a (b NULL), or of b - a, as far as its method and counts: its
 * value, boots, runs and method, no interval (a bootstrap's cost): what a heading
 * names. */
struct estimate estimate_shape(const struct dataset *a, const struct dataset *b);
/* A method in a sentence's words: "Student's t over the runs" (a difference: "with
 * the pooled s"), "Student's t on the boot means" ("on the boots' differences"),
 * "a hierarchical bootstrap, BCa"; method_short, a heading's: "Student's t",
 * "Student's t on boot means", "bootstrap BCa". */
const char *method_words(enum iv_method m, bool diff);
const char *method_short(enum iv_method m);
/* The interval excludes 0 (a difference proven); one without spread: any difference. */
bool estimate_excludes_zero(const struct estimate *e);
/* "95 %, 3 boots x 10 runs, t on boot means". */
int fmt_method(char *buf, size_t size, const struct estimate *e, int level);
/* An estimate by the rule for figures (lib/answer/figure.h): "1149 +/- 5", "18.0 (exact:
 * 3 equal runs)", a bootstrap's "0.89 (0.83 to 0.96)"; a share's from ppm in %,
 * FIGURE_PERCENT added. Returns the length. */
int fmt_estimate(char *buf, size_t size, const struct estimate *e, unsigned flags);
int fmt_share_estimate(char *buf, size_t size, const struct estimate *e, unsigned flags);
/* "95", "99.5": conf_pct[level] as words write it. */
const char *level_words(int level);

/* The fewest runs n within one boot whose interval's half width at standard
 * deviation s is below h: of a mean, t(n - 1) s / sqrt(n); of a difference of two
 * sets of n (pair), t(2n - 2) s sqrt(2 / n). Doubling from 2, then halving the gap;
 * 0 beyond max_runs (runs_within_boot: NEED_MAX). steps (or NULL) counts the n
 * weighed. */
long runs_within(double s, double h, bool pair, int level, long max_runs, unsigned *steps);
long runs_within_boot(double s, double h, bool pair, int level);
/* The same for a pair of sets whose standard deviations differ (Welch's t: n runs
 * each, s² = (sa² + sb²) / 2, df = (n - 1)(sa² + sb²)² / (sa⁴ + sb⁴), rounded down). */
long runs_within_unequal(double sa, double sb, double h, int level);
/* The boots and runs that make the interval's half width h. */
struct need need_for_mean(const struct dataset *d, double h, double boot_cost, int level);
struct need need_for_diff(const struct dataset *a, const struct dataset *b, double h,
			  double boot_cost, int level);
/* The same under a ceiling of boots and of runs per boot: the cheapest plan within
 * it (which may cost more than one beyond it), or 0 boots or runs for none. */
struct need plan_for_mean(const struct dataset *d, double h, double boot_cost, int level,
			  long max_boots, long max_runs);
struct need plan_for_diff(const struct dataset *a, const struct dataset *b, double h,
			  double boot_cost, int level, long max_boots, long max_runs);
/* "needed: 4 boots x 10 runs", "needed: 1 boot x 37 runs", "needed: over 10^7 runs". */
int fmt_need(char *buf, size_t size, const struct need *n);

/* A difference's verdict: proven (its interval excludes 0), or not with what would
 * resolve it. */
struct verdict {
	struct estimate d;       /* mean(b) - mean(a) */
	bool proven;
	struct need need;        /* when not proven */
};
struct verdict verdict_of(const struct dataset *a, const struct dataset *b, double boot_cost,
			  int level);
/* "needed: 1 boot x 37 runs", "identical means". */
int fmt_verdict_need(char *buf, size_t size, const struct verdict *v);

#endif
