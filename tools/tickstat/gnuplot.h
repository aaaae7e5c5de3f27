/* The gnuplot end of tickstat plot, below every panel's writer (plot.c, plot_hz.c,
 * machines_plot.c). */
#ifndef TICKSTAT_GNUPLOT_H
#define TICKSTAT_GNUPLOT_H

#include <stdio.h>

/* Text from a log inside a gnuplot '...' string: quotes doubled, control characters
 * as spaces. */
void put_quoted(FILE *g, const char *s);
/* gnuplot itself, or for FILE.gp the script it would get (drawing FILE.png), with a
 * terminal of width x height pixels; NULL when it cannot be started. */
FILE *open_gnuplot(const char *out, int width, int height);

#endif
