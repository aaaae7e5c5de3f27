/* The plugin's output read back (profile.h). */
#include "profile.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GROW(v, n) do { \
	(v) = realloc((v), ((n) + 1) * sizeof(*(v))); \
	if (!(v)) \
		abort(); \
} while (0)

static struct entry_profile *entry_in(struct run_profile *r, uint64_t entry)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->e[i].entry == entry)
			return &r->e[i];
	GROW(r->e, r->n);
	r->e[r->n] = (struct entry_profile){ .entry = entry };
	return &r->e[r->n++];
}

static void add_block(struct profile *p, uint64_t vaddr, uint32_t n, const char *offsets)
{
	GROW(p->blocks, p->n_blocks);
	struct block_shape *b = &p->blocks[p->n_blocks++];
	b->vaddr = vaddr;
	b->n = n;
	b->offsets = calloc(n ? n : 1, sizeof(*b->offsets));
	for (uint32_t i = 0; i < n && offsets; i++) {
		b->offsets[i] = (uint16_t)strtoul(offsets, (char **)&offsets, 10);
		offsets += *offsets == ',';
	}
}

/* By address, the longest first. */
static int by_vaddr(const void *a, const void *b)
{
	const struct block_shape *x = a, *y = b;
	if (x->vaddr != y->vaddr)
		return x->vaddr < y->vaddr ? -1 : 1;
	return x->n > y->n ? -1 : x->n < y->n;
}

/* A block translated again shorter (QEMU cuts a block where -icount's budget ends)
 * runs the first instructions of the longest: one shape per address is enough. */
static void keep_longest(struct profile *p)
{
	size_t kept = 0;
	qsort(p->blocks, p->n_blocks, sizeof(*p->blocks), by_vaddr);
	for (size_t i = 0; i < p->n_blocks; i++) {
		if (kept && p->blocks[kept - 1].vaddr == p->blocks[i].vaddr) {
			free(p->blocks[i].offsets);
			continue;
		}
		p->blocks[kept++] = p->blocks[i];
	}
	p->n_blocks = kept;
}

/* One line of a run's body into r; false when it is none of them. */
static bool run_line(struct run_profile *r, const char *line)
{
	uint64_t entry, a, b, c;
	unsigned k;
	if (sscanf(line, "ep %" SCNx64 " %" SCNu64 " %" SCNu64, &entry, &a, &b) == 3) {
		struct entry_profile *e = entry_in(r, entry);
		e->episodes = a, e->instructions = b;
	} else if (sscanf(line, "size %" SCNx64 " %" SCNu64 " %" SCNu64, &entry, &a, &b) == 3) {
		struct entry_profile *e = entry_in(r, entry);
		GROW(e->sizes, e->n_sizes);
		e->sizes[e->n_sizes++] = (struct size_count){ a, b };
	} else if (sscanf(line, "tb %" SCNx64 " %" SCNx64 " %u %" SCNu64, &entry, &a, &k, &c) == 4) {
		struct entry_profile *e = entry_in(r, entry);
		GROW(e->blocks, e->n_blocks);
		e->blocks[e->n_blocks++] = (struct block_count){ a, k, c };
	} else {
		return false;
	}
	return true;
}

static struct cache_profile *cache_in(struct run_profile *r, uint64_t entry)
{
	for (size_t i = 0; i < r->nc; i++)
		if (r->c[i].entry == entry)
			return &r->c[i];
	GROW(r->c, r->nc);
	memset(&r->c[r->nc], 0, sizeof(r->c[r->nc]));
	r->c[r->nc].entry = entry;
	return &r->c[r->nc++];
}

/* "cache ENTRY EPISODES FETCHED FETCHED_SQ TOUCHED TOUCHED_SQ EVICTED x4 EXCESS x4
 * CYCLES CYCLES_SQ CYCLES_MAX" */
static bool cache_line(struct run_profile *r, const char *line)
{
	struct cache_profile x = { 0 };
	int used = 0;
	if (sscanf(line, "cache %" SCNx64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
		   " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNd64 " %" SCNd64 " %" SCNd64
		   " %" SCNd64 " %" SCNd64 " %" SCNu64 " %" SCNd64 "%n", &x.entry, &x.episodes,
		   &x.fetched, &x.fetched_sq, &x.touched, &x.touched_sq, &x.evicted[0], &x.evicted[1],
		   &x.evicted[2], &x.evicted[3], &x.excess[0], &x.excess[1], &x.excess[2], &x.excess[3],
		   &x.cycles, &x.cycles_sq, &x.cycles_max, &used) != 17 || line[used] != '\n')
		return false;
	struct cache_profile *c = cache_in(r, x.entry);
	x.first = c->first, x.n_first = c->n_first;
	memcpy(x.distance, c->distance, sizeof(x.distance));
	*c = x;
	return true;
}

