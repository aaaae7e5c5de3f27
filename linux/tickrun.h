/* tick under Linux: each workload of workload= runs runs= times, ms= long, on the
 * pinned CPU with Linux's own tick (docs/METHOD.md, "The OS beside the hardware").
 *
 * Interval of each run: the workload's, as in the bare kernel (bench/core/workload.c,
 * bench/core/spin_loop.S), from an ordered TSC read before its first iteration to one
 * after its last. Around it, outside the interval: /proc/interrupts and
 * /proc/softirqs (the CPU's counts of each kind), getrusage (involuntary context
 * switches: another task ran on the CPU) and TSC and CLOCK_MONOTONIC read together
 * (the tick's grid on the TSC, linux/tickgrid.h). There is no run without the tick:
 * the spin loop's step replaces it (the run's own steps between its holes), and ftq's
 * clean quanta (those far from a tick) give the rate the tick's quanta lose against. */
#ifndef LINUX_TICKRUN_H
#define LINUX_TICKRUN_H

#include <stdbool.h>
#include "linux_info.h"
#include "config.h"

/* The spin loop's calibration ("spin" record), then every run in order= order
 * (tick's word, bench/tick/tick_words.h): the
 * run records and their stats and ftq records, the lines, and the summary. False
 * when a run could not be counted (an error record says why). */
bool tick_linux(const struct config *cfg, const struct linux_info *li);

#endif
