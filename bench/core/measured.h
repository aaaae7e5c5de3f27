/* The measured code: the measuring loop (spin_loop.S) and the workloads' bodies
 * (workload.c), each in the section measured_text, which the QEMU plugin of
 * tools/anatomy follows (docs/METHOD.md, "The tick's anatomy"): a call of one of its
 * functions is a run, and execution outside it while the call lasts is an episode.
 * So the measured code calls nothing outside itself, and every call of it is
 * counted on its CPU (measured_count, by the wrappers that make them), so that a
 * run record can name its call ("call") as the plugin counts them. */
#ifndef BENCH_MEASURED_H
#define BENCH_MEASURED_H

#include <stdint.h>

#define MEASURED __attribute__((section("measured_text"), noinline))

/* One more call of the measured code on this CPU (just before it). */
void measured_count(void);
/* The calls of the measured code made on this CPU so far. */
uint64_t measured_calls(void);

#endif
