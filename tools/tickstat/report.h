/* tickstat report: the one-page answer from one or more logs (docs/TICKSTAT.md,
 * "Report"). report.c gathers the figures, report_print.c prints them, and
 * verdict.c holds the intervals and verdicts, with exact Student's t quantiles at
 * the level named (not ministat's rounded table). */
#ifndef TICKSTAT_REPORT_H
#define TICKSTAT_REPORT_H

#include "idle.h"
#include "lost.h"
#include "stats.h"

#define R_MAX_CONFIGS 512
#define R_MAX_CPUS    32
#define R_MAX_STATS   128
#define R_WIDTH       80

/* One tick configuration (config_key: strings, hz, cpus), its per-run figures. */
struct rconfig {
	char timer[32], mode[32], delivery[32], workload[32];
	unsigned long long hz;
	unsigned cpus;
	struct dataset lost;             /* lost_ppm per run, every CPU's runs pooled */
	struct dataset cost;             /* (on - off) / interrupts per run: ns or cycles */
	struct dataset direct, indirect; /* spin: gap_cycles / gap_interrupts; cost - it */
	int ncpu;
	unsigned long long cpu_id[R_MAX_CPUS];
	struct dataset cpu_lost[R_MAX_CPUS];   /* lost_ppm per run of each CPU */
	struct run_sum { const char *file; unsigned long long run; double ppm; } *sums;
	size_t nsums;            /* lost_ppm summed over the CPUs of one run index */
};

/* A distribution of readcost, armcost or latency: per-run p50 and p99. */
struct rstat {
	char bench[16], what[64];
	struct dataset p50, p99; /* ns, or cycles where the boot had no tsc_hz */
};

struct report {
	int ci;                  /* conf_pct[ci] */
	struct lost_pairs pairs;
	double tsc_hz, first_tsc_hz; /* the current boot's; the first boot's */
	bool tsc_hz_differs, cycles_only;
	int nconfig, nstat, logs;
	struct rconfig *cfg;
	struct rstat stat[R_MAX_STATS];
	struct idle_data *idle;  /* bench=idle and latency's states (idle.c) */
	/* what the boot, platform, calibration and end records say */
	unsigned boots, ends, ends_pass, skips, errors;
	unsigned long records;
	char cmdline[512], brand[80], vendor[16], hypervisor_sig[16], emulator[16];
	char reference[16], other_brand[80];
	bool hypervisor, tsc_invariant, have_platform;
	unsigned long long spread_ppm, cpus_online, smi, unexplained, short_runs;
};

/* report.c: a report gathered record by record (report_take is a rec_fn), at the
 * confidence level conf_pct[ci]; NULL when out of memory. */
struct report *report_new(int ci);
void report_take(const struct rec *rec, void *ctx);
void report_free(struct report *r);

/* verdict.c */
struct interval { double v, e; size_t n; bool ok; };   /* e: half width (NAN if n < 2) */
struct interval mean_interval(const struct dataset *d, int ci);
struct verdict {
	double diff, err;        /* mean(b) - mean(a), half interval (Student's t, pooled s) */
	size_t na, nb;
	bool ok, proven;
	long runs_needed;        /* per set to resolve diff at the level; 0: over 10^7 */
};
struct verdict verdict(const struct dataset *a, const struct dataset *b, int ci);
/* "runs needed: N", "runs needed: over 10^7" or "identical means". */
void fmt_runs_needed(char *buf, size_t size, const struct verdict *v);
/* "0.89 % ± 0.06 %" from millionths; "±" dropped when e is NAN; sign shows "+". */
void fmt_share(char *buf, size_t size, double ppm, double err_ppm, bool sign);
/* "1149 ± 5.0": value and half interval, the decimals the interval's 2 digits want. */
void fmt_pm(char *buf, size_t size, double v, double e);
/* A figure in ns or cycles at 3 significant digits: "1149", "9.61", "12.3k". */
void fmt_num(char *buf, size_t size, double v);
/* Columns a UTF-8 string takes (continuation bytes take none). */
size_t columns(const char *s);

/* report_print.c */
void report_print(struct report *r, char **logs, int nlogs);

#endif
