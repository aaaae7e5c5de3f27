/* How long each benchmark should take, from the configured work (bench.c prints it
 * with the step of the run, [k/N], before each benchmark's first line). The windows
 * the benchmarks wait for (ms= per run and configuration, the off and on runs of
 * tick, the latency shots) make up most of a run on a PC; what the CPU computes
 * between them is allowed for by a small figure per run. An emulator is slower: the
 * suite scales the rest by the time the finished benchmarks took against their
 * estimates. docs/METHOD.md, "Progress". */
#ifndef BENCH_PLAN_H
#define BENCH_PLAN_H

#include <stdint.h>
#include "config.h"

uint64_t plan_fire_ms(const struct config *cfg);
uint64_t plan_cost_ms(const struct config *cfg);       /* readcost, armcost */
uint64_t plan_latency_ms(const struct config *cfg);
uint64_t plan_tick_ms(const struct config *cfg);
uint64_t plan_storm_ms(const struct config *cfg);
uint64_t plan_ipi_ms(const struct config *cfg);
uint64_t plan_interference_ms(const struct config *cfg);
uint64_t plan_idle_ms(const struct config *cfg);

#endif
