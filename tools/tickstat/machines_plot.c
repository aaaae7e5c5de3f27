/* tickstat plot across machines (machines.h): a panel per headline figure of
 * tickstat report's table, a bar per machine (M1, M2, ...: the legend is report's)
 * at its mean over runs with its 95 % interval (Student's t, exact quantile). */
#include "machines.h"
#include "plot_hz.h"
#include "gnuplot.h"
#include "tickstat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PLOT_COLUMNS 3
#define PANEL_W      420
#define PANEL_H      300

/* The figures in the order of the report: the first machine's, then any other's. */
static int figure_names(struct headlines *fs, int n, const char **names)
{
	int nn = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < fs[i].n && nn < M_MAX_FIGURES; j++) {
			int k = 0;
			while (k < nn && strcmp(names[k], fs[i].f[j].name))
				k++;
			if (k == nn)
				names[nn++] = fs[i].f[j].name;
		}
	return nn;
}

/* $m<k>: "key" mean half-interval, one line per machine with the figure; the
 * share in %, costs as they are (ns or cycles). */
static void figure_block(FILE *g, struct mgroup *grp, struct headlines *fs, int n,
			 const char *name, int k)
{
	fprintf(g, "$m%d << EOD\n", k);
	for (int i = 0; i < n; i++) {
		const struct headline *f = find_figure(&fs[i], name);
		if (!f)
			continue;
		struct estimate e = mean_estimate(f->d, 2);
		double scale = f->share ? 1e-4 : 1;
		fprintf(g, "\"%s\" %.9g %.9g\n", grp[i].key, e.v * scale,
			e.interval ? e.e * scale : 0.0);
	}
	fprintf(g, "EOD\n");
}

static void figure_panel(FILE *g, const char *name, bool share, const char *unit, int k)
{
	fprintf(g, "set title '");
	put_quoted(g, name);
	fprintf(g, "'\nset ylabel '%s'\n", share ? "% of the CPU" : unit);
	fprintf(g, "plot $m%d using 0:2:xtic(1) with boxes lc rgb '#6a9fd4', "
		"'' using 0:2:3 with yerrorbars lc black pt 0\n", k);
}

/* The datablocks, then a panel per figure, PLOT_COLUMNS a row. */
static void write_script(FILE *g, struct mgroup *grp, struct headlines *fs, int n,
			 const char **names, int nn, const char *unit)
{
	for (int k = 0; k < nn; k++)
		figure_block(g, grp, fs, n, names[k], k);
	fprintf(g, "set multiplot layout %d,%d title 'Machines (legend: tickstat "
		"report); bars: mean over runs, 95 %% intervals'\n",
		(nn + PLOT_COLUMNS - 1) / PLOT_COLUMNS, PLOT_COLUMNS);
	/* [*<0:0<*]: 0 always in the range, and a negative mean (a noisy share) too */
	fprintf(g, "set style fill solid 0.5\nset boxwidth 0.6\nset key off\n"
		"set yrange [*<0:0<*]\nset offsets 0.5, 0.5, 0, 0\nset xlabel ''\n");
	for (int k = 0; k < nn; k++) {
		const struct headline *f = NULL;
		for (int i = 0; i < n && !f; i++)
			f = find_figure(&fs[i], names[k]);
		figure_panel(g, names[k], f->share, unit, k);
	}
	fprintf(g, "unset multiplot\n");
}

int machines_plot(struct mgroup *grp, int n, const char *out)
{
	struct headlines *fs = calloc((size_t)n, sizeof(*fs));
	const char **names = calloc(M_MAX_FIGURES, sizeof(*names));
	bool cycles = false;
	int rc = 2;
	for (int i = 0; fs && names && i < n; i++) {
		machine_figures(grp[i].rep, &fs[i]);
		cycles |= grp[i].rep->cycles_only;
	}
	int nn = fs && names ? figure_names(fs, n, names) : 0;
	struct gnuplot *gp = NULL;
	if (nn == 0)
		say_error("no figure to plot across machines");
	else if (!(gp = gnuplot_open(out, PANEL_W * PLOT_COLUMNS,
				     PANEL_H * ((nn + PLOT_COLUMNS - 1) / PLOT_COLUMNS))))
		say_error("out of memory");
	if (gp) {
		write_script(gp->script, grp, fs, n, names, nn, cycles ? "TSC cycles" : "ns");
		rc = gnuplot_finish(gp);
	}
	free(fs);
	free(names);
	return rc;
}
