/* tickstat compare: ministat's report (legend, plot, vitals; with --ministat its
 * Student's t against the first set, its words and its table's quantiles) and,
 * beyond ministat, one verdict per comparison naming the field and the test
 * (Student's t, or Welch's where the F test finds the variances differ, exact
 * quantiles), Mann-Whitney U, and the runs needed to resolve a difference. */
#include "tickstat.h"
#include "boots.h"
#include "figure_double.h"
#include "ministat.h"
#include "resample.h"
#include "select.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct compare_opts {
	int ci, width;
	const char *field;       /* the figure the sets hold */
	const char *delta;       /* "D" or "P%": the difference to resolve */
	bool ministat_only;
	int read_status;         /* the logs': 1, a set too small may be the damage's */
};

/* "+750 +/- 80 (+120 % +/- 13 %)": a difference by the rule for figures, and as a
 * share of the first set's mean. */
static void print_difference(double diff, double err, double avg)
{
	char d[64], rel[64] = "";
	figure_double(d, sizeof(d), diff, err, 0, FIGURE_SIGN | FIGURE_COMPACT);
	if (avg != 0)
		figure_double(rel, sizeof(rel), diff * 100 / avg, err * 100 / fabs(avg), 0,
			      FIGURE_SIGN | FIGURE_PERCENT | FIGURE_COMPACT);
	printf("\t%s%s%s%s\n", d, *rel ? " (" : "", rel, *rel ? ")" : "");
}

/* Whether the F test finds the variances alike at the level: the verdict's test,
 * and the runs needed's, is then Student's t with the pooled s, else Welch's t. */
static bool variances_alike(struct dataset *a, struct dataset *b, int ci)
{
	return f_test_p(a, b) >= 1 - conf_pct[ci] / 100;
}

/* The one verdict on b against a: Student's t with the pooled s where the F test
 * finds the variances alike, else Welch's t; the field and the test named. */
static void print_verdict(struct dataset *a, struct dataset *b, int ci, const char *field)
{
	double p = f_test_p(a, b);
	char pf[32], s[32];
	bool alike = variances_alike(a, b, ci);
	struct tresult t = alike ? student_exact(a, b, ci) : welch(a, b, ci);
	figure_double(pf, sizeof(pf), p, -1, 0, 0);
	figure_double(s, sizeof(s), t.s, -1, 0, 0);
	printf("%s: %s at %s %% confidence (%s; F test p = %s)\n", field,
	       t.proven ? "difference" : "no difference proven", level_words(ci),
	       alike ? "Student's t, the variances alike" : "Welch's t, the variances differ", pf);
	if (t.proven)
		print_difference(t.diff, t.err, ds_mean(a));
	printf("\t(%s = %s, df = %.4g)\n", alike ? "pooled s" : "s of the difference", s, t.df);
}

static void print_mann_whitney(struct dataset *a, struct dataset *b, int ci)
{
	struct mwresult m = mann_whitney(a, b);
	const char *verdict = m.p < 1 - conf_pct[ci] / 100 ? "distributions differ"
							   : "no difference proven";
	if (m.exact)
		printf("Mann-Whitney U = %g, p = %.3g (rank test, exact, ties included): %s\n",
		       m.u, m.p, verdict);
	else
		printf("Mann-Whitney U = %g, z = %.3f, p = %.3g (rank test, normal approximation): "
		       "%s\n", m.u, m.z, m.p, verdict);
}

/* The runs per set that the verdict's test (Student's or Welch's) needs to resolve
 * the difference seen, or --delta's. */
static void print_runs_needed(struct dataset *a, struct dataset *b, int ci, const char *delta)
{
	bool alike = variances_alike(a, b, ci);
	struct tresult t = student_exact(a, b, ci);
	double d = t.diff, sa = ds_stddev(a), sb = ds_stddev(b);
	if (delta) {
		char *end;
		d = strtod(delta, &end);
		if (*end == '%')
			d = d / 100 * ds_mean(a);
	}
	long n = alike ? runs_within_boot(t.s, fabs(d), true, ci)
		       : runs_within_unequal(sa, sb, fabs(d), ci);
	char s[64];
	if (alike)
		snprintf(s, sizeof(s), "pooled s = %g, Student's t", t.s);
	else
		snprintf(s, sizeof(s), "s = %g and %g, Welch's t", sa, sb);
	if (d == 0 || !isfinite(d))
		printf("Runs needed: no difference to resolve\n");
	else if (n == 0)
		printf("Runs needed to resolve %g at %.1f%%: more than 10^7 per set\n", d, conf_pct[ci]);
	else {
		char share[32] = "";
		if (ds_mean(a) != 0)     /* a share of a mean of 0 is no figure */
			snprintf(share, sizeof(share), " (%.3g%%)", fabs(d) * 100 / ds_mean(a));
		printf("Runs needed to resolve %g%s at %.1f%% confidence: %ld per set (%s)\n",
		       fabs(d), share, conf_pct[ci], n, s);
	}
}

