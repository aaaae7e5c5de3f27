/* How long each benchmark should take, from the configured work (bench.c prints it
 * with the step of the run, [k/N], before each benchmark's first line): each row's
 * plan_ms, written beside its run. The windows the benchmarks wait for (ms= per run
 * and configuration, the off and on runs of tick, the latency shots) make up most
 * of a run on a PC; what the CPU computes between them is allowed for by a small
 * figure per run. An emulator is slower: the suite scales the rest by the time the
 * finished benchmarks took against their estimates. docs/METHOD.md, "Progress".
 * Here, what the estimates share. */
#ifndef BENCH_PLAN_H
#define BENCH_PLAN_H

#include <stdbool.h>
#include <stdint.h>
#include "config.h"

#define PLAN_SETUP_MS     20            /* a source started and its first interrupt */

/* The timer sources selected (periodic_only: those with a periodic mode, and the
 * TSC deadline). */
unsigned plan_sources(const struct config *cfg, bool periodic_only);
/* The CPU counts of tick_cpus= or latency_cpus= that can run: all is every online
 * CPU, a count twice runs once (bench_cpu_counts); at least 1. */
unsigned plan_cpu_counts(const struct uint_list *list);
/* readcost's and armcost's: runs of a cost table. */
uint64_t plan_cost_ms(const struct config *cfg);

#endif
