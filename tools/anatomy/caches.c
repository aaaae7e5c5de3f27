/* The anatomy's cache mode (caches.h). */
#include "caches.h"

#include <stdlib.h>
#include <string.h>

bool caches_init(struct caches *c, const struct cache_geometry *g,
		 const volatile uint64_t *workload_instructions)
{
	memset(c, 0, sizeof(*c));
	c->geometry = *g;
	c->workload_instructions = workload_instructions;
	return cache_init(&c->model, g) && cache_init(&c->shadow, g);
}

void caches_free(struct caches *c)
{
	cache_free(&c->model);
	cache_free(&c->shadow);
	tally_free(&c->seen);
	free(c->e);
	c->e = NULL, c->n = 0;
}

void caches_describe(const struct cache_geometry *g, char *buf, size_t size)
{
	static const char *const names[CACHE_LEVELS] = { "L1I", "L1D", "L2", "LLC" };
	size_t n = 0;
	for (int l = 0; l < CACHE_LEVELS && n < size; l++)
		n += (size_t)snprintf(buf + n, size - n, "%s=%uK/%u@%u,", names[l], g->level[l].kib,
				      g->level[l].ways, g->level[l].latency);
	if (n < size)
		snprintf(buf + n, size - n, "MEM=%u", g->memory_latency);
}

static struct cache_entry_sums *sums_of(struct caches *c, uint64_t entry)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->e[i].entry == entry)
			return &c->e[i];
	struct cache_entry_sums *e = realloc(c->e, (c->n + 1) * sizeof(*e));
	if (!e)
		abort();
	c->e = e;
	memset(&c->e[c->n], 0, sizeof(c->e[c->n]));
	c->e[c->n].entry = entry;
	return &c->e[c->n++];
}

/* The stretch since the last episode ended, its damage the last episode's. */
static void close_stretch(struct caches *c)
{
	struct cache_entry_sums *e = c->last;
	if (e) {
		for (int l = 0; l < CACHE_LEVELS; l++)
			e->excess[l] += c->stretch_excess[l];
		e->cycles += c->stretch_cycles;
		e->cycles_sq += (uint64_t)(c->stretch_cycles * c->stretch_cycles);
		if (c->stretch_cycles > e->cycles_max)
			e->cycles_max = c->stretch_cycles;
	}
	memset(c->stretch_excess, 0, sizeof(c->stretch_excess));
	c->stretch_cycles = 0;
}

static void run_begin(void *ctx, unsigned vcpu)
{
	struct caches *c = ctx;
	cache_copy(&c->shadow, &c->model);
	c->in_run = true;
	c->in_episode = false;
	c->last = NULL;
	c->since = *c->workload_instructions;
	memset(c->workload_misses, 0, sizeof(c->workload_misses));
	c->workload_accesses = 0;
	close_stretch(c);
}

static void episode_begin(void *ctx, unsigned vcpu, uint64_t entry)
{
	struct caches *c = ctx;
	close_stretch(c);
	c->last = sums_of(c, entry);
	c->in_episode = true;
	c->episode++;
	c->ep_fetched = c->ep_touched = 0;
	memcpy(c->ep_evicted, c->model.evicted, sizeof(c->ep_evicted));
}

static void workload_access(struct caches *c, uint64_t addr, bool fetch);

/* The measured code runs again: the episode's sums are in; the run's measured lines
 * fetched again (between episodes nothing else runs: they stay where they are). */
static void episode_end(void *ctx, unsigned vcpu)
{
	struct caches *c = ctx;
	if (!c->in_episode)
		return;
	c->in_episode = false;
	struct cache_entry_sums *e = c->last;
	e->episodes++;
	e->fetched += c->ep_fetched, e->fetched_sq += c->ep_fetched * c->ep_fetched;
	e->touched += c->ep_touched, e->touched_sq += c->ep_touched * c->ep_touched;
	for (int l = 0; l < CACHE_LEVELS; l++)
		e->evicted[l] += c->model.evicted[l] - c->ep_evicted[l];
	c->since = *c->workload_instructions;
	for (size_t i = 0; i < c->n_measured_lines; i++)
		workload_access(c, c->measured_lines[i], true);
}

static void block(void *ctx, unsigned vcpu, struct block *b)
{
	((struct caches *)ctx)->block = b;
}

