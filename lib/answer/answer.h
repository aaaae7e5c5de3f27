/* The answer of a run, computed once from its records (docs/METHOD.md, "The
 * report"): the kernel feeds it the records it kept (kernel/logstore.c) at the end
 * of a run and prints it, tickstat report feeds it one or more logs and prints it
 * with its host-only sections (tools/tickstat/report.h) built on these structures.
 *
 * report_take() takes the records one by one, in log order, report_end() closes
 * them; answer_print() gives the lines through a function, each of a kind
 * (answer_out.h, the end screen's own): the details, then the answer, its warnings
 * and its verdict table apart, the headline verdicts for the screen's text code,
 * and a table's title and head row flagged as its heads. Figures are doubles: the
 * kernel computes them with SSE, after the last benchmark (mk/kernel.mk). */
#ifndef LIB_ANSWER_H
#define LIB_ANSWER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "answer_out.h"
#include "configuration.h"
#include "dataset.h"
#include "estimate.h"
#include "pairs.h"
#include "rec.h"

#define A_MAX_CPUS   32
#define A_MAX_PMU    8
#define A_MAX_STATS  128
#define A_NAME       32

/* One run's ftq series (the units done in each quantum), as its ftq records give it. */
struct rseries {
	const char *file;
	unsigned long long run;
	double *v;
	size_t n;
};

/* lost_ppm summed over the CPUs of one run index of a configuration. */
struct run_sum { unsigned boot; unsigned long long run; double ppm; };

/* One tick configuration (timer, mode, delivery, workload, hz, cpus, work model),
 * its per-run figures, each value with its boot. Per run the pair of a run with
 * the timer and its run without (docs/METHOD.md, "The CPU share lost"). */
struct rconfig {
	struct configuration key;        /* first: an item of the report's configs */
	char timer[A_NAME], mode[A_NAME], delivery[A_NAME], workload[A_NAME];
	unsigned long long hz;
	unsigned cpus;
	struct dataset lost;             /* lost_ppm per run, every CPU's runs pooled */
	struct dataset cost;             /* (on - off) / interrupts per run: ns or cycles */
	struct dataset direct, indirect; /* spin: gap_cycles / gap_interrupts; cost - it */
	struct dataset direct_cycles;    /* the direct cost per run in TSC cycles */
	int ncpu;
	unsigned long long cpu_id[A_MAX_CPUS];
	struct dataset cpu_lost[A_MAX_CPUS];   /* lost_ppm per run of each CPU */
	struct run_sum *sums;
	size_t nsums, cap_sums;
	size_t *slots, cap_slots;        /* sums by run and boot (answer_take.c) */
	unsigned long long *lost_run;    /* the run index of each lost value */
	size_t cap_lost_run;
	double pair_cycles;      /* off + on cycles of its pairs, summed (a run's cost) */
	/* its runs with the timer: the interrupts they took and those their rate asked
	 * for (expected), summed; how many took over 1 % + 1 more or fewer */
	double ticks_taken, ticks_asked;
	unsigned off_rate_runs;
	/* the handler's work model (docs/FORMAT.md, "run"): 0 0 0 0 is the floor */
	unsigned long long tick_work, data_kib, code_kib, pages;
	char preset[A_NAME];     /* tick_model=, "" when none */
	char handler[16];        /* the handler of its runs (docs/FORMAT.md, "run") */
	int npmu;                /* per tick: (on - off) / interrupts of each pmu_EVENT */
	struct { char event[A_NAME]; struct dataset per_tick; } pmu[A_MAX_PMU];
	/* ftq: units lost per quantum (off - on) and done per quantum off, per pair */
	struct dataset ftq_lost, ftq_units;
	double quantum_cycles;
	struct rseries *series;  /* the runs with the timer, for the spectrum */
	size_t nseries;
};

/* A distribution of readcost, armcost or latency on one CPU: per-run p50 and p99,
 * in ns (cycles where the boot had no tsc_hz) and in cycles. */
struct rstat {
	char bench[16], what[64];        /* latency: "pit/hlt", "lapic/mwait:C1 wake" */
	char timer[16], wait[A_NAME];    /* latency: its timer (what), state and stamp */
	bool wake;
	struct dataset p50, p99, p50_cycles, p99_cycles;
};

/* A boot (a session of a log: boot record to end record). */
struct rboot {
	const char *file;
	unsigned long line;
	char version[64], machine[16];
	bool has_seed;
	unsigned long long seed;
	double end_tsc;          /* the end record's tsc: cycles since reset; 0: none */
};

struct idle_data;

