/* The anatomy's cache mode, host parts (tools/anatomy/cache.c, caches.c): the model
 * on streams with known answers (a working set that fits, one set thrashed, a
 * working set of exactly one level), held access for access to a reference model
 * written the plain way (per way a time of last use) on random streams of several
 * geometries, an odd number of sets among them; the evictions it counts; the
 * geometries' presets and specs; and the shadow's arithmetic: an episode that
 * evicts k of the workload's lines costs exactly k misses and k x the latency
 * difference, its footprint given to the block that touched each line first. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "cache.h"
#include "caches.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A small geometry: L1 2 KiB 2-way (16 sets), L2 8 KiB 4-way, LLC 32 KiB 8-way. */
static struct cache_geometry small(void)
{
	struct cache_geometry g = { "small", { [L1I] = { 2, 2, 1 }, [L1D] = { 2, 2, 4 },
					     [L2] = { 8, 4, 10 }, [LLC] = { 32, 8, 40 } }, 200, "test" };
	return g;
}

static void fits(void **state)
{
	struct cache_geometry g = small();
	struct cache c;
	assert_true(cache_init(&c, &g));
	for (int pass = 0; pass < 3; pass++)
		for (uint64_t a = 0; a < 2048; a += 64)
			assert_int_equal(cache_access(&c, a, false, OWNER_WORKLOAD), pass ? L1D : MEMORY);
	cache_free(&c);
}

/* Three lines of one set of a 2-way level, in turn: LRU misses every time there. */
static void thrash_one_set(void **state)
{
	struct cache_geometry g = small();
	struct cache c;
	assert_true(cache_init(&c, &g));
	uint64_t stride = 16 * 64;              /* the L1's sets x the line */
	for (int pass = 0; pass < 4; pass++)
		for (int i = 0; i < 3; i++) {
			unsigned hit = cache_access(&c, (uint64_t)i * stride, false, OWNER_WORKLOAD);
			assert_int_equal(hit, pass ? L2 : MEMORY);
		}
	cache_free(&c);
}

/* A working set of exactly L2's size: L1 misses, L2 hits, after the first pass. */
static void one_level(void **state)
{
	struct cache_geometry g = small();
	struct cache c;
	assert_true(cache_init(&c, &g));
	for (int pass = 0; pass < 3; pass++)
		for (uint64_t a = 0; a < 8192; a += 64)
			assert_int_equal(cache_access(&c, a, false, OWNER_WORKLOAD), pass ? L2 : MEMORY);
	cache_free(&c);
}

/* The reference: per set of each level `ways` tags with the time each was used. */
struct ref_level { uint32_t sets, ways; uint64_t *tag, *used; };
struct ref { struct ref_level l[CACHE_LEVELS]; uint64_t now; };

static void ref_init(struct ref *r, const struct cache_geometry *g)
{
	memset(r, 0, sizeof(*r));
	for (int i = 0; i < CACHE_LEVELS; i++) {
		r->l[i].ways = g->level[i].ways;
		r->l[i].sets = g->level[i].kib * 1024 / 64 / g->level[i].ways;
		r->l[i].tag = calloc(r->l[i].sets * r->l[i].ways, sizeof(uint64_t));
		r->l[i].used = calloc(r->l[i].sets * r->l[i].ways, sizeof(uint64_t));
	}
}

static bool ref_level(struct ref *r, int id, uint64_t line)
{
	struct ref_level *l = &r->l[id];
	uint64_t *tag = l->tag + (line % l->sets) * l->ways, *used = l->used + (line % l->sets) * l->ways;
	uint32_t victim = 0;
	r->now++;
	for (uint32_t w = 0; w < l->ways; w++) {
		if (tag[w] == line + 1) {
			used[w] = r->now;
			return true;
		}
		if (used[w] < used[victim])
			victim = w;
	}
	tag[victim] = line + 1;
	used[victim] = r->now;
	return false;
}

static unsigned ref_access(struct ref *r, uint64_t addr, bool fetch)
{
	uint64_t line = addr >> 6;
	if (ref_level(r, fetch ? L1I : L1D, line))
		return fetch ? L1I : L1D;
	if (ref_level(r, L2, line))
		return L2;
	return ref_level(r, LLC, line) ? LLC : MEMORY;
}

static void against_reference(const char *spec, int accesses, uint64_t span)
{
	struct cache_geometry g;
	char err[256];
	assert_null(cache_geometry_parse(&g, spec, err, sizeof(err)));
	struct cache c;
	struct ref r;
	assert_true(cache_init(&c, &g));
	ref_init(&r, &g);
	uint64_t x = 12345, counts[MEMORY + 1] = { 0 };
	for (int i = 0; i < accesses; i++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		uint64_t addr = (x >> 17) % span;
		bool fetch = (x >> 60) == 0;
		unsigned want = ref_access(&r, addr, fetch);
		assert_int_equal(cache_access(&c, addr, fetch, OWNER_WORKLOAD), want);
		counts[want]++;
	}
	for (unsigned l = L1D; l <= MEMORY; l++)     /* the stream reached every level */
		assert_true(counts[l] > 0);
	cache_free(&c);
	for (int i = 0; i < CACHE_LEVELS; i++)
		free(r.l[i].tag), free(r.l[i].used);
}

