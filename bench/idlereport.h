/* The end-of-run report's "Idle" section (bench/report.c calls idle_report_print):
 * wake-up latency by state and source, and per state the package's idle power at
 * each HZ with its 95 % interval, the residency and the wake-ups per second, with a
 * verdict per HZ pair (docs/METHOD.md, "The report", "idle"), in the report's
 * details (report_say: kept for the end screen's full report). Console text only:
 * the "stats" and "idle" records hold the data, tickstat report the same verdicts
 * in double precision. */
#ifndef BENCH_IDLEREPORT_H
#define BENCH_IDLEREPORT_H

#include <stdbool.h>
#include <stdint.h>
#include "hist.h"
#include "idlecount.h"

#define IDLE_NO_POWER UINT64_MAX

/* latency on one CPU: one run's distribution of `what` (a timer or "ipi") in state
 * wait, the handler's stamps or (wake) the wake's; a and b: the residency counters
 * around the run. */
void idle_report_latency(const char *wait, const char *what, bool wake, const struct hist *h,
			 uint64_t spurious, const struct idle_snap *a, const struct idle_snap *b);

/* idle: one window (power_uw: IDLE_NO_POWER without a valid energy figure). */
struct idle_window_report {
	const char *wait;
	uint32_t hz;
	unsigned run;
	uint64_t cycles, wakeups, spurious, power_uw;
	const struct idle_snap *a, *b;
};
void idle_report_window(const struct idle_window_report *w);

/* The section, when latency or idle gave it anything. */
void idle_report_print(void);

#endif
