/* The report's CPU share tables (bench/shares.c): the details' "CPU lost at each
 * HZ" (each configuration's share of the CPU, 95 % interval) and the answer's verdict
 * "CPU lost to the tick" (each HZ against the lowest of its timer, mode and
 * workload), with their "share" and "verdict" records (docs/FORMAT.md, "report"). */
#ifndef BENCH_SHARES_H
#define BENCH_SHARES_H

#include <stdbool.h>
#include <stdint.h>
#include "tick.h"

/* A tick run on one CPU (report_tick); work: ftq's units done in it (else 0). */
void shares_take(const struct tick_config *t, unsigned run, bool on, uint64_t cycles,
		 uint64_t work);
/* Any configuration measured? */
bool shares_any(void);
void shares_print_details(void);
void shares_print_verdicts(void);

#endif
