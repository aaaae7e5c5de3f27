/* tickstat plot: the panels against HZ, for tick on the answer's CPUs (1, or the
 * fewest that ran: lib/answer/answer.h), from tickstat report's per-run figures
 * (report.h) with their 95% intervals (Student's t, exact quantile):
 *   - the CPU share lost, a panel per timer (and delivery path), log-x;
 *   - the total cost per interrupt, all timers, on a panel of its own;
 *   - the direct cost per interrupt (spin's holes), on another, so that neither
 *     scale flattens the other.
 * A colour per timer, a dash per workload, a point per mode: no two lines alike. */
#include "plot_hz.h"
#include "gnuplot.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

static const char *const palette[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
	"#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22",
};
#define PALETTE (int)(sizeof(palette) / sizeof(palette[0]))
static const int mode_points[] = { 7, 5, 9, 11, 13 };

/* A name from a log inside a gnuplot '...' string: letters, digits, -_.:=+() and
 * spaces kept, anything else '?', so a crafted log cannot end the string. */
static void safe(char *dst, size_t size, const char *src)
{
	size_t i = 0;
	for (; src[i] && i + 1 < size; i++)
		dst[i] = isalnum((unsigned char)src[i]) || strchr("-_.:=+() ", src[i]) ? src[i] : '?';
	dst[i] = 0;
}

static int index_of(char names[][HZ_NAME], int *n, int max, const char *name)
{
	for (int i = 0; i < *n; i++)
		if (!strncmp(names[i], name, HZ_NAME - 1))
			return i;
	if (*n == max)
		return max - 1;
	snprintf(names[*n], HZ_NAME, "%.*s", HZ_NAME - 1, name);
	return (*n)++;
}

static bool first_of_series(const struct report *r, int i)
{
	const struct rconfig *c = &r->cfg[i];
	for (int j = 0; j < i; j++) {
		const struct rconfig *x = &r->cfg[j];
		if (on_answer_cpus(r, x) && x->lost.n && !strcmp(x->timer, c->timer) &&
		    !strcmp(x->delivery, c->delivery) && !strcmp(x->mode, c->mode) &&
		    !strcmp(x->workload, c->workload))
			return false;
	}
	return true;
}

int hz_layout(const struct report *r, struct hz_layout *l)
{
	memset(l, 0, sizeof(*l));
	for (int i = 0; i < r->nconfig && l->nlines < HZ_MAX_LINES; i++) {
		const struct rconfig *c = &r->cfg[i];
		if (!on_answer_cpus(r, c) || !c->lost.n || !first_of_series(r, i))
			continue;
		char source[80];
		snprintf(source, sizeof(source), "%s%s%s%s", c->timer, c->delivery[0] ? " (" : "",
			 c->delivery, c->delivery[0] ? ")" : "");
		struct hz_line *line = &l->line[l->nlines++];
		line->first = c;
		line->source = index_of(l->sources, &l->nsources, HZ_MAX_NAMES, source);
		line->workload = index_of(l->workloads, &l->nworkloads, HZ_MAX_NAMES, c->workload);
		line->mode = index_of(l->modes, &l->nmodes, HZ_MAX_NAMES, c->mode);
		l->direct |= c->direct.n > 0;
	}
	return l->nlines ? l->nsources + 1 + l->direct : 0;
}

static void put_interval(FILE *g, const struct dataset *d, double scale)
{
	struct estimate e = mean_estimate(d, 2);    /* bars: the half width */
	if (!e.ok)
		fprintf(g, " NaN 0");
	else
		fprintf(g, " %.9g %.9g", e.v * scale, e.interval ? e.e * scale : 0);
}

/* $hzK: hz, share (%) and its half interval, total cost and its, direct and its. */
void hz_blocks(FILE *g, const struct report *r, const struct hz_layout *l)
{
	for (int k = 0; k < l->nlines; k++) {
		const struct rconfig *c = l->line[k].first;
		unsigned long long last = 0;
		fprintf(g, "$hz%d << EOD\n", k);
		for (;;) {       /* the series' configurations by ascending hz */
			const struct rconfig *next = NULL;
			for (int i = 0; i < r->nconfig; i++) {
				const struct rconfig *x = &r->cfg[i];
				if (on_answer_cpus(r, x) && x->lost.n && x->hz > last &&
				    (!next || x->hz < next->hz) && !strcmp(x->timer, c->timer) &&
				    !strcmp(x->delivery, c->delivery) && !strcmp(x->mode, c->mode) &&
				    !strcmp(x->workload, c->workload))
					next = x;
			}
			if (!next)
				break;
			fprintf(g, "%llu", next->hz);
			put_interval(g, &next->lost, 1e-4);
			put_interval(g, &next->cost, 1);
			put_interval(g, &next->direct, 1);
			fputc('\n', g);
			last = next->hz;
		}
		fprintf(g, "EOD\n");
	}
}

