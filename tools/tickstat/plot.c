/* tickstat plot: pictures through gnuplot (one image, a panel per figure):
 *   - total and direct cost per interrupt against HZ, one line per timer, mode and
 *     workload (tick on one CPU), with 95% confidence bars (summary's figures);
 *   - "1 versus N CPUs", when a tick configuration ran at two or more CPU counts
 *     (tick_cpus=): against the CPU count, the cycles a run lost to the timer per
 *     CPU (mean cycles with it - without it, every CPU's runs pooled; solid) and
 *     that times the CPU count, all CPUs together (dashed); a colour per
 *     configuration, Student's t 95% bars. The figures of summary's "1 versus N
 *     CPUs" tables, from the same tick_figures() and scaling_sets();
 *   - latency histograms (stats records of bench "latency"), log scales;
 *   - read and arm costs (benches "readcost", "armcost"): the mean over runs of the
 *     per-run medians, as bars with min..max whiskers.
 * The data go to gnuplot inline (datablocks), so no temporary files are left. */
#include "tickstat.h"
#include "stats.h"

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

struct tick_series {
	char timer[64];
	uint64_t hz;
	struct tick_runs runs;
	struct dataset gaps, gc;
};

/* A tick configuration with its CPU count (config_key: strings, hz, cpus). */
struct config_series {
	char key[KEY_MAX];
	struct tick_runs runs;
};

struct dist_series {
	char bench[32], what[64];
	struct dataset p50;
	uint64_t lo[4096], n[4096];
	size_t nb;
};

