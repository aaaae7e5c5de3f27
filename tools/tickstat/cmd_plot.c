/* tickstat plot: pictures through gnuplot (one image, a panel per figure):
 *   - against HZ (tick on one CPU; plot_hz.c): the CPU share lost, a panel per
 *     timer; the total and the direct cost per interrupt, a panel each; the
 *     figures of tickstat report with their 95% intervals;
 *   - "1 versus N CPUs", when a tick configuration ran at two or more CPU counts
 *     (tick_cpus=): against the CPU count, the cycles a run lost to the timer per
 *     CPU (mean cycles with it - without it, every CPU's runs pooled; solid) and
 *     that times the CPU count, all CPUs together (dashed); a colour per
 *     configuration, Student's t 95% bars. The figures of summary's "1 versus N
 *     CPUs" tables, from the same tick_figures() and scaling_sets();
 *   - latency histograms (stats records of bench "latency"), log scales;
 *   - read and arm costs (benches "readcost", "armcost"): the mean over runs of the
 *     per-run medians, as bars with min..max whiskers;
 *   - idle package power against HZ, tickless its own point (idle_plot.c);
 *   - tickbench-linux's logs beside the bare kernel's: what the OS adds to a tick
 *     (os_vs_bare_plot.c);
 *   - the annexes of tools/run --anatomy: the tick by layer, and with --caches the
 *     modelled damage against the instructions since the tick (anatomy_plot.c).
 * The data go to gnuplot inline (datablocks), so no temporary files are left. */
#include "tickstat.h"
#include "configuration.h"
#include "schema.h"
#include "plot_hz.h"
#include "resample.h"
#include "gnuplot.h"
#include "idle.h"
#include "machines.h"
#include "os_vs_bare.h"
#include "anatomy.h"
#include "tick_scaling.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SERIES 128
#define KEY_MAX    512

/* The runs of a tick configuration: cycles without and with the timer, and the
 * interrupts each run with the timer counted. */
struct tick_runs {
	struct dataset off, on, irq;
};

/* A tick configuration with its CPU count (lib/record/configuration.h). */
struct config_series {
	struct configuration config;     /* first: an item of plot's configurations */
	struct tick_runs runs;
};

struct dist_series {
	char bench[32], what[64];
	struct dataset p50;
	uint64_t lo[4096], n[4096];
	size_t nb;
};

struct plot {
	int ndist;
	struct configurations configs;   /* of struct config_series, MAX_SERIES at most */
	struct report *report;   /* the per-run figures against HZ */
	struct os_adds os;       /* tickbench-linux's logs beside the bare kernel's */
	struct anatomy anatomy;  /* the annexes' anatomies */
	struct dist_series dist[MAX_SERIES];
};

/* A name from a log as it goes into gnuplot's text (titles, the datablocks' labels):
 * letters, digits and -_.:=+ kept, anything else '?', so no quote, newline or "EOD"
 * line of a crafted log can end a string or a datablock early. */
static void copy_name(char *dst, size_t size, const char *src)
{
	size_t i = 0;
	for (; src[i] && i + 1 < size; i++)
		dst[i] = isalnum((unsigned char)src[i]) || strchr("-_.:=+ ", src[i]) ? src[i] : '?';
	dst[i] = 0;
}

static struct config_series *config_of(struct plot *p, const struct rec *r)
{
	struct configuration c;
	bool added;
	configuration_of(&c, r);
	int k = configurations_place(&p->configs, &c, &added);
	return k < 0 ? NULL : configurations_at(&p->configs, k);
}

static struct dist_series *dist_of(struct plot *p, const char *bench_in_log,
				       const char *what_in_log)
{
	char bench[32], what[64];
	copy_name(bench, sizeof(bench), bench_in_log);
	copy_name(what, sizeof(what), what_in_log);
	for (int i = 0; i < p->ndist; i++)
		if (!strcmp(p->dist[i].bench, bench) && !strcmp(p->dist[i].what, what))
			return &p->dist[i];
	if (p->ndist == MAX_SERIES)
		return NULL;
	struct dist_series *d = &p->dist[p->ndist++];
	snprintf(d->bench, sizeof(d->bench), "%s", bench);
	snprintf(d->what, sizeof(d->what), "%s", what);
	return d;
}

