/* tickstat report: printing the page (report.h, docs/TICKSTAT.md "Report"). Lines
 * wrap at 80 columns; each section says what it compares, the verdicts say it in
 * words and numbers. */
#include "report.h"
#include "shift.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- configurations ------------------------------------------------------------ */

static bool same_source(const struct rconfig *a, const struct rconfig *b)
{
	return !strcmp(a->timer, b->timer) && !strcmp(a->mode, b->mode) &&
	       !strcmp(a->delivery, b->delivery);
}

static bool same_series(const struct rconfig *a, const struct rconfig *b)
{
	return same_source(a, b) && !strcmp(a->workload, b->workload) && a->cpus == b->cpus &&
	       same_model(a, b);
}

static const char *mode_name(const char *mode)
{
	return !strcmp(mode, "oneshot") ? "one-shot re-armed" : mode;
}

/* "lapic periodic (local)" */
static void source_name(char *buf, size_t size, const struct rconfig *c)
{
	snprintf(buf, size, "%s %s%s%s%s", c->timer, mode_name(c->mode), c->delivery[0] ? " (" : "",
		 c->delivery, c->delivery[0] ? ")" : "");
}

/* The configurations of c's series (same source, workload and CPU count), by
 * ascending hz, into out; returns how many. */
static int series_of(struct report *r, const struct rconfig *c, struct rconfig **out)
{
	int n = 0;
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *x = &r->cfg[i];
		if (!same_series(x, c) || !x->lost.n)
			continue;
		int k = n++;
		for (; k > 0 && out[k - 1]->hz > x->hz; k--)
			out[k] = out[k - 1];
		out[k] = x;
	}
	return n;
}

/* First of its kind among cfg[0..i): true when an earlier one matches. */
static bool seen_before(struct report *r, int i, bool (*same)(const struct rconfig *,
							      const struct rconfig *))
{
	for (int j = 0; j < i; j++)
		if (r->cfg[j].lost.n && same(&r->cfg[j], &r->cfg[i]))
			return true;
	return false;
}

/* ---- verdict lines ------------------------------------------------------------- */

/* " (95 %, 3 boots × 10 runs, t on boot means)" */
static void method_item(char *buf, size_t size, const struct estimate *e, int ci)
{
	char m[128];
	fmt_method(m, sizeof(m), e, ci);
	snprintf(buf, size, "(%s)", m);
}

/* "HZ=1000 vs HZ=100: +0.84 % ± 0.06 % of the CPU (95 %, 3 boots × 10 runs, t on boot
 * means)", or "...: no difference proven (needed: 4 boots × 10 runs): +0.01 % ± 0.03 %
 * (...)". */
static void print_verdict(struct report *r, const char *what, const struct rconfig *a,
			  const struct rconfig *b, const struct dataset *da, const struct dataset *db)
{
	struct verdict v = verdict(da, db, boot_cost(r, a, b), r->ci);
	char diff[96], need[64], head[200], tail[160];
	struct line l;
	if (!v.d.interval) {
		printf("    %s: too few runs to compare (n=%zu+%zu)\n", what, v.d.na, v.d.nb);
		return;
	}
	fmt_share_estimate(diff, sizeof(diff), &v.d, true);
	method_item(tail, sizeof(tail), &v.d, r->ci);
	if (v.proven) {
		snprintf(head, sizeof(head), "    %s: %s of the CPU", what, diff);
		line_start(&l, head, 6);
	} else {
		fmt_verdict_need(need, sizeof(need), &v);
		snprintf(head, sizeof(head), "    %s: no difference proven (%s):", what, need);
		line_start(&l, head, 6);
		line_add(&l, " ", diff);
	}
	line_add(&l, " ", tail);
	line_end(&l);
}

/* The runs of b paired with a's of the same boot and index: their differences. */
static size_t paired_differences(const struct rconfig *a, const struct rconfig *b, double *d)
{
	size_t n = 0;
	for (size_t j = 0; j < b->lost.n; j++)
		for (size_t i = 0; i < a->lost.n; i++)
			if (a->lost_run[i] == b->lost_run[j] && a->lost.boot[i] == b->lost.boot[j]) {
				d[n++] = b->lost.v[j] - a->lost.v[i];
				break;
			}
	return n;
}