struct plot {
	double tsc_hz;
	int ntick, ndist, nconfig;
	struct tick_series tick[MAX_SERIES];
	struct config_series config[MAX_SERIES];
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

static struct tick_series *tick_of(struct plot *p, const char *timer_in_log, uint64_t hz)
{
	char timer[64];
	copy_name(timer, sizeof(timer), timer_in_log);
	for (int i = 0; i < p->ntick; i++)
		if (!strcmp(p->tick[i].timer, timer) && p->tick[i].hz == hz)
			return &p->tick[i];
	if (p->ntick == MAX_SERIES)
		return NULL;
	struct tick_series *t = &p->tick[p->ntick++];
	snprintf(t->timer, sizeof(t->timer), "%s", timer);
	t->hz = hz;
	return t;
}

static struct config_series *config_of(struct plot *p, const struct rec *r)
{
	char key[KEY_MAX];
	config_key(r, key, sizeof(key));
	for (int i = 0; i < p->nconfig; i++)
		if (!strcmp(p->config[i].key, key))
			return &p->config[i];
	if (p->nconfig == MAX_SERIES)
		return NULL;
	struct config_series *c = &p->config[p->nconfig++];
	snprintf(c->key, sizeof(c->key), "%s", key);
	return c;
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
	if (on && rec_num(r, "interrupts", &irq))
		ds_add(&t->irq, irq);
}

static void take_run(struct plot *p, const struct rec *r)
{
	const char *timer = rec_str(r, "timer"), *bench = rec_str(r, "bench");
	uint64_t hz;
	bool on;
	double cycles, gaps, gc;
	if (!timer || !rec_u64(r, "hz", &hz) || !rec_bool(r, "timer_on", &on) ||
	    !rec_num(r, "cycles", &cycles))
		return;
	struct config_series *c = bench && !strcmp(bench, "tick") && rec_get(r, "cpus") ?
				  config_of(p, r) : NULL;
	if (c)
		add_tick_run(&c->runs, on, cycles, r);
	/* The HZ panel: tick on one CPU (the other counts are the 1-versus-N panel's). */
	uint64_t cpus = 1;
	if (!bench || strcmp(bench, "tick") || (rec_get(r, "cpus") && (!rec_u64(r, "cpus", &cpus) || cpus != 1)))
		return;
	/* A line per timer, mode and workload: runs of different work are not pooled. */
	const char *mode = rec_str(r, "mode"), *workload = rec_str(r, "workload");
	char series[64];
	snprintf(series, sizeof(series), "%s %s %s", timer, mode ? mode : "",
		 workload ? workload : "");
	struct tick_series *t = tick_of(p, series, hz);
	if (!t)
		return;
	add_tick_run(&t->runs, on, cycles, r);
	if (on && (rec_num(r, "gap_interrupts", &gaps) || rec_num(r, "gaps", &gaps)) &&
	    rec_num(r, "gap_cycles", &gc) && gaps > 0) {
		ds_add(&t->gaps, gaps);
		ds_add(&t->gc, gc);
	}
}

static void take(const struct rec *r, void *ctx)
{
	struct plot *p = ctx;
	uint64_t hz;
	double v;
	if (!strcmp(r->type, "calibration") && rec_u64(r, "tsc_hz", &hz))
		p->tsc_hz = (double)hz;
	if (!strcmp(r->type, "run"))
		take_run(p, r);
	const char *bench = rec_str(r, "bench"), *what = rec_str(r, "what");
	if (strcmp(r->type, "stats") || !bench || !what)
		return;
	/* latency on several CPUs at once (latency_cpus=) apart from one CPU's */
	uint64_t cpus = 1;
	char label[64];
	rec_u64(r, "cpus", &cpus);
	snprintf(label, sizeof(label), cpus > 1 ? "%s cpus=%llu" : "%s", what,
		 (unsigned long long)cpus);
	struct dist_series *d = dist_of(p, bench, label);
	if (d && rec_num(r, "p50", &v))
		ds_add(&d->p50, v);
	const struct value *lo = rec_get(r, "hist_lo"), *n = rec_get(r, "hist_n");
	if (d && lo && n)
		add_hist(d, lo, n);
}

/* ---- gnuplot ------------------------------------------------------------------ */

/* Text from a log or the command line inside a gnuplot '...' string: a quote is
 * doubled, and a control character (a newline would end the command) is a space. */
static void put_quoted(FILE *g, const char *s)
{
	for (; *s; s++)
		if (*s == '\'')
			fputs("''", g);
		else
			fputc((unsigned char)*s < ' ' ? ' ' : *s, g);
}

static int cmp_hz(const void *a, const void *b)
{
	const struct tick_series *x = a, *y = b;
	int c = strcmp(x->timer, y->timer);
	return c ? c : (x->hz > y->hz) - (x->hz < y->hz);
}

/* One datablock per timer: hz total total_err direct direct_err (cycles). */
static int tick_blocks(FILE *g, struct plot *p, char timers[][64])
{
	int nt = 0;
	qsort(p->tick, (size_t)p->ntick, sizeof(p->tick[0]), cmp_hz);
	for (int i = 0; i < p->ntick; i++) {
		struct tick_series *t = &p->tick[i];
		double total, te, direct = NAN, de = 0;
		if (!tick_total(&t->runs.off, &t->runs.on, &t->runs.irq, &total, &te))
			continue;
		tick_direct(&t->gaps, &t->gc, &direct, &de);
		if (!nt || strcmp(timers[nt - 1], t->timer)) {
			if (nt)
				fprintf(g, "EOD\n");
			snprintf(timers[nt], 64, "%s", t->timer);
			fprintf(g, "$tick%d << EOD\n", nt++);
		}
		fprintf(g, "%llu %.9g %.9g %.9g %.9g\n", (unsigned long long)t->hz, total, te,
			direct, de);
	}
	if (nt)
		fprintf(g, "EOD\n");
	return nt;
}

static void plot_tick(FILE *g, int nt, char timers[][64], double tsc_hz)
{
	double k = tsc_hz > 0 ? 1e9 / tsc_hz : 1;
	const char *unit = tsc_hz > 0 ? "ns" : "TSC cycles";
	fprintf(g, "set title 'Cost per timer interrupt against HZ (95%% confidence bars)'\n"
		"set xlabel 'HZ (interrupts per second)'\nset ylabel 'cost per interrupt (%s)'\n"
		"set logscale x\nunset logscale y\nset key default\nset key outside right top vertical\n"
		"set style data linespoints\n",
		unit);
	fprintf(g, "plot ");
	for (int i = 0; i < nt; i++)
		fprintf(g, "%s$tick%d using 1:($2*%g):($3*%g) with yerrorlines title '%s total', "
			"$tick%d using 1:($4*%g):($5*%g) with yerrorlines dt 2 title '%s direct'",
			i ? ", " : "", i, k, k, timers[i], i, k, k, timers[i]);
	fprintf(g, "\nunset logscale x\n");
}

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
		struct tick_runs *t = &b->p->config[members[k]].runs;
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
	for (int i = 0; i < p->nconfig; i++)
		keys[i] = p->config[i].key;
	scaling_sets(keys, p->nconfig, scaling_block, &b);
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
		"set xtics %u\nset key below height 2\nset style data linespoints\nplot ",
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
			fprintf(g, "%llu %llu\n", (unsigned long long)(pairs[k][0] ? pairs[k][0] : 1),
				(unsigned long long)pairs[k][1]);
		/* the last bucket's upper bound (hist.h: 1 wide below 32, lo/16 above), so
		 * that "steps" draws it too, a one-bucket histogram included */
		uint64_t lo = pairs[d->nb - 1][0];
		fprintf(g, "%llu %llu\nEOD\n", (unsigned long long)(lo < 32 ? lo + 1 : lo + lo / 16),
			(unsigned long long)pairs[d->nb - 1][1]);
		free(pairs);
		nl++;
	}
	return nl;
}