static void add_hist(struct dist_series *d, const struct value *lo, const struct value *n)
{
	for (size_t j = 0; j < lo->len; j++) {
		size_t k;
		for (k = 0; k < d->nb && d->lo[k] != lo->arr[j]; k++)
			;
		if (k == d->nb) {
			if (d->nb == 4096)
				continue;
			d->lo[d->nb] = lo->arr[j], d->n[d->nb++] = 0;
		}
		d->n[k] += n->arr[j];
	}
}

static void add_tick_run(struct tick_runs *t, bool on, double cycles, const struct rec *r)
{
	double irq;
	ds_add(on ? &t->on : &t->off, cycles);
	if (on && rec_num(r, FIELD_INT(run, interrupts), &irq))
		ds_add(&t->irq, irq);
}

/* The 1-versus-N panel's runs (the HZ panels take theirs from the report). */
static void take_run(struct plot *p, const struct rec *r)
{
	const char *bench = rec_str(r, FIELD(run, bench, STR));
	bool on;
	double cycles;
	if (!rec_bool(r, FIELD(run, timer_on, BOOL), &on) ||
	    !rec_num(r, FIELD_INT(run, cycles), &cycles) || !bench ||
	    strcmp(bench, "tick") || !rec_get(r, FIELD_ANY(run, cpus)))
		return;
	struct config_series *c = config_of(p, r);
	if (c)
		add_tick_run(&c->runs, on, cycles, r);
}

static void take(const struct rec *r, void *ctx)
{
	struct plot *p = ctx;
	double v;
	os_adds_take(r, &p->os);
	anatomy_take(r, &p->anatomy);
	if (p->os.now.under_linux && p->os.now.file == r->file)
		return;                  /* the OS panel's alone */
	report_take(r, p->report);
	if (!strcmp(r->type, "run"))
		take_run(p, r);
	const char *bench = rec_str(r, FIELD(stats, bench, STR));
	const char *what = rec_str(r, FIELD(stats, what, STR));
	if (strcmp(r->type, "stats") || !bench || !what)
		return;
	/* latency on several CPUs at once (latency_cpus=) apart from one CPU's, each
	 * idle state apart from spin, the wake's stamp apart from the handler's */
	uint64_t cpus = 1;
	char label[64], state[48] = "";
	const char *wait = rec_str(r, FIELD(stats, wait, STR));
	const char *stamp = rec_str(r, FIELD(stats, stamp, STR));
	rec_u64(r, FIELD_INT(stats, cpus), &cpus);
	if (wait && strcmp(wait, "spin") && strcmp(bench, "ipi"))
		snprintf(state, sizeof(state), " %s%s", wait, stamp && !strcmp(stamp, "wake") ? " wake" : "");
	snprintf(label, sizeof(label), cpus > 1 ? "%s%s cpus=%llu" : "%s%s", what, state,
		 (unsigned long long)cpus);
	struct dist_series *d = dist_of(p, bench, label);
	if (d && rec_num(r, FIELD_INT(stats, p50), &v))
		ds_add(&d->p50, v);
	const struct value *lo = rec_get(r, FIELD_ANY(stats, hist_lo));
	const struct value *n = rec_get(r, FIELD_ANY(stats, hist_n));
	if (d && lo && n)
		add_hist(d, lo, n);
}

/* ---- gnuplot ------------------------------------------------------------------ */


/* The 1-versus-N panel's datablocks, one per configuration run at 2+ CPU counts:
 * cpus lost lost_err lost_all lost_all_err (TSC cycles per run, 95% half intervals). */
struct scaling_writer {
	FILE *g;
	struct plot *p;
	char (*configs)[KEY_MAX];
	int n;
	unsigned max_cpus;
};

static void scaling_block(const char *base, const int *members, const unsigned *cpus, int n,
			  void *ctx)
{
	struct scaling_writer *b = ctx;
	int points = 0;
	for (int k = 0; k < n; k++) {
		struct config_series *c = configurations_at(&b->p->configs, members[k]);
		struct tick_runs *t = &c->runs;
		struct tick_figures f;
		if (!tick_figures(&t->off, &t->on, &t->irq, cpus[k], &f))
			continue;
		if (!points++)
			fprintf(b->g, "$cpus%d << EOD\n", b->n);
		fprintf(b->g, "%u %.9g %.9g %.9g %.9g\n", f.cpus, f.lost, f.lost_err, f.lost_all,
			f.lost_all_err);
		b->max_cpus = f.cpus > b->max_cpus ? f.cpus : b->max_cpus;
	}
	if (!points)
		return;
	fprintf(b->g, "EOD\n");
	if (!strncmp(base, "run bench=tick ", 15))
		base += 15;
	snprintf(b->configs[b->n++], KEY_MAX, "%s", base);
}

