/* The caches' model (docs/METHOD.md, "Caches, modelled"): set-associative levels of
 * 64-byte lines with LRU replacement, a first level for instructions and one for
 * data, then a unified second and last level; every level filled on a miss
 * (inclusive fill), each evicting on its own (no back-invalidation, no victim
 * cache, no prefetcher, no TLB, no write-back traffic: a store is an access like a
 * load). An ideal cache in QEMU's and cachegrind's sense: counts under a stated
 * geometry, not a microarchitecture. QEMU-free, so tests drive it with streams of
 * known answers. */
#ifndef ANATOMY_CACHE_H
#define ANATOMY_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LINE_SHIFT 6            /* 64-byte lines */

enum cache_level_id { L1I, L1D, L2, LLC, CACHE_LEVELS };
#define MEMORY CACHE_LEVELS     /* the level an access that missed them all reaches */

struct level_geometry {
	uint32_t kib, ways;
	uint32_t latency;           /* load-to-use cycles of a hit here */
};

struct cache_geometry {
	char name[32];
	struct level_geometry level[CACHE_LEVELS];
	uint32_t memory_latency;    /* cycles of an access that misses every level */
	const char *source;         /* where the figures come from */
};

/* One level: sets of `ways` lines, each set most recently used first. A way holds
 * its line's address >> LINE_SHIFT, plus one, shifted left by one, and in bit 0 who
 * touched the line last (0: an empty way). */
struct cache_level {
	uint32_t sets, ways;
	uint64_t *way;              /* [sets][ways] */
};

struct cache {
	struct cache_level level[CACHE_LEVELS];
	uint32_t latency[CACHE_LEVELS + 1];
	/* Per level, the workload's lines (their owner OWNER_WORKLOAD) that another's
	 * access evicted, counted as they go. */
	uint64_t evicted[CACHE_LEVELS];
};

/* Whose access: the measured workload's, or anything else's. */
enum { OWNER_OTHER = 0, OWNER_WORKLOAD = 1 };

/* A geometry by preset name, or NULL (the presets' names into *names). */
const struct cache_geometry *cache_preset(const char *name);
/* "zen4", "golden-cove", ... separated by ", ". */
const char *cache_preset_names(void);
/* A geometry from a preset or a SPEC, "BASE:L1D=48K/12,L2=2M/16,LLC=32M/16@50,MEM=400"
 * (BASE a preset, zen4 when left out with its colon; items separated by ',' or '+'
 * (QEMU's -plugin splits its arguments at commas); each level SIZE/WAYS[@LATENCY],
 * sizes in K or M, at most 64 ways). A line's set is its number modulo the sets (an
 * LLC of 30 MiB and 12 ways has 40960: hashed slices, as Intel's). NULL on success,
 * else what is wrong (into err). */
const char *cache_geometry_parse(struct cache_geometry *g, const char *spec, char *err,
				 size_t size);

bool cache_init(struct cache *c, const struct cache_geometry *g);
void cache_free(struct cache *c);
/* c becomes a copy of from (same geometry). */
void cache_copy(struct cache *c, const struct cache *from);
/* An access to the line holding addr: the level it hit in (L1I or L1D first, by
 * instruction, then L2, LLC; MEMORY for none), every level filled. owner marks the
 * line at every level. */
unsigned cache_access(struct cache *c, uint64_t addr, bool instruction, uint8_t owner);

#endif
