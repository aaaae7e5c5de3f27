/* tickstat plot's panels against HZ (plot_hz.c), from tickstat report's figures. */
#ifndef TICKSTAT_PLOT_HZ_H
#define TICKSTAT_PLOT_HZ_H

#include <stdio.h>
#include "report.h"

#define HZ_MAX_LINES 64
#define HZ_MAX_NAMES 16
#define HZ_NAME      48

/* One line: a timer, delivery, mode and workload on one CPU, across HZ. */
struct hz_line {
	const struct rconfig *first;     /* its first configuration in the logs */
	int source, workload, mode;      /* indices: colour, dash, point */
};

struct hz_layout {
	struct hz_line line[HZ_MAX_LINES];
	int nlines, nsources, nworkloads, nmodes;
	char sources[HZ_MAX_NAMES][HZ_NAME], workloads[HZ_MAX_NAMES][HZ_NAME];
	char modes[HZ_MAX_NAMES][HZ_NAME];
	bool direct;             /* some line has direct costs */
};

/* The lines and their styles; returns the panels they need (0: none). */
int hz_layout(const struct report *r, struct hz_layout *l);
void hz_blocks(FILE *g, const struct report *r, const struct hz_layout *l);
void hz_plot(FILE *g, const struct report *r, const struct hz_layout *l);
/* The colour of the timer named at the start of name ("hpet", "lapic cpus=2"): its
 * first line's on the HZ panels; a timer without one gets a colour of its own
 * (added to l, so the next call for it gives the same). */
const char *hz_timer_colour(struct hz_layout *l, const char *name);

#endif