static int scaling_blocks(FILE *g, struct plot *p, char configs[][KEY_MAX], unsigned *max_cpus)
{
	struct scaling_writer b = { .g = g, .p = p, .configs = configs };
	const char *keys[MAX_SERIES];
	for (int i = 0; i < p->configs.n; i++)
		keys[i] = ((struct config_series *)configurations_at(&p->configs, i))->config.text;
	scaling_sets(keys, p->configs.n, scaling_block, &b);
	*max_cpus = b.max_cpus;
	return b.n;
}

/* Per configuration a colour: solid, each CPU's loss; dashed, all CPUs' together. */
static void plot_scaling(FILE *g, int n, char configs[][KEY_MAX], unsigned max_cpus)
{
	fprintf(g, "set title '1 versus N CPUs: cycles a run lost to the timer, on - off "
		"(solid: per CPU, dashed: all CPUs together; 95%% confidence bars)'\n"
		"set xlabel 'CPUs running the configuration at once'\n"
		"set ylabel 'lost cycles per run (TSC cycles)'\nset xrange [0.5:%u.5]\n"
		"set xtics %u\nset key below\nset style data linespoints\nplot ",
		max_cpus, (max_cpus + 15) / 16);
	for (int i = 0; i < n; i++) {
		fprintf(g, "%s$cpus%d using 1:2:3 with yerrorlines lc %d title '", i ? ", " : "",
			i, i + 1);
		put_quoted(g, configs[i]);
		fprintf(g, "', $cpus%d using 1:4:5 with yerrorlines lc %d dt 2 notitle", i, i + 1);
	}
	fprintf(g, "\nset autoscale x\nset xtics autofreq\n");
}

static int cmp_lo(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;
	return (x[0] > y[0]) - (x[0] < y[0]);
}

/* The end of the bucket that starts at lo (bench/core/hist.c: 1 wide below 32, then
 * each power of two [2^e, 2^(e+1)) split in 16). */
static uint64_t bucket_end(uint64_t lo)
{
	if (lo < 32)
		return lo + 1;
	return lo + (1ull << (63 - __builtin_clzll(lo))) / 16;
}

/* "steps" draws from each point to the next at the first one's height. A bucket
 * is (lo, n); where no bucket follows at its end, (end, ZERO_COUNT) makes the step
 * fall there, and the first bucket rises from (lo, ZERO_COUNT). ZERO_COUNT lies
 * below the panel's log axis (yrange from 0.5): the line falls to the axis. */
#define ZERO_COUNT "0.01"
static void latency_bucket(FILE *g, uint64_t lo, uint64_t n, uint64_t next, bool first)
{
	unsigned long long x = lo ? lo : 1, end = bucket_end(lo);
	if (first)
		fprintf(g, "%llu %s\n", x, ZERO_COUNT);
	fprintf(g, "%llu %llu\n", x, (unsigned long long)n);
	if (end < next)
		fprintf(g, "%llu %s\n", end, ZERO_COUNT);
}

static int latency_blocks(FILE *g, struct plot *p)
{
	int nl = 0;
	for (int i = 0; i < p->ndist; i++) {
		struct dist_series *d = &p->dist[i];
		if (strcmp(d->bench, "latency") || !d->nb)
			continue;
		uint64_t (*pairs)[2] = malloc(d->nb * sizeof(*pairs));
		if (!pairs)
			continue;
		for (size_t k = 0; k < d->nb; k++)
			pairs[k][0] = d->lo[k], pairs[k][1] = d->n[k];
		qsort(pairs, d->nb, sizeof(*pairs), cmp_lo);
		fprintf(g, "$lat%d << EOD\n", i);
		for (size_t k = 0; k < d->nb; k++)
			latency_bucket(g, pairs[k][0], pairs[k][1],
				       k + 1 < d->nb ? pairs[k + 1][0] : UINT64_MAX, k == 0);
		fprintf(g, "EOD\n");
		free(pairs);
		nl++;
	}
	return nl;
}

/* Each latency line in its timer's colour (the HZ panels'), dashed when several
 * CPUs took shots at once. */
