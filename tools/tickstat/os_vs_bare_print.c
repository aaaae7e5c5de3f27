/* "What the OS adds to a tick": the section of tickstat report (os_vs_bare.h;
 * docs/TICKSTAT.md, "What the OS adds to a tick"). Every figure by the rule for
 * figures (lib/answer/figure.h), lines wrapped at 80 columns between items (lib/answer/lines.h). */
#include "os_vs_bare.h"
#include "report.h"
#include "say.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* "    bare floor handler   10.0 (exact), 10.0 TSC cycles" */
static void direct_row(const char *what, const struct dataset *d, const struct dataset *cycles,
		       int ci, const char *handler)
{
	char v[96], n[48];
	if (!d->n) {
		printf("    %-20s not in the logs (a bare run with handler=%s)\n", what, handler);
		return;
	}
	struct estimate e = mean_estimate(d, ci);
	fmt_estimate(v, sizeof(v), &e, FIGURE_COMPACT);
	figure_double(n, sizeof(n), ds_mean(cycles), -1, 0, 0);
	printf("    %-20s %s, %s TSC cycles\n", what, v, n);
}

/* The bare floor and full handler (s: NULL when not paired), Linux, their
 * difference and ratio. */
static void print_direct(const struct os_config *c, const struct os_source *s, int ci)
{
	char method[128], v[96], label[32];
	struct estimate e = mean_estimate(&c->direct, ci);
	fmt_method(method, sizeof(method), &e, ci);
	printf("  direct cost per tick, ns (Linux: %s):\n", method);
	if (s) {
		direct_row("bare floor handler", &s->floor, &s->floor_cycles, ci, "floor");
		direct_row("bare full handler", &s->full, &s->full_cycles, ci, "full");
	}
	direct_row("Linux", &c->direct, &c->direct_cycles, ci, NULL);
	if (s && s->floor.n) {
		struct estimate d = diff_estimate(&s->floor, &c->direct, ci);
		fmt_estimate(v, sizeof(v), &d, FIGURE_SIGN | FIGURE_COMPACT);
		snprintf(label, sizeof(label), "    %-20s", "Linux - bare floor");
		say(6, "%s %s: the kernel's entry, exit and tick work", whole(label), whole(v));
	}
	if (s && s->full.n && ds_mean(&s->full) > 0) {
		figure_double(v, sizeof(v), ds_mean(&c->direct) / ds_mean(&s->full), -1, 0, 0);
		printf("    %-20s %s times\n", "Linux / bare full", v);
	}
}

/* "softirqs per timer interrupt: 1.50 +/- 0.03 (TIMER 1.00, RCU 0.500)" */
static void print_softirqs(const struct os_config *c, int ci)
{
	char v[96], each[512] = "";
	size_t n = 0;
	if (!c->softirqs.n)
		return;
	struct estimate e = mean_estimate(&c->softirqs, ci);
	fmt_estimate(v, sizeof(v), &e, FIGURE_COMPACT);
	for (int k = 0; k < c->nsoft && c->interrupts > 0 && n < sizeof(each); k++) {
		char f[32];
		figure_double(f, sizeof(f), c->soft[k].sum / c->interrupts, -1, 0, 0);
		n += (size_t)snprintf(each + n, sizeof(each) - n, "%s%s %s", k ? ", " : " (",
				      c->soft[k].label, f);
	}
	say(4, "  softirqs per timer interrupt: %s%s%s", whole(v), each, c->nsoft ? ")" : "");
}

/* The tick's share at the rate the CPU took its timer interrupts. */
static void print_share(const struct os_config *c, int ci)
{
	char v[96], rate[48];
	if (!c->share.n)
		return;
	struct estimate e = mean_estimate(&c->share, ci);
	fmt_share_estimate(v, sizeof(v), &e, FIGURE_COMPACT);
	figure_double(rate, sizeof(rate), ds_mean(&c->rate), -1, 0, 0);
	say(4, "  Linux's tick: %s of the CPU at %s timer interrupts a second (direct cost x "
	    "interrupts / cycles)", whole(v), rate);
}

