/* tickstat report: the page (report.h, docs/TICKSTAT.md "Report"): the logs, lib's
 * answer (its details and answer, the lines the kernel prints at the end of the
 * run), then what only the host adds, on the answer's structures. Lines wrap at 80
 * columns between figures (lib/answer/lines.h). */
#include "report.h"
#include "shift.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SERIES 64

void stdout_line(void *ctx, const char *line)
{
	printf("%s\n", line);
}

static void begin(struct line *l, const char *text, int indent)
{
	line_start(l, stdout_line, NULL, text, indent);
}

/* "(95 %, 3 boots x 10 runs, t on boot means)" */
static void method_item(char *buf, size_t size, const struct estimate *e, int ci)
{
	char m[128];
	fmt_method(m, sizeof(m), e, ci);
	snprintf(buf, size, "(%s)", m);
}

/* A configuration on the answer's CPUs with runs, the first of its kind (same)
 * among the sorted list before it. */
static bool first_of(const struct report *r, int i,
		     bool (*same)(const struct rconfig *, const struct rconfig *))
{
	const struct rconfig *c = &r->cfg[i];
	if (!on_answer_cpus(r, c) || !c->lost.n)
		return false;
	for (int j = 0; j < i; j++)
		if (on_answer_cpus(r, &r->cfg[j]) && r->cfg[j].lost.n && same(&r->cfg[j], c))
			return false;
	return true;
}

void print_share_verdict(const char *what, const struct dataset *a, const struct dataset *b,
			 double boot_cost, int ci)
{
	struct verdict v = verdict_of(a, b, boot_cost, ci);
	char diff[112], need[64], head[200], tail[160];
	struct line l;
	if (!v.d.interval) {
		printf("    %s: too few runs to compare (n=%zu+%zu)\n", what, v.d.na, v.d.nb);
		return;
	}
	fmt_share_estimate(diff, sizeof(diff), &v.d, FIGURE_SIGN | FIGURE_COMPACT);
	method_item(tail, sizeof(tail), &v.d, ci);
	snprintf(head, sizeof(head), "    %s:", what);
	begin(&l, head, 6);
	if (v.proven) {
		line_add(&l, " ", strcat(diff, " of the CPU"));
	} else {
		fmt_verdict_need(need + 1, sizeof(need) - 3, &v);
		need[0] = '(';
		strcat(need, "):");
		line_add(&l, " ", "no difference proven");
		line_add(&l, " ", need);
		line_add(&l, " ", diff);
	}
	line_add(&l, " ", tail);
	line_end(&l);
}

/* ---- each HZ against the lowest, run by run ------------------------------------- */

/* A run of a configuration: its boot and index, and where it stands among the runs. */
struct run_at { unsigned boot; unsigned long long run; size_t at; };

static int by_boot_and_run(const void *x, const void *y)
{
	const struct run_at *p = x, *q = y;
	if (p->boot != q->boot)
		return p->boot < q->boot ? -1 : 1;
	if (p->run != q->run)
		return p->run < q->run ? -1 : 1;
	return p->at < q->at ? -1 : p->at > q->at;
}

