/* Which of the spin loop's holes under Linux are its CPU's tick, which other
 * interrupts, which lie beneath the OS (docs/METHOD.md, "The OS beside the
 * hardware"). Pure C: tests/unit/test_tickgrid.c feeds it holes with known answers.
 *
 * The grid: Linux's tick (tick_sched_timer, an hrtimer on CLOCK_MONOTONIC) expires at
 * the multiples of TICK_NSEC, the period being aligned to them since Linux 5.10
 * ("tick: Align tick period with the HZ tick", kernel/time/tick-common.c), shifted
 * per CPU by (TICK_NSEC / 2) / possible CPUs x cpu under skew_tick=1
 * (tick_setup_sched_timer). The loop reads the TSC, so the grid is carried onto it
 * through CLOCK_MONOTONIC and the TSC read together before and after the run.
 *
 * The counts: /proc/interrupts says how many timer interrupts (LOC) and others the
 * CPU took during the run, getrusage how often another task ran on it. A hole is
 *   - a tick: the hole nearest a grid point, within the tolerance, at most one per
 *     point and at most as many as LOC counted (the largest kept);
 *   - shared: of all holes, the largest, as many as the task was preempted (another
 *     task ran in them: a tick's among them is found, but its cycles are not the
 *     tick's);
 *   - another interrupt: off the grid, as many as the other counts (LOC's beyond the
 *     ticks among them) explain; their cycles are the off-grid holes' share;
 *   - beneath the OS: the rest (SMIs, a hypervisor's exits, an emulator's other CPU). */
#ifndef LINUX_TICKGRID_H
#define LINUX_TICKGRID_H

#include <stdint.h>
#include "hist.h"
#include "spin.h"

struct tick_grid {
	uint64_t period_ns;             /* TICK_NSEC */
	uint64_t offset_ns;             /* this CPU's skew (skew_tick=1), else 0 */
	uint64_t tsc[2], ns[2];         /* TSC and CLOCK_MONOTONIC read together, twice */
};

/* The TSC when CLOCK_MONOTONIC reads ns, and the reverse, on the line through the
 * two readings. */
uint64_t grid_tsc_at(const struct tick_grid *g, uint64_t ns);
uint64_t grid_ns_at(const struct tick_grid *g, uint64_t tsc);
/* The first grid point (ns) at or after ns. */
uint64_t grid_point_from(const struct tick_grid *g, uint64_t ns);
/* The grid points in [from, to) (TSC). */
uint64_t grid_points(const struct tick_grid *g, uint64_t from, uint64_t to);
/* How far from a grid point a tick's hole may open: a quarter of the period, at most
 * 50 us (TSC cycles). */
uint64_t grid_tolerance(const struct tick_grid *g);

/* What /proc and getrusage say of the run, on the loop's CPU. */
struct run_counts {
	uint64_t timer;                 /* LOC: local timer interrupts */
	uint64_t others;                /* every other interrupt */
	uint64_t preempted;             /* involuntary context switches */
};

/* A hole off the grid is another interrupt's or beneath the OS: told apart by count
 * only (irqs, beneath below), never hole by hole. */
enum hole_kind { HOLE_OFF_GRID, HOLE_TICK, HOLE_SHARED };

struct hole_split {
	uint64_t on_grid;               /* holes nearest a grid point, before LOC's cap */
	uint64_t found;                 /* of them, this CPU's ticks (at most LOC's count) */
	uint64_t ticks, tick_cycles;    /* those no other task ran in; Σ (hole - step) */
	uint64_t irqs, irq_cycles;      /* off-grid holes other interrupts explain */
	uint64_t beneath, beneath_cycles;       /* off-grid holes no count explains */
	uint64_t shared, shared_cycles; /* holes in which another task ran */
	struct hist tick_hist;          /* hole - step, per tick */
	struct hist interval_hist;      /* from one tick's hole to the next's */
	struct hist off_hist;           /* hole - step, per off-grid hole */
};

/* Split n holes (in time order) of a run from TSC start to end whose step is
 * step_cycles / step_iterations; kind[] (n entries) receives each hole's kind. */
void tick_holes_split(const struct spin_hole *holes, uint64_t n, uint64_t start, uint64_t end,
		      uint64_t step_cycles, uint64_t step_iterations, const struct tick_grid *g,
		      const struct run_counts *c, uint8_t *kind, struct hole_split *out);

/* ftq under Linux: what a tick takes from the quanta, beyond the clean ones'. The
 * quanta series[0..n) ran back to back from TSC start, quantum cycles each. A quantum
 * holding a grid point is the tick's; the after quanta that follow it are counted
 * apart (the cache's and TLB's refill); the others are clean. */
struct ftq_loss {
	uint64_t ticks;                 /* quanta holding a grid point */
	uint64_t clean;                 /* clean quanta */
	uint64_t lost_cycles;           /* the work those and the following quanta lost ... */
	uint64_t lost_after_cycles;     /* ... of which in the following quanta */
};
void ftq_tick_loss(const uint32_t *series, uint64_t n, uint64_t start, uint64_t quantum,
		   const struct tick_grid *g, unsigned after, struct ftq_loss *out);

#endif
