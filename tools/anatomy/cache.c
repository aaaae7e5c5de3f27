/* The caches' model (cache.h). */
#include "cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sizes and ways from the vendors' optimization manuals; the latencies of the first
 * two levels there too, the last level's and memory's as published measurements
 * give them (docs/METHOD.md, "Caches, modelled"). */
static const struct cache_geometry presets[] = {
	{ "zen4", { [L1I] = { 32, 8, 1 }, [L1D] = { 32, 8, 4 }, [L2] = { 1024, 8, 14 },
		    [LLC] = { 32768, 16, 50 } }, 400,
	  "AMD Software Optimization Guide for Family 19h Processors (56665): sizes, ways, "
	  "L1D 4 and L2 14 cycles; L3 50 and memory 400 cycles (80 ns at 5 GHz) measured" },
	{ "golden-cove", { [L1I] = { 32, 8, 1 }, [L1D] = { 48, 12, 5 }, [L2] = { 1280, 10, 15 },
			   [LLC] = { 30720, 12, 65 } }, 500,
	  "Intel 64 and IA-32 Architectures Optimization Reference Manual (Golden Cove, "
	  "Alder Lake's P-core): sizes, ways, L1D 5 and L2 15 cycles; LLC 65 and memory 500 "
	  "cycles (100 ns at 5 GHz) measured" },
};

const struct cache_geometry *cache_preset(const char *name)
{
	for (size_t i = 0; i < sizeof(presets) / sizeof(presets[0]); i++)
		if (!strcmp(presets[i].name, name))
			return &presets[i];
	return NULL;
}

const char *cache_preset_names(void)
{
	return "zen4, golden-cove";
}

/* "SIZE/WAYS[@LATENCY]" into l; SIZE in K or M. */
static bool parse_level(const char *s, struct level_geometry *l)
{
	char unit = 0;
	unsigned size, ways, lat;
	int n = 0;
	if (sscanf(s, "%u%c/%u%n", &size, &unit, &ways, &n) < 3 || (unit != 'K' && unit != 'M'))
		return false;
	l->kib = unit == 'M' ? size * 1024 : size;
	l->ways = ways;
	if (s[n] == '@') {
		if (sscanf(s + n + 1, "%u", &lat) != 1)
			return false;
		l->latency = lat;
	}
	uint64_t lines = (uint64_t)l->kib * 1024 >> LINE_SHIFT;
	return ways && ways <= 64 && lines % ways == 0;
}

static const char *const level_names[CACHE_LEVELS] = { "L1I", "L1D", "L2", "LLC" };

static const char *parse_item(struct cache_geometry *g, const char *item, char *err, size_t size)
{
	const char *eq = strchr(item, '=');
	if (eq && !strncmp(item, "MEM=", 4) && sscanf(eq + 1, "%u", &g->memory_latency) == 1)
		return NULL;
	for (int i = 0; eq && i < CACHE_LEVELS; i++)
		if ((size_t)(eq - item) == strlen(level_names[i]) &&
		    !strncmp(item, level_names[i], (size_t)(eq - item))) {
			if (parse_level(eq + 1, &g->level[i]))
				return NULL;
			snprintf(err, size, "%s: SIZE/WAYS[@LATENCY] with SIZE in K or M, a whole "
				 "number of sets of at most 64 ways, not '%s'", level_names[i], eq + 1);
			return err;
		}
	snprintf(err, size, "'%s' is none of L1I=, L1D=, L2=, LLC=, MEM=", item);
	return err;
}

const char *cache_geometry_parse(struct cache_geometry *g, const char *spec, char *err,
				 size_t size)
{
	char buf[256], *save = NULL;
	snprintf(buf, sizeof(buf), "%s%s", strchr(spec, '=') && !strchr(spec, ':') ? "zen4:" : "",
		 spec);
	char *colon = strchr(buf, ':');
	if (colon)
		*colon = 0;
	const struct cache_geometry *base = cache_preset(buf);
	if (!base) {
		snprintf(err, size, "no cache preset '%s' (%s)", buf, cache_preset_names());
		return err;
	}
	*g = *base;
	if (!colon)
		return NULL;
	snprintf(g->name, sizeof(g->name), "%.20s+", base->name);
	g->source = "a preset with the levels given (tools/run --caches)";
	for (char *item = strtok_r(colon + 1, ",+", &save); item; item = strtok_r(NULL, ",+", &save))
		if (parse_item(g, item, err, size))
			return err;
	return NULL;
}

static bool level_init(struct cache_level *l, const struct level_geometry *g)
{
	l->ways = g->ways;
	l->sets = (uint32_t)(((uint64_t)g->kib * 1024 >> LINE_SHIFT) / g->ways);
	l->way = calloc((size_t)l->sets * l->ways, sizeof(*l->way));
	return l->way != NULL;
}

bool cache_init(struct cache *c, const struct cache_geometry *g)
{
	memset(c, 0, sizeof(*c));
	for (int i = 0; i < CACHE_LEVELS; i++) {
		if (!level_init(&c->level[i], &g->level[i]))
			return false;
		c->latency[i] = g->level[i].latency;
	}
	c->latency[MEMORY] = g->memory_latency;
	return true;
}

void cache_free(struct cache *c)
{
	for (int i = 0; i < CACHE_LEVELS; i++)
		free(c->level[i].way);
	memset(c, 0, sizeof(*c));
}

void cache_copy(struct cache *c, const struct cache *from)
{
	for (int i = 0; i < CACHE_LEVELS; i++) {
		size_t n = (size_t)from->level[i].sets * from->level[i].ways;
		memcpy(c->level[i].way, from->level[i].way, n * sizeof(*c->level[i].way));
	}
	memcpy(c->evicted, from->evicted, sizeof(c->evicted));
}

/* The line in its set of l, moved to the front (most recently used): a hit; else
 * put in front, the least recently used leaving (counted when it was the
 * workload's and another evicts it). */
static bool level_touch(struct cache *c, int id, uint64_t line, uint8_t owner)
{
	struct cache_level *l = &c->level[id];
	uint64_t set = l->sets & (l->sets - 1) ? line % l->sets : line & (l->sets - 1);
	uint64_t *way = l->way + (size_t)set * l->ways, want = (line + 1) << 1;
	uint32_t w = 0;
	while (w < l->ways && (way[w] & ~1ull) != want)
		w++;
	bool hit = w < l->ways;
	if (!hit) {
		w = l->ways - 1;
		if ((way[w] & 1) == OWNER_WORKLOAD && owner != OWNER_WORKLOAD)
			c->evicted[id]++;
	}
	memmove(way + 1, way, w * sizeof(*way));
	way[0] = want | owner;
	return hit;
}

/* Each level looked up in turn until one holds the line; those that missed are
 * filled on the way (a hit in the first level touches no other). */
unsigned cache_access(struct cache *c, uint64_t addr, bool instruction, uint8_t owner)
{
	uint64_t line = addr >> LINE_SHIFT;
	int first = instruction ? L1I : L1D;
	if (level_touch(c, first, line, owner))
		return first;
	if (level_touch(c, L2, line, owner))
		return L2;
	if (level_touch(c, LLC, line, owner))
		return LLC;
	return MEMORY;
}