/* The first of a's runs (sorted) of the boot and index of key, or NULL. */
static const struct run_at *first_run(const struct run_at *sorted, size_t n, struct run_at key)
{
	size_t lo = 0, hi = n;
	key.at = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (by_boot_and_run(&sorted[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && sorted[lo].boot == key.boot && sorted[lo].run == key.run ? &sorted[lo] : NULL;
}

/* The runs of b paired with a's of the same boot and index (the first such of a):
 * their differences. a's runs sorted by boot and index, each of b's found by halving
 * (a walk of a's for each of b's took 400 million steps a pair of configurations of
 * 28,000 runs). */
static size_t paired_differences(const struct rconfig *a, const struct rconfig *b, double *d)
{
	struct run_at *sorted = must_calloc(a->lost.n + 1, sizeof(*sorted));
	size_t n = 0;
	for (size_t i = 0; i < a->lost.n; i++)
		sorted[i] = (struct run_at){ a->lost.boot[i], a->lost_run[i], i };
	qsort(sorted, a->lost.n, sizeof(*sorted), by_boot_and_run);
	for (size_t j = 0; j < b->lost.n; j++) {
		const struct run_at *m = first_run(sorted, a->lost.n,
						   (struct run_at){ b->lost.boot[j], b->lost_run[j], 0 });
		if (m)
			d[n++] = b->lost.v[j] - a->lost.v[m->at];
	}
	free(sorted);
	return n;
}

/* "lapic periodic spin HZ=1000 vs HZ=100: +0.02 % of the CPU, p = 0.03 (10 pairs)":
 * only where the answer's verdict could compare them and two pairs or more. */
static void print_shift(const struct rconfig *a, const struct rconfig *b, const char *label)
{
	double *d = calloc(b->lost.n + 1, sizeof(*d));
	struct shift sh;
	struct line l;
	char head[192], v[96], p[64];
	size_t n = d ? paired_differences(a, b, d) : 0;
	bool shown = n >= 2 && a->lost.n >= 2 && b->lost.n >= 2;
	snprintf(head, sizeof(head), "  %s HZ=%llu vs HZ=%llu:", label, b->hz, a->hz);
	if (shown && ticks_no_verdict(v, sizeof(v), b, a)) {   /* runs off their rate */
		begin(&l, head, 4);
		line_add(&l, " ", v);
		line_end(&l);
	} else if (shown && paired_shift(d, n, &sh)) {
		figure_double(v, sizeof(v), sh.hl / 1e4, -1, 0, FIGURE_PERCENT | FIGURE_SIGN);
		if (sh.p < 0.001)
			snprintf(p, sizeof(p), "p < 0.001 (%zu pairs)", sh.n);
		else {
			char pv[32];
			figure_double(pv, sizeof(pv), sh.p, -1, 0, 0);
			snprintf(p, sizeof(p), "p = %s (%zu pairs)", pv, sh.n);
		}
		begin(&l, head, 4);
		line_add(&l, " ", strcat(v, " of the CPU,"));
		line_add(&l, " ", p);
		line_end(&l);
	}
	free(d);
}

/* A configuration whose runs split into two clusters within their boots (the
 * boots' own differences are the variance between boots): a mean hides them. */
static void print_clusters(const struct rconfig *c, const char *label)
{
	double *within = calloc(c->lost.n + 1, sizeof(*within));
	char a[64], b[64];
	if (!within)
		return;
	within_boots(&c->lost, within);
	struct clusters2 two = two_clusters(within, c->lost.n);
	free(within);
	if (!two.two)
		return;
	figure_double(a, sizeof(a), two.mean[0] / 1e4, -1, 0, FIGURE_PERCENT);
	figure_double(b, sizeof(b), two.mean[1] / 1e4, -1, 0, FIGURE_PERCENT);
	printf("warning: the runs of %s at HZ=%llu split in two clusters, %zu near %s\n"
	       "  and %zu near %s: a mean hides them\n", label, c->hz, two.n[0], a, two.n[1], b);
}

static void series_label(char *buf, size_t size, const struct rconfig *c)
{
	char name[96], model[96] = "";
	source_name(name, sizeof(name), c);
	if (has_model_label(c)) {
		model[0] = ' ';
		model_label(model + 1, sizeof(model) - 1, c);
	}
	snprintf(buf, size, "%s %s%s", name, c->workload, model);
}

/* Per series on one CPU, each HZ against its lowest, paired run by run; and the
 * clusters its runs fall in. */
static void print_paired(struct report *r)
{
	bool any = false;
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *s[MAX_SERIES];
		char label[160];
		if (!first_of(r, i, same_series))
			continue;
		int n = series_of(r, &r->cfg[i], s, MAX_SERIES);
		series_label(label, sizeof(label), s[0]);
		for (int k = 0; k < n; k++)
			print_clusters(s[k], label);
		for (int k = 1; k < n; k++) {
			if (!any)
				printf("\nEach HZ against the lowest, run by run (the Hodges-Lehmann shift "
				       "of the runs'\ndifferences, Wilcoxon's signed-rank test):\n");
			any = true;
			print_shift(s[0], s[k], label);
		}
	}
}

/* A share of c's runs (d: all of them, or one CPU's), its mark after it. */
static void share_item(char *buf, size_t size, const char *label, const struct rconfig *c,
		       const struct dataset *d, int ci, struct estimate *e)
{
	char v[96];
	*e = mean_estimate(d, ci);
	fmt_share_estimate(v, sizeof(v), e, FIGURE_COMPACT | FIGURE_NOT_NEGATIVE | FIGURE_AT_MOST_100);
	snprintf(buf, size, "%s%s", label, v);
	ticks_mark(buf, size, &c, 1);
}

/* Items that share one method and counts name it once, at the end of their line;
 * else each item names its own. */
struct items {
	char text[64][200];
	const char *sep[64];     /* before each item but the first */
	struct estimate e[64];
	int n;
};

static void add_item(struct items *it, const char *sep)
{
	it->sep[it->n++] = sep;
}

static void print_items(struct line *l, struct items *it, int ci)
{
	char m[160], first[160];
	bool same = true;
	method_item(first, sizeof(first), &it->e[0], ci);
	for (int k = 1; k < it->n; k++) {
		method_item(m, sizeof(m), &it->e[k], ci);
		same &= !strcmp(m, first);
	}
	for (int k = 0; k < it->n; k++) {
		if (!same && it->e[k].interval) {
			method_item(m, sizeof(m), &it->e[k], ci);
			strncat(it->text[k], " ", sizeof(it->text[k]) - strlen(it->text[k]) - 1);
			strncat(it->text[k], m, sizeof(it->text[k]) - strlen(it->text[k]) - 1);
		}
		line_add(l, k ? it->sep[k] : " ", it->text[k]);
	}
	if (same && it->n && it->e[0].interval)
		line_add(l, " ", first);
	line_end(l);
}

/* ---- periodic against one-shot -------------------------------------------------- */

/* The configuration of c's timer, delivery, workload, model and hz on as many CPUs
 * in another mode. */
static struct rconfig *in_mode(struct report *r, const struct rconfig *c, const char *mode)
{
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *x = &r->cfg[i];
		if (!strcmp(x->mode, mode) && !strcmp(x->timer, c->timer) &&
		    !strcmp(x->delivery, c->delivery) && !strcmp(x->workload, c->workload) &&
		    x->hz == c->hz && x->cpus == c->cpus && x->lost.n && same_model(x, c))
			return x;
	}
	return NULL;
}

/* The periodic configuration of c's timer, delivery and workload on the answer's
 * CPUs with the highest hz that also ran one-shot. */
static struct rconfig *top_periodic(struct report *r, const struct rconfig *c)
{
	struct rconfig *top = NULL;
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *x = &r->cfg[i];
		if (on_answer_cpus(r, x) && !strcmp(x->mode, "periodic") && !strcmp(x->timer, c->timer) &&
		    !strcmp(x->delivery, c->delivery) && !strcmp(x->workload, c->workload) &&
		    same_model(x, c) && x->lost.n && in_mode(r, x, "oneshot") &&
		    (!top || x->hz > top->hz))
			top = x;
	}
	return top;
}

