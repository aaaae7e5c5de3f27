/* The anatomy's cache mode (docs/METHOD.md, "Caches, modelled"): every instruction
 * fetch and data access of the guest fed to a model of one CPU's caches (cache.h),
 * and, while a run is on, the workload's own accesses to a second, the shadow,
 * which no episode touches and which is made a copy of the first as each run
 * begins. Then, exactly and per episode:
 *   - its footprint: the distinct lines it fetched and the distinct lines of data
 *     it touched, each line given to the block that touched it first in the episode
 *     (its layer, by the annex);
 *   - the workload's lines it evicted at each level;
 *   - its damage: over the stretch of the run that follows it (to the next episode
 *     or the run's end), the workload's misses at each level in the model less
 *     those in the shadow, and the cycles the workload's accesses took more, at the
 *     geometry's load-to-use latencies: the indirect cost, in modelled cycles; and
 *     that damage by the workload's instructions since the episode, in powers of
 *     two.
 * The follower (follow.h) calls the hooks below as runs and episodes begin and end;
 * the plugin feeds the accesses. One vCPU: the model is one CPU's. */
#ifndef ANATOMY_CACHES_H
#define ANATOMY_CACHES_H

#include "cache.h"
#include "follow.h"
#include "tally.h"

#define DISTANCE_BUCKETS 40     /* 2^0 .. 2^39 workload instructions after an episode */

struct cache_entry_sums {
	uint64_t entry, episodes;
	uint64_t fetched, fetched_sq, touched, touched_sq;     /* footprint lines: I, D */
	uint64_t evicted[CACHE_LEVELS];
	int64_t excess[CACHE_LEVELS];                          /* misses, model - shadow */
	int64_t cycles, cycles_max;
	uint64_t cycles_sq;
	int64_t by_distance[DISTANCE_BUCKETS][CACHE_LEVELS + 1];    /* excess misses, cycles */
	struct tally first;         /* (block, 0 fetched | 1 touched) -> lines */
};

struct caches {
	struct cache_geometry geometry;
	const volatile uint64_t *workload_instructions;    /* the plugin's count of them */
	struct cache model, shadow;
	/* the run on: its entries' sums, and where it is */
	struct cache_entry_sums *e;
	size_t n;
	bool in_run, in_episode;
	struct cache_entry_sums *last;  /* the episode before the stretch now (NULL: none yet) */
	uint64_t episode;           /* numbers episodes: a line's stamp in `seen` */
	struct tally seen;          /* (line, I 0 | D 1) -> 1 + the episode that touched it last */
	uint64_t ep_fetched, ep_touched, ep_evicted[CACHE_LEVELS];
	int64_t stretch_excess[CACHE_LEVELS], stretch_cycles;
	uint64_t since;             /* the workload's instruction counter at the episode's end */
	struct block *block;        /* the block an access of an episode belongs to */
	uint64_t measured_lines[64];    /* the measured code's lines (addresses), fetched again after an episode */
	size_t n_measured_lines;
	uint64_t workload_misses[CACHE_LEVELS];     /* the shadow's, over the run */
	uint64_t workload_accesses;
};

/* workload_instructions: a counter of the measured code's instructions, read for the
 * distance of the damage from its episode. */
bool caches_init(struct caches *c, const struct cache_geometry *g,
		 const volatile uint64_t *workload_instructions);
void caches_free(struct caches *c);
/* "L1I=32K/8@1,L1D=32K/8@4,L2=1024K/8@14,LLC=32768K/16@50,MEM=400" */
void caches_describe(const struct cache_geometry *g, char *buf, size_t size);
/* The hooks for follow.h (ctx: the caches). */
extern const struct follow_hooks caches_hooks;

/* An access of the guest: addr (in the line it touches), fetch or data; measured: by
 * the measured code (which ends an episode the follower has yet to see ended). */
void caches_access(struct caches *c, uint64_t addr, bool fetch, bool measured);
/* Lines of the measured code (fetched again after each episode: between episodes
 * nothing else runs, so they stay where they are; every measured line, of any of its
 * functions, at most 64). */
void caches_measured_lines(struct caches *c, const uint64_t *lines, size_t n);

#endif
