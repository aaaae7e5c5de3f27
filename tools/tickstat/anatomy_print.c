/* "The tick, function by function": the section of tickstat report (anatomy.h). */
#include "anatomy.h"
#include "say.h"

#include <stdlib.h>
#include <string.h>

#define TOP_FUNCTIONS 15

static double per_tick(uint64_t instructions, const struct an_config *c)
{
	return c->episodes ? (double)instructions / (double)c->episodes : 0;
}

/* The layers in the annexes' order, then any others the functions name. */
static int layer_names(const struct anatomy *a, const char *names[], int max)
{
	int n = 0;
	for (int i = 0; i < a->nlayers && n < max; i++)
		names[n++] = a->layer[i].name;
	for (int i = 0; i < a->n; i++)
		for (size_t f = 0; f < a->c[i].nfn && n < max; f++) {
			int k = 0;
			while (k < n && strcmp(names[k], a->c[i].fn[f].layer))
				k++;
			if (k == n)
				names[n++] = a->c[i].fn[f].layer;
		}
	return n;
}

static const char *description(const struct anatomy *a, const char *layer)
{
	for (int i = 0; i < a->nlayers; i++)
		if (!strcmp(a->layer[i].name, layer))
			return a->layer[i].description;
	return "";
}

static void print_legend(const struct anatomy *a)
{
	for (int i = 0; i < a->n; i++) {
		char label[256];
		anatomy_label(label, sizeof(label), &a->c[i], true);
		say(6, "  [%d] %s (%s %s, HZ=%llu; %s)", i + 1, label, a->c[i].timer, a->c[i].mode,
		    (unsigned long long)a->c[i].hz, a->c[i].file);
	}
}

/* The layers of the table, each with its description, in one sentence. */
static void print_layer_words(const struct anatomy *a, const char *names[], int nl)
{
	char text[2048];
	size_t n = (size_t)snprintf(text, sizeof(text), "the layers:");
	for (int l = 0; l < nl && n < sizeof(text); l++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s %s, %s", l ? ";" : "",
				      names[l], description(a, names[l]));
	say(2, "%s", text);
}

static void print_row(const struct anatomy *a, const char *what, uint64_t (*of)(const struct an_config *))
{
	printf("  %-15s", what);
	for (int i = 0; i < a->n; i++)
		printf(" %9llu", (unsigned long long)of(&a->c[i]));
	putchar('\n');
}

static uint64_t ticks_of(const struct an_config *c) { return c->episodes; }
static uint64_t median_of(const struct an_config *c) { return c->p50; }
static uint64_t p99_of(const struct an_config *c) { return c->p99; }

static void print_layer_table(const struct anatomy *a)
{
	const char *names[AN_MAX_LAYERS + 16];
	int nl = layer_names(a, names, AN_MAX_LAYERS + 16);
	say(0, "instructions a tick, by layer: the mean over the ticks (what a tick let other "
	    "tasks run included):");
	printf("  %-15s", "");
	for (int i = 0; i < a->n; i++) {
		char head[16];
		snprintf(head, sizeof(head), "[%d]", i + 1);
		printf(" %9s", head);
	}
	putchar('\n');
	for (int l = 0; l < nl; l++) {
		printf("  %-15s", names[l]);
		for (int i = 0; i < a->n; i++) {
			uint64_t sum = anatomy_layer_sum(&a->c[i], names[l]);
			if (sum)
				printf(" %9.1f", per_tick(sum, &a->c[i]));
			else
				printf(" %9s", "-");
		}
		putchar('\n');
	}
	printf("  %-15s", "all");
	for (int i = 0; i < a->n; i++)
		printf(" %9.1f", per_tick(a->c[i].instructions, &a->c[i]));
	putchar('\n');
	print_row(a, "ticks", ticks_of);
	print_row(a, "median tick", median_of);
	print_row(a, "99th pct tick", p99_of);
	print_layer_words(a, names, nl);
}

static void print_top(const struct an_config *c, int number)
{
	size_t n = c->nfn < TOP_FUNCTIONS ? c->nfn : TOP_FUNCTIONS;
	say(2, "[%d]: the %zu of its %zu functions with the most instructions a tick:", number, n,
	    c->nfn);
	for (size_t i = 0; i < n; i++)
		printf("  %9.1f  %-40s %s\n", per_tick(c->fn[i].instructions, c), c->fn[i].name,
		       c->fn[i].layer);
}

/* The tick episodes' instructions against the holes of the same runs. */
static void print_holes(const struct an_config *c, int number)
{
	if (!c->holes_known)
		return;
	char agree[160];
	double d = c->hole_cycles ? 100.0 * ((double)c->instructions - (double)c->hole_cycles) /
				    (double)c->hole_cycles : 0;
	if (c->instructions == c->hole_cycles)
		snprintf(agree, sizeof(agree), "equal (under --icount a cycle is an instruction)");
	else
		snprintf(agree, sizeof(agree), "%+.2f %% apart (without --icount a hole's cycles are "
			 "time, not instructions%s)", d,
			 c->other_episodes ? "; episodes of other kinds share the holes" : "");
	say(4, "  against [%d]'s holes: its %llu ticks ran %llu instructions; the holes of its "
	    "spin runs, %llu, lasted %llu cycles beyond the loop's step: %s", number,
	    (unsigned long long)c->episodes, (unsigned long long)c->instructions,
	    (unsigned long long)c->holes, (unsigned long long)c->hole_cycles, agree);
}

