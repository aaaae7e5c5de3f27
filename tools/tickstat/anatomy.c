/* "The tick, function by function": the annexes' records gathered (anatomy.h). */
#include "anatomy.h"
#include "configuration.h"
#include "schema.h"

#include <stdlib.h>
#include <string.h>

static void copy(char *dst, size_t size, const char *src)
{
	snprintf(dst, size, "%s", src ? src : "");
}

/* Whether field i of r, a run record or an annex's record about runs, is of the
 * run's: the run record's own fields, and those of the annex's that a run record
 * has (lib/record/schema.def's SCHEMA_RUN_CONFIG, copied from the runs), not what the
 * annex adds (the episodes' kind, the layer, the cache's geometry). */
static bool of_the_run(const struct rec *r, size_t i)
{
	return rec_type_is(r, RECORD_TYPE(run)) ||
	       schema_field(SCHEMA_TYPE_run, r->f[i].key, strlen(r->f[i].key));
}

/* The configuration of a run record or of an annex's record about its runs
 * (lib/record/configuration.h) without its type and without what the annex adds (the
 * episodes' kind, the layer, the cache's geometry): a run's and its episodes' of
 * every kind the same. */
static void key_of(const struct rec *r, char *key, size_t size)
{
	size_t n = 0;
	key[0] = 0;
	for (size_t i = 0; i < r->nfields && n + 1 < size; i++) {
		const struct field *f = &r->f[i];
		if (!configuration_field(r, i) || !of_the_run(r, i))
			continue;
		if (f->v.kind == V_STRING)
			n += (size_t)snprintf(key + n, size - n, " %s=%s", f->key, f->v.s);
		else
			n += (size_t)snprintf(key + n, size - n, " %s=%llu", f->key,
					      (unsigned long long)f->v.u);
	}
}

/* Linux's own arguments: its command line without what the runner and GRUB put
 * there (BOOT_IMAGE, console=, quiet, panic=1, tickbench_symbols=) and without
 * the words for the program after "--". */
static void own_args(char *dst, size_t size, const char *cmdline)
{
	static const char *const runners[] = { "BOOT_IMAGE=", "console=", "quiet", "panic=1",
					       "tickbench_symbols=", NULL };
	char buf[1024];
	size_t n = 0;
	copy(buf, sizeof(buf), cmdline);
	dst[0] = 0;
	for (char *w = strtok(buf, " "); w && strcmp(w, "--"); w = strtok(NULL, " ")) {
		const char *const *r = runners;
		while (*r && strncmp(w, *r, strlen(*r)))
			r++;
		if (!*r && n + strlen(w) + 2 < size)
			n += (size_t)snprintf(dst + n, size - n, "%s%s", n ? " " : "", w);
	}
}

static void take_log_record(struct anatomy *a, const struct rec *r)
{
	const char *t = r->type;
	if (!strcmp(t, "boot")) {
		memset(&a->now, 0, sizeof(a->now));
		a->now.file = r->file;
		copy(a->now.kernel, sizeof(a->now.kernel), "bare kernel");
	} else if (!strcmp(t, "calibration")) {
		rec_u64(r, FIELD_INT(calibration, tsc_hz), &a->now.tsc_hz);
	} else if (!strcmp(t, "linux")) {
		a->now.under_linux = true;
		const char *release = rec_str(r, FIELD(linux, release, STR));
		snprintf(a->now.kernel, sizeof(a->now.kernel), "Linux %s", release ? release : "?");
		own_args(a->now.args, sizeof(a->now.args),
			 rec_str(r, FIELD(linux, kernel_cmdline, STR)));
	}
}

/* A spin run with the timer: its holes' cycles beyond the step, the tick's and the
 * shared ones (docs/FORMAT.md, "run"), summed per configuration of the boot. */
