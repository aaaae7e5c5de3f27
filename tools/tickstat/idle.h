/* tickstat plot's idle-power panel (idle_plot.c) from lib/'s idle data
 * (lib/answer/answer_idle.h: the answer's Idle part gathers it). */
#ifndef TICKSTAT_IDLE_H
#define TICKSTAT_IDLE_H

#include <stdio.h>
#include "answer_idle.h"

/* The power against HZ panel; returns its datablocks (0: no panel). */
int idle_plot_blocks(FILE *g, const struct idle_data *d);
void idle_plot(FILE *g, const struct idle_data *d, int blocks);

#endif
