/* The end-of-run report: the answer a person came for, on one screen (serial and
 * screen alike), and as "report" records so a log alone reproduces it. Benchmarks
 * note their headline figures as they emit their records; bench_report() prints and
 * emits, after the last benchmark, before the end record. docs/METHOD.md, "The
 * report"; docs/FORMAT.md, "report". */
#ifndef BENCH_REPORT_H
#define BENCH_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include "qrscreen.h"
#include "record.h"
#include "tick.h"

/* readcost and armcost: one run's median of operation `what`. */
void report_cost(const char *what, uint64_t p50);
/* latency on one CPU: one run's median and 99th percentile for the timer (TIMER_*). */
void report_latency(unsigned timer, uint64_t p50, uint64_t p99);
/* The work model whose spin runs give the direct cost (tick: the sweep's first). */
void report_direct_model(const struct tick_model *m);
/* tick on one CPU: one run, as its "run" record says (expected: 0 when off; work:
 * ftq's units, else 0). */
void report_tick(const struct tick_config *t, unsigned run, bool on, uint64_t cycles,
		 uint64_t interrupts, uint64_t expected, const struct spin_view *v,
		 uint64_t work, uint64_t smi);

/* The CPU's speed at boot (bench_probe_speed): a warning when the hypervisor below
 * traps RDTSC or emulates every instruction. */
struct platform_speed;
void report_platform_speed(const struct platform_speed *s);
/* tick's spin calibration (whether its cycles are instructions). */
void report_spin_calibration(const struct spin_view *v);

/* Print the report and emit its records. emulator: "qemu", "bochs" or "". */
void bench_report(const char *emulator);

#endif
