/* tickstat plot: idle package power against HZ (idle.h), one line per state (and CPU
 * count) through the HZ with ticks, on a log x axis, and the tickless windows as a
 * point of their own a decade below the lowest HZ (log x has no 0), each with its
 * mean and 95 % interval (Student's t) over the windows. */
#include "idle.h"
#include "report.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

/* The first configuration of each series (state, CPU count) with energy figures. */
static int series(const struct idle_data *d, const struct iconfig **first)
{
	int n = 0;
	for (int i = 0; i < d->ncfg; i++) {
		bool seen = false;
		for (int k = 0; k < n; k++)
			seen |= !strcmp(first[k]->wait, d->cfg[i].wait) && first[k]->cpus == d->cfg[i].cpus;
		if (!seen && d->cfg[i].mw.n && n < IDLE_MAX_CONFIGS)
			first[n++] = &d->cfg[i];
	}
	return n;
}

/* The lowest (or highest) HZ with ticks that has energy figures; 10 when none. */
static double hz_end(const struct idle_data *d, bool highest)
{
	double x = 0;
	for (int i = 0; i < d->ncfg; i++) {
		double hz = (double)d->cfg[i].hz;
		if (hz && d->cfg[i].mw.n && (!x || (highest ? hz > x : hz < x)))
			x = hz;
	}
	return x ? x : 10;
}

static void row(FILE *g, double x, const struct dataset *mw)
{
	struct estimate iv = mean_estimate(mw, 2);
	fprintf(g, "%.9g %.9g %.9g\n", x, iv.v, isfinite(iv.e) ? iv.e : 0.0);
}

int idle_plot_blocks(FILE *g, const struct idle_data *d)
{
	const struct iconfig *first[IDLE_MAX_CONFIGS];
	int n = series(d, first);
	double tickless_x = hz_end(d, false) / 10;
	for (int s = 0; s < n; s++) {
		fprintf(g, "$idle%d << EOD\n", s);
		for (int i = 0; i < d->ncfg; i++) {
			const struct iconfig *c = &d->cfg[i];
			if (c->hz && c->mw.n && !strcmp(c->wait, first[s]->wait) && c->cpus == first[s]->cpus)
				row(g, (double)c->hz, &c->mw);
		}
		fprintf(g, "EOD\n$idle%dt << EOD\n", s);
		for (int i = 0; i < d->ncfg; i++) {
			const struct iconfig *c = &d->cfg[i];
			if (!c->hz && c->mw.n && !strcmp(c->wait, first[s]->wait) && c->cpus == first[s]->cpus)
				row(g, tickless_x, &c->mw);
		}
		fprintf(g, "EOD\n");
	}
	return n;
}

/* A state's name inside a gnuplot '...' string: anything but [A-Za-z0-9:.] is '?'. */
static void safe(char *dst, size_t size, const char *src)
{
	size_t i = 0;
	for (; src[i] && i + 1 < size; i++)
		dst[i] = isalnum((unsigned char)src[i]) || strchr(":.", src[i]) ? src[i] : '?';
	dst[i] = 0;
}

void idle_plot(FILE *g, const struct idle_data *d, int blocks)
{
	const struct iconfig *first[IDLE_MAX_CONFIGS];
	double x0 = hz_end(d, false) / 10;
	series(d, first);
	fprintf(g, "set title 'Idle package power against HZ (mean over windows, 95%% bars; "
		"tickless: its own point, open)'\nset xlabel 'HZ (log scale)'\n"
		"set ylabel 'package power (mW)'\nset logscale x\nset xrange [%.9g:%.9g]\n"
		"set xtics add ('tickless' %.9g)\nset key outside right top vertical\nplot ",
		x0 / 2, hz_end(d, true) * 2, x0);
	for (int s = 0; s < blocks; s++) {
		char name[40];
		safe(name, sizeof(name), first[s]->wait);
		fprintf(g, "%s$idle%d using 1:2:3 with yerrorlines lc %d pt 7 title '%s, %u CPU%s', "
			"$idle%dt using 1:2:3 with yerrorbars lc %d pt 6 ps 1.5 notitle",
			s ? ", " : "", s, s + 1, name, first[s]->cpus, first[s]->cpus > 1 ? "s" : "",
			s, s + 1);
	}
	fprintf(g, "\nunset logscale x\nset autoscale x\nset xtics autofreq\n");
}
