/* What readcost and armcost share: the measurer's own cost (the minimum of
 * back-to-back ordered TSC reads), the sampling loop, the records ("stats" with
 * "overhead", "skip" with "what") and the table on the console. */
#ifndef BENCH_COST_H
#define BENCH_COST_H

#include <stddef.h>
#include <stdint.h>
#include "cpu.h"
#include "hist.h"

#define COST_SAMPLES        1000    /* samples of each operation in each run */
#define COST_OVERHEAD_PAIRS 10000   /* the overhead is the minimum over this many pairs */
#define COST_MAX_OPS        8

struct cost_op {
	const char *what;
	const char *apic;               /* "xapic" or "x2apic" for local APIC ops, else NULL */
	struct hist run, all;           /* this run; every run merged, for the table */
};

struct cost_table {
	const char *bench;
	unsigned runs, run, nops;
	uint64_t overhead, overhead_min, overhead_max;
	struct cost_op ops[COST_MAX_OPS];
	struct cost_op *cur;
};

/* Interrupts off from here to the end of the benchmark. */
void cost_begin(struct cost_table *t, const char *bench, unsigned runs);
/* Start run `run`: measure the overhead again, print a progress line. */
void cost_run_begin(struct cost_table *t, unsigned run);
/* The histogram for operation `what` in this run (emptied). */
struct hist *cost_op_begin(struct cost_table *t, const char *what, const char *apic);
/* Emit the stats record of the operation begun last, fold it into the table. */
void cost_op_end(struct cost_table *t);
/* The operation cannot run here: a "skip" record {bench, what, reason}. */
void cost_skip(struct cost_table *t, const char *what, const char *reason);
/* The console table: min, median, p99, max over all runs, cycles and ns. */
void cost_print(const struct cost_table *t);
/* TSC cycles as ns by lib/answer/figure.h's rule ("1.00", "17.9", "2.33k"). */
void cost_format_ns(char *buf, size_t size, uint64_t cycles);

/* COST_SAMPLES samples of op into h: each is the TSC difference across op between
 * two ordered reads, less the overhead, clamped at 0. A macro so that op sits
 * inline between the two reads: no call and no pointer inside the interval. */
#define COST_SAMPLE(h, overhead, op)                                    \
	do {                                                            \
		for (unsigned i_ = 0; i_ < COST_SAMPLES; i_++) {        \
			uint64_t t0_ = rdtsc_ordered();                 \
			op;                                             \
			uint64_t d_ = rdtsc_ordered() - t0_;            \
			hist_add((h), d_ > (overhead) ? d_ - (overhead) : 0); \
		}                                                       \
	} while (0)

#endif
