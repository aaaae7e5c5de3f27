/* tickstat report: printing the page (report.h, docs/TICKSTAT.md "Report"). Lines
 * wrap at 80 columns; each section says what it compares, the verdicts say it in
 * words and numbers. */
#include "report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- lines that wrap at R_WIDTH ---------------------------------------------- */

struct line {
	char buf[2048];
	size_t len, col;
	int indent;
};

static void line_start(struct line *l, const char *text, int indent)
{
	l->len = (size_t)snprintf(l->buf, sizeof(l->buf), "%s", text);
	l->col = columns(l->buf);
	l->indent = indent;
}

static void line_add(struct line *l, const char *sep, const char *item)
{
	/* + 1: a wrapped line ends with the separator's first character */
	if (l->col + columns(sep) + columns(item) + 1 > R_WIDTH && l->col > (size_t)l->indent) {
		printf("%s%s\n", l->buf, sep[0] == ';' || sep[0] == ',' ? (char[]){ sep[0], 0 } : "");
		l->len = (size_t)snprintf(l->buf, sizeof(l->buf), "%*s", l->indent, "");
		l->col = (size_t)l->indent;
		sep = "";
	}
	if (l->len < sizeof(l->buf))
		l->len += (size_t)snprintf(l->buf + l->len, sizeof(l->buf) - l->len, "%s%s", sep, item);
	l->col += columns(sep) + columns(item);
}

static void line_end(struct line *l)
{
	if (l->col > (size_t)l->indent || l->len)
		printf("%s\n", l->buf);
	l->len = l->col = 0;
}

/* ---- configurations ------------------------------------------------------------ */

static bool same_source(const struct rconfig *a, const struct rconfig *b)
{
	return !strcmp(a->timer, b->timer) && !strcmp(a->mode, b->mode) &&
	       !strcmp(a->delivery, b->delivery);
}

static bool same_series(const struct rconfig *a, const struct rconfig *b)
{
	return same_source(a, b) && !strcmp(a->workload, b->workload) && a->cpus == b->cpus;
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

static void print_verdict(const char *what, const struct dataset *a, const struct dataset *b,
			  int ci)
{
	struct verdict v = verdict(a, b, ci);
	char diff[96], runs[48];
	if (!v.ok) {
		printf("    %s: too few runs to compare (n=%zu+%zu)\n", what, v.na, v.nb);
		return;
	}
	fmt_share(diff, sizeof(diff), v.diff, v.err, true);
	struct line l;
	char head[200], tail[96];
	if (v.proven) {
		snprintf(head, sizeof(head), "    %s: %s of the CPU", what, diff);
		snprintf(tail, sizeof(tail), "(%g %%, n=%zu+%zu)", conf_pct[ci], v.na, v.nb);
		line_start(&l, head, 6);
		line_add(&l, " ", tail);
		line_end(&l);
		return;
	}
	fmt_runs_needed(runs, sizeof(runs), &v);
	snprintf(head, sizeof(head), "    %s: no difference proven (%s):", what, runs);
	line_start(&l, head, 6);
	line_add(&l, " ", diff);
	line_end(&l);
}

static void share_item(char *buf, size_t size, const char *label, const struct dataset *d,
		       int ci)
{
	struct interval iv = mean_interval(d, ci);
	char v[96];
	fmt_share(v, sizeof(v), iv.v, iv.e, false);
	snprintf(buf, size, "%s%s", label, v);
}

/* ---- the sections -------------------------------------------------------------- */

static void print_hz_series(struct report *r, struct rconfig *c)
{
	struct rconfig *s[64];
	int n = series_of(r, c, s);
	struct line l;
	char head[48], item[160], what[64];
	snprintf(head, sizeof(head), "  %-8s", c->workload);
	line_start(&l, head, 11);
	for (int k = 0; k < n && k < 64; k++) {
		char label[32];
		snprintf(label, sizeof(label), "HZ=%llu ", s[k]->hz);
		share_item(item, sizeof(item), label, &s[k]->lost, r->ci);
		line_add(&l, k ? "; " : " ", item);
	}
	size_t runs = n ? s[0]->lost.n : 0;
	for (int k = 1; k < n && k < 64; k++)
		runs = s[k]->lost.n == runs ? runs : 0;
	if (runs) {              /* else each verdict names its n */
		snprintf(item, sizeof(item), "(n=%zu)", runs);
		line_add(&l, " ", item);
	}
	line_end(&l);
	for (int k = 1; k < n && k < 64; k++) {
		snprintf(what, sizeof(what), "HZ=%llu vs HZ=%llu", s[k]->hz, s[0]->hz);
		print_verdict(what, &s[0]->lost, &s[k]->lost, r->ci);
	}
}

static void print_hz(struct report *r)
{
	bool any = false;
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *c = &r->cfg[i];
		if (c->cpus != 1 || !c->lost.n || seen_before(r, i, same_series))
			continue;
		if (!any)
			printf("\nCPU share lost to the timer, by HZ (%g %% intervals; each run with "
			       "the timer\nagainst its run without):\n", conf_pct[r->ci]);
		any = true;
		if (!seen_before(r, i, same_source)) {
			char name[128];
			source_name(name, sizeof(name), c);
			printf("%s\n", name);
		}
		print_hz_series(r, c);
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
		    x->hz == c->hz && x->cpus == c->cpus && x->lost.n)
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
		    x->lost.n && in_mode(r, x, "oneshot") && (!top || x->hz > top->hz))
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
		char item[128], head[96];
		struct line l;
		snprintf(head, sizeof(head), "  %s %s HZ=%llu:", p->timer, p->workload, p->hz);
		line_start(&l, head, 4);
		share_item(item, sizeof(item), "periodic ", &p->lost, r->ci);
		line_add(&l, " ", item);
		share_item(item, sizeof(item), "one-shot ", &o->lost, r->ci);
		line_add(&l, "; ", item);
		line_end(&l);
		print_verdict("one-shot vs periodic", &p->lost, &o->lost, r->ci);
	}
	if (!any)
		printf("\nPeriodic vs one-shot: no timer ran in both modes (tick_mode="
		       "periodic,oneshot\nruns both); no timer at all is the runs without it.\n");
}

