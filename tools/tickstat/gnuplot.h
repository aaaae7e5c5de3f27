/* The gnuplot end of tickstat plot, below every panel's writer (cmd_plot.c,
 * plot_hz.c, machines_plot.c). */
#ifndef TICKSTAT_GNUPLOT_H
#define TICKSTAT_GNUPLOT_H

#include <stddef.h>
#include <stdio.h>

/* A plot's script, gathered in memory; tickstat, not gnuplot, writes the file. */
struct gnuplot {
	FILE *script;            /* what the panels write to */
	char *text;
	size_t len;
	const char *out;         /* FILE.png, FILE.svg, or FILE.gp: the script itself */
};

/* Text from a log inside a gnuplot '...' string: quotes doubled, control characters
 * as spaces. */
void put_quoted(FILE *g, const char *s);
/* A script for out with a terminal of width x height pixels (FILE.gp: a script that
 * draws FILE.png); exits 2 for another extension; NULL when out of memory. */
struct gnuplot *gnuplot_open(const char *out, int width, int height);
/* Write out: the script, or the image gnuplot draws from it. Returns 0, or 2 with
 * the cause on standard error (gnuplot missing or failing, the file not written
 * whole: a full disk), no partial file left. Frees gp. */
int gnuplot_finish(struct gnuplot *gp);

#endif