/* Periodic, one-shot re-armed, and no timer (the off runs: 0 by construction), per
 * timer and workload at the highest HZ both modes ran. */
static void print_modes(struct report *r)
{
	bool any = false;
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *p = &r->cfg[i], *o;
		if (!on_answer_cpus(r, p) || p != top_periodic(r, p) || !(o = in_mode(r, p, "oneshot")))
			continue;
		if (!any)
			printf("\nPeriodic vs one-shot re-armed vs no timer (the runs without it: "
			       "0 %% lost):\n");
		any = true;
		char head[96];
		struct line l;
		struct items it = { .n = 0 };
		snprintf(head, sizeof(head), "  %s %s HZ=%llu:", p->timer, p->workload, p->hz);
		begin(&l, head, 4);
		share_item(it.text[0], sizeof(it.text[0]), "periodic ", p, &p->lost, r->ci, &it.e[0]);
		add_item(&it, " ");
		share_item(it.text[1], sizeof(it.text[1]), "one-shot ", o, &o->lost, r->ci, &it.e[1]);
		add_item(&it, "; ");
		print_items(&l, &it, r->ci);
		char none[96];
		if (ticks_no_verdict(none, sizeof(none), o, p))
			printf("    one-shot vs periodic: %s\n", none);
		else
			print_share_verdict("one-shot vs periodic", &p->lost, &o->lost,
					    boot_cost(r, p, o), r->ci);
	}
}