static void random_streams(void **state)
{
	against_reference("zen4:L1I=2K/2,L1D=2K/2,L2=8K/4,LLC=32K/8", 200000, 96 * 1024);
	against_reference("zen4:L1I=3K/3,L1D=3K/3,L2=12K/6,LLC=48K/12", 200000, 128 * 1024);
	against_reference("golden-cove:L1I=4K/8,L1D=6K/12,L2=40K/10,LLC=120K/12", 200000, 512 * 1024);
}

/* A workload's line evicted by another's access counts; by its own, not. */
static void evictions(void **state)
{
	struct cache_geometry g = small();
	struct cache c;
	assert_true(cache_init(&c, &g));
	uint64_t stride = 16 * 64;
	cache_access(&c, 0, false, OWNER_WORKLOAD);
	cache_access(&c, stride, false, OWNER_WORKLOAD);
	cache_access(&c, 2 * stride, false, OWNER_WORKLOAD);    /* evicts line 0: its own */
	assert_int_equal(c.evicted[L1D], 0);
	cache_access(&c, 3 * stride, false, OWNER_OTHER);       /* evicts the workload's */
	assert_int_equal(c.evicted[L1D], 1);
	cache_free(&c);
}

static void geometries(void **state)
{
	struct cache_geometry g;
	char err[256];
	assert_null(cache_geometry_parse(&g, "golden-cove", err, sizeof(err)));
	assert_int_equal(g.level[L1D].kib, 48);
	assert_int_equal(g.level[L1D].ways, 12);
	assert_null(cache_geometry_parse(&g, "L1D=48K/12,L2=2M/16@15", err, sizeof(err)));
	assert_string_equal(g.name, "zen4+");
	assert_int_equal(g.level[L2].kib, 2048);
	assert_int_equal(g.level[L2].latency, 15);
	assert_int_equal(g.level[L1D].latency, 4);              /* zen4's kept */
	assert_null(cache_geometry_parse(&g, "zen4:MEM=300+LLC=16M/16", err, sizeof(err)));
	assert_int_equal(g.memory_latency, 300);
	assert_non_null(cache_geometry_parse(&g, "bogus", err, sizeof(err)));
	assert_non_null(strstr(err, "zen4, golden-cove"));
	assert_non_null(cache_geometry_parse(&g, "zen4:L2=3M/7", err, sizeof(err)));
	assert_non_null(cache_geometry_parse(&g, "zen4:L3=1M/8", err, sizeof(err)));
}

/* ---- the shadow ------------------------------------------------------------- */

static uint64_t workload_insns;

/* A run of the workload over 16 lines of data, one in each of small()'s 16 L1D sets
 * of 2 ways; an episode touching 32 lines of other data, two in each set, evicts
 * all 16 from L1D (not from L2, of 128 lines); the workload's next pass misses L1D
 * exactly 16 times more than its shadow, each hit in L2 (10 - 4 cycles), 100 of its
 * instructions after the episode. */
static void shadow_damage(void **state)
{
	struct cache_geometry g = small();
	struct caches c;
	uint16_t offsets[1] = { 0 };
	struct block b = { .vaddr = 0x5000, .n = 1, .offsets = offsets };
	assert_true(caches_init(&c, &g, &workload_insns));
	caches_hooks.run_begin(&c, 0);
	for (int pass = 0; pass < 2; pass++)
		for (uint64_t a = 0; a < 16 * 64; a += 64)
			caches_access(&c, 0x100000 + a, false, true);
	caches_hooks.episode_begin(&c, 0, 0x5000);
	caches_hooks.block(&c, 0, &b);
	for (uint64_t a = 0; a < 32 * 64; a += 64)
		caches_access(&c, 0x900000 + a, false, false);
	caches_hooks.episode_end(&c, 0);
	workload_insns += 100;
	for (uint64_t a = 0; a < 16 * 64; a += 64)
		caches_access(&c, 0x100000 + a, false, true);
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	caches_hooks.run_end(&c, 0, out);
	fclose(out);
	/* cache ENTRY EPISODES FETCHED FETCHED_SQ TOUCHED TOUCHED_SQ EVICTED x4 EXCESS x4
	 * CYCLES CYCLES_SQ CYCLES_MAX */
	assert_non_null(strstr(text, "cache 0x5000 1 0 0 32 1024 0 16 0 0 0 16 0 0 96 9216 96\n"));
	assert_non_null(strstr(text, "cfirst 0x5000 0x5000 d 32\n"));
	assert_non_null(strstr(text, "cdist 0x5000 6 0 16 0 0 96\n"));     /* 100 after: 2^6 */
	free(text);
	caches_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fits),
		cmocka_unit_test(thrash_one_set),
		cmocka_unit_test(one_level),
		cmocka_unit_test(random_streams),
		cmocka_unit_test(evictions),
		cmocka_unit_test(geometries),
		cmocka_unit_test(shadow_damage),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