static void take_run(struct anatomy *a, const struct rec *r)
{
	bool on = false;
	uint64_t gap = 0, gaps = 0, shared = 0, shared_holes = 0;
	const char *w = rec_str(r, FIELD(run, workload, STR));
	if (!rec_bool(r, FIELD(run, timer_on, BOOL), &on) || !on || !w || strcmp(w, "spin") ||
	    !rec_u64(r, FIELD_INT(run, gap_cycles), &gap) || !rec_u64(r, FIELD_INT(run, gaps), &gaps))
		return;
	rec_u64(r, FIELD_INT(run, shared_cycles), &shared);
	rec_u64(r, FIELD_INT(run, shared_holes), &shared_holes);
	char key[512];
	key_of(r, key, sizeof(key));
	int i = 0;
	while (i < a->now.nholes && strcmp(a->now.holes[i].key, key))
		i++;
	if (i == AN_MAX_HOLES)
		return;
	if (i == a->now.nholes)
		copy(a->now.holes[a->now.nholes++].key, sizeof(key), key);
	a->now.holes[i].cycles += gap + shared;
	a->now.holes[i].holes += gaps + shared_holes;
}

static void take_layer(struct anatomy *a, const struct rec *r)
{
	const char *name = rec_str(r, FIELD(anatomy_layer, layer, STR));
	for (int i = 0; i < a->nlayers; i++)
		if (name && !strcmp(a->layer[i].name, name))
			return;
	if (!name || a->nlayers == AN_MAX_LAYERS)
		return;
	copy(a->layer[a->nlayers].name, sizeof(a->layer->name), name);
	copy(a->layer[a->nlayers++].description, sizeof(a->layer->description),
	     rec_str(r, FIELD(anatomy_layer, description, STR)));
}

static void fill_config(struct anatomy *a, struct an_config *c, const struct rec *r)
{
	memset(c, 0, sizeof(*c));
	copy(c->kernel, sizeof(c->kernel), a->now.kernel);
	copy(c->args, sizeof(c->args), a->now.args);
	copy(c->file, sizeof(c->file), a->now.file);
	key_of(r, c->key, sizeof(c->key));
	copy(c->workload, sizeof(c->workload), rec_str(r, FIELD(anatomy_episodes, workload, STR)));
	copy(c->timer, sizeof(c->timer), rec_str(r, FIELD(anatomy_episodes, timer, STR)));
	copy(c->mode, sizeof(c->mode), rec_str(r, FIELD(anatomy_episodes, mode, STR)));
	copy(c->handler, sizeof(c->handler), rec_str(r, FIELD(anatomy_episodes, handler, STR)));
	rec_u64(r, FIELD_INT(anatomy_episodes, hz), &c->hz);
	rec_u64(r, FIELD_INT(anatomy_episodes, tick_data_kib), &c->tick_data_kib);
	c->tsc_hz = a->now.tsc_hz;
	rec_u64(r, FIELD_INT(anatomy_episodes, runs), &c->runs);
	rec_u64(r, FIELD_INT(anatomy_episodes, episodes), &c->episodes);
	rec_u64(r, FIELD_INT(anatomy_episodes, instructions), &c->instructions);
	rec_u64(r, FIELD_INT(anatomy_episodes, min), &c->min);
	rec_u64(r, FIELD_INT(anatomy_episodes, p50), &c->p50);
	rec_u64(r, FIELD_INT(anatomy_episodes, p99), &c->p99);
	rec_u64(r, FIELD_INT(anatomy_episodes, max), &c->max);
	for (int i = 0; i < a->now.nholes; i++)
		if (!strcmp(a->now.holes[i].key, c->key)) {
			c->holes_known = true;
			c->hole_cycles = a->now.holes[i].cycles;
			c->holes = a->now.holes[i].holes;
		}
}

/* An anatomy_episodes record: a new configuration for the tick's, else the count
 * of its configuration's other episodes. */
