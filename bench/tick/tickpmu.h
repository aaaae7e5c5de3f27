/* tick's event counts: the core performance counters (arch/x86/pmu.h) started on
 * the boot CPU before tick's first run and stopped after its last, read around
 * each one-CPU run outside its interval (tick_read_counters), so that each run
 * record carries the events of its interval, timer on or off (docs/METHOD.md,
 * "Misses per tick"). */
#ifndef BENCH_TICKPMU_H
#define BENCH_TICKPMU_H

#include <stdbool.h>
#include <stdint.h>
#include "pmuplan.h"

/* Probe, start and check that the counters count: a "pmu" record, or a skip with
 * "what":"pmu" naming what was looked for. True when counting. */
bool tick_pmu_start(void);
void tick_pmu_stop(void);
/* The counted events' readings now; false when not counting (or a read faulted). */
bool tick_pmu_read(uint64_t v[PMU_MAX_COUNTED]);
/* The plan in use (n = 0 when not counting). */
const struct pmu_plan *tick_pmu_plan(void);

#endif
