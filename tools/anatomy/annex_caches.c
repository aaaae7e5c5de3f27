/* The cache mode's records of the annex (annex.h; docs/FORMAT.md, "The annex"). */
#include "annex.h"
#include "tally.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LAYERS_MAX 32

struct cache_kind {
	struct cache_profile sum;   /* its entries' over the runs (first touches apart) */
	uint64_t runs, work_accesses, work_misses[PROFILE_LEVELS];
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

static void add_first_touches(struct cache_kind *k, const struct cache_profile *c,
			      const char *(*layer_at)(uint64_t))
{
	for (size_t i = 0; i < c->n_first; i++) {
		const char *layer = layer_at(c->first[i].block);
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
		    const struct run_profile *r, bool first, const char *(*layer_at)(uint64_t))
{
	if (first) {
		k->runs++;
		k->work_accesses += r->work_accesses;
		for (int l = 0; l < PROFILE_LEVELS; l++)
			k->work_misses[l] += r->work_misses[l];
	}
	struct cache_profile *s = &k->sum;
	s->episodes += c->episodes;
	s->fetched += c->fetched, s->fetched_sq += c->fetched_sq;
	s->touched += c->touched, s->touched_sq += c->touched_sq;
	for (int l = 0; l < PROFILE_LEVELS; l++) {
		s->evicted[l] += c->evicted[l];
		s->excess[l] += c->excess[l];
	}
	s->cycles += c->cycles, s->cycles_sq += c->cycles_sq;
	s->cycles_max = c->cycles_max > s->cycles_max ? c->cycles_max : s->cycles_max;
	for (int d = 0; d < PROFILE_DISTANCES; d++)
		for (int l = 0; l <= PROFILE_LEVELS; l++)
			s->distance[d][l] += c->distance[d][l];
	add_first_touches(k, c, layer_at);
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
	const struct cache_profile *s = &k->sum;
	record_u64(&r, "runs", k->runs);
	record_u64(&r, "episodes", s->episodes);
	record_u64(&r, "footprint_i_lines_sum", s->fetched);
	record_u64(&r, "footprint_i_lines_sq", s->fetched_sq);
	record_u64(&r, "footprint_d_lines_sum", s->touched);
	record_u64(&r, "footprint_d_lines_sq", s->touched_sq);
	level_fields(&r, "evicted", s->evicted, NULL);
	level_fields(&r, "excess", NULL, s->excess);
	record_i64(&r, "indirect_cycles_sum", s->cycles);
	record_u64(&r, "indirect_cycles_sq", s->cycles_sq);
	record_i64(&r, "indirect_cycles_max", s->cycles_max);
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
		const int64_t *x = k->sum.distance[d];
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