/* "shift (Hodges-Lehmann) +0.02 % of the CPU, signed-rank p = 0.03" */
static void print_shift(const struct rconfig *a, const struct rconfig *b)
{
	double *d = calloc(b->lost.n + 1, sizeof(*d));
	struct shift sh;
	struct line l;
	char v[96], p[64];
	if (d && paired_shift(d, paired_differences(a, b, d), &sh)) {
		fmt_share(p, sizeof(p), sh.hl, NAN, true);
		snprintf(v, sizeof(v), "%s of the CPU,", p);
		if (sh.p < 0.001)
			snprintf(p, sizeof(p), "signed-rank p < 0.001 (%zu pairs)", sh.n);
		else
			snprintf(p, sizeof(p), "signed-rank p = %.3g (%zu pairs)", sh.p, sh.n);
		line_start(&l, "      shift (Hodges-Lehmann)", 8);
		line_add(&l, " ", v);
		line_add(&l, " ", p);
		line_end(&l);
	}
	free(d);
}

/* A configuration whose runs split into two clusters within their boots (the
 * boots' own differences are the variance between boots): a mean hides them. */
static void print_clusters(const struct rconfig *c)
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
	fmt_share(a, sizeof(a), two.mean[0], NAN, false);
	fmt_share(b, sizeof(b), two.mean[1], NAN, false);
	printf("    warning: the runs at HZ=%llu split in two clusters, %zu near %s and %zu\n"
	       "      near %s: a mean hides them\n", c->hz, two.n[0], a, two.n[1], b);
}

static void share_item(char *buf, size_t size, const char *label, const struct dataset *d,
		       int ci, struct estimate *e)
{
	char v[96];
	*e = mean_estimate(d, ci);
	fmt_share_estimate(v, sizeof(v), e, false);
	snprintf(buf, size, "%s%s", label, v);
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

/* ---- the sections -------------------------------------------------------------- */

static void print_hz_series(struct report *r, struct rconfig *c)
{
	struct rconfig *s[64];
	int n = series_of(r, c, s);
	struct line l;
	struct items it = { .n = 0 };
	char head[160], what[64], label[32], model[96] = "";
	if (!is_floor(c))
		model_label(model, sizeof(model), c);
	snprintf(head, sizeof(head), "  %-8s%s%s%s", c->workload, *model ? "(" : "", model,
		 *model ? "):" : "");
	line_start(&l, head, 11);
	for (int k = 0; k < n && k < 64; k++) {
		snprintf(label, sizeof(label), "HZ=%llu ", s[k]->hz);
		share_item(it.text[k], sizeof(it.text[k]), label, &s[k]->lost, r->ci, &it.e[k]);
		add_item(&it, "; ");
	}
	print_items(&l, &it, r->ci);
	for (int k = 0; k < it.n; k++)
		print_clusters(s[k]);
	for (int k = 1; k < it.n; k++) {
		snprintf(what, sizeof(what), "HZ=%llu vs HZ=%llu", s[k]->hz, s[0]->hz);
		print_verdict(r, what, s[0], s[k], &s[0]->lost, &s[k]->lost);
		print_shift(s[0], s[k]);
	}
}

/* Per source (in the order its first run came), each of its series: with
 * order=random the sources' configurations come interleaved, and a series printed
 * in the order of its first run could fall under another source's name. */
static void print_hz(struct report *r)
{
	bool any = false;
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *src = &r->cfg[i];
		if (src->cpus != 1 || !src->lost.n || seen_before(r, i, same_source))
			continue;
		for (int j = i; j < r->nconfig; j++) {
			struct rconfig *c = &r->cfg[j];
			if (c->cpus != 1 || !c->lost.n || !same_source(c, src) ||
			    seen_before(r, j, same_series))
				continue;
			if (!any)
				printf("\nCPU share lost to the timer, by HZ (%g %% intervals; each run "
				       "with the timer\nagainst its run without):\n", conf_pct[r->ci]);
			if (c == src) {
				char name[128];
				source_name(name, sizeof(name), c);
				printf("%s\n", name);
			}
			any = true;
			print_hz_series(r, c);
		}
	}
	if (!any)
		printf("\nCPU share lost: no tick runs with their pairs in the log (bench=tick).\n");
}

