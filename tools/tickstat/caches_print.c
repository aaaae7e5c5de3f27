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

static bool same_series(const struct an_config *a, const struct an_config *b)
{
	return a->caches.known && b->caches.known && !strcmp(a->kernel, "bare kernel") &&
	       !strcmp(b->kernel, "bare kernel") && !strcmp(a->workload, b->workload) &&
	       a->hz == b->hz && !strcmp(a->timer, b->timer);
}

/* The footprint at which cost[] (by footprint, ascending) reaches target, between
 * two footprints run (linear); -1 beyond the last. */
static double crossing(const double *kib, const double *cost, int n, double target)
{
	for (int i = 0; i < n; i++)
		if (cost[i] >= target)
			return i ? kib[i - 1] + (kib[i] - kib[i - 1]) * (target - cost[i - 1]) /
					       (cost[i] - cost[i - 1]) : kib[0];
	return -1;
}

/* The bare handler's data footprints of one workload, timer and HZ: the footprint at
 * which its tick costs 1 % of the CPU, by the direct cost alone and with the
 * modelled indirect, between the footprints run or beyond them. */
static void print_one_percent(const struct anatomy *a, const struct an_config *first)
{
	double target = cost_at(first->hz, first->tsc_hz ? first->tsc_hz : 1000000000, 10);
	double kib[AN_MAX_CONFIGS], direct[AN_MAX_CONFIGS], both[AN_MAX_CONFIGS];
	int n = 0;
	for (int i = 0; i < a->n; i++) {
		const struct an_config *c = &a->c[i];
		if (!same_series(c, first))
			continue;
		int at = n++;
		while (at > 0 && kib[at - 1] > (double)c->tick_data_kib) {   /* by footprint */
			kib[at] = kib[at - 1], direct[at] = direct[at - 1], both[at] = both[at - 1];
			at--;
		}
		kib[at] = (double)c->tick_data_kib;
		direct[at] = each((double)c->instructions, c->episodes);
		both[at] = direct[at] + anatomy_indirect(c);
	}
	if (n < 2)
		return;
	double d = crossing(kib, direct, n, target), m = crossing(kib, both, n, target);
	char dt[64], mt[64];
	snprintf(dt, sizeof(dt), d < 0 ? "beyond %.0f KiB" : "%.0f KiB", d < 0 ? kib[n - 1] : d);
	snprintf(mt, sizeof(mt), m < 0 ? "beyond %.0f KiB" : "%.0f KiB", m < 0 ? kib[n - 1] : m);
	say(4, "  the handler's data footprint that costs 1 %% of the CPU at HZ=%llu (%s, %s, %d "
	    "footprints run): %s by the direct cost alone, %s with the modelled indirect cost",
	    (unsigned long long)first->hz, first->timer, first->workload, n, dt, mt);
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
		bool first = same_series(&a->c[i], &a->c[i]);
		for (int j = 0; first && j < i; j++)
			first = !same_series(&a->c[j], &a->c[i]);
		if (first)
			print_one_percent(a, &a->c[i]);
	}
}
