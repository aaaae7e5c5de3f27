/* The plugin's output read back (tools/anatomy/follow.h gives its format): the runs
 * it followed, each with its episodes per entry, their sizes and blocks, and the
 * blocks' instructions. */
#ifndef ANATOMY_PROFILE_H
#define ANATOMY_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct size_count {
	uint64_t size, count;
};

struct block_count {
	uint64_t vaddr;
	uint32_t k;                 /* its first k instructions ran ... */
	uint64_t count;             /* ... this many times */
};

struct entry_profile {
	uint64_t entry, episodes, instructions;
	struct size_count *sizes;
	size_t n_sizes;
	struct block_count *blocks;
	size_t n_blocks;
};

/* The cache mode's per entry (caches.h): footprints, evictions, damage. */
#define PROFILE_LEVELS 4
#define PROFILE_DISTANCES 40
struct first_touch {
	uint64_t block;
	bool data;
	uint64_t lines;
};
struct cache_profile {
	uint64_t entry, episodes, fetched, fetched_sq, touched, touched_sq;
	uint64_t evicted[PROFILE_LEVELS];
	int64_t excess[PROFILE_LEVELS], cycles, cycles_max;
	uint64_t cycles_sq;
	int64_t distance[PROFILE_DISTANCES][PROFILE_LEVELS + 1];
	struct first_touch *first;
	size_t n_first;
};

struct run_profile {
	unsigned vcpu;
	uint64_t ordinal;
	bool unfollowed, open;
	struct entry_profile *e;
	size_t n;
	struct cache_profile *c;        /* the cache mode's, per entry */
	size_t nc;
	uint64_t work_accesses, work_misses[PROFILE_LEVELS];    /* the shadow's over the run */
};

struct block_shape {
	uint64_t vaddr;
	uint32_t n;
	uint16_t *offsets;
};

struct profile {
	unsigned vcpus;
	struct run_profile *runs;
	size_t n_runs;
	struct block_shape *blocks;     /* by vaddr, the longest seen of each */
	size_t n_blocks;
	bool exited;                    /* the plugin's "exit" line is there */
	char caches[32], caches_spec[256];  /* the cache mode's geometry; "" without */
};

/* Read the plugin's output; NULL, or why not (with the line, into err). */
const char *profile_read(struct profile *p, const char *path, char *err, size_t size);
const struct block_shape *profile_block(const struct profile *p, uint64_t vaddr);
void profile_free(struct profile *p);

#endif
