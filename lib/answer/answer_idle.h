/* The answer's Idle part (docs/METHOD.md, "The report", "idle"): from the "idle"
 * records of bench=idle and the "stats" records of latency on one CPU
 * (docs/FORMAT.md), the wake-up latency by state and source, which residency
 * counters each state's runs moved, and per state the package's idle power at each
 * HZ with its interval, the residency, the wake-ups per second, and a verdict per
 * HZ pair: the windows of one run index (and one log) at two HZ are a pair, as
 * bench=idle alternates them, and the mean of the pairs' differences, with Student's
 * t on them, is the verdict's figure. tickstat's plot draws the power panel from
 * the same data. */
#ifndef LIB_ANSWER_IDLE_H
#define LIB_ANSWER_IDLE_H

#include <stdbool.h>
#include "answer_out.h"
#include "configuration.h"
#include "dataset.h"
#include "rec.h"

#define IDLE_MAX_CONFIGS 128
#define IDLE_MAX_LAT     256
#define IDLE_MAX_RES     12              /* residency counters: c0, cc1 .. pc10 */

/* One window of an idle configuration, for pairing. */
struct iwindow {
	unsigned boot;                   /* boots numbered across the logs */
	unsigned long long run;
	double mw;
	bool has_mw;                     /* the window has an energy figure */
};

/* The windows of one state at one HZ on the same CPU count. */
struct iconfig {
	struct configuration key;        /* first: an item of idle_data's configs */
	char wait[32];
	unsigned long long hz;
	unsigned cpus;
	struct dataset mw, wakeups_s;    /* per window: package mW, wake-ups per second */
	struct dataset res[IDLE_MAX_RES];/* per window: residency, % of the window */
	struct iwindow *win;
	size_t nwin, cap_win;
	unsigned no_energy;              /* windows without an energy figure */
	double wakeups, expected;        /* summed over the windows with `expected` */
};

/* latency on one CPU in one state from one source (timer or ipi), one stamp. */
struct ilat {
	char wait[32], what[16];
	bool wake;
	struct dataset p50, p99, p999, max;   /* ns, or cycles without tsc_hz */
	unsigned long long samples, spurious; /* over the runs */
	double res_sum[IDLE_MAX_RES];    /* the handler's runs: residency %, summed */
	unsigned res_runs;
};

struct idle_data {
	struct configurations configs;   /* of struct iconfig, by wait, hz and cpus */
	struct iconfig *cfg;     /* configs' items, ncfg of them, kept in step */
	int ncfg;
	struct ilat lat[IDLE_MAX_LAT];
	int nlat;
	char res_names[IDLE_MAX_RES][8]; /* "c0", "cc6", ... in the order first seen */
	int nres;
	char energy_skip[256];           /* the reason of idle's energy skip, if any */
};

struct idle_data *idle_new(void);
void idle_free(struct idle_data *d);
/* Take an idle, stats or skip record of the given boot; tsc_hz: the
 * boot's (0: cycles). */
void idle_take(struct idle_data *d, const struct rec *r, double tsc_hz, unsigned boot);
/* The part, in the details (nothing when neither idle nor latency left anything). */
void idle_print(const struct idle_data *d, int ci, bool cycles_only, struct answer_out *o);

#endif
