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
		} else if (!run || !(run_line(run, line) || end_line(run, line))) {
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
		free(p->runs[i].e);
	}
	for (size_t i = 0; i < p->n_blocks; i++)
		free(p->blocks[i].offsets);
	free(p->runs), free(p->blocks);
	*p = (struct profile){ 0 };
}