/* Sets of several boots (logs of one machine and build pooled): the difference
 * with its interval over the boots (boots.h), beyond ministat's over the runs. */
static void print_over_boots(const struct estimate *over, int ci)
{
	const struct estimate e = *over;
	char method[128];
	fmt_method(method, sizeof(method), &e, ci);
	if (!e.interval) {
		printf("Over boots: %g, no interval (%s)\n", e.v, method);
		return;
	}
	printf("Over boots (a boot's mean, not a run, the sample): %s\n\t%g +/- %g\n"
	       "\t(%s)\n", estimate_excludes_zero(&e) ? "difference proven" :
	       "no difference proven", e.v, e.e, method);
}

static int report(struct series *s, int n, const struct compare_opts *o)
{
	struct dataset sets[MS_MAX_SETS];
	struct estimate over[MS_MAX_SETS];   /* each set against the first, over boots */
	for (int i = 0; i < n; i++) {
		if (s[i].d.n >= 3)
			continue;
		char why[160] = "";
		if (s[i].no_irq)
			snprintf(why, sizeof(why), " (%zu of its runs with the timer counted no "
				 "interrupts: no cost per interrupt)", s[i].no_irq);
		say_error("set \"%s\" has %zu value(s); compare needs at least 3%s%s", s[i].d.name,
			  s[i].d.n, why, o->read_status == 1 ? " (damaged records were refused)" : "");
		return o->read_status == 1 ? 1 : 2;
	}
	for (int i = 0; i < n; i++)     /* ministat's part sorts: the boots first */
		over[i] = diff_estimate(&s[0].d, &s[i].d, o->ci);
	for (int i = 0; i < n; i++)     /* a sorted copy: s[i]'s values keep their boots */
		sets[i] = sorted_copy(&s[i].d);
	ms_legend(stdout, sets, n);
	ms_plot(stdout, sets, n, o->width);
	ms_header(stdout, NULL);
	for (int i = 0; i < n; i++) {       /* ministat's words, or the one verdict below */
		ms_vitals(stdout, ms_symbol(i), &sets[i]);
		putchar('\n');
		if (i > 0 && o->ministat_only)
			ms_relative(stdout, &sets[0], &sets[i], o->ci);
	}
	for (int i = 1; i < n && !o->ministat_only; i++) {
		printf("-- %c %s against x %s\n", ms_symbol(i), sets[i].name, sets[0].name);
		print_verdict(&sets[0], &sets[i], o->ci, o->field);
		print_mann_whitney(&sets[0], &sets[i], o->ci);
		print_runs_needed(&sets[0], &sets[i], o->ci, o->delta);
		if (boots_in(&s[0].d) > 1 || boots_in(&s[i].d) > 1)
			print_over_boots(&over[i], o->ci);
	}
	for (int i = 0; i < n; i++)
		ds_free(&sets[i]);
	return 0;
}

static void print_configs(struct series *s, int n)
{
	for (int i = 0; i < n; i++)
		if (s[i].config[0])
			printf("# %c %s: %s\n", ms_symbol(i), s[i].d.name, s[i].config);
}

static int compare_sets(struct series *s, int n, const struct compare_opts *o, bool numbers)
{
	if (n < 2 || n > MS_MAX_SETS) {
		say_error("compare needs 2 to %d sets; the selection gives %d%s%s",
			MS_MAX_SETS, n, s[0].config[0] ? " for " : "", s[0].config);
		return 2;
	}
	if (!numbers && !o->ministat_only)
		print_configs(s, n);
	return report(s, n, o);
}

/* One comparison per configuration, in the order the logs first show them (the
 * sets of a configuration keep theirs): a log holding several timers, workloads or
 * modes split --by hz gives one comparison each. */