/* The configuration of c's timer, delivery, workload and hz in another mode. */
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

/* The periodic configuration of c's timer, delivery and workload on one CPU with
 * the highest hz that also ran one-shot. */
static struct rconfig *top_periodic(struct report *r, const struct rconfig *c)
{
	struct rconfig *top = NULL;
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *x = &r->cfg[i];
		if (x->cpus == 1 && !strcmp(x->mode, "periodic") && !strcmp(x->timer, c->timer) &&
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
		if (p != top_periodic(r, p) || !(o = in_mode(r, p, "oneshot")))
			continue;
		if (!any)
			printf("\nPeriodic vs one-shot re-armed vs no timer (the runs without it: "
			       "0 %% lost):\n");
		any = true;
		char head[96];
		struct line l;
		struct items it = { .n = 0 };
		snprintf(head, sizeof(head), "  %s %s HZ=%llu:", p->timer, p->workload, p->hz);
		line_start(&l, head, 4);
		share_item(it.text[0], sizeof(it.text[0]), "periodic ", &p->lost, r->ci, &it.e[0]);
		add_item(&it, " ");
		share_item(it.text[1], sizeof(it.text[1]), "one-shot ", &o->lost, r->ci, &it.e[1]);
		add_item(&it, "; ");
		print_items(&l, &it, r->ci);
		print_verdict(r, "one-shot vs periodic", p, o, &p->lost, &o->lost);
	}
	if (!any && r->nconfig)         /* after tick runs only (bench=none has none) */
		printf("\nPeriodic vs one-shot: no timer ran in both modes (tick_mode="
		       "periodic,oneshot\nruns both); no timer at all is the runs without it.\n");
}

/* Each CPU's share, and all CPUs' summed per run index (in one CPU's terms). */
static void print_count(struct report *r, struct rconfig *c)
{
	struct line l;
	struct items it = { .n = 0 };
	char head[48], label[32];
	snprintf(head, sizeof(head), "    %u CPU%s:", c->cpus, c->cpus > 1 ? "s" : "");
	line_start(&l, head, 6);
	for (int k = 0; k < c->ncpu && it.n < 63; k++) {
		snprintf(label, sizeof(label), "cpu%llu ", c->cpu_id[k]);
		share_item(it.text[it.n], sizeof(it.text[0]), label, &c->cpu_lost[k], r->ci,
			   &it.e[it.n]);
		add_item(&it, "; ");
	}
	if (c->cpus > 1) {
		struct dataset all;
		ds_init(&all, "all");
		for (size_t k = 0; k < c->nsums; k++)
			ds_add_boot(&all, c->sums[k].ppm, c->sums[k].boot);
		char *item = it.text[it.n];
		share_item(item, sizeof(it.text[0]), "all ", &all, r->ci, &it.e[it.n]);
		strncat(item, " of one CPU", sizeof(it.text[0]) - strlen(item) - 1);
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
		if (!c->lost.n || seen_before(r, i, same_but_cpus))
			continue;
		for (int j = i; j < r->nconfig; j++)
			counts += r->cfg[j].lost.n && same_but_cpus(&r->cfg[j], c);
		if (counts < 2)
			continue;
		bool higher = false;     /* the highest hz of its source and workload only */
		for (int j = 0; j < r->nconfig; j++)
			higher |= r->cfg[j].lost.n && r->cfg[j].hz > c->hz && r->cfg[j].cpus > 1 &&
				  same_source(&r->cfg[j], c) && !strcmp(r->cfg[j].workload, c->workload);
		if (higher)
			continue;
		if (!any)
			printf("\n1 vs N CPUs (share of each CPU; all: summed over the CPUs per run):\n");
		any = true;
		char name[128];
		source_name(name, sizeof(name), c);
		printf("  %s %s HZ=%llu\n", name, c->workload, c->hz);
		for (unsigned n = 1; n <= R_MAX_CPUS * 8; n++)
			for (int j = i; j < r->nconfig; j++)
				if (r->cfg[j].cpus == n && r->cfg[j].lost.n && same_but_cpus(&r->cfg[j], c))
					print_count(r, &r->cfg[j]);
	}
}

