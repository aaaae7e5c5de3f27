/* The cache mode's records of the annex (annex.h; docs/FORMAT.md, "The annex"). */
#include "annex.h"
#include "tally.h"
#include "schema.h"

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

/* Each level's field of a quantity (lib/record/schema.def), l1i, l1d, l2, llc in turn. */
static const char *const evicted_keys[PROFILE_LEVELS] =
	SCHEMA_CACHE_LEVELS(evicted, U64, cache);
static const char *const excess_keys[PROFILE_LEVELS] =
	SCHEMA_CACHE_LEVELS(excess, I64, cache, cache_after);
static const char *const misses_keys[PROFILE_LEVELS] =
	SCHEMA_CACHE_LEVELS(workload_misses, U64, cache);

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

static void level_fields(struct record *r, const char *const *keys, const uint64_t *u,
			 const int64_t *s)
{
	for (int l = 0; l < PROFILE_LEVELS; l++) {
		if (u)
			record_u64(r, keys[l], u[l]);
		else
			record_i64(r, keys[l], s[l]);
	}
}

static void emit_cache(const struct cache_kind *k, const char *kind, const char *preset,
		       const char *spec, void (*config)(struct record *, const void *),
		       const void *ctx)
{
	struct record r;
	REC_BEGIN(&r, cache);
	config(&r, ctx);
	REC_STR(&r, cache, kind, kind);
	REC_STR(&r, cache, preset, preset);
	REC_STR(&r, cache, geometry, spec);
	const struct cache_profile *s = &k->sum;
	REC_U64(&r, cache, runs, k->runs);
	REC_U64(&r, cache, episodes, s->episodes);
	REC_U64(&r, cache, footprint_i_lines_sum, s->fetched);
	REC_U64(&r, cache, footprint_i_lines_sq, s->fetched_sq);
	REC_U64(&r, cache, footprint_d_lines_sum, s->touched);
	REC_U64(&r, cache, footprint_d_lines_sq, s->touched_sq);
	level_fields(&r, evicted_keys, s->evicted, NULL);
	level_fields(&r, excess_keys, NULL, s->excess);
	REC_I64(&r, cache, indirect_cycles_sum, s->cycles);
	REC_U64(&r, cache, indirect_cycles_sq, s->cycles_sq);
	REC_I64(&r, cache, indirect_cycles_max, s->cycles_max);
	REC_U64(&r, cache, workload_accesses, k->work_accesses);
	level_fields(&r, misses_keys, k->work_misses, NULL);
	record_emit(&r);
}

static void emit_layers(const struct cache_kind *k, const char *kind,
			void (*config)(struct record *, const void *), const void *ctx)
{
	for (size_t l = 0; l < k->n_layers; l++) {
		struct record r;
		REC_BEGIN(&r, cache_layer);
		config(&r, ctx);
		REC_STR(&r, cache_layer, kind, kind);
		REC_STR(&r, cache_layer, layer, k->layer[l]);
		REC_U64(&r, cache_layer, footprint_i_lines_sum, k->layer_lines[l][0]);
		REC_U64(&r, cache_layer, footprint_d_lines_sum, k->layer_lines[l][1]);
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
		REC_BEGIN(&r, cache_after);
		config(&r, ctx);
		REC_STR(&r, cache_after, kind, kind);
		REC_U64(&r, cache_after, after_lo, d ? 1ull << d : 0);
		REC_U64(&r, cache_after, after_hi, 2ull << d);
		level_fields(&r, excess_keys, NULL, x);
		REC_I64(&r, cache_after, indirect_cycles, x[PROFILE_LEVELS]);
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
