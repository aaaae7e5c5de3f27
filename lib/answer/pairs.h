/* lost_ppm: the CPU share a run with the timer lost, against the run without it
 * that forms its pair (docs/METHOD.md, "The CPU share lost"). The tick benchmark
 * interleaves the runs of one configuration off, on, off, on, ...; the off and on
 * run of one index (`run`) on one CPU (`cpu`) are a pair. The report's figures and
 * tickstat's summary and column pair runs here. */
#ifndef LIB_PAIRS_H
#define LIB_PAIRS_H

#include <stdbool.h>
#include <stddef.h>
#include "rec.h"

#define LOST_PPM "lost_ppm"

#define PAIR_PMU_MAX 8

struct run_pair {
	double off, on;          /* cycles of the run without and with the timer; ftq
				  * (runs with "work"): off is the off run's cycles for the
				  * on run's work, off cycles x on work / off work */
	double interrupts;       /* the on run's interrupts (0 when absent) */
	double off_work, on_work;        /* ftq's units of work, 0 for the others */
	int npmu;                /* the off run's pmu_EVENT fields (docs/FORMAT.md) */
	struct { char key[32]; double off; } pmu[PAIR_PMU_MAX];
};

/* The off runs seen and not yet paired. */
struct lost_pairs {
	struct pending *p;
	size_t n, cap;
};

/* Hand every run record to lost_pair in log order (before any filter): an off run
 * is kept; an on run whose off partner was kept gets it (removed) in *out and the
 * call returns true. The key is the file, the configuration (lib/record/configuration.h), the
 * CPU and the run index. */
bool lost_pair(struct lost_pairs *lp, const struct rec *r, struct run_pair *out);
void lost_free(struct lost_pairs *lp);

/* (on - off) / off, in millionths of the CPU. */
double lost_ppm(const struct run_pair *p);
/* The total cost per interrupt: (on - off) / the on run's interrupts, TSC cycles;
 * false without interrupts. */
bool pair_cost(const struct run_pair *p, double *cycles);
/* The direct cost per interrupt of a spin run with the timer: its holes' cycles
 * beyond the loop's step over the interrupts in them, gap_cycles / gap_interrupts
 * (older logs: gaps), TSC cycles; false without such holes. */
bool run_direct(const struct rec *r, double *cycles);
/* The same from the values of those fields (NULL: absent), for a caller that
 * found them once for many records alike. */
bool run_direct_of(const struct value *gap_interrupts, const struct value *gaps,
		   const struct value *gap_cycles, double *cycles);

#endif