/* ---- one CPU against several ---------------------------------------------------- */

/* Each CPU's share, and all CPUs' summed per run index (in one CPU's terms). */
static void print_count(struct report *r, struct rconfig *c)
{
	struct line l;
	struct items it = { .n = 0 };
	char head[48], label[32];
	snprintf(head, sizeof(head), "    %u CPU%s:", c->cpus, c->cpus > 1 ? "s" : "");
	begin(&l, head, 6);
	for (int k = 0; k < c->ncpu && it.n < 63; k++) {
		snprintf(label, sizeof(label), "cpu%llu ", c->cpu_id[k]);
		share_item(it.text[it.n], sizeof(it.text[0]), label, c, &c->cpu_lost[k], r->ci,
			   &it.e[it.n]);
		add_item(&it, "; ");
	}
	if (c->cpus > 1) {
		struct dataset all;
		ds_init(&all, "all");
		for (size_t k = 0; k < c->nsums; k++)
			ds_add_boot(&all, c->sums[k].ppm, c->sums[k].boot);
		char v[96], *item = it.text[it.n];
		it.e[it.n] = mean_estimate(&all, r->ci);
		fmt_share_estimate(v, sizeof(v), &it.e[it.n], FIGURE_COMPACT | FIGURE_NOT_NEGATIVE);
		snprintf(item, sizeof(it.text[0]), "all %s of one CPU", v);
		ticks_mark(item, sizeof(it.text[0]), (const struct rconfig *const *)&c, 1);
		add_item(&it, "; ");
		ds_free(&all);
	}
	print_items(&l, &it, r->ci);
}

static bool same_but_cpus(const struct rconfig *a, const struct rconfig *b)
{
	return same_source(a, b) && !strcmp(a->workload, b->workload) && a->hz == b->hz &&
	       same_model(a, b);
}

static void print_cpus(struct report *r)
{
	bool any = false;
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *c = &r->cfg[i];
		int counts = 0;
		bool seen = false, higher = false;
		for (int j = 0; j < i; j++)
			seen |= r->cfg[j].lost.n && same_but_cpus(&r->cfg[j], c);
		if (!c->lost.n || seen)
			continue;
		for (int j = i; j < r->nconfig; j++)
			counts += r->cfg[j].lost.n && same_but_cpus(&r->cfg[j], c);
		/* the highest hz of its source and workload run on several CPUs only */
		for (int j = 0; j < r->nconfig; j++)
			higher |= r->cfg[j].lost.n && r->cfg[j].hz > c->hz && r->cfg[j].cpus > 1 &&
				  same_source(&r->cfg[j], c) && !strcmp(r->cfg[j].workload, c->workload);
		if (counts < 2 || higher)
			continue;
		if (!any)
			printf("\n1 vs N CPUs (share of each CPU; all: summed over the CPUs per run):\n");
		any = true;
		char name[128];
		source_name(name, sizeof(name), c);
		printf("  %s %s HZ=%llu\n", name, c->workload, c->hz);
		for (int j = i; j < r->nconfig; j++)        /* sorted: by CPU count */
			if (r->cfg[j].lost.n && same_but_cpus(&r->cfg[j], c))
				print_count(r, &r->cfg[j]);
	}
}

/* ---- direct against indirect ---------------------------------------------------- */

/* A figure of c's runs (d), its mark after it. */
static void pm_item(struct items *it, const char *sep, const char *label,
		    const struct rconfig *c, const struct dataset *d, int ci, unsigned flags)
{
	char v[96];
	it->e[it->n] = mean_estimate(d, ci);
	fmt_estimate(v, sizeof(v), &it->e[it->n], FIGURE_COMPACT | flags);
	snprintf(it->text[it->n], sizeof(it->text[0]), "%s%s", label, v);
	ticks_mark(it->text[it->n], sizeof(it->text[0]), &c, 1);
	add_item(it, sep);
}

/* One source's line: direct, indirect and total on spin at its highest HZ with
 * spin runs, then every other workload's total at that HZ. */
