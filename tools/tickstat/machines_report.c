/* tickstat report across machines (machines.h): per headline figure, one row per
 * machine with its mean and interval over runs, and its difference to the baseline
 * with a verdict, from the answer's per-run figures and verdicts (lib/answer/answer.h,
 * lib/answer/estimate.h). */
#include "machines.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void add_figure(struct headlines *fs, const char *name, const struct dataset *d,
		       bool share, const struct rconfig *c)
{
	if (fs->n == M_MAX_FIGURES || !d->n)
		return;
	struct headline *f = &fs->f[fs->n++];
	snprintf(f->name, sizeof(f->name), "%s", name);
	f->d = d;
	f->share = share;
	f->c = c;
}

static void stat_figures(struct report *r, struct headlines *fs, const char *bench,
			 const char *title, bool p99)
{
	char name[200];
	for (int i = 0; i < r->nstat; i++) {
		struct rstat *s = &r->stat[i];
		if (strcmp(s->bench, bench))
			continue;
		snprintf(name, sizeof(name), "%s %s p50", title, s->what);
		add_figure(fs, name, &s->p50, false, NULL);
		if (!p99)
			continue;
		snprintf(name, sizeof(name), "%s %s p99", title, s->what);
		add_figure(fs, name, &s->p99, false, NULL);
	}
}

static void config_name(char *buf, size_t size, const struct rconfig *c)
{
	snprintf(buf, size, "%s %s%s%s %s cpus=%u HZ=%llu", c->timer, c->mode,
		 c->delivery[0] ? " " : "", c->delivery, c->workload, c->cpus, c->hz);
}

/* Direct cost per source (timer, mode, delivery) on the answer's CPUs at its highest HZ
 * with holes measured, as report's "Direct vs indirect" section takes it. */
static void direct_figures(struct report *r, struct headlines *fs)
{
	char name[200], cfg[160];
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *c = &r->cfg[i], *top = c;
		if (!c->direct.n || !on_answer_cpus(r, c))
			continue;
		for (int j = 0; j < r->nconfig; j++) {
			struct rconfig *x = &r->cfg[j];
			if (x->direct.n && on_answer_cpus(r, x) && !strcmp(x->timer, c->timer) &&
			    !strcmp(x->mode, c->mode) && !strcmp(x->delivery, c->delivery) &&
			    (x->hz > top->hz || (x->hz == top->hz && j < i)))
				top = x;
		}
		if (top != c)
			continue;
		config_name(cfg, sizeof(cfg), c);
		snprintf(name, sizeof(name), "direct cost %s", cfg);
		add_figure(fs, name, &c->direct, false, c);
	}
}

void machine_figures(struct report *r, struct headlines *fs)
{
	char name[200], cfg[160];
	fs->n = 0;
	stat_figures(r, fs, "readcost", "read", false);
	stat_figures(r, fs, "armcost", "arm", false);
	stat_figures(r, fs, "latency", "latency", true);
	direct_figures(r, fs);
	for (int i = 0; i < r->nconfig; i++) {
		config_name(cfg, sizeof(cfg), &r->cfg[i]);
		snprintf(name, sizeof(name), "CPU share %s", cfg);
		add_figure(fs, name, &r->cfg[i].lost, true, &r->cfg[i]);
	}
}

const struct headline *find_figure(const struct headlines *fs, const char *name)
{
	for (int i = 0; i < fs->n; i++)
		if (!strcmp(fs->f[i].name, name))
			return &fs->f[i];
	return NULL;
}

static void fmt_value(char *buf, size_t size, const struct headline *f, const struct estimate *e,
		      bool sign)
{
	unsigned flags = FIGURE_COMPACT | (sign ? FIGURE_SIGN : 0);
	if (f->share)
		fmt_share_estimate(buf, size, e, flags);
	else
		fmt_estimate(buf, size, e, flags);
}

/* "difference proven at 95 %: +750 +/- 2.3 (+100 %)" or "no difference proven
 * (needed: 1 boot x 40 runs): +1.2 +/- 3.0" */
