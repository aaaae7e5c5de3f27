/* The fields of a tick `run` record that the bare kernel (bench/tick/tickrec.c) and
 * tickbench-linux (linux/tickrun.c) both write, each block written here once for
 * both; each program writes its own fields around them, the record in
 * docs/FORMAT.md's order:
 *   the configuration (bench, cpu, cpus, timer, mode, delivery, hz: the kernel's
 *     source_fields, the Linux program's config_fields),
 *   TICK_RUN_COUNTS (workload .. interrupts), expected,
 *   the work model and inject (the kernel), handler, nohz and preempted (Linux),
 *   TICK_RUN_FTQ (workload ftq), Linux's loss beside it,
 *   TICK_RUN_SPIN (workload spin), Linux's holes beside it,
 *   the CPU's counters (the kernel) or irq_LABEL and softirq_LABEL (Linux),
 *   hypervisor.
 * Macros, not functions: each value is computed where its field is written, so the
 * kernel's code is the same instructions as written out in its writer (its records
 * under tools/run --icount byte for byte the same; a function's arguments, computed
 * before its first field, were not). */
#ifndef BENCH_TICK_RUNFIELDS_H
#define BENCH_TICK_RUNFIELDS_H

#include "record.h"

/* What ran and how long: workload, run, call, position, timer_on, iterations,
 * cycles, interrupts. */
#define TICK_RUN_COUNTS(r, workload_, run_, call_, position_, on_, iterations_, cycles_,  \
			interrupts_)                                                       \
	do {                                                                               \
		REC_STR(r, run, workload, workload_);                                      \
		REC_U64(r, run, run, run_);                                                \
		REC_U64(r, run, call, call_);                                              \
		REC_U64(r, run, position, position_);                                      \
		REC_BOOL(r, run, timer_on, on_);                                           \
		REC_U64(r, run, iterations, iterations_);                                  \
		REC_U64(r, run, cycles, cycles_);                                          \
		REC_U64(r, run, interrupts, interrupts_);                                  \
	} while (0)

/* ftq's units of a struct ftq_view (bench/core/workload.h): quantum_cycles,
 * quanta, work, work_min, work_max. */
#define TICK_RUN_FTQ(r, f)                                                                 \
	do {                                                                               \
		REC_U64(r, run, quantum_cycles, (f)->quantum);                             \
		REC_U64(r, run, quanta, (f)->sum.quanta);                                  \
		REC_U64(r, run, work, (f)->sum.work);                                      \
		REC_U64(r, run, work_min, (f)->sum.quanta ? (f)->sum.min : 0);             \
		REC_U64(r, run, work_max, (f)->sum.max);                                   \
	} while (0)

/* spin's holes (docs/METHOD.md, "The holes"). */
#define TICK_RUN_SPIN(r, gaps_, gap_interrupts_, gap_cycles_, unexplained_,                \
		      unexplained_cycles_, step_cycles_, threshold_cycles_, holes_dropped_)  \
	do {                                                                               \
		REC_U64(r, run, gaps, gaps_);                                              \
		REC_U64(r, run, gap_interrupts, gap_interrupts_);                          \
		REC_U64(r, run, gap_cycles, gap_cycles_);                                  \
		REC_U64(r, run, unexplained, unexplained_);                                \
		REC_U64(r, run, unexplained_cycles, unexplained_cycles_);                  \
		REC_U64(r, run, step_cycles, step_cycles_);                                \
		REC_U64(r, run, threshold_cycles, threshold_cycles_);                      \
		REC_U64(r, run, holes_dropped, holes_dropped_);                            \
	} while (0)

#endif
