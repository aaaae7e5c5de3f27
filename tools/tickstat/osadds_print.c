/* "What the OS adds to a tick": the section of tickstat report (osadds.h;
 * docs/TICKSTAT.md, "What the OS adds to a tick"). Every figure by the rule for
 * figures (lib/figure.h), lines wrapped at 80 columns between items (lib/lines.h). */
#include "osadds.h"
#include "report.h"

#include <stdio.h>
#include <string.h>

static void say(const char *head, int indent, const char *const *items, int n)
{
	struct line l;
	line_start(&l, stdout_line, NULL, head, indent);
	for (int k = 0; k < n; k++)
		if (items[k][0])
			line_add(&l, " ", items[k]);
	line_end(&l);
}

/* "    bare floor handler     10.0 (exact: 3 equal runs)" */
static void direct_row(const char *what, const struct dataset *d, const struct dataset *cycles,
		       int ci)
{
	char v[96], c[96] = "";
	if (!d || !d->n) {
		printf("    %-20s not in the logs\n", what);
		return;
	}
	struct estimate e = mean_estimate(d, ci);
	fmt_estimate(v, sizeof(v), &e, FIGURE_COMPACT);
	if (cycles) {
		char n[48];
		figure_double(n, sizeof(n), ds_mean(cycles), -1, 0, 0);
		snprintf(c, sizeof(c), ", %s TSC cycles", n);
	}
	printf("    %-20s %s%s\n", what, v, c);
}

/* The bare floor and full handler, Linux, their difference and ratio. */
static void print_direct(const struct os_config *c, const struct os_source *s, int ci)
{
	char method[128], v[96];
	struct estimate e = mean_estimate(&c->direct, ci);
	fmt_method(method, sizeof(method), &e, ci);
	printf("  direct cost per tick, ns (Linux: %s):\n", method);
	direct_row("bare floor handler", s ? &s->floor : NULL, s ? &s->floor_cycles : NULL, ci);
	direct_row("bare full handler", s ? &s->full : NULL, s ? &s->full_cycles : NULL, ci);
	direct_row("Linux", &c->direct, &c->direct_cycles, ci);
	if (s && s->floor.n) {
		struct estimate d = diff_estimate(&s->floor, &c->direct, ci);
		fmt_estimate(v, sizeof(v), &d, FIGURE_SIGN | FIGURE_COMPACT);
		const char *items[] = { v, "(the kernel's entry, exit and tick work)" };
		say("    Linux - bare floor  ", 6, items, 2);
	}
	if (s && s->full.n && ds_mean(&s->full) > 0) {
		figure_double(v, sizeof(v), ds_mean(&c->direct) / ds_mean(&s->full), -1, 0, 0);
		printf("    %-20s %s times\n", "Linux / bare full", v);
	}
}

/* "softirqs per tick: 0.150 +/- 0.030 (TIMER 0.0933, RCU 0.0600)" */
static void print_softirqs(const struct os_config *c, int ci)
{
	char v[96], each[OS_MAX_SOFTIRQ][48], head[160];
	const char *items[OS_MAX_SOFTIRQ + 1];
	int n = 0;
	if (!c->softirqs.n)
		return;
	struct estimate e = mean_estimate(&c->softirqs, ci);
	fmt_estimate(v, sizeof(v), &e, FIGURE_COMPACT);
	snprintf(head, sizeof(head), "  softirqs per timer interrupt: %s", v);
	for (int k = 0; k < c->nsoft && c->interrupts > 0; k++) {
		char f[32];
		figure_double(f, sizeof(f), c->soft[k].sum / c->interrupts, -1, 0, 0);
		snprintf(each[n], sizeof(each[n]), "%s%s %s%s", k ? "" : "(", c->soft[k].label, f,
			 k == c->nsoft - 1 ? ")" : ",");
		items[n] = each[n];
		n++;
	}
	say(head, 4, items, n);
}

/* The tick's share at the rate the CPU took its timer interrupts. */
static void print_share(const struct os_config *c, int ci)
{
	char v[96], rate[48], head[200];
	if (!c->share.n)
		return;
	struct estimate e = mean_estimate(&c->share, ci);
	fmt_share_estimate(v, sizeof(v), &e, FIGURE_COMPACT);
	figure_double(rate, sizeof(rate), ds_mean(&c->rate), -1, 0, 0);
	snprintf(head, sizeof(head), "  Linux's tick: %s of the CPU", v);
	char tail[96];
	snprintf(tail, sizeof(tail), "at %s timer interrupts a second", rate);
	const char *items[] = { tail, "(direct cost x interrupts / cycles)" };
	say(head, 4, items, 2);
}

/* Per workload, the CPU share the whole OS takes against the bare kernel's rate. */
static void print_whole(const struct os_adds *a, const struct os_config *c, int ci)
{
	for (int k = 0; k < c->nwork; k++) {
		struct estimate e = os_whole(a, c, &c->work[k], ci);
		char v[96], head[160];
		if (!e.ok)
			continue;
		fmt_share_estimate(v, sizeof(v), &e, FIGURE_COMPACT);
		snprintf(head, sizeof(head), "  the whole OS: %s of the CPU,", v);
		char tail[160];
		snprintf(tail, sizeof(tail), "%s's work rate under Linux against the bare "
			 "kernel's without a timer", c->work[k].workload);
		const char *items[] = { tail };
		say(head, 4, items, 1);
	}
}