static void plot_latency(FILE *g, struct plot *p)
{
	fprintf(g, "set title 'Interrupt latency: deadline to handler (histograms merged over runs)'\n"
		"set xlabel 'latency (TSC cycles, bucket lower bound)'\nset ylabel 'samples'\n"
		"set logscale xy\nset key default\nset key outside right top vertical\nplot ");
	int first = 1;
	for (int i = 0; i < p->ndist; i++)
		if (!strcmp(p->dist[i].bench, "latency") && p->dist[i].nb) {
			fprintf(g, "%s$lat%d using 1:2 with steps title '%s'", first ? "" : ", ", i,
				p->dist[i].what);
			first = 0;
		}
	fprintf(g, "\nunset logscale xy\n");
}

static int cost_block(FILE *g, struct plot *p)
{
	int n = 0;
	fprintf(g, "$costs << EOD\n");
	for (int i = 0; i < p->ndist; i++) {
		struct dist_series *d = &p->dist[i];
		if ((strcmp(d->bench, "readcost") && strcmp(d->bench, "armcost")) || !d->p50.n)
			continue;
		ds_sort(&d->p50);
		fprintf(g, "\"%s %s\" %.9g %.9g %.9g\n", d->bench, d->what, ds_mean(&d->p50),
			ds_min(&d->p50), ds_max(&d->p50));
		n++;
	}
	fprintf(g, "EOD\n");
	return n;
}

static void plot_costs(FILE *g)
{
	fprintf(g, "set title 'Cost to read each clock and to arm each timer (median per run, "
		"mean over runs; whiskers min..max)'\nset xlabel ''\n"
		"set ylabel 'TSC cycles'\nset style fill solid 0.5\nset boxwidth 0.6\n"
		"set xtics rotate by -30\nset key off\n"
		"plot $costs using 0:2:xtic(1) with boxes, '' using 0:2:3:4 with yerrorbars lc black\n");
}

