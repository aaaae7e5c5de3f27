/* The tick benchmark's figures that summary's tables and plot's panels share: the
 * "1 versus N CPUs" figures of one configuration, and the configurations run at
 * several CPU counts. */
#ifndef TICKSTAT_TICK_SCALING_H
#define TICKSTAT_TICK_SCALING_H

#include "stats.h"

/* One tick configuration run on cpus CPUs at once, each CPU's runs pooled: the
 * figures of summary's "1 versus N CPUs" tables, in TSC cycles, each with its 95%
 * half interval (Student's t on cycles on - off, pooled s, as ministat). */
struct tick_figures {
	unsigned cpus;
	double irqs;                     /* mean interrupts per run with the timer, per CPU */
	double lost, lost_err;           /* cycles a run lost to the timer, per CPU: on - off */
	double cost, cost_err;           /* total cost per interrupt: lost / irqs; NAN
					  * without interrupts */
	double lost_all, lost_all_err;   /* cycles lost per run by all CPUs: lost * cpus */
	bool proven;                     /* lost is distinguishable from 0 */
};
/* False with fewer than 2 runs off or on. */
bool tick_figures(const struct dataset *off, const struct dataset *on,
		  const struct dataset *irq, unsigned cpus, struct tick_figures *f);

/* The tick configurations among keys[0..nkeys) (lib/record/configuration.h) that ran at two
 * or more CPU counts: fn gets each one's key without " cpus=N" and the indices of its keys,
 * with their CPU counts, by ascending count. */
typedef void (*scaling_fn)(const char *base, const int *members, const unsigned *cpus,
			   int n, void *ctx);
void scaling_sets(const char *const *keys, int nkeys, scaling_fn fn, void *ctx);

#endif
