/* build/anatomy/annex's parts (annex.c): the cache mode's records (annex_caches.c)
 * beside the anatomy's. */
#ifndef ANATOMY_ANNEX_H
#define ANATOMY_ANNEX_H

#include "profile.h"
#include "record.h"

/* A configuration's and kind's cache figures (annex_caches.c), summed over runs. */
struct cache_kind;
struct cache_kind *cache_kind_new(void);
/* One run's figures of an entry of that kind; the run's workload figures once per
 * run (first: the first entry of this kind in the run); layer_at: the layer of the
 * function an address lies in. */
void cache_kind_add(struct cache_kind *k, const struct cache_profile *c,
		    const struct run_profile *r, bool first, const char *(*layer_at)(uint64_t));
/* Its records (cache, cache_layer, cache_after), each begun with config(r, ctx)'s
 * fields and kind. */
void cache_kind_emit(const struct cache_kind *k, const char *kind, const char *preset,
		     const char *spec, void (*config)(struct record *r, const void *ctx),
		     const void *ctx);
void cache_kind_free(struct cache_kind *k);

#endif