/* "cfirst ENTRY BLOCK i|d LINES", "cdist ENTRY BUCKET EXCESS x4 CYCLES",
 * "cwork ACCESSES MISSES x4" */
static bool cache_detail(struct run_profile *r, const char *line)
{
	uint64_t entry, block, lines, acc, m[PROFILE_LEVELS];
	int64_t d[PROFILE_LEVELS + 1];
	char kind;
	unsigned bucket;
	if (sscanf(line, "cfirst %" SCNx64 " %" SCNx64 " %c %" SCNu64, &entry, &block, &kind, &lines) == 4) {
		struct cache_profile *c = cache_in(r, entry);
		GROW(c->first, c->n_first);
		c->first[c->n_first++] = (struct first_touch){ block, kind == 'd', lines };
	} else if (sscanf(line, "cdist %" SCNx64 " %u %" SCNd64 " %" SCNd64 " %" SCNd64 " %" SCNd64
			  " %" SCNd64, &entry, &bucket, &d[0], &d[1], &d[2], &d[3], &d[4]) == 7 &&
		   bucket < PROFILE_DISTANCES) {
		memcpy(cache_in(r, entry)->distance[bucket], d, sizeof(d));
	} else if (sscanf(line, "cwork %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64, &acc,
			  &m[0], &m[1], &m[2], &m[3]) == 5) {
		r->work_accesses = acc;
		memcpy(r->work_misses, m, sizeof(m));
	} else {
		return false;
	}
	return true;
}

static bool end_line(struct run_profile *r, const char *line)
{
	unsigned vcpu;
	uint64_t ordinal, episodes, instructions;
	if (sscanf(line, "endrun %u %" SCNu64 " %" SCNu64 " %" SCNu64, &vcpu, &ordinal, &episodes,
		   &instructions) != 4 || vcpu != r->vcpu || ordinal != r->ordinal)
		return false;
	r->unfollowed = strstr(line, " unfollowed") != NULL;
	r->open = strstr(line, " open") != NULL;
	return true;
}

static const char *bad(char *err, size_t size, const char *path, unsigned lineno, const char *line)
{
	snprintf(err, size, "%s:%u: not the plugin's output: %.60s", path, lineno, line);
	return err;
}

const char *profile_read(struct profile *p, const char *path, char *err, size_t size)
{
	FILE *f = fopen(path, "r");
	char line[1 << 16];
	unsigned lineno = 0, vcpu;
	int format;
	struct run_profile *run = NULL;
	*p = (struct profile){ 0 };
	if (!f) {
		snprintf(err, size, "cannot read the plugin's output %s", path);
		return err;
	}
	if (!fgets(line, sizeof(line), f) || sscanf(line, "anatomy %d vcpus %u", &format, &p->vcpus) != 2 ||
	    format != 1) {
		fclose(f);
		return bad(err, size, path, 1, "(its first line)");
	}
	lineno = 1;
	while (fgets(line, sizeof(line), f)) {
		uint64_t vaddr, ordinal;
		unsigned n;
		char offsets[sizeof(line)];
		lineno++;
		if (sscanf(line, "run %u %" SCNu64, &vcpu, &ordinal) == 2) {
			GROW(p->runs, p->n_runs);
			run = &p->runs[p->n_runs++];
			*run = (struct run_profile){ .vcpu = vcpu, .ordinal = ordinal };
		} else if (sscanf(line, "block %" SCNx64 " %u %s", &vaddr, &n, offsets) == 3) {
			add_block(p, vaddr, n, offsets);
		} else if (!strncmp(line, "exit ", 5)) {
			p->exited = true;
		} else if (sscanf(line, "caches %31s %255s", p->caches, p->caches_spec) == 2) {
			continue;
		} else if (!run || !(run_line(run, line) || cache_line(run, line) ||
				     cache_detail(run, line) || end_line(run, line))) {
			fclose(f);
			return bad(err, size, path, lineno, line);
		}
	}
	fclose(f);
	keep_longest(p);
	return NULL;
}

const struct block_shape *profile_block(const struct profile *p, uint64_t vaddr)
{
	size_t lo = 0, hi = p->n_blocks;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (p->blocks[mid].vaddr < vaddr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < p->n_blocks && p->blocks[lo].vaddr == vaddr ? &p->blocks[lo] : NULL;
}

void profile_free(struct profile *p)
{
	for (size_t i = 0; i < p->n_runs; i++) {
		for (size_t j = 0; j < p->runs[i].n; j++)
			free(p->runs[i].e[j].sizes), free(p->runs[i].e[j].blocks);
		for (size_t j = 0; j < p->runs[i].nc; j++)
			free(p->runs[i].c[j].first);
		free(p->runs[i].e), free(p->runs[i].c);
	}
	for (size_t i = 0; i < p->n_blocks; i++)
		free(p->blocks[i].offsets);
	free(p->runs), free(p->blocks);
	*p = (struct profile){ 0 };
}