static void pm_item(struct items *it, const char *sep, const char *label,
		    const struct dataset *d, int ci)
{
	char v[96];
	it->e[it->n] = mean_estimate(d, ci);
	fmt_pm_estimate(v, sizeof(v), &it->e[it->n], false);
	snprintf(it->text[it->n], sizeof(it->text[0]), "%s%s", label, v);
	add_item(it, sep);
}

/* Per source at its highest HZ: the direct cost (spin's holes), the total per
 * interrupt of each workload; indirect = total - direct, per run (spin). */
/* One source's line: direct, indirect and total on spin at its highest HZ with
 * spin runs, then every other workload's total at that HZ. */
static void print_direct_line(struct report *r, struct rconfig *top)
{
	char name[128], head[160], label[48];
	struct line l;
	struct items it = { .n = 0 };
	source_name(name, sizeof(name), top);
	snprintf(head, sizeof(head), "  %s HZ=%llu:", name, top->hz);
	line_start(&l, head, 4);
	pm_item(&it, " ", "direct ", &top->direct, r->ci);
	pm_item(&it, ", ", "indirect ", &top->indirect, r->ci);
	pm_item(&it, "; ", "total spin ", &top->cost, r->ci);
	for (int j = 0; j < r->nconfig && it.n < 64; j++) {
		struct rconfig *x = &r->cfg[j];
		if (x == top || x->cpus != 1 || x->hz != top->hz || !same_source(x, top) ||
		    !x->cost.n || !is_floor(x))
			continue;
		snprintf(label, sizeof(label), "%s ", x->workload);
		pm_item(&it, ", ", label, &x->cost, r->ci);
	}
	print_items(&l, &it, r->ci);
}

static void print_direct(struct report *r)
{
	bool any = false;
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *c = &r->cfg[i], *top = NULL;
		if (c->cpus != 1 || !c->lost.n || seen_before(r, i, same_source))
			continue;
		for (int j = i; j < r->nconfig; j++)
			if (r->cfg[j].direct.n && r->cfg[j].cpus == 1 && same_source(&r->cfg[j], c) &&
			    is_floor(&r->cfg[j]) && (!top || r->cfg[j].hz > top->hz))
				top = &r->cfg[j];
		if (!top)
			continue;
		if (!any)
			printf("\nDirect vs indirect cost per interrupt (%s, %g %% intervals):\n",
			       r->cycles_only ? "cycles" : "ns", conf_pct[r->ci]);
		any = true;
		print_direct_line(r, top);
	}
}

static void print_stat_line(struct report *r, const char *bench, const char *title, bool p99)
{
	struct line l;
	char item[128], a[32], b[32];
	int n = 0;
	line_start(&l, title, 2);
	for (int i = 0; i < r->nstat; i++) {
		struct rstat *s = &r->stat[i];
		if (strcmp(s->bench, bench))
			continue;
		fmt_num(a, sizeof(a), ds_mean(&s->p50));
		fmt_num(b, sizeof(b), ds_mean(&s->p99));
		snprintf(item, sizeof(item), p99 ? "%s %s/%s" : "%s %s", s->what, a, b);
		line_add(&l, n++ ? ", " : " ", item);
	}
	if (n)
		line_end(&l);
}

static void print_costs(struct report *r)
{
	const char *u = r->cycles_only ? "cycles" : "ns";
	char title[64];
	if (!r->nstat)
		return;
	printf("\nRead, arm and latency (mean over runs of each run's percentiles):\n");
	snprintf(title, sizeof(title), "read p50 %s:", u);
	print_stat_line(r, "readcost", title, false);
	snprintf(title, sizeof(title), "arm p50 %s:", u);
	print_stat_line(r, "armcost", title, false);
	snprintf(title, sizeof(title), "latency p50/p99 %s:", u);
	print_stat_line(r, "latency", title, true);
}

/* ---- header and warnings --------------------------------------------------------- */