static void write_entry(FILE *out, const struct cache_entry_sums *e)
{
	fprintf(out, "cache 0x%llx %llu %llu %llu %llu %llu", (unsigned long long)e->entry,
		(unsigned long long)e->episodes, (unsigned long long)e->fetched,
		(unsigned long long)e->fetched_sq, (unsigned long long)e->touched,
		(unsigned long long)e->touched_sq);
	for (int l = 0; l < CACHE_LEVELS; l++)
		fprintf(out, " %llu", (unsigned long long)e->evicted[l]);
	for (int l = 0; l < CACHE_LEVELS; l++)
		fprintf(out, " %lld", (long long)e->excess[l]);
	fprintf(out, " %lld %llu %lld\n", (long long)e->cycles, (unsigned long long)e->cycles_sq,
		(long long)e->cycles_max);
	for (size_t i = 0; i < e->first.cap; i++) {
		const struct tally_slot *s = &e->first.slot[i];
		if (s->count)
			fprintf(out, "cfirst 0x%llx 0x%llx %c %llu\n", (unsigned long long)e->entry,
				(unsigned long long)((struct block *)(uintptr_t)s->a)->vaddr,
				s->b ? 'd' : 'i', (unsigned long long)s->count);
	}
	for (int d = 0; d < DISTANCE_BUCKETS; d++) {
		const int64_t *x = e->by_distance[d];
		if (!x[0] && !x[1] && !x[2] && !x[3] && !x[4])
			continue;
		fprintf(out, "cdist 0x%llx %d %lld %lld %lld %lld %lld\n", (unsigned long long)e->entry,
			d, (long long)x[0], (long long)x[1], (long long)x[2], (long long)x[3],
			(long long)x[4]);
	}
}

static void run_end(void *ctx, unsigned vcpu, FILE *out)
{
	struct caches *c = ctx;
	episode_end(ctx, vcpu);
	close_stretch(c);
	for (size_t i = 0; i < c->n; i++) {
		write_entry(out, &c->e[i]);
		tally_free(&c->e[i].first);
	}
	fprintf(out, "cwork %llu", (unsigned long long)c->workload_accesses);
	for (int l = 0; l < CACHE_LEVELS; l++)
		fprintf(out, " %llu", (unsigned long long)c->workload_misses[l]);
	fputc('\n', out);
	free(c->e);
	c->e = NULL, c->n = 0, c->last = NULL;
	c->in_run = c->in_episode = false;
}

const struct follow_hooks caches_hooks = {
	.run_begin = run_begin, .episode_begin = episode_begin, .episode_end = episode_end,
	.block = block, .run_end = run_end,
};

static unsigned bucket(uint64_t n)
{
	unsigned b = 0;
	while (n >>= 1)
		b++;
	return b < DISTANCE_BUCKETS ? b : DISTANCE_BUCKETS - 1;
}

/* The workload's access in both, the model's extra misses and cycles the stretch's
 * and, by distance, the last episode's. */
static void workload_access(struct caches *c, uint64_t addr, bool fetch)
{
	unsigned real = cache_access(&c->model, addr, fetch, OWNER_WORKLOAD);
	unsigned ideal = cache_access(&c->shadow, addr, fetch, OWNER_WORKLOAD);
	c->workload_accesses++;
	for (int l = 0; l < CACHE_LEVELS; l++)
		c->workload_misses[l] += ideal > (unsigned)l && (l != L1I || fetch) &&
					 (l != L1D || !fetch);
	if (real == ideal || !c->last)
		return;
	int64_t *d = c->last->by_distance[bucket(*c->workload_instructions - c->since)];
	for (int l = 0; l < CACHE_LEVELS; l++) {
		if ((l == L1I && !fetch) || (l == L1D && fetch))
			continue;
		int64_t x = (real > (unsigned)l) - (ideal > (unsigned)l);
		c->stretch_excess[l] += x;
		d[l] += x;
	}
	int64_t cycles = (int64_t)c->model.latency[real] - (int64_t)c->model.latency[ideal];
	c->stretch_cycles += cycles;
	d[CACHE_LEVELS] += cycles;
}

/* An episode's access: in the model alone; the first touch of a line in this
 * episode counts in its footprint, given to the block that made it. */
static void episode_access(struct caches *c, uint64_t addr, bool fetch)
{
	cache_access(&c->model, addr, fetch, OWNER_OTHER);
	uint64_t line = addr >> LINE_SHIFT, stamp = tally_get(&c->seen, line, !fetch);
	if (stamp == c->episode + 1)
		return;
	tally_add(&c->seen, line, !fetch, c->episode + 1 - stamp);
	if (fetch)
		c->ep_fetched++;
	else
		c->ep_touched++;
	if (c->block)
		tally_add(&c->last->first, (uintptr_t)c->block, !fetch, 1);
}

void caches_access(struct caches *c, uint64_t addr, bool fetch, bool measured)
{
	if (measured && c->in_episode)
		episode_end(c, 0);          /* the follower learns it later */
	if (!c->in_run)
		cache_access(&c->model, addr, fetch, OWNER_OTHER);
	else if (c->in_episode)
		episode_access(c, addr, fetch);
	else
		workload_access(c, addr, fetch);
}

void caches_measured_lines(struct caches *c, const uint64_t *lines, size_t n)
{
	for (size_t i = 0; i < n && c->n_measured_lines < 64; i++) {
		size_t k = 0;
		while (k < c->n_measured_lines && c->measured_lines[k] != lines[i])
			k++;
		if (k == c->n_measured_lines)
			c->measured_lines[c->n_measured_lines++] = lines[i];
	}
}
