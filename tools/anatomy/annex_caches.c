/* The cache mode's records of the annex (annex.h; docs/FORMAT.md, "The annex"). */
#include "annex.h"
#include "tally.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LAYERS_MAX 32

struct cache_kind {
	uint64_t runs, episodes, fetched, fetched_sq, touched, touched_sq;
	uint64_t evicted[PROFILE_LEVELS];
	int64_t excess[PROFILE_LEVELS], cycles, cycles_max;
	uint64_t cycles_sq;
	int64_t distance[PROFILE_DISTANCES][PROFILE_LEVELS + 1];
	uint64_t work_accesses, work_misses[PROFILE_LEVELS];
	const char *layer[LAYERS_MAX];
	uint64_t layer_lines[LAYERS_MAX][2];        /* fetched, touched */
	size_t n_layers;
};

static const char *const level_key[PROFILE_LEVELS] = { "l1i", "l1d", "l2", "llc" };

struct cache_kind *cache_kind_new(void)
{
	struct cache_kind *k = calloc(1, sizeof(*k));
	if (!k)
		abort();
	return k;
}

void cache_kind_free(struct cache_kind *k)
{
	free(k);
}

static void add_first_touches(struct cache_kind *k, const struct cache_profile *c)
{
	for (size_t i = 0; i < c->n_first; i++) {
		const char *layer = annex_layer_at(c->first[i].block);
		size_t l = 0;
		while (l < k->n_layers && strcmp(k->layer[l], layer))
			l++;
		if (l == LAYERS_MAX)
			continue;
		if (l == k->n_layers)
			k->layer[k->n_layers++] = layer;
		k->layer_lines[l][c->first[i].data] += c->first[i].lines;
	}
}

void cache_kind_add(struct cache_kind *k, const struct cache_profile *c,
		    const struct run_profile *r, bool first)
{
	if (first) {
		k->runs++;
		k->work_accesses += r->work_accesses;
		for (int l = 0; l < PROFILE_LEVELS; l++)
			k->work_misses[l] += r->work_misses[l];
	}
	k->episodes += c->episodes;
	k->fetched += c->fetched, k->fetched_sq += c->fetched_sq;
	k->touched += c->touched, k->touched_sq += c->touched_sq;
	for (int l = 0; l < PROFILE_LEVELS; l++) {
		k->evicted[l] += c->evicted[l];
		k->excess[l] += c->excess[l];
	}
	k->cycles += c->cycles, k->cycles_sq += c->cycles_sq;
	k->cycles_max = c->cycles_max > k->cycles_max ? c->cycles_max : k->cycles_max;
	for (int d = 0; d < PROFILE_DISTANCES; d++)
		for (int l = 0; l <= PROFILE_LEVELS; l++)
			k->distance[d][l] += c->distance[d][l];
	add_first_touches(k, c);
}

static void level_fields(struct record *r, const char *what, const uint64_t *u, const int64_t *s)
{
	char key[32];
	for (int l = 0; l < PROFILE_LEVELS; l++) {
		snprintf(key, sizeof(key), "%s_%s", what, level_key[l]);
		if (u)
			record_u64(r, key, u[l]);
		else
			record_i64(r, key, s[l]);
	}
}

static void emit_cache(const struct cache_kind *k, const char *kind, const char *preset,
		       const char *spec, void (*config)(struct record *, const void *),
		       const void *ctx)
{
	struct record r;
	record_begin(&r, "cache");
	config(&r, ctx);
	record_str(&r, "kind", kind);
	record_str(&r, "preset", preset);
	record_str(&r, "geometry", spec);
	record_u64(&r, "runs", k->runs);
	record_u64(&r, "episodes", k->episodes);
	record_u64(&r, "footprint_i_lines_sum", k->fetched);
	record_u64(&r, "footprint_i_lines_sq", k->fetched_sq);
	record_u64(&r, "footprint_d_lines_sum", k->touched);
	record_u64(&r, "footprint_d_lines_sq", k->touched_sq);
	level_fields(&r, "evicted", k->evicted, NULL);
	level_fields(&r, "excess", NULL, k->excess);
	record_i64(&r, "indirect_cycles_sum", k->cycles);
	record_u64(&r, "indirect_cycles_sq", k->cycles_sq);
	record_i64(&r, "indirect_cycles_max", k->cycles_max);
	record_u64(&r, "workload_accesses", k->work_accesses);
	level_fields(&r, "workload_misses", k->work_misses, NULL);
	record_emit(&r);
}

static void emit_layers(const struct cache_kind *k, const char *kind,
			void (*config)(struct record *, const void *), const void *ctx)
{
	for (size_t l = 0; l < k->n_layers; l++) {
		struct record r;
		record_begin(&r, "cache_layer");
		config(&r, ctx);
		record_str(&r, "kind", kind);
		record_str(&r, "layer", k->layer[l]);
		record_u64(&r, "footprint_i_lines_sum", k->layer_lines[l][0]);
		record_u64(&r, "footprint_d_lines_sum", k->layer_lines[l][1]);
		record_emit(&r);
	}
}

static void emit_after(const struct cache_kind *k, const char *kind,
		       void (*config)(struct record *, const void *), const void *ctx)
{
	for (int d = 0; d < PROFILE_DISTANCES; d++) {
		const int64_t *x = k->distance[d];
		if (!x[0] && !x[1] && !x[2] && !x[3] && !x[4])
			continue;
		struct record r;
		record_begin(&r, "cache_after");
		config(&r, ctx);
		record_str(&r, "kind", kind);
		record_u64(&r, "after_lo", d ? 1ull << d : 0);
		record_u64(&r, "after_hi", 2ull << d);
		level_fields(&r, "excess", NULL, x);
		record_i64(&r, "indirect_cycles", x[PROFILE_LEVELS]);
		record_emit(&r);
	}
}

void cache_kind_emit(const struct cache_kind *k, const char *kind, const char *preset,
		     const char *spec, void (*config)(struct record *, const void *),
		     const void *ctx)
{
	emit_cache(k, kind, preset, spec, config, ctx);
	emit_layers(k, kind, config, ctx);
	emit_after(k, kind, config, ctx);
}
