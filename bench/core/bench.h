/* The benchmarks: rows of a table (bench/core/benches.def, one line each), each with its
 * name, summary and words (bench/core/config.h) and its entry points here, among them a
 * valid() gate; the command line selects rows by name (bench=). A row that cannot
 * run here emits a "skip" record with valid()'s reason; the suite goes on. */
#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include <stdint.h>
#include "config.h"
#include "platform.h"

/* A benchmark's entry points: name_ops in its own file. */
struct bench_ops {
	const char *(*valid)(void);             /* NULL when it can run, else why not */
	uint64_t (*plan_ms)(const struct config *cfg);  /* its estimate (bench/core/plan.h) */
	void (*run)(const struct config *cfg);
};
#define BENCH(name, summary) extern const struct bench_ops name##_ops;
#define BENCH_WITH_WORDS BENCH
#include "benches.def"
#undef BENCH
#undef BENCH_WITH_WORDS

void bench_run_suite(const struct config *cfg);
/* The suite's estimate (bench/core/plan.h): the plan_ms of every row cfg selects and
 * valid() lets run; the first progress line's time left, iso/grub.cfg's PC
 * estimates (tools/grub-times.c). */
uint64_t bench_plan_ms(const struct config *cfg);

/* The gate of every benchmark that converts cycles to time: a calibrated TSC. */
const char *tsc_calibrated(void);

/* A CPU-count list (tick_cpus=, latency_cpus=) as counts[] (at most WORDS_LIST_MAX): all
 * is every online CPU; a count above that gets a "skip" record of bench; a count
 * given twice runs once. Returns how many. */
unsigned bench_cpu_counts(const char *bench, const char *option, const struct uint_list *list,
			  unsigned *counts);

/* The TSC warp test, boot CPU against each online AP: a "tsc_sync" record each;
 * sets each CPU's tsc_trusted. After smp_init(). */
void tsc_sync_check(void);

#endif