static void take_episodes(struct anatomy *a, const struct rec *r)
{
	const char *kind = rec_str(r, FIELD(anatomy_episodes, kind, STR));
	uint64_t episodes = 0;
	a->now.last = NULL;
	if (!kind || strcmp(kind, "tick")) {
		char key[512];
		key_of(r, key, sizeof(key));
		rec_u64(r, FIELD_INT(anatomy_episodes, episodes), &episodes);
		for (int i = 0; i < a->n; i++)
			if (!strcmp(a->c[i].key, key) && !strcmp(a->c[i].file, a->now.file ? a->now.file : ""))
				a->c[i].other_episodes += episodes;
		return;
	}
	if (a->n == AN_MAX_CONFIGS) {
		a->full = true;
		return;
	}
	a->now.last = &a->c[a->n++];
	fill_config(a, a->now.last, r);
}

static void take_function(struct anatomy *a, const struct rec *r)
{
	struct an_config *c = a->now.last;
	if (!c)
		return;
	struct an_function *fn = realloc(c->fn, (c->nfn + 1) * sizeof(*fn));
	if (!fn) {
		a->full = true;
		return;
	}
	c->fn = fn;
	fn = &c->fn[c->nfn++];
	copy(fn->name, sizeof(fn->name), rec_str(r, FIELD(anatomy, function, STR)));
	copy(fn->layer, sizeof(fn->layer), rec_str(r, FIELD(anatomy, layer, STR)));
	fn->instructions = 0;
	rec_u64(r, FIELD_INT(anatomy, instructions), &fn->instructions);
}

/* The tick configuration of this boot a cache record of kind tick belongs to. */
static struct an_caches *caches_of(struct anatomy *a, const struct rec *r)
{
	char key[512];
	const char *kind = rec_str(r, FIELD_OF(kind, STR, cache, cache_layer, cache_after));
	if (!kind || strcmp(kind, "tick"))
		return NULL;
	key_of(r, key, sizeof(key));
	for (int i = a->n - 1; i >= 0; i--)
		if (!strcmp(a->c[i].key, key) && !strcmp(a->c[i].file, a->now.file ? a->now.file : ""))
			return &a->c[i].caches;
	return NULL;
}

/* Each level's field of a quantity (lib/record/schema.def), l1i, l1d, l2, llc in turn. */
static const char *const evicted_keys[AN_LEVELS] =
	SCHEMA_CACHE_LEVELS(evicted, U64, cache);
static const char *const excess_keys[AN_LEVELS] =
	SCHEMA_CACHE_LEVELS(excess, I64, cache, cache_after);
static const char *const misses_keys[AN_LEVELS] =
	SCHEMA_CACHE_LEVELS(workload_misses, U64, cache);

static void levels(const struct rec *r, const char *const *keys, uint64_t *u, int64_t *s)
{
	for (int l = 0; l < AN_LEVELS; l++) {
		const struct value *v = rec_get(r, keys[l]);
		if (v && u)
			u[l] = v->u;
		else if (v && s)
			s[l] = v->neg ? -(int64_t)v->u : (int64_t)v->u;
	}
}

static int64_t signed_of(const struct rec *r, const char *key)
{
	const struct value *v = rec_get(r, key);
	return !v ? 0 : v->neg ? -(int64_t)v->u : (int64_t)v->u;
}

static void take_cache(struct anatomy *a, const struct rec *r)
{
	struct an_caches *k = caches_of(a, r);
	if (!k)
		return;
	k->known = true;
	copy(k->preset, sizeof(k->preset), rec_str(r, FIELD(cache, preset, STR)));
	copy(k->geometry, sizeof(k->geometry), rec_str(r, FIELD(cache, geometry, STR)));
	rec_u64(r, FIELD_INT(cache, episodes), &k->episodes);
	rec_u64(r, FIELD_INT(cache, footprint_i_lines_sum), &k->fetched);
	rec_u64(r, FIELD_INT(cache, footprint_i_lines_sq), &k->fetched_sq);
	rec_u64(r, FIELD_INT(cache, footprint_d_lines_sum), &k->touched);
	rec_u64(r, FIELD_INT(cache, footprint_d_lines_sq), &k->touched_sq);
	levels(r, evicted_keys, k->evicted, NULL);
	levels(r, excess_keys, NULL, k->excess);
	k->cycles = signed_of(r, FIELD_INT(cache, indirect_cycles_sum));
	k->cycles_max = signed_of(r, FIELD_INT(cache, indirect_cycles_max));
	rec_u64(r, FIELD_INT(cache, indirect_cycles_sq), &k->cycles_sq);
	rec_u64(r, FIELD_INT(cache, workload_accesses), &k->work_accesses);
	levels(r, misses_keys, k->work_misses, NULL);
}