static FILE *open_gnuplot(const char *out, int panels)
{
	const char *ext = strrchr(out, '.');
	if (!ext || (strcmp(ext, ".png") && strcmp(ext, ".svg")))
		usage_error("plot: -o FILE must end in .png or .svg");
	FILE *g = popen("gnuplot", "w");
	if (!g)
		return NULL;
	if (!strcmp(ext, ".png"))
		fprintf(g, "set terminal pngcairo size 1000,%d font ',10' noenhanced\n", 420 * panels);
	else
		fprintf(g, "set terminal svg size 1000,%d dynamic font ',10' noenhanced\n", 420 * panels);
	fprintf(g, "set output '");
	put_quoted(g, out);
	fprintf(g, "'\nset grid\n");
	return g;
}

/* The lines' titles, found while the datablocks are written. */
struct titles {
	char timers[MAX_SERIES][64];
	char configs[MAX_SERIES][KEY_MAX];
	unsigned max_cpus;
};

static int draw(struct plot *p, const char *out)
{
	struct titles *t = calloc(1, sizeof(*t));
	FILE *g;
	int nt = 0, ns = 0, nl = 0, nc = 0;
	if (!t)
		return 2;
	/* count panels first, writing the datablocks to a scratch stream */
	FILE *scratch = fopen("/dev/null", "w");
	if (scratch) {
		nt = tick_blocks(scratch, p, t->timers);
		ns = scaling_blocks(scratch, p, t->configs, &t->max_cpus);
		nl = latency_blocks(scratch, p);
		nc = cost_block(scratch, p);
		fclose(scratch);
	}
	int panels = (nt > 0) + (ns > 0) + (nl > 0) + (nc > 0);
	if (!panels) {
		fprintf(stderr, "tickstat: plot: no run or stats records to plot\n");
		free(t);
		return 2;
	}
	if (!(g = open_gnuplot(out, panels))) {
		perror("tickstat: gnuplot");
		free(t);
		return 2;
	}
	tick_blocks(g, p, t->timers);
	scaling_blocks(g, p, t->configs, &t->max_cpus);
	latency_blocks(g, p);
	cost_block(g, p);
	fprintf(g, "set multiplot layout %d,1\n", panels);
	if (nt)
		plot_tick(g, nt, t->timers, p->tsc_hz);
	if (ns)
		plot_scaling(g, ns, t->configs, t->max_cpus);
	if (nl)
		plot_latency(g, p);
	if (nc)
		plot_costs(g);
	fprintf(g, "unset multiplot\n");
	free(t);
	int rc = pclose(g);
	if (rc != 0) {
		fprintf(stderr, "tickstat: gnuplot failed (status %d); is gnuplot-nox installed?\n", rc);
		return 2;
	}
	return 0;
}

static void free_tick_runs(struct tick_runs *t)
{
	ds_free(&t->off), ds_free(&t->on), ds_free(&t->irq);
}

int cmd_plot(int argc, char **argv)
{
	const char *out = NULL;
	char **logs = calloc((size_t)argc + 1, sizeof(*logs));
	int nlogs = 0;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (argv[i][0] == '-' && argv[i][1])
			usage_error("plot: unknown option %s", argv[i]);
		else
			logs[nlogs++] = argv[i];
	}
	if (!out)
		usage_error("plot: -o FILE.png|FILE.svg needed");
	struct plot *p = calloc(1, sizeof(*p));
	struct log_report rep = { 0 };
	if (!p)
		return 2;
	int rc = read_logs(logs, nlogs, take, p, &rep);
	if (rc < 2) {
		int d = draw(p, out);
		rc = d > rc ? d : rc;
	}
	for (int i = 0; i < p->ntick; i++) {
		free_tick_runs(&p->tick[i].runs);
		ds_free(&p->tick[i].gaps), ds_free(&p->tick[i].gc);
	}
	for (int i = 0; i < p->nconfig; i++)
		free_tick_runs(&p->config[i].runs);
	for (int i = 0; i < p->ndist; i++)
		ds_free(&p->dist[i].p50);
	free(p);
	free(logs);
	return rc;
}