/* Each CPU's share, and all CPUs' summed per run index (in one CPU's terms). */
static void print_count(struct report *r, struct rconfig *c)
{
	struct line l;
	char head[48], item[160], label[32];
	snprintf(head, sizeof(head), "    %u CPU%s:", c->cpus, c->cpus > 1 ? "s" : "");
	line_start(&l, head, 6);
	for (int k = 0; k < c->ncpu; k++) {
		snprintf(label, sizeof(label), "cpu%llu ", c->cpu_id[k]);
		share_item(item, sizeof(item), label, &c->cpu_lost[k], r->ci);
		line_add(&l, k ? "; " : " ", item);
	}
	if (c->cpus > 1) {
		struct dataset all;
		ds_init(&all, "all");
		for (size_t k = 0; k < c->nsums; k++)
			ds_add(&all, c->sums[k].ppm);
		share_item(item, sizeof(item), "all ", &all, r->ci);
		strncat(item, " of one CPU", sizeof(item) - strlen(item) - 1);
		line_add(&l, "; ", item);
		ds_free(&all);
	}
	line_end(&l);
}

static bool same_but_cpus(const struct rconfig *a, const struct rconfig *b)
{
	return same_source(a, b) && !strcmp(a->workload, b->workload) && a->hz == b->hz;
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

static void pm_item(char *buf, size_t size, const char *label, const struct dataset *d, int ci)
{
	struct interval iv = mean_interval(d, ci);
	char v[64];
	fmt_pm(v, sizeof(v), iv.v, iv.e);
	snprintf(buf, size, "%s%s", label, v);
}

/* Per source at its highest HZ: the direct cost (spin's holes), the total per
 * interrupt of each workload; indirect = total - direct, per run (spin). */
/* One source's line: direct, indirect and total on spin at its highest HZ with
 * spin runs, then every other workload's total at that HZ. */
static void print_direct_line(struct report *r, struct rconfig *top)
{
	char name[128], head[160], item[128], label[48];
	struct line l;
	source_name(name, sizeof(name), top);
	snprintf(head, sizeof(head), "  %s HZ=%llu:", name, top->hz);
	line_start(&l, head, 4);
	pm_item(item, sizeof(item), "direct ", &top->direct, r->ci);
	line_add(&l, " ", item);
	pm_item(item, sizeof(item), "indirect ", &top->indirect, r->ci);
	line_add(&l, ", ", item);
	pm_item(item, sizeof(item), "total spin ", &top->cost, r->ci);
	line_add(&l, "; ", item);
	for (int j = 0; j < r->nconfig; j++) {
		struct rconfig *x = &r->cfg[j];
		if (x == top || x->cpus != 1 || x->hz != top->hz || !same_source(x, top) ||
		    !x->cost.n)
			continue;
		snprintf(label, sizeof(label), "%s ", x->workload);
		pm_item(item, sizeof(item), label, &x->cost, r->ci);
		line_add(&l, ", ", item);
	}
	line_end(&l);
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
			    (!top || r->cfg[j].hz > top->hz))
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
		printf("warning: the logs come from different boots or machines (%s); figures\n"
		       "  of one configuration are pooled\n",
		       r->other_brand[0] ? "CPUs differ" : "tsc_hz differs");
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
	if (r->skips || r->errors)
		printf("note: %u skip and %u error records (tickstat summary names them)\n",
		       r->skips, r->errors);
}

void report_print(struct report *r, char **logs, int nlogs)
{
	print_header(r, logs, nlogs);
	print_platform_warnings(r);
	print_run_warnings(r);
	print_hz(r);
	print_modes(r);
	print_cpus(r);
	print_direct(r);
	print_costs(r);
	idle_print(r->idle, r->ci, r->cycles_only);
}
