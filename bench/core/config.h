/* What the command line asks of the benchmarks: the words they all share (struct
 * config: the suite, the benchmarks to run, runs, ms, hz, timers, paths, workloads,
 * idle states, the handler's work, the seed), and the list of benchmarks
 * (bench/core/benches.def), each with its summary and its own words (a word table
 * of its own folder, e.g. bench/tick/tick_words.c). The kernel (kmain) parses the
 * line with these tables after its own (kernel/cmdline.c); help and
 * docs/OPTIONS.md print them (tools/options-md.c). Host-compiled too: no benchmark
 * code here. */
#ifndef BENCH_CONFIG_H
#define BENCH_CONFIG_H

#include <stdbool.h>
#include <stdint.h>
#include "idlestate.h"
#include "words.h"

#define BENCH_NONE      (1u << 0)   /* bench=none: boot, report the platform, end */

enum { SUITE_QUICK, SUITE_DEFAULT, SUITE_FULL, SUITE_SOAK };
/* Bits of the workload= set. */
enum { WORKLOAD_SPIN, WORKLOAD_MATRIX, WORKLOAD_MEMWALK, WORKLOAD_FTQ, WORKLOADS };
extern const char *const workload_names[];
/* Bits of the timer= and delivery= sets, in the order of their names. */
enum { TIMER_PIT, TIMER_LAPIC, TIMER_TSCDL, TIMER_HPET };
/* The timers' names by TIMER_*, as the command line and the records spell them. */
extern const char *const timer_names[];
enum { DELIVERY_PIC, DELIVERY_IOAPIC, DELIVERY_MSI, DELIVERY_LEGACY, DELIVERY_LOCAL };
/* A seed is below 2^53: a JSON reader keeps it exact (docs/FORMAT.md, boot). */
#define RECORD_SEED_MAX ((1ull << 53) - 1)

struct config {
	uint32_t benches;               /* bit per bench_names[] entry; 0: not given */
	uint32_t suite;                 /* SUITE_*: defaults for what is not given */
	uint32_t runs;                  /* repetitions of each configuration */
	uint32_t ms;                    /* measuring window per configuration */
	struct uint_list hz;            /* rates to run periodic timers at */
	uint32_t timers;                /* bit per TIMER_* */
	uint32_t deliveries;            /* bit per DELIVERY_* */
	uint32_t workloads;             /* bit per WORKLOAD_* */
	uint32_t ftq_us;                /* the ftq workload's quantum */
	uint32_t memwalk_kib;           /* the memwalk workload's buffer */
	struct uint_list tick_work;     /* cycles burnt in every measured handler
					 * (inject= too): tick sweeps them, storm
					 * takes the first */
	struct wait_list wait;          /* latency, ipi, idle: the states, each in turn */
	uint64_t seed;                  /* the run's seed (seed=, else from the TSC) */
};

/* The words all benchmarks share, into bench_config. */
extern struct config bench_config;
extern struct word_table bench_words;

/* Every table of benchmark words, the shared ones first, then each benchmark's
 * (benches.def's order): bench_tables_n of them. */
extern struct word_table *const bench_tables[];
extern const size_t bench_tables_n;

/* The benchmarks' names and summaries, by benches.def's order (bench_count). */
extern const char *const *const bench_name;
extern const char *const bench_summary[];
extern const unsigned bench_count;

/* Was the shared word called key on the line? */
bool config_given(const char *key);
/* Is the benchmark called name selected (bench=; without it, every one the suite
 * runs)? */
bool config_wants_bench(const char *name);
/* seed= when given, else the TSC at the kernel's start mixed by splitmix64 and cut
 * to 53 bits (docs/FORMAT.md, boot). */
void config_choose_seed(uint64_t start_tsc);
/* The help's part of the benchmarks: the shared words, each benchmark's name and
 * summary, each one's own words (lib/run/words.h's lines, folded or whole). */
void config_print_help(bool fold, words_print_fn *print);
/* The defaults of the words the line did not give, from the suite= table
 * (bench/core/suite.c); false when one of the suite's words is not valid (a test's
 * concern: tests/unit/test_cmdline.c). */
bool suite_apply(void);

#endif