/* Per workload, the CPU share the whole OS takes against the bare kernel's rate. */
static void print_whole(const struct os_adds *a, const struct os_config *c, int ci)
{
	for (int k = 0; k < c->nwork; k++) {
		double bare_step;
		struct estimate e = os_whole(a, c, &c->work[k], ci, &bare_step);
		char v[96];
		if (!e.ok && bare_step && bare_step != c->work[k].step)
			say(4, "  the whole OS: not compared, the loop's step differs (%.0f cycles "
			    "under Linux, %.0f bare): another core clock, or an emulator's time "
			    "without -icount", c->work[k].step, bare_step);
		if (!e.ok)
			continue;
		fmt_share_estimate(v, sizeof(v), &e, FIGURE_COMPACT);
		say(4, "  the whole OS: %s of the CPU, %s's work rate under Linux against the "
		    "bare kernel's without a timer", whole(v), c->work[k].workload);
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

/* Ticks a second saved times the direct cost per tick (ns): ppm of the CPU, its
 * half width from both to first order, sqrt((e_r d)^2 + (r e_d)^2). */
static struct estimate priced(const struct estimate *saved, const struct dataset *direct, int ci)
{
	struct estimate d = mean_estimate(direct, ci), p = *saved;
	double ed = d.interval ? d.e : 0;
	p.v = saved->v * d.v * 1e-3;
	p.e = 1e-3 * sqrt(saved->e * d.v * saved->e * d.v + saved->v * ed * saved->v * ed);
	p.lo = p.v - p.e, p.hi = p.v + p.e;
	return p;
}

/* What nohz_full saves: from the loop's CPU's own timer interrupt count, against a
 * configuration with the tick (else HZ), at that one's direct cost per tick. */
static void print_nohz_full(const struct os_adds *a, const struct os_config *c, int ci)
{
	const struct os_config *t = ticking(a, c);
	char rate[96], with[96], saved[96], share[160] = "", label[96];
	if (strcmp(c->nohz, "full") || !c->rate.n)
		return;
	struct estimate r = mean_estimate(&c->rate, ci);
	fmt_estimate(rate, sizeof(rate), &r, FIGURE_COMPACT);
	if (t) {
		struct estimate w = mean_estimate(&t->rate, ci), d = diff_estimate(&c->rate, &t->rate, ci);
		fmt_estimate(with, sizeof(with), &w, FIGURE_COMPACT);
		os_config_label(label, sizeof(label), t);
		fmt_estimate(saved, sizeof(saved), &d, FIGURE_COMPACT);
		if (t->direct.n) {
			struct estimate p = priced(&d, &t->direct, ci);
			fmt_share_estimate(share, sizeof(share), &p, FIGURE_COMPACT);
			whole(share);
		}
	} else {
		snprintf(with, sizeof(with), "%llu", c->hz);
		snprintf(label, sizeof(label), "CONFIG_HZ");
		figure_double(saved, sizeof(saved), (double)c->hz - r.v, -1, 0, 0);
	}
	if (share[0])
		snprintf(share + strlen(share), sizeof(share) - strlen(share), "%s",
			 " of the CPU saved at that one's direct cost per tick");
	say(4, "  nohz_full: %s timer interrupts a second on the loop's CPU (its own count, "
	    "/proc/interrupts' LOC, not its holes) against %s with the tick (%s): %s fewer "
	    "a second%s%s", whole(rate), whole(with), label, whole(saved), share[0] ? ", " : "",
	    share);
}

/* "5d5349b2, 1a2b3c4d": the machines of the bare logs. */
static void bare_machines(const struct os_adds *a, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = 0;
	for (int i = 0; i < a->nbare_work && n < size; i++) {
		const char *m = a->bare_work[i].machine;
		int k = 0;
		while (k < i && strcmp(a->bare_work[k].machine, m))
			k++;
		if (k == i)
			n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "",
					      m[0] ? m : "none");
	}
}

/* Whether c is paired with bare logs, and with which runs, in words. */
static void print_pairing(const struct os_adds *a, const struct os_config *c,
			  const struct os_source *s)
{
	char bare[256];
	bare_machines(a, bare, sizeof(bare));
	if (!a->bare_logs)
		say(4, "  not paired: no log of the bare kernel given");
	else if (!c->paired)
		say(4, "  not paired: the machines differ (this log's %s, the bare logs' %s): "
		    "Linux's figures alone", c->machine[0] ? c->machine : "none", bare);
	else if (!s)
		say(4, "  paired with machine %s's bare logs, which have no spin run of %s %s "
		    "(timer=%s tick_mode=%s)", c->machine, c->timer, c->mode, c->timer, c->mode);
	else
		say(4, "  paired with the bare kernel's %s %s spin runs of machine %s", c->timer,
		    c->mode, c->machine);
}

static void print_config(const struct os_adds *a, const struct os_config *c, int ci)
{
	const struct os_source *s = c->paired ? os_bare_source(a, c) : NULL;
	char label[96];
	os_config_label(label, sizeof(label), c);
	printf("\n");
	say(4, "Linux %s %s (%s %s), %s%s:", c->release, label, c->timer, c->mode, c->file,
	    c->logs > 1 ? " and other logs" : "");
	print_pairing(a, c, s);
	if (c->direct.n)
		print_direct(c, s, ci);
	print_share(c, ci);
	print_nohz_full(a, c, ci);
	print_softirqs(c, ci);
	if (c->paired)
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
	if (a->full)
		say(4, "note: more configurations than the section holds (%d Linux, %d bare), "
		    "or too little memory: some runs are left out", OS_MAX_CONFIGS, OS_MAX_SOURCES);
	for (int i = 0; i < a->nconfig; i++)
		print_config(a, &a->cfg[i], ci);
	print_verdicts(a, ci);
}