static int compare_configs(struct series *s, int n, const struct compare_opts *o, bool numbers)
{
	struct series *group = calloc((size_t)n + 1, sizeof(*group));
	bool *done = calloc((size_t)n + 1, sizeof(*done));
	int status = 0, groups = 0, compared = 0;
	bool several = false;
	for (int i = 1; i < n; i++)
		several |= strcmp(s[i].config, s[0].config) != 0;
	for (int i = 0; group && done && i < n; i++) {
		int k = 0;
		for (int j = i; j < n; j++)
			if (!done[j] && !strcmp(s[j].config, s[i].config)) {
				group[k++] = s[j];
				done[j] = true;
			}
		if (!k)
			continue;
		if (several)
			printf("%s== %s\n", groups++ ? "\n" : "", s[i].config);
		if (several && k == 1) {        /* a configuration run at one value only */
			printf("one set only (%s): nothing to compare\n", s[i].d.name);
			continue;
		}
		fflush(stdout);
		int rc = compare_sets(group, k, o, numbers);
		status = rc > status ? rc : status;
		compared++;
	}
	free(group);
	free(done);
	if (several && !compared) {
		say_error("no configuration has two sets to compare");
		return 2;
	}
	return group && done ? status : 2;
}

/* The comparisons, for print_drawn_ahead: their intervals over boots drawn together. */
struct comparison {
	struct series *s;
	int n;
	const struct compare_opts *o;
	bool numbers;
};

static int compare_page(void *ctx)
{
	struct comparison *c = ctx;
	return compare_configs(c->s, c->n, c->o, c->numbers);
}

const struct help help_compare = {
	"compare [-c LEVEL] [--by FIELD] [--field F] [--type T]\n"
	"[--where K=V]... [--delta D|P%] [-w WIDTH]\n"
	"[--ministat] [-n] LOG...",
	"  ministat's comparison between logs or between values of FIELD in one log\n"
	"  (one per configuration), then one verdict (Student's t, or Welch's where the\n"
	"  F test finds the variances differ), Mann-Whitney U and the runs needed to\n"
	"  resolve a difference; --by machine: a set per machine\n",
	HELP_LEVEL
	"  --by FIELD      a set per value of FIELD in the logs (hz, timer, cpu, ...), or\n"
	"                  per machine (machine)\n"
	"  --delta D|P%    the difference the runs needed are for, D in the value's unit\n"
	"                  or P % of the first set's mean (default: the difference seen)\n"
	"  -w WIDTH        the plot's width, 10 to 1000 columns (default 74)\n"
	"  --ministat      ministat's part only: legend, plot, vitals and Student's t\n"
	"  -n, --numbers   the LOGs are files of plain numbers, one a line, as ministat\n"
	"                  reads them\n",
	select_help
};

/* --delta's value: a finite difference D, or a share P% of the first set's mean,
 * not 0. */
static const char *delta_option(int argc, char **argv, int *i)
{
	const char *v = option_value(argc, argv, i);
	char *end;
	double d = strtod(v, &end);
	if (end == v || (*end && strcmp(end, "%")) || !isfinite(d) || d == 0)
		usage_error("--delta takes a difference D or a share P%% of the first set's mean, "
			    "not 0 (e.g. 250 or 2%%), not \"%s\"", v);
	return v;
}

int cmd_compare(int argc, char **argv)
{
	struct selection sel = { 0 };
	struct compare_opts o = { .ci = 2, .width = 74 };
	char *logs[SELECT_MAX_SETS];
	int nlogs = 0;
	for (int i = 0; i < argc; i++) {
		if (select_option(&sel, argc, argv, &i))
			continue;
		if (!strcmp(argv[i], "-c")) {
			o.ci = level_option(argc, argv, &i);
		} else if (!strcmp(argv[i], "-w")) {
			char *end;
			long w = strtol(option_value(argc, argv, &i), &end, 10);
			if (*end || w < 10 || w > 1000)
				usage_error("-w takes a width from 10 to 1000, not %s", argv[i]);
			o.width = (int)w;
		} else if (!strcmp(argv[i], "--delta")) {
			o.delta = delta_option(argc, argv, &i);
		} else if (!strcmp(argv[i], "--ministat")) {
			o.ministat_only = true;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			usage_error("unknown option %s", argv[i]);
		} else if (nlogs < SELECT_MAX_SETS) {
			logs[nlogs++] = argv[i];
		}
	}
	if (nlogs == 1 && !sel.by && !sel.numbers)
		usage_error("give two logs or more, or split one with --by FIELD");
	if (logs_ready(logs, nlogs, !sel.numbers))
		return 2;
	struct series *s;
	sel.split_configs = true;
	int n, status = select_sets(logs, nlogs, &sel, &s, &n);
	o.field = sel.numbers ? "the numbers" : sel.field;
	o.read_status = status;
	if (status < 2 && n > 0) {
		struct comparison c = { s, n, &o, sel.numbers };
		int rc = print_drawn_ahead(compare_page, &c);
		status = rc > status ? rc : status;
	}
	select_free(s, n);
	return status;
}