static void plot_latency(FILE *g, struct plot *p, struct hz_layout *hz)
{
	fprintf(g, "set title 'Interrupt latency: deadline to handler (histograms merged over runs)'\n"
		"set xlabel 'latency (TSC cycles, bucket lower bound)'\nset ylabel 'samples'\n"
		"set logscale xy\nset yrange [0.5:*]\nset key default\n"
		"set key outside right top vertical Left reverse samplen 3 width 1\nplot ");
	int first = 1;
	for (int i = 0; i < p->ndist; i++)
		if (!strcmp(p->dist[i].bench, "latency") && p->dist[i].nb) {
			const char *what = p->dist[i].what;
			fprintf(g, "%s$lat%d using 1:2 with steps lc rgb '%s' dt %d title '%s'",
				first ? "" : ", ", i, hz_timer_colour(hz, what),
				strstr(what, " cpus=") ? 2 : 1, what);
			first = 0;
		}
	fprintf(g, "\nunset logscale xy\nset autoscale y\n");
}

/* Returns the bars; *label_max gets the longest label's length. */
static int cost_block(FILE *g, struct plot *p, int *label_max)
{
	int n = 0;
	*label_max = 0;
	fprintf(g, "$costs << EOD\n");
	for (int i = 0; i < p->ndist; i++) {
		struct dist_series *d = &p->dist[i];
		if ((strcmp(d->bench, "readcost") && strcmp(d->bench, "armcost")) || !d->p50.n)
			continue;
		ds_sort(&d->p50);
		int len = (int)(strlen(d->bench) + 1 + strlen(d->what));
		fprintf(g, "\"%s %s\" %.9g %.9g %.9g\n", d->bench, d->what, ds_mean(&d->p50),
			ds_min(&d->p50), ds_max(&d->p50));
		*label_max = len > *label_max ? len : *label_max;
		n++;
	}
	fprintf(g, "EOD\n");
	return n;
}

/* Labels at 45 degrees ending at their tic, in a bottom margin for the longest
 * (a character is about half as wide as tall) and with room on the left for the
 * first: none runs past the image's edges or into the next panel. */
static void plot_costs(FILE *g, int label_max)
{
	fprintf(g, "set title 'Cost to read each clock and to arm each timer (median per run, "
		"mean over runs; whiskers min..max)'\nset xlabel ''\n"
		"set ylabel 'TSC cycles'\nset style fill solid 0.5\nset boxwidth 0.6\n"
		"set xtics rotate by 45 right\nset bmargin %d\nset lmargin %d\nset key off\n"
		"set offsets 0.6, 0.6, 0, 0\n"
		"plot $costs using 0:2:xtic(1) with boxes, '' using 0:2:3:4 with yerrorbars lc black\n"
		"unset bmargin\nunset lmargin\nset xtics norotate\nset offsets 0, 0, 0, 0\n",
		label_max * 4 / 10 + 3, label_max * 6 / 10 > 10 ? label_max * 6 / 10 : 10);
}


/* The lines' titles, found while the datablocks are written. */
struct titles {
	struct hz_layout hz;
	char configs[MAX_SERIES][KEY_MAX];
	unsigned max_cpus;
};

static int draw(struct plot *p, const char *out)
{
	struct titles *t = calloc(1, sizeof(*t));
	FILE *g;
	int nt = 0, ns = 0, nl = 0, nc = 0, ni = 0, no = 0, na = 0, nca = 0, label_max = 0;
	if (!t)
		return 2;
	/* count panels first, writing the datablocks to a scratch stream, the figures
	 * they bootstrap collected and drawn together (resample.h) */
	FILE *scratch = fopen("/dev/null", "w");
	nt = hz_layout(p->report, &t->hz);
	if (scratch) {
		resamples_collect(true);
		hz_blocks(scratch, p->report, &t->hz);
		ns = scaling_blocks(scratch, p, t->configs, &t->max_cpus);
		nl = latency_blocks(scratch, p);
		nc = cost_block(scratch, p, &label_max);
		ni = idle_plot_blocks(scratch, p->report->idle);
		no = os_adds_block(scratch, &p->os);
		na = anatomy_block(scratch, &p->anatomy);
		nca = anatomy_after_block(scratch, &p->anatomy);
		resamples_collect(false);
		resamples_draw();
		fclose(scratch);
	}
	int panels = nt + (ns > 0) + (nl > 0) + (nc > 0) + (ni > 0) + (no > 0) + (na > 0) + (nca > 0);
	if (!panels) {
		say_error("no run or stats records to plot");
		free(t);
		return 2;
	}
	struct gnuplot *gp = gnuplot_open(out, 1000, 420 * panels);
	if (!gp) {
		say_error("out of memory");
		free(t);
		return 2;
	}
	g = gp->script;
	hz_blocks(g, p->report, &t->hz);
	scaling_blocks(g, p, t->configs, &t->max_cpus);
	latency_blocks(g, p);
	cost_block(g, p, &label_max);
	idle_plot_blocks(g, p->report->idle);
	os_adds_block(g, &p->os);
	anatomy_block(g, &p->anatomy);
	anatomy_after_block(g, &p->anatomy);
	fprintf(g, "set multiplot layout %d,1\n", panels);
	if (nt)
		hz_plot(g, p->report, &t->hz);
	if (ns)
		plot_scaling(g, ns, t->configs, t->max_cpus);
	if (nl)
		plot_latency(g, p, &t->hz);
	if (nc)
		plot_costs(g, label_max);
	if (ni)
		idle_plot(g, p->report->idle, ni);
	if (no)
		os_adds_plot(g);
	if (na)
		anatomy_plot(g, &p->anatomy);
	if (nca)
		anatomy_after_plot(g, &p->anatomy);
	fprintf(g, "unset multiplot\n");
	free(t);
	return gnuplot_finish(gp);
}

