/* Output in the shape of FreeBSD's ministat(1): the legend, the ASCII plot of the
 * distributions, the vitals (N Min Max Median Avg Stddev, %13.8g), and the verdict
 * of Student's t. Debian's ministat prints the same numbers for the same data. */
#ifndef TICKSTAT_MINISTAT_H
#define TICKSTAT_MINISTAT_H

#include <stdio.h>
#include "stats.h"

#define MS_MAX_SETS 7            /* ministat's plot symbols: x + * % # @ O */

char ms_symbol(int set);         /* set 0 is 'x', 1 '+', ... */
void ms_legend(FILE *out, struct dataset *sets, int n);
void ms_plot(FILE *out, struct dataset *sets, int n, int width);
void ms_header(FILE *out, const char *extra);
void ms_vitals(FILE *out, char sym, struct dataset *d);
void ms_relative(FILE *out, struct dataset *ref, struct dataset *d, int ci);

#endif
