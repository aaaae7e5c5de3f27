/* latency's parts: bench/latency/latency.c (the timers' shots on one CPU or several) and
 * bench/latency/latipi.c (the IPI from another CPU as the wake source) share one CPU's
 * samples of a run and the way they become records (bench/latency/latrec.c). */
#ifndef BENCH_LATENCY_H
#define BENCH_LATENCY_H

#include <stdbool.h>
#include <stdint.h>
#include "config.h"
#include "hist.h"
#include "idlecount.h"
#include "idlewait.h"

/* One CPU's share of a run: its histograms and what the records need. */
struct part {
	unsigned index;                 /* in smp.cpu[] */
	struct hist run, all;           /* handler stamps: this run; every run */
	struct hist wake_run, wake_all; /* wake stamps (MWAIT with ECX[0]) */
	uint64_t early, brackets, missed;
	uint64_t aperf, mperf;          /* at wake: idle_wake_clock */
	struct idle_waiter waiter;      /* the state, spurious returns, the wake stamp */
	struct idle_snap before, after; /* residency around the run */
	bool fired;                     /* every shot came */
	bool met;                       /* it met the others at the start */
};

/* A new run: histograms of the run, counts, the waiter's, in state s. */
void latency_part_reset(struct part *p, const struct idle_state *s);
/* One sample: the handler's stamp minus the deadline, and the wake's where it was
 * stamped (MWAIT with ECX[0]) at or after the deadline. */
void latency_part_add(struct part *p, uint64_t handler, uint64_t wake, bool stamped);

/* The fields that identify a run's record: what (timer or "ipi"), its path, wait, cpu. */
struct latency_key {
	const char *what, *mode, *delivery;
	uint32_t cpu;
	unsigned cpus;
	uint32_t delay_us;
	unsigned run;
	int from;                       /* the sending CPU (ipi), -1 none */
};
/* The run's "stats" records: handler stamps, then (stamped) wake stamps. */
void latency_emit(const struct latency_key *k, const struct part *p);

/* The console's table of every run's samples: its header, then a row of one CPU's
 * handler (or wake) stamps; apic: the label names the CPU. */
void latency_print_header(void);
void latency_print_row(const char *what, const struct part *p, bool wake, bool apic);

/* The IPI wake source: from the boot CPU to each AP idle in state s (latipi.c);
 * samples per run, delay_us apart. first: the first state (one skip, not one per
 * state, when no other CPU is online). */
void latency_ipi_runs(const struct config *cfg, const struct idle_state *s, unsigned samples,
		      bool first);

#endif