static void free_tick_runs(struct tick_runs *t)
{
	ds_free(&t->off), ds_free(&t->on), ds_free(&t->irq);
}

/* Logs of several machines: their panels across machines (machines_plot.c);
 * -1 for logs of one machine (or standard input), which plot as before. */
static int plot_machines(char **logs, int nlogs, const char *out)
{
	struct mlog *ids = NULL;
	struct mgroup *g = NULL;
	int rc = -1, bare = 0, ng = machine_setup(logs, nlogs, &ids, &g);
	if (ng >= 0)
		ng = machine_bare_first(logs, ids, nlogs, g, ng, &bare);
	if (ng < 0)
		rc = 2;
	if (ng > 1) {
		rc = machine_reports(g, ng, logs, 2);
		if (rc < 2) {
			int d = machines_plot(g, ng, out);
			rc = d > rc ? d : rc;
		}
		machine_reports_free(g, ng);
	}
	free(ids);
	free(g);
	return rc;
}

const struct help help_plot = {
	"plot LOG... -o FILE.png|FILE.svg|FILE.gp",
	"  CPU share and cost against HZ per timer, latency histograms, read and arm\n"
	"  costs, idle power, 1 versus N CPUs, what the OS adds to a tick (Linux's\n"
	"  logs beside the bare ones), through gnuplot; several machines: a panel per\n"
	"  figure, a bar per machine\n",
	"  -o FILE         the image, .png or .svg, or .gp: the gnuplot script, which\n"
	"                  draws FILE.png\n", NULL
};

int cmd_plot(int argc, char **argv)
{
	const char *out = NULL;
	char **logs = calloc((size_t)argc + 1, sizeof(*logs));
	int nlogs = 0;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "-o"))
			out = option_value(argc, argv, &i);
		else if (argv[i][0] == '-' && argv[i][1])
			usage_error("unknown option %s", argv[i]);
		else
			logs[nlogs++] = argv[i];
	}
	if (!out)
		usage_error("-o FILE.png|FILE.svg|FILE.gp needed");
	if (logs_ready(logs, nlogs, true)) {
		free(logs);
		return 2;
	}
	int across = plot_machines(logs, nlogs, out);
	if (across >= 0) {
		free(logs);
		return across;
	}
	struct plot *p = calloc(1, sizeof(*p));
	struct log_report rep = { 0 };
	if (!p || !(p->report = report_new(2)))
		return 2;
	p->configs = (struct configurations){ .size = sizeof(struct config_series), .max = MAX_SERIES };
	int rc = read_logs(logs, nlogs, take, p, &rep);
	if (rc < 2) {
		int d = draw(p, out);
		rc = d > rc ? d : rc;
	}
	report_free(p->report);
	os_adds_free(&p->os);
	anatomy_free(&p->anatomy);
	for (int i = 0; i < p->configs.n; i++)
		free_tick_runs(&((struct config_series *)configurations_at(&p->configs, i))->runs);
	configurations_free(&p->configs);
	for (int i = 0; i < p->ndist; i++)
		ds_free(&p->dist[i].p50);
	free(p);
	free(logs);
	return rc;
}