static void print_direct_line(struct report *r, struct rconfig *top)
{
	char name[128], head[160], label[48];
	struct line l;
	struct items it = { .n = 0 };
	source_name(name, sizeof(name), top);
	snprintf(head, sizeof(head), "  %s HZ=%llu:", name, top->hz);
	begin(&l, head, 4);
	pm_item(&it, " ", "direct ", top, &top->direct, r->ci, FIGURE_NOT_NEGATIVE);
	pm_item(&it, ", ", "indirect ", top, &top->indirect, r->ci, FIGURE_NOT_NEGATIVE);
	pm_item(&it, "; ", "total spin ", top, &top->cost, r->ci, 0);
	for (int j = 0; j < r->nconfig && it.n < 64; j++) {
		struct rconfig *x = &r->cfg[j];
		if (x == top || !on_answer_cpus(r, x) || x->hz != top->hz || !same_source(x, top) ||
		    !x->cost.n || !is_floor(x))
			continue;
		snprintf(label, sizeof(label), "%s ", x->workload);
		pm_item(&it, ", ", label, x, &x->cost, r->ci, 0);
	}
	print_items(&l, &it, r->ci);
}

static void print_direct(struct report *r)
{
	bool any = false;
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *top = NULL;
		if (!first_of(r, i, same_source))
			continue;
		for (int j = i; j < r->nconfig; j++)
			if (r->cfg[j].direct.n && on_answer_cpus(r, &r->cfg[j]) &&
			    same_source(&r->cfg[j], &r->cfg[i]) &&
			    is_floor(&r->cfg[j]) && (!top || r->cfg[j].hz > top->hz))
				top = &r->cfg[j];
		if (!top)
			continue;
		if (!any)
			printf("\nDirect vs indirect cost per interrupt (%s, %s %% intervals; indirect: "
			       "each spin\nrun's total less its direct; another workload's total less "
			       "spin's direct is\nits own):\n", r->cycles_only ? "cycles" : "ns",
			       level_words(r->ci));
		any = true;
		print_direct_line(r, top);
	}
}

/* ---- the page -------------------------------------------------------------------- */

static void print_header(struct report *r, char **logs, int nlogs)
{
	printf("tickbench report:");
	for (int i = 0; i < nlogs; i++)
		printf(" %s", logs[i]);
	printf("\n%lu records; %u of %u boot%s ended pass\n", r->records, r->ends_pass,
	       r->boots, r->boots == 1 ? "" : "s");
	if (r->cmdline[0]) {     /* wrapped at its words */
		struct line l;
		char words[sizeof(r->cmdline)], word[160], *save = NULL;
		snprintf(words, sizeof(words), "%s", r->cmdline);
		begin(&l, "command line:", 2);
		for (char *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			snprintf(word, sizeof(word), "%s", w);
			line_add(&l, " ", word);
		}
		line_end(&l);
	}
	printf("\n");
}

/* How the boots enter the intervals, and why they may not vary. */
static void print_boot_notes(struct report *r)
{
	int most = 0;
	bool differ = false, several = false;
	for (int i = 0; i < r->nconfig; i++) {
		struct levels lv;
		if (!levels_of(&r->cfg[i].lost, &lv) || lv.boots < 2)
			continue;
		several = true;
		most = lv.boots > most ? lv.boots : most;
		differ |= lv.means_var > 0;
	}
	if (most >= BOOTSTRAP_MIN_BOOTS)
		printf("note: from %d boots on, intervals by a hierarchical bootstrap (boots, then "
		       "their\n  runs, with replacement; %d resamples, a fixed seed), BCa\n",
		       BOOTSTRAP_MIN_BOOTS, BOOTSTRAP_RESAMPLES);
	if (several && !differ)
		printf("note: no variance between the boots: each configuration's boots gave the "
		       "same\n  mean%s\n", r->emulator[0] ? " (an emulator under -icount repeats a "
		       "boot exactly, its time being\n  a count of instructions); the intervals "
		       "over boots are then 0" : "; the intervals over boots are then 0");
}

/* lib's answer: every line but the text code's. */
static void say(void *ctx, enum answer_kind kind, const char *line)
{
	if ((kind & ANSWER_KIND) != ANSWER_SUMMARY)
		printf("%s\n", line);
}

void report_print(struct report *r, char **logs, int nlogs)
{
	print_header(r, logs, nlogs);
	answer_print(r, say, NULL, NULL);
	print_boot_notes(r);
	print_paired(r);
	print_modes(r);
	print_cpus(r);
	print_direct(r);
	report_print_work(r);
}