static void print_header(struct report *r, char **logs, int nlogs)
{
	printf("tickbench report:");
	for (int i = 0; i < nlogs; i++)
		printf(" %s", logs[i]);
	printf("\n%lu records; %u of %u boot%s ended pass\n", r->records, r->ends_pass,
	       r->boots, r->boots == 1 ? "" : "s");
	if (r->boots > 1)
		printf("the boots are pooled: each interval is over them (from 2 boots, Student's "
		       "t on\n  the boot means)\n");
	if (r->cmdline[0]) {     /* wrapped at its words */
		struct line l;
		char words[sizeof(r->cmdline)], word[160], *save = NULL;
		snprintf(words, sizeof(words), "%s", r->cmdline);
		line_start(&l, "command line:", 2);
		for (char *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			snprintf(word, sizeof(word), "%s", w);
			line_add(&l, " ", word);
		}
		line_end(&l);
	}
	if (r->have_platform) {
		struct line l;
		char item[128];
		snprintf(item, sizeof(item), "platform: %s (%s)", r->brand[0] ? r->brand : "CPU",
			 r->vendor);
		line_start(&l, item, 2);
		if (r->hypervisor) {
			snprintf(item, sizeof(item), "hypervisor %s", r->hypervisor_sig);
			line_add(&l, ", ", item);
		}
		if (r->emulator[0]) {
			snprintf(item, sizeof(item), "emulator %s", r->emulator);
			line_add(&l, ", ", item);
		}
		snprintf(item, sizeof(item), "%llu CPU%s online", r->cpus_online ? r->cpus_online : 1,
			 r->cpus_online > 1 ? "s" : "");
		line_add(&l, ", ", item);
		line_end(&l);
	}
	if (r->first_tsc_hz > 0)
		printf("TSC: %.2f MHz, %s (from %s; references within %llu ppm)\n",
		       r->first_tsc_hz / 1e6, r->tsc_invariant ? "invariant" : "NOT invariant",
		       r->reference[0] ? r->reference : "?", r->spread_ppm);
}

/* What the platform, the calibration and the logs' coherence say. */
static void print_platform_warnings(struct report *r)
{
	if (r->emulator[0] || (r->hypervisor && !strcmp(r->hypervisor_sig, "TCGTCGTCGTCG")))
		printf("warning: an emulator (%s) is underneath: the figures are the emulator's,\n"
		       "  carry the host's load and are not a PC's\n",
		       r->emulator[0] ? r->emulator : r->hypervisor_sig);
	else if (r->hypervisor)
		printf("warning: a hypervisor (%s) is underneath: interrupts and timers pass "
		       "through it\n", r->hypervisor_sig);
	if (r->have_platform && !r->tsc_invariant)
		printf("warning: the TSC is not invariant: its rate may follow P-states, and so\n"
		       "  may every cycle figure\n");
	if (r->spread_ppm > 1000)
		printf("warning: the TSC calibration references disagree by %llu ppm\n", r->spread_ppm);
	if (r->tsc_hz_differs || r->other_brand[0])
		printf("warning: the logs may come from different machines (%s); figures\n"
		       "  of one configuration are pooled\n",
		       r->other_brand[0] ? "CPUs differ" : "tsc_hz differs by over 1000 ppm");
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

/* What the runs themselves say. */
static void print_run_warnings(struct report *r)
{
	if (r->ends < r->boots)
		printf("warning: %u boot(s) without an end record: the run did not finish\n",
		       r->boots - r->ends);
	if (r->ends_pass < r->ends)
		printf("warning: %u run(s) ended fail or error (tickstat summary lists the "
		       "errors)\n", r->ends - r->ends_pass);
	if (r->smi)
		printf("warning: %llu SMIs during the tick runs: time taken below the kernel\n", r->smi);
	if (r->short_runs)
		printf("warning: %llu run(s) with the timer got fewer interrupts than expected\n",
		       r->short_runs);
	if (r->unexplained)
		printf("note: %llu holes in the spin loop held no interrupt (time taken from "
		       "below)\n", r->unexplained);
	if (r->cycles_only)
		printf("note: a boot without a calibration record: its costs are TSC cycles\n");
	print_boot_notes(r);
	if (r->skips || r->errors)
		printf("note: %u skip and %u error records (tickstat summary names them)\n",
		       r->skips, r->errors);
}

void report_print(struct report *r, char **logs, int nlogs)
{
	report_order_models(r);
	print_header(r, logs, nlogs);
	print_platform_warnings(r);
	print_run_warnings(r);
	print_hz(r);
	print_modes(r);
	print_cpus(r);
	print_direct(r);
	report_print_work(r);
	print_costs(r);
	idle_print(r->idle, r->ci, r->cycles_only);
}