/* The bare floor's tick within each Linux configuration of the same timer. */
static void print_hardware(const struct anatomy *a)
{
	for (int b = 0; b < a->n; b++) {
		const struct an_config *bare = &a->c[b];
		if (strcmp(bare->handler, "floor"))
			continue;
		for (int i = 0; i < a->n; i++) {
			const struct an_config *c = &a->c[i];
			if (strcmp(c->handler, "linux") || strcmp(c->timer, bare->timer))
				continue;
			double hw = per_tick(bare->instructions, bare), all = per_tick(c->instructions, c);
			say(2, "the hardware's share of [%d]'s tick: the bare floor handler's [%d], %.1f "
			    "instructions, %.2f %% of %.1f; the kernel's, %.1f", i + 1, b + 1, hw,
			    all > 0 ? 100 * hw / all : 0, all, all - hw);
			if (bare->caches.known && c->caches.known && !strcmp(bare->workload, c->workload))
				say(4, "  and in the caches (%s, modelled): the bare floor's tick costs %s "
				    "%.1f cycles after it, Linux's %.1f", c->caches.preset, bare->workload,
				    anatomy_indirect(bare), anatomy_indirect(c));
		}
	}
}

static uint64_t function_in(const struct an_config *c, const char *name)
{
	for (size_t i = 0; i < c->nfn; i++)
		if (!strcmp(c->fn[i].name, name))
			return c->fn[i].instructions;
	return 0;
}

/* The functions of c that base lacks (and their share a tick), the most first. */
static void print_only(const struct an_config *c, const struct an_config *base, int number)
{
	char text[1024];
	int shown = 0;
	size_t n = (size_t)snprintf(text, sizeof(text), "    only in [%d]:", number);
	for (size_t i = 0; i < c->nfn && shown < 8 && n < sizeof(text); i++)
		if (!function_in(base, c->fn[i].name)) {
			n += (size_t)snprintf(text + n, sizeof(text) - n, "%s %s %.1f", shown ? "," : "",
					      c->fn[i].name, per_tick(c->fn[i].instructions, c));
			shown++;
		}
	say(6, "%s%s", text, shown ? "" : " none");
}

static void print_layer_changes(const struct anatomy *a, const struct an_config *c,
				const struct an_config *base)
{
	const char *names[AN_MAX_LAYERS + 16];
	char text[1024];
	int nl = layer_names(a, names, AN_MAX_LAYERS + 16);
	size_t n = (size_t)snprintf(text, sizeof(text), "    by layer:");
	for (int l = 0; l < nl && n < sizeof(text); l++) {
		double d = per_tick(anatomy_layer_sum(c, names[l]), c) -
			   per_tick(anatomy_layer_sum(base, names[l]), base);
		if (d >= 0.05 || d <= -0.05)
			n += (size_t)snprintf(text + n, sizeof(text) - n, " %s %+.1f", names[l], d);
	}
	say(6, "%s", text);
}

/* The configuration a Linux one is held against: the last before it of the same
 * kernel and workload (its arguments changed), else the first Linux one of the
 * workload (another kernel); -1 for none. */
static int base_of(const struct anatomy *a, int i)
{
	const struct an_config *c = &a->c[i];
	int first = -1;
	for (int b = i - 1; b >= 0; b--) {
		const struct an_config *x = &a->c[b];
		if (strcmp(x->handler, "linux") || strcmp(x->workload, c->workload))
			continue;
		if (!strcmp(x->kernel, c->kernel))
			return b;
		first = b;
	}
	return first;
}

static void print_comparisons(const struct anatomy *a)
{
	for (int i = 0; i < a->n; i++) {
		const struct an_config *c = &a->c[i];
		int b = strcmp(c->handler, "linux") ? -1 : base_of(a, i);
		if (b < 0)
			continue;
		const struct an_config *base = &a->c[b];
		double d = per_tick(c->instructions, c) - per_tick(base->instructions, base);
		say(2, "[%d] against [%d] (%s): %+.1f instructions a tick (%+.1f %%; the median tick "
		    "%+lld)", i + 1, b + 1, c->workload, d,
		    100 * d / (per_tick(base->instructions, base) ?: 1),
		    (long long)c->p50 - (long long)base->p50);
		print_layer_changes(a, c, base);
		print_only(c, base, i + 1);
		print_only(base, c, b + 1);
	}
}

void anatomy_print(const struct anatomy *a)
{
	if (!a->n)
		return;
	putchar('\n');
	say(0, "The tick, function by function (the anatomy: QEMU's plugin counted every "
	    "instruction of every tick, exact; docs/METHOD.md, \"The tick's anatomy\"):");
	print_legend(a);
	print_layer_table(a);
	for (int i = 0; i < a->n; i++) {
		print_top(&a->c[i], i + 1);
		print_holes(&a->c[i], i + 1);
	}
	print_hardware(a);
	print_comparisons(a);
	anatomy_print_caches(a);
	if (a->full)
		printf("(more configurations than the section holds: %d shown)\n", AN_MAX_CONFIGS);
}
