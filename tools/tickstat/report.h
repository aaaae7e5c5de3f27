/* tickstat report: the one-page answer from one or more logs (docs/TICKSTAT.md,
 * "Report"). report.c gathers the figures, report_print.c prints them, and
 * verdict.c holds the intervals and verdicts, with exact Student's t quantiles at
 * the level named (not ministat's rounded table). */
#ifndef TICKSTAT_REPORT_H
#define TICKSTAT_REPORT_H

#include "boots.h"
#include "idle.h"
#include "lost.h"
#include "stats.h"

#define R_MAX_CONFIGS 512
#define R_MAX_CPUS    32
#define R_MAX_STATS   128
#define R_WIDTH       80
#define R_MAX_PMU     8

/* One run's ftq series (the units done in each quantum), as its ftq records give it. */
struct rseries {
	const char *file;
	unsigned long long run;
	double *v;
	size_t n;
};

/* One tick configuration (config_key: strings, hz, cpus), its per-run figures,
 * each value with its boot (boots.h). */
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
	struct run_sum { unsigned boot; unsigned long long run; double ppm; } *sums;
	size_t nsums;            /* lost_ppm summed over the CPUs of one run index */
	unsigned long long *lost_run;    /* the run index of each lost value (the shift) */
	double pair_cycles;      /* off + on cycles of its pairs, summed (a run's cost) */
	/* the handler's work model (docs/FORMAT.md, "run"): 0 0 0 0 is the floor */
	unsigned long long tick_work, data_kib, code_kib, pages;
	char preset[32];         /* tick_model=, "" when none */
	int npmu;                /* per tick: (on - off) / interrupts of each pmu_EVENT */
	struct { char event[32]; struct dataset per_tick; } pmu[R_MAX_PMU];
	/* ftq: units lost per quantum (off - on) and done per quantum off, per pair */
	struct dataset ftq_lost, ftq_units;
	double quantum_cycles;
	struct rseries *series;  /* the runs with the timer, for the spectrum */
	size_t nseries;
};

/* A distribution of readcost, armcost or latency: per-run p50 and p99. */
struct rstat {
	char bench[16], what[64];
	struct dataset p50, p99; /* ns, or cycles where the boot had no tsc_hz */
};

/* A boot (a session of a log: boot record to end record) as identified for the
 * rule that refuses one boot given twice (boots.h). */
struct rboot {
	const char *file;
	unsigned long line;
	char version[64], machine[16];
	bool has_seed;
	unsigned long long seed;
	double end_tsc;          /* the end record's tsc: cycles since reset; 0: none */
};

struct report {
	int ci;                  /* conf_pct[ci] */
	struct lost_pairs pairs;
	struct rboot *boot;      /* boot[0 .. boots) */
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
/* report.c: the configurations of one timer, mode, delivery, workload, rate and CPU
 * count, which the logs give in their (random) run order, put in the order of their
 * work models (tick_work, tick_data_kib, tick_code_kib, tick_pages, preset), the
 * floor first; the groups keep the order in which the logs first gave them. */
void report_order_models(struct report *r);

/* report.c: one boot given twice among the logs (docs/TICKSTAT.md): a log named
 * twice, or two boots whose machine, build and seed are all equal; said on standard
 * error. Reads the logs (quietly); a log that is standard input is not. */
bool boots_repeat(char **paths, int n);
/* report.c: a boot costs as many of c's runs (off and on) as this, from the end
 * records' tsc; 0 when the logs do not say (boots.h's plan then keeps their runs
 * per boot). b: a second configuration whose runs a verdict's run holds too. */
double boot_cost(const struct report *r, const struct rconfig *c, const struct rconfig *b);

/* verdict.c: a difference's verdict, in words: proven (its interval excludes 0), or
 * not with the boots and runs that would resolve it. */
struct verdict {
	struct estimate d;       /* mean(b) - mean(a) */
	bool proven;
	struct need need;        /* when not proven */
};
struct verdict verdict(const struct dataset *a, const struct dataset *b, double boot_cost,
		       int ci);
/* "needed: 4 boots × 10 runs", "needed: 1 boot × 37 runs", "identical means". */
void fmt_verdict_need(char *buf, size_t size, const struct verdict *v);
/* "0.89 % ± 0.06 %" from millionths (a bootstrap's asymmetric interval: "0.89 %
 * (0.83 to 0.96 %)"); the value alone without an interval; sign shows "+". */
void fmt_share(char *buf, size_t size, double ppm, double err_ppm, bool sign);
void fmt_share_estimate(char *buf, size_t size, const struct estimate *e, bool sign);
/* "1149 ± 5.0": value and half interval, the decimals the interval's 2 digits want. */
void fmt_pm(char *buf, size_t size, double v, double e);
void fmt_pm_estimate(char *buf, size_t size, const struct estimate *e, bool sign);
/* A figure in ns or cycles at 3 significant digits: "1149", "9.61", "12.3k". */
void fmt_num(char *buf, size_t size, double v);
/* Columns a UTF-8 string takes (continuation bytes take none). */
size_t columns(const char *s);
/* line.c: a line of items that wraps at R_WIDTH between them (line.h). */
#include "line.h"

/* report_print.c */
void report_print(struct report *r, char **logs, int nlogs);
/* report_work.c: the work models, misses per tick, ftq and the 1 % crossing. */
void report_print_work(struct report *r);
/* "floor", the preset, or "work 2000 cycles, data 16 KiB, code 8 KiB, pages 32". */
void model_label(char *buf, size_t size, const struct rconfig *c);
bool same_model(const struct rconfig *a, const struct rconfig *b);
bool is_floor(const struct rconfig *c);
/* The tick_data_kib at which the share of the CPU crosses ppm, interpolated
 * linearly between the two points of kib[], share[] (n points, kib ascending)
 * that bracket it. Returns 0 when found, -1 when the first point already crosses
 * it, 1 when no point does. */
int share_crossing(const double *kib, const double *share, size_t n, double ppm, double *at);

#endif