const char *hz_timer_colour(struct hz_layout *l, const char *name)
{
	size_t len = strcspn(name, " ");
	for (int i = 0; i < l->nsources; i++)
		if (!strncmp(l->sources[i], name, len) &&
		    (l->sources[i][len] == ' ' || !l->sources[i][len]))
			return palette[i % PALETTE];
	char timer[HZ_NAME];
	snprintf(timer, sizeof(timer), "%.*s", (int)(len < HZ_NAME - 1 ? len : HZ_NAME - 1), name);
	return palette[index_of(l->sources, &l->nsources, HZ_MAX_NAMES, timer) % PALETTE];
}

static void plot_line(FILE *g, const struct hz_layout *l, int k, int column, bool first,
		      bool with_source)
{
	const struct hz_line *line = &l->line[k];
	char title[200], mode[HZ_NAME], workload[HZ_NAME], source[HZ_NAME];
	safe(mode, sizeof(mode), l->modes[line->mode]);
	safe(workload, sizeof(workload), l->workloads[line->workload]);
	safe(source, sizeof(source), l->sources[line->source]);
	snprintf(title, sizeof(title), "%s%s%s %s", with_source ? source : "",
		 with_source ? " " : "", mode, workload);
	fprintf(g, "%s$hz%d using 1:%d:%d with yerrorlines lc rgb '%s' dt %d pt %d ps 0.8 "
		"title '%s'", first ? "plot " : ", ", k, column, column + 1,
		palette[line->source % PALETTE], line->workload + 1,
		mode_points[line->mode % 5], title);
}

/* Log x from a little below the lowest HZ to a little above the highest, so that
 * no point and no bar sits on the border; the keys in a right margin wide enough
 * for the longest title (HZ_KEY_COLUMNS), the same on every panel. */
#define HZ_KEY_COLUMNS 44
static void axes(FILE *g, const struct report *r, const char *title, const char *ylabel)
{
	unsigned long long lo = 0, hi = 0;
	for (int i = 0; i < r->nconfig; i++)
		if (on_answer_cpus(r, &r->cfg[i]) && r->cfg[i].lost.n) {
			lo = !lo || r->cfg[i].hz < lo ? r->cfg[i].hz : lo;
			hi = r->cfg[i].hz > hi ? r->cfg[i].hz : hi;
		}
	fprintf(g, "set title '%s'\nset xlabel 'HZ (interrupts per second, log scale)'\n"
		"set ylabel '%s'\nset logscale x\nunset logscale y\nset autoscale\n"
		"set xrange [%g:%g]\nset lmargin 12\nset rmargin %d\nset key default\n"
		"set key outside right top vertical Left reverse samplen 3 width 1\n", title, ylabel, lo / 1.5,
		hi * 1.5, HZ_KEY_COLUMNS);
}

static void share_panels(FILE *g, const struct report *r, const struct hz_layout *l)
{
	char source[HZ_NAME], title[256];
	for (int s = 0; s < l->nsources; s++) {
		safe(source, sizeof(source), l->sources[s]);
		snprintf(title, sizeof(title), "CPU share lost to the %s timer against HZ "
			 "(95%% bars)", source);
		axes(g, r, title, "CPU lost, run with timer vs without (%)");
		bool first = true;
		for (int k = 0; k < l->nlines; k++)
			if (l->line[k].source == s) {
				plot_line(g, l, k, 2, first, false);
				first = false;
			}
		fputc('\n', g);
	}
}

void hz_plot(FILE *g, const struct report *r, const struct hz_layout *l)
{
	const char *unit = r->cycles_only ? "TSC cycles" : "ns";
	char ylabel[64];
	share_panels(g, r, l);
	snprintf(ylabel, sizeof(ylabel), "total cost per interrupt (%s)", unit);
	axes(g, r, "Total cost per interrupt against HZ: (on - off) / interrupts (95% bars)",
	     ylabel);
	for (int k = 0; k < l->nlines; k++)
		plot_line(g, l, k, 4, k == 0, true);
	fputc('\n', g);
	if (l->direct) {
		snprintf(ylabel, sizeof(ylabel), "direct cost per interrupt (%s)", unit);
		axes(g, r, "Direct cost per interrupt against HZ: holes in the spin loop (95% bars)",
		     ylabel);
		bool first = true;
		for (int k = 0; k < l->nlines; k++)
			if (l->line[k].first->direct.n) {
				plot_line(g, l, k, 6, first, true);
				first = false;
			}
		fputc('\n', g);
	}
	fprintf(g, "unset logscale x\nset autoscale x\nunset lmargin\nunset rmargin\n");
}