struct report {
	int ci;                  /* the level: conf_pct[ci] (lib/answer/student.h) */
	struct lost_pairs pairs;  /* off runs waiting for their on run */
	struct rboot *boot;      /* boot[0 .. boots) */
	double tsc_hz, first_tsc_hz; /* the current boot's; the first boot's */
	bool tsc_hz_differs, cycles_only, out_of_memory;
	int nstat, logs;
	struct configurations configs;   /* of struct rconfig (answer_take.c's key) */
	struct rconfig *cfg;     /* configs' items, nconfig of them, kept in step */
	int nconfig;
	struct rstat stat[A_MAX_STATS];
	struct idle_data *idle;  /* bench=idle and latency's states (answer_idle.c) */
	/* what the boot, platform, calibration, spin and end records say */
	unsigned boots, ends, ends_pass, skips, errors;
	unsigned long records;
	char cmdline[512], brand[80], vendor[16], hypervisor_sig[16], emulator[16];
	char reference[16], other_brand[80], below[96];
	char latency_wait[A_NAME];       /* latency's first state: the timer table's */
	char caller_warning[160];        /* report_warn's */
	bool hypervisor, tsc_invariant, have_platform, cycles_are_instructions;
	unsigned long long spread_ppm, cpus_online, smi, unexplained, short_runs,
			   extra_runs;
	unsigned long long rdtsc_cycles, loop_cycles, step_instructions;
};

/* A report gathered at the level conf_pct[ci]; NULL when out of memory. */
struct report *report_new(int ci);
void report_take(const struct rec *rec, void *ctx);   /* ctx: the report */
/* A boot and machine record alone (what tells boots apart); false for others. */
bool report_take_boot(struct report *r, const struct rec *rec);
void report_free(struct report *r);

/* One figure of the answer, for a "report" record (docs/FORMAT.md, "report"): what,
 * name, value and unit, then the fields that describe it, in order. */
#define FIGURE_FIELDS 24
struct answer_figure {
	const char *what, *name, *unit, *text;  /* text: a warning's (no name, value) */
	int64_t value;
	int nfields;
	struct { const char *key, *s; int64_t i; bool is_str, is_bool; } f[FIGURE_FIELDS];
};
typedef void answer_figure_fn(void *ctx, const struct answer_figure *f);

/* The boot ends with this status (an end record's): the kernel, whose end record
 * follows the report, says it first. */
void report_end(struct report *r, const char *status);
/* A warning of the caller's (the kernel: its records' copy ended early). */
void report_warn(struct report *r, const char *text);
/* The configurations in the answer's order (timer, mode, path, workload, CPUs,
 * work model, HZ), whatever order the runs came in; answer_print does it. */
void report_order(struct report *r);

/* Print the details and the answer; figure (may be NULL) gets each figure. */
void answer_print(struct report *r, answer_say_fn *say, answer_figure_fn *figure, void *ctx);
/* The same, each table's rows through row (answer_out.h), not as lines. */
void answer_print_rows(struct report *r, answer_say_fn *say, answer_row_fn *row,
		       answer_figure_fn *figure, void *ctx);

/* ---- what the host sections share ---- */

/* Same timer, mode and delivery; the same series (and workload, CPU count, model). */
bool same_source(const struct rconfig *a, const struct rconfig *b);
bool same_series(const struct rconfig *a, const struct rconfig *b);
bool same_model(const struct rconfig *a, const struct rconfig *b);
/* No work model: the baseline the work models are compared with (whichever handler). */
bool is_floor(const struct rconfig *c);
/* Whether a row names its model: a work model, or the full handler without work. */
bool has_model_label(const struct rconfig *c);
/* "floor", "full handler", the preset, or "work 2000 cycles, data 16 KiB, code 8 KiB,
 * pages 32". */
void model_label(char *buf, size_t size, const struct rconfig *c);
/* "lapic periodic (local)". */
void source_name(char *buf, size_t size, const struct rconfig *c);
/* The CPU count the answer's figures are of: 1 where any tick configuration ran on
 * one CPU (tick_cpus=1, the default), else the fewest that ran (tick_cpus=2 alone):
 * the share table, the verdicts, the direct cost and the host sections built on
 * them take the runs on that count, "1 vs N CPUs" the others. */
unsigned answer_cpus(const struct report *r);
bool on_answer_cpus(const struct report *r, const struct rconfig *c);
/* Figures the answer's warning disowns: any of the configurations' runs with the
 * timer took over 1 % + 1 more or fewer ticks than their rate asked for (no tick at
 * all; QEMU's HPET firing twice a period). ticks_pct: the share of the ticks asked
 * for that their runs took, %; ticks_mark: " (ticks 200 %)" after the figure in
 * buf, where it stands, for such runs' figures (nothing for others). */
bool ticks_off_rate(const struct rconfig *const *c, int n);
double ticks_pct(const struct rconfig *const *c, int n);
void ticks_mark(char *buf, size_t size, const struct rconfig *const *c, int n);
/* A verdict of such runs is none: "no verdict (ticks 0 % vs 100 %)", c's then
 * base's; false (buf untouched) where both kept their rate. */
bool ticks_no_verdict(char *buf, size_t size, const struct rconfig *c,
		      const struct rconfig *base);
/* The configurations of c's series with runs, by ascending hz, into out (at most
 * max); returns how many. */
int series_of(const struct report *r, const struct rconfig *c, struct rconfig **out, int max);
/* A boot costs as many of c's runs (off and on) as this, from the end records'
 * tsc; 0 when the logs do not say. b: a second configuration of a verdict. */
double boot_cost(const struct report *r, const struct rconfig *c, const struct rconfig *b);

#endif