static void fmt_verdict(char *buf, size_t size, const struct headline *base,
			const struct headline *f, int ci)
{
	struct verdict v = verdict_of(base->d, f->d, 0, ci);
	char diff[96], rel[48] = "", need[64];
	if (f->c && base->c && ticks_no_verdict(buf, size, f->c, base->c))
		return;
	if (!v.d.interval) {
		snprintf(buf, size, "too few runs to compare (n=%zu+%zu)", v.d.na, v.d.nb);
		return;
	}
	fmt_value(diff, sizeof(diff), f, &v.d, true);
	double mean = mean_estimate(base->d, ci).v;
	if (mean != 0 && !f->share) {
		rel[0] = ' ', rel[1] = '(';
		size_t n = 2 + (size_t)figure_double(rel + 2, sizeof(rel) - 3, v.d.v * 100 / mean,
						     -1, 0, FIGURE_PERCENT | FIGURE_SIGN);
		snprintf(rel + n, sizeof(rel) - n, ")");
	}
	/* Sets that vary not at all (a clock read in as many cycles every run) differ
	 * by the two machines' tsc_hz alone when converted to ns: no hardware
	 * difference, whatever Student's t says of a zero spread. */
	if (v.d.e == 0 && fabs(v.d.v) <= 1e-4 * fabs(mean)) {
		snprintf(buf, size, "the same, no spread (%s is the TSC rates' rounding)", diff);
		return;
	}
	if (v.proven) {
		snprintf(buf, size, "difference proven at %s %%%s: %s%s", level_words(ci),
			 v.d.e == 0 ? " (no spread)" : "", diff, rel);
		return;
	}
	fmt_verdict_need(need, sizeof(need), &v);
	snprintf(buf, size, "no difference proven (%s): %s", need, diff);
}

/* "  M2  1500 +/- 4  (95 %, 1 boot x 10 runs, t over runs)  difference proven ...": the
 * verdict on the next line when the two do not fit. */
static void print_row(const struct mgroup *g, const struct headline *f,
		      const struct headline *base, bool is_base, int ci)
{
	struct estimate e = mean_estimate(f->d, ci);
	char value[96], method[128], head[256], tail[256];
	fmt_value(value, sizeof(value), f, &e, false);
	ticks_mark(value, sizeof(value), &f->c, f->c ? 1 : 0);
	fmt_method(method, sizeof(method), &e, ci);
	snprintf(head, sizeof(head), "  %-3s %s  (%s)", g->key, value, method);
	if (is_base)
		snprintf(tail, sizeof(tail), "baseline");
	else if (!base)
		snprintf(tail, sizeof(tail), "baseline has none");
	else
		fmt_verdict(tail, sizeof(tail), base, f, ci);
	if (columns(head) + 2 + columns(tail) <= R_WIDTH) {
		printf("%s  %s\n", head, tail);
		return;
	}
	/* the verdict below, its words and its figure apart if they do not fit */
	struct line l;
	char *figure = strstr(tail, "): ");
	printf("%s\n", head);
	line_start(&l, stdout_line, NULL, "     ", 6);
	if (figure) {
		figure[1] = 0;
		line_add(&l, " ", tail);
		line_add(&l, " ", figure + 3);
	} else {
		line_add(&l, " ", tail);
	}
	line_end(&l);
}

static void print_figure(struct mgroup *g, struct headlines *fs, int n, int baseline,
			 const char *name, const char *unit, int ci)
{
	const struct headline *base = find_figure(&fs[baseline], name);
	const struct headline *any = NULL;
	for (int i = 0; i < n && !any; i++)
		any = find_figure(&fs[i], name);
	printf("\n%s%s%s:\n", name, any->share ? "" : ", ", any->share ? "" : unit);
	for (int k = -1; k < n; k++) {
		int i = k < 0 ? baseline : k;
		const struct headline *f = find_figure(&fs[i], name);
		if ((k >= 0 && i == baseline) || !f)
			continue;
		print_row(&g[i], f, base, i == baseline, ci);
	}
}

static bool printed_before(struct headlines *fs, int order[], int upto, int idx, const char *name)
{
	for (int k = 0; k < upto; k++)
		if (find_figure(&fs[order[k]], name))
			return true;
	for (int j = 0; j < idx; j++)
		if (!strcmp(fs[order[upto]].f[j].name, name))
			return true;
	return false;
}

void machines_print(struct mgroup *g, int n, int baseline, int ci)
{
	struct headlines *fs = calloc((size_t)n, sizeof(*fs));
	int order[M_MAX_GROUPS], no = 0;
	bool cycles = false;
	if (!fs)
		return;
	order[no++] = baseline;
	for (int i = 0; i < n; i++) {
		machine_figures(g[i].rep, &fs[i]);
		cycles |= g[i].rep->cycles_only;
		if (i != baseline)
			order[no++] = i;
	}
	printf("tickstat report: %d machines, %g %% intervals, verdicts against %s\n", n,
	       conf_pct[ci], g[baseline].key);
	machine_legend(g, n, baseline);
	if (cycles)
		printf("warning: a log without tsc_hz: its costs are in cycles, not ns\n");
	for (int k = 0; k < no; k++)
		for (int j = 0; j < fs[order[k]].n; j++) {
			const char *name = fs[order[k]].f[j].name;
			if (!printed_before(fs, order, k, j, name))
				print_figure(g, fs, n, baseline, name, cycles ? "cycles" : "ns", ci);
		}
	free(fs);
}