/* The configuration of the same machine and HZ with the tick, the first in order. */
static const struct os_config *ticking(const struct os_adds *a, const struct os_config *full)
{
	for (int i = 0; i < a->nconfig; i++) {
		const struct os_config *c = &a->cfg[i];
		if (!strcmp(c->machine, full->machine) && c->hz == full->hz &&
		    strcmp(c->nohz, "full") && c->rate.n)
			return c;
	}
	return NULL;
}

/* What nohz_full saves: from the loop's CPU's own timer interrupt count, against a
 * configuration with the tick (else HZ), at that one's direct cost per tick. */
static void print_nohz_full(const struct os_adds *a, const struct os_config *c, int ci)
{
	const struct os_config *t = ticking(a, c);
	char rate[96], with[96], saved[96] = "", share[96] = "", head[200], label[96] = "";
	if (strcmp(c->nohz, "full") || !c->rate.n)
		return;
	struct estimate r = mean_estimate(&c->rate, ci);
	fmt_estimate(rate, sizeof(rate), &r, FIGURE_COMPACT);
	snprintf(head, sizeof(head), "  nohz_full: %s timer interrupts a second on the loop's "
		 "CPU", rate);
	if (t) {
		struct estimate w = mean_estimate(&t->rate, ci), d = diff_estimate(&c->rate, &t->rate, ci);
		fmt_estimate(with, sizeof(with), &w, FIGURE_COMPACT);
		os_config_label(label, sizeof(label), t);
		fmt_estimate(saved, sizeof(saved), &d, FIGURE_COMPACT);
		if (t->direct.n) {
			double k = ds_mean(&t->direct) * 1e-3;    /* ticks a second x ns: ppm */
			d.v *= k, d.lo *= k, d.hi *= k, d.e *= k;
			fmt_share_estimate(share, sizeof(share), &d, FIGURE_COMPACT);
		}
	} else {
		snprintf(with, sizeof(with), "%llu", c->hz);
		snprintf(label, sizeof(label), "HZ");
		figure_double(saved, sizeof(saved), (double)c->hz - r.v, -1, 0, 0);
	}
	char a1[200], a2[160], a3[200];
	snprintf(a1, sizeof(a1), "(its own count, /proc/interrupts' LOC, not its holes), "
		 "against %s with the tick (%s):", with, label);
	snprintf(a2, sizeof(a2), "%s fewer a second%s", saved, share[0] ? "," : "");
	snprintf(a3, sizeof(a3), share[0] ? "%s of the CPU saved at its direct cost per tick" :
		 "%s", share);
	const char *items[] = { a1, a2, a3 };
	say(head, 4, items, 3);
}

static void print_config(const struct os_adds *a, const struct os_config *c, int ci)
{
	const struct os_source *s = os_bare_source(a, c);
	char label[96];
	os_config_label(label, sizeof(label), c);
	printf("\nLinux %s %s (%s %s), %s%s:\n", c->release, label, c->timer, c->mode, c->file,
	       c->logs > 1 ? " and other logs" : "");
	if (!a->bare_logs)
		printf("  not paired: no bare kernel's log given\n");
	else if (!os_bare_machine(a, c->machine))
		printf("  not paired: no bare log is of its machine (%s): the machines differ\n",
		       c->machine[0] ? c->machine : "no machine record");
	else if (!s)
		printf("  the bare logs of machine %s have no spin run of %s %s (timer=%s "
		       "tick_mode=%s)\n", c->machine, c->timer, c->mode, c->timer, c->mode);
	else
		printf("  paired with the bare kernel's %s %s spin runs of machine %s\n", c->timer,
		       c->mode, c->machine);
	if (c->direct.n)
		print_direct(c, s, ci);
	print_share(c, ci);
	print_nohz_full(a, c, ci);
	print_softirqs(c, ci);
	print_whole(a, c, ci);
}

/* The configurations of one machine against its first (the lowest HZ, periodic
 * first), the tick's CPU share, in the words of the answer's verdicts. */
static void print_verdicts(const struct os_adds *a, int ci)
{
	for (int i = 0; i < a->nconfig; i++) {
		const struct os_config *base = &a->cfg[i];
		char bl[96], what[200];
		if (i && !strcmp(a->cfg[i - 1].machine, base->machine))
			continue;
		if (i + 1 >= a->nconfig || strcmp(a->cfg[i + 1].machine, base->machine))
			continue;
		os_config_label(bl, sizeof(bl), base);
		printf("\nLinux's tick, CPU share, against %s (%s %% intervals):\n", bl,
		       level_words(ci));
		for (int k = i + 1; k < a->nconfig && !strcmp(a->cfg[k].machine, base->machine); k++) {
			char cl[96];
			os_config_label(cl, sizeof(cl), &a->cfg[k]);
			snprintf(what, sizeof(what), "%s vs %s", cl, bl);
			print_share_verdict(what, &base->share, &a->cfg[k].share, 0, ci);
		}
	}
}

void os_adds_print(struct os_adds *a, int ci)
{
	if (!a->nconfig)
		return;
	os_adds_order(a);
	printf("\nWhat the OS adds to a tick (tickbench-linux's logs beside the bare kernel's\n"
	       "of the same machine, the clock event device Linux ticks with):\n");
	for (int i = 0; i < a->nconfig; i++)
		print_config(a, &a->cfg[i], ci);
	print_verdicts(a, ci);
}
