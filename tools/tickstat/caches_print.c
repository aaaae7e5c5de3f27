/* "The tick, function by function": its caches' part, where the annexes hold the
 * cache mode's records (anatomy.h; docs/METHOD.md, "Caches, modelled"). Every figure
 * a tick's mean; each said modelled, never set beside a measured one as the same. */
#include "anatomy.h"
#include "say.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const level_name[AN_LEVELS] = { "L1I", "L1D", "L2", "LLC" };

static double each(double sum, uint64_t n) { return n ? sum / (double)n : 0; }

/* The standard deviation of per-episode values from their sum and sum of squares. */
static double spread(uint64_t sum, uint64_t sq, uint64_t n)
{
	if (n < 2)
		return 0;
	double m = (double)sum / (double)n, v = ((double)sq - (double)n * m * m) / (double)(n - 1);
	return v > 0 ? sqrt(v) : 0;
}

double anatomy_indirect(const struct an_config *c)
{
	return c->caches.known ? each((double)c->caches.cycles, c->caches.episodes) : 0;
}

/* "L1D 1.0, L2 26.9" of the levels with any, a tick. */
static void per_level(char *buf, size_t size, const uint64_t *u, const int64_t *s, uint64_t n,
		      bool sign)
{
	size_t len = 0;
	buf[0] = 0;
	for (int l = 0; l < AN_LEVELS && len < size; l++) {
		double v = each(u ? (double)u[l] : (double)s[l], n);
		if (fabs(v) >= 0.05)
			len += (size_t)snprintf(buf + len, size - len, "%s%s %s%.1f", len ? "," : "",
						level_name[l], sign && v > 0 ? "+" : "", v);
	}
	if (!len)
		snprintf(buf, size, "none");
}

static void print_layers(const struct an_caches *k)
{
	char text[1024];
	size_t n = (size_t)snprintf(text, sizeof(text), "    footprint by layer, lines a tick "
				    "(code / data, each line given to the layer that touched it "
				    "first):");
	for (int l = 0; l < k->nlayers && n < sizeof(text); l++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s %s %.1f / %.1f", l ? "," : "",
				      k->layer[l].name, each((double)k->layer[l].fetched, k->episodes),
				      each((double)k->layer[l].touched, k->episodes));
	say(6, "%s", text);
}

static void print_own_misses(const struct an_caches *k)
{
	char text[512];
	size_t n = (size_t)snprintf(text, sizeof(text), "    the workload's own misses, in the "
				    "model without the ticks (its shadow), per 1000 of its %llu "
				    "accesses:", (unsigned long long)k->work_accesses);
	for (int l = 0; l < AN_LEVELS && n < sizeof(text); l++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s %s %.3f", l ? "," : "",
				      level_name[l], each(1000.0 * (double)k->work_misses[l],
							  k->work_accesses));
	say(6, "%s", text);
}

static void print_config(const struct an_config *c, int number)
{
	const struct an_caches *k = &c->caches;
	char evicted[160], excess[160];
	per_level(evicted, sizeof(evicted), k->evicted, NULL, k->episodes, false);
	per_level(excess, sizeof(excess), NULL, k->excess, k->episodes, true);
	say(4, "  [%d] %s: a tick fetched %.1f lines of code (sd %.1f) and touched %.1f of "
	    "data (sd %.1f); it evicted of the workload's lines %s; after it the workload "
	    "missed %s more than without the ticks: %.1f modelled cycles a tick (at most %lld), "
	    "the indirect cost under this model, beside %.1f instructions of direct cost", number,
	    k->preset, each((double)k->fetched, k->episodes),
	    spread(k->fetched, k->fetched_sq, k->episodes), each((double)k->touched, k->episodes),
	    spread(k->touched, k->touched_sq, k->episodes), evicted, excess, anatomy_indirect(c),
	    (long long)k->cycles_max, each((double)c->instructions, c->episodes));
	print_layers(k);
	print_own_misses(k);
}