static void take_cache_layer(struct anatomy *a, const struct rec *r)
{
	struct an_caches *k = caches_of(a, r);
	if (!k || k->nlayers == AN_MAX_LAYERS)
		return;
	copy(k->layer[k->nlayers].name, sizeof(k->layer->name),
	     rec_str(r, FIELD(cache_layer, layer, STR)));
	rec_u64(r, FIELD_INT(cache_layer, footprint_i_lines_sum), &k->layer[k->nlayers].fetched);
	rec_u64(r, FIELD_INT(cache_layer, footprint_d_lines_sum), &k->layer[k->nlayers].touched);
	k->nlayers++;
}

static void take_cache_after(struct anatomy *a, const struct rec *r)
{
	struct an_caches *k = caches_of(a, r);
	uint64_t lo = 0;
	if (!k || !rec_u64(r, FIELD_INT(cache_after, after_lo), &lo))
		return;
	int d = 0;
	while (d + 1 < AN_DISTANCES && (1ull << (d + 1)) <= lo)
		d++;
	levels(r, excess_keys, NULL, k->after[d]);
	k->after[d][AN_LEVELS] = signed_of(r, FIELD_INT(cache_after, indirect_cycles));
}

void anatomy_take(const struct rec *r, void *ctx)
{
	struct anatomy *a = ctx;
	const char *t = r->type;
	if (!strcmp(t, "cache"))
		take_cache(a, r);
	else if (!strcmp(t, "cache_layer"))
		take_cache_layer(a, r);
	else if (!strcmp(t, "cache_after"))
		take_cache_after(a, r);
	else if (!strcmp(t, "annex"))
		a->now.in_annex = true;
	else if (!strcmp(t, "anatomy_layer"))
		take_layer(a, r);
	else if (!strcmp(t, "anatomy_episodes"))
		take_episodes(a, r);
	else if (!strcmp(t, "anatomy"))
		take_function(a, r);
	else if (!strcmp(t, "run"))
		take_run(a, r);
	else
		take_log_record(a, r);
}

void anatomy_free(struct anatomy *a)
{
	for (int i = 0; i < a->n; i++)
		free(a->c[i].fn);
	memset(a, 0, sizeof(*a));
}

uint64_t anatomy_layer_sum(const struct an_config *c, const char *layer)
{
	uint64_t sum = 0;
	for (size_t i = 0; i < c->nfn; i++)
		if (!strcmp(c->fn[i].layer, layer))
			sum += c->fn[i].instructions;
	return sum;
}

void anatomy_label(char *buf, size_t size, const struct an_config *c, bool workload)
{
	int n = snprintf(buf, size, "%s", c->kernel);
	if (c->args[0] && n >= 0 && (size_t)n < size)
		n += snprintf(buf + n, size - (size_t)n, " %s", c->args);
	if (!strcmp(c->handler, "floor") || !strcmp(c->handler, "full"))
		n += snprintf(buf + n, size - (size_t)n, ", handler %s", c->handler);
	if (c->tick_data_kib && n >= 0 && (size_t)n < size)
		n += snprintf(buf + n, size - (size_t)n, ", %llu KiB of data a tick",
			      (unsigned long long)c->tick_data_kib);
	if (workload && n >= 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, ", %s", c->workload);
}