/* The cost of a tick at which it takes `per_mille` of the CPU at hz. */
static double cost_at(uint64_t hz, uint64_t tsc_hz, unsigned per_mille)
{
	return hz ? (double)tsc_hz * per_mille / 1000.0 / (double)hz : 0;
}

/* The bare handler's data footprints of one workload and HZ: the footprint at which
 * its tick costs 1 % of the CPU, by the direct cost alone and with the modelled
 * indirect, between the footprints run (linear), or beyond them. */
static void print_one_percent(const struct anatomy *a, const struct an_config *first)
{
	double target = cost_at(first->hz, first->tsc_hz ? first->tsc_hz : 1000000000, 10);
	double kib[2] = { -1, -1 }, prev_k = -1, prev[2] = { 0, 0 };
	int points = 0;
	for (int i = 0; i < a->n; i++) {
		const struct an_config *c = &a->c[i];
		if (!c->caches.known || strcmp(c->kernel, "bare kernel") || strcmp(c->workload, first->workload) ||
		    c->hz != first->hz || strcmp(c->timer, first->timer))
			continue;
		double direct = each((double)c->instructions, c->episodes);
		double cost[2] = { direct, direct + anatomy_indirect(c) };
		for (int w = 0; w < 2; w++)
			if (kib[w] < 0 && cost[w] >= target)
				kib[w] = prev_k < 0 ? 0 : prev_k + ((double)c->tick_data_kib - prev_k) *
						  (target - prev[w]) / (cost[w] - prev[w]);
		prev_k = (double)c->tick_data_kib, prev[0] = cost[0], prev[1] = cost[1];
		points++;
	}
	if (points < 2)
		return;
	char d[64], m[64];
	snprintf(d, sizeof(d), kib[0] < 0 ? "beyond %.0f KiB" : "%.0f KiB", kib[0] < 0 ? prev_k : kib[0]);
	snprintf(m, sizeof(m), kib[1] < 0 ? "beyond %.0f KiB" : "%.0f KiB", kib[1] < 0 ? prev_k : kib[1]);
	say(4, "  the handler's data footprint that costs 1 %% of the CPU at HZ=%llu (%s, %s, %d "
	    "footprints run): %s by the direct cost alone, %s with the modelled indirect cost",
	    (unsigned long long)first->hz, first->timer, first->workload, points, d, m);
}

/* Each geometry the configurations were modelled with, once. */
static void print_geometries(const struct anatomy *a)
{
	for (int i = 0; i < a->n; i++) {
		const struct an_caches *k = &a->c[i].caches;
		bool first = k->known;
		for (int j = 0; first && j < i; j++)
			first = !(a->c[j].caches.known && !strcmp(a->c[j].caches.geometry, k->geometry));
		if (first)
			say(4, "  %s: %s", k->preset, k->geometry);
	}
}

void anatomy_print_caches(const struct anatomy *a)
{
	int shown = 0;
	for (int i = 0; i < a->n; i++) {
		if (!a->c[i].caches.known)
			continue;
		if (!shown++) {
			say(0, "The tick's caches, modelled (docs/METHOD.md, \"Caches, modelled\": "
			    "the counts of an ideal cache under the geometry named, exact under "
			    "--icount; no prefetcher, no TLB, no overlap of misses; not a CPU's):");
			print_geometries(a);
		}
		print_config(&a->c[i], i + 1);
	}
	for (int i = 0; i < a->n; i++) {
		const struct an_config *c = &a->c[i];
		bool first = c->caches.known && !strcmp(c->kernel, "bare kernel");
		for (int j = 0; first && j < i; j++)
			first = !(a->c[j].caches.known && !strcmp(a->c[j].kernel, "bare kernel") &&
				  !strcmp(a->c[j].workload, c->workload) && a->c[j].hz == c->hz &&
				  !strcmp(a->c[j].timer, c->timer));
		if (first)
			print_one_percent(a, c);
	}
}
