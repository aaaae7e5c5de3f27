/* build/anatomy/annex: the anatomy's records, from what the QEMU plugin counted, the
 * kernel's symbols and the log of the same boot, appended to that log as an annex
 * (docs/FORMAT.md, "The annex"; docs/METHOD.md, "The tick's anatomy"). tools/run
 * --anatomy runs it after QEMU.
 *
 *   build/anatomy/annex --profile FILE --symbols FILE --symbols-from elf|kallsyms
 *                       [--layers FILE] LOG
 *
 * Each run record of the log's last boot names its call of the measured code
 * ("call", on CPU "cpu"); the plugin's run of that ordinal on that vCPU is its
 * anatomy. After the annex record, an anatomy_layer record for each layer that
 * the functions below are in; then per configuration of the runs (their
 * configuration fields, and timer_on) and kind of episode: an anatomy_episodes
 * record, then an anatomy record per function, the most instructions first.
 * Exit status: 0 the annex is written, every run record's anatomy in it; 1 written,
 * but some run records have none (the annex's status is "fail"; each said on
 * standard error); 2 nothing written (what is wrong is said). */
#include "annex.h"
#include "cache.h"
#include "caches.h"
#include "follow.h"
#include "configuration.h"
#include "schema.h"
#include "profile.h"
#include "symbols.h"
#include "table.h"
#include "tally.h"

#include "log.h"
#include "record.h"
#include "say_error.h"
#include "version.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CONFIG_FIELDS_MAX 32
#define KINDS_MAX 8

struct config_field {
	char *key;
	bool is_string, is_bool;
	char *s;
	uint64_t u;
	bool b;
};

struct kind_total {
	const char *kind;
	uint64_t runs, episodes, instructions;
	struct tally sizes;             /* size -> episodes */
	struct tally functions;         /* function number -> instructions */
	struct cache_kind *cache;       /* the cache mode's figures, NULL without */
};

struct group {
	char key[2048];
	struct config_field f[CONFIG_FIELDS_MAX];
	size_t nf;
	uint64_t runs;
	struct kind_total kind[KINDS_MAX];
	size_t n_kinds;
};

/* A run record of the boot: its CPU, its call, its configuration's group. */
struct run_ref {
	uint64_t cpu, call;
	size_t group;
	bool found;
};

struct annex {
	char boot_crc[9];
	uint64_t load_addr;
	struct group *groups;
	size_t n_groups;
	struct run_ref *runs;
	size_t n_runs;
	/* functions, by number */
	char **fn_name;
	const char **fn_layer;
	size_t n_fn;
	struct tally fn_of_addr;        /* address -> 1 + function number */
	struct tally fn_of_name;        /* name's hash -> 1 + function number (chained by probing) */
};

static struct annex ax;
static struct symbols syms;
static struct table table;
static struct profile prof;
static FILE *log_out;
static bool lower_half_is_user;        /* Linux's symbols: user space below them */

static void die(const char *what, const char *why)
{
	fprintf(stderr, "anatomy annex: %s%s%s\n", what, why ? ": " : "", why ? why : "");
	exit(2);
}

static void *grow(void *v, size_t n, size_t size)
{
	v = realloc(v, (n + 1) * size);
	if (!v)
		die("out of memory", NULL);
	return v;
}

/* ---- the log: the last boot's run records ---------------------------------- */

static void take_boot(const struct rec *r)
{
	for (size_t i = 0; i < ax.n_groups; i++)
		for (size_t j = 0; j < ax.groups[i].nf; j++)
			free(ax.groups[i].f[j].key), free(ax.groups[i].f[j].s);
	free(ax.groups), free(ax.runs);
	ax.groups = NULL, ax.runs = NULL, ax.n_groups = ax.n_runs = 0;
	/* the line ends "crc":"xxxxxxxx"} */
	snprintf(ax.boot_crc, sizeof(ax.boot_crc), "%.8s", r->raw + r->rawlen - 10);
	if (!rec_u64(r, FIELD_INT(boot, load_addr), &ax.load_addr))
		ax.load_addr = 0;
}

static void copy_field(struct config_field *c, const struct field *f)
{
	c->key = strdup(f->key);
	c->is_string = f->v.kind == V_STRING;
	c->is_bool = f->v.kind == V_BOOL;
	c->s = c->is_string ? strdup(f->v.s) : NULL;
	c->u = f->v.u;
	c->b = f->v.b;
}

/* A group's fields: its configuration's, and timer_on. */
static bool is_group_field(const struct rec *r, size_t i)
{
	return configuration_field(r, i) || !strcmp(r->f[i].key, FIELD(run, timer_on, BOOL));
}

static size_t group_of(const struct rec *r)
{
	char key[2048];
	const struct value *timer_on = rec_get(r, FIELD_ANY(run, timer_on));
	bool on = timer_on && timer_on->kind == V_BOOL && timer_on->b;
	struct configuration config;
	configuration_of(&config, r);
	snprintf(key, sizeof(key), "%s%s", config.text, on ? " timer_on" : " timer_off");
	for (size_t i = 0; i < ax.n_groups; i++)
		if (!strcmp(ax.groups[i].key, key))
			return i;
	ax.groups = grow(ax.groups, ax.n_groups, sizeof(*ax.groups));
	struct group *g = &ax.groups[ax.n_groups];
	memset(g, 0, sizeof(*g));
	snprintf(g->key, sizeof(g->key), "%s", key);
	for (size_t i = 0; i < r->nfields && g->nf < CONFIG_FIELDS_MAX; i++)
		if (is_group_field(r, i))
			copy_field(&g->f[g->nf++], &r->f[i]);
	return ax.n_groups++;
}

static void take_record(const struct rec *r, void *ctx)
{
	uint64_t cpu, call;
	if (!strcmp(r->type, "boot")) {
		take_boot(r);
	} else if (!strcmp(r->type, "run") && rec_u64(r, FIELD_INT(run, call), &call) &&
		   rec_u64(r, FIELD_INT(run, cpu), &cpu)) {
		ax.runs = grow(ax.runs, ax.n_runs, sizeof(*ax.runs));
		ax.runs[ax.n_runs++] = (struct run_ref){ .cpu = cpu, .call = call, .group = group_of(r) };
	}
}

/* ---- functions --------------------------------------------------------------- */

static uint64_t name_hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return h;
}

/* The number of a function by name, made on first sight; its layer with it. */
static size_t function_named(const char *name, const char *layer)
{
	uint64_t h = name_hash(name);
	for (uint64_t probe = 0;; probe++) {
		uint64_t n = tally_get(&ax.fn_of_name, h, probe);
		if (!n)
			break;
		if (!strcmp(ax.fn_name[n - 1], name))
			return n - 1;
	}
	uint64_t probe = 0;
	while (tally_get(&ax.fn_of_name, h, probe))
		probe++;
	ax.fn_name = grow(ax.fn_name, ax.n_fn, sizeof(*ax.fn_name));
	ax.fn_layer = grow(ax.fn_layer, ax.n_fn, sizeof(*ax.fn_layer));
	ax.fn_name[ax.n_fn] = strdup(name);
	ax.fn_layer[ax.n_fn] = layer;
	tally_add(&ax.fn_of_name, h, probe, ax.n_fn + 1);
	return ax.n_fn++;
}

/* The function an instruction address lies in: the kernel's symbol, else user space
 * or code with no symbol. */
static size_t function_at(uint64_t addr)
{
	uint64_t known = tally_get(&ax.fn_of_addr, addr, 0);
	if (known)
		return known - 1;
	size_t fn;
	bool user = lower_half_is_user && addr < USER_SPACE_END;
	const char *name = user ? NULL : symbols_find(&syms, addr);
	if (user)
		fn = function_named(FUNCTION_USER, LAYER_USER);
	else if (!name)
		fn = function_named(FUNCTION_UNKNOWN, LAYER_OTHER);
	else
		fn = function_named(name, table_layer(&table, name));
	tally_add(&ax.fn_of_addr, addr, 0, fn + 1);
	return fn;
}

/* The layer of the function an address lies in. */
static const char *layer_at(uint64_t addr)
{
	return ax.fn_layer[function_at(addr)];
}

/* ---- the plugin's runs into their configurations ------------------------------ */

static struct kind_total *kind_in(struct group *g, const char *kind)
{
	for (size_t i = 0; i < g->n_kinds; i++)
		if (!strcmp(g->kind[i].kind, kind))
			return &g->kind[i];
	if (g->n_kinds == KINDS_MAX)
		return &g->kind[KINDS_MAX - 1];
	g->kind[g->n_kinds].kind = kind;
	return &g->kind[g->n_kinds++];
}

static const char *kind_of_entry(uint64_t entry)
{
	const char *name = symbols_find(&syms, entry);
	const char *kind = table_kind(&table, name);
	return kind ? kind : KIND_OTHER;
}

static void add_blocks(struct kind_total *k, const struct entry_profile *e)
{
	for (size_t i = 0; i < e->n_blocks; i++) {
		const struct block_count *b = &e->blocks[i];
		const struct block_shape *shape = profile_block(&prof, b->vaddr);
		for (uint32_t j = 0; j < b->k; j++) {
			uint64_t addr = b->vaddr + (shape && j < shape->n ? shape->offsets[j] : 0);
			tally_add(&k->functions, function_at(addr), 0, b->count);
		}
	}
}

/* The cache mode's figures of each entry, by kind; the run's own once a kind. */
static void add_caches(struct group *g, const struct run_profile *p)
{
	bool seen[KINDS_MAX] = { false };
	for (size_t i = 0; i < p->nc; i++) {
		struct kind_total *k = kind_in(g, kind_of_entry(p->c[i].entry));
		if (!k->cache)
			k->cache = cache_kind_new();
		cache_kind_add(k->cache, &p->c[i], p, !seen[k - g->kind], layer_at);
		seen[k - g->kind] = true;
	}
}

static void add_run(struct group *g, const struct run_profile *p)
{
	bool seen[KINDS_MAX] = { false };
	g->runs++;
	for (size_t i = 0; i < p->n; i++) {
		const struct entry_profile *e = &p->e[i];
		struct kind_total *k = kind_in(g, kind_of_entry(e->entry));
		if (!seen[k - g->kind])
			k->runs++;
		seen[k - g->kind] = true;
		k->episodes += e->episodes;
		k->instructions += e->instructions;
		for (size_t j = 0; j < e->n_sizes; j++)
			tally_add(&k->sizes, e->sizes[j].size, 0, e->sizes[j].count);
		add_blocks(k, e);
	}
	add_caches(g, p);
}

static const struct run_profile *profile_run(uint64_t vcpu, uint64_t ordinal)
{
	for (size_t i = 0; i < prof.n_runs; i++)
		if (prof.runs[i].vcpu == vcpu && prof.runs[i].ordinal == ordinal)
			return &prof.runs[i];
	return NULL;
}

/* Each run record's anatomy into its group; how many have none (said why). */
static unsigned join(void)
{
	unsigned missing = 0;
	for (size_t i = 0; i < ax.n_runs; i++) {
		struct run_ref *r = &ax.runs[i];
		const struct run_profile *p = profile_run(r->cpu, r->call);
		const char *why = !p ? "the plugin saw no such run" :
				  p->unfollowed ? "it began before the plugin followed the code outside it" :
				  p->open ? "it never ended" : NULL;
		if (why) {
			fprintf(stderr, "anatomy annex: the run record of CPU %llu, call %llu, has no anatomy: %s\n",
				(unsigned long long)r->cpu, (unsigned long long)r->call, why);
			missing++;
			continue;
		}
		r->found = true;
		add_run(&ax.groups[r->group], p);
	}
	return missing;
}

/* ---- the records ---------------------------------------------------------------- */

static void to_log(const char *line, size_t len)
{
	fwrite(line, 1, len, log_out);
}

static void config_fields(struct record *r, const struct group *g)
{
	for (size_t i = 0; i < g->nf; i++) {
		const struct config_field *c = &g->f[i];
		if (c->is_string)
			record_str(r, c->key, c->s);
		else if (c->is_bool)
			record_bool(r, c->key, c->b);
		else
			record_u64(r, c->key, c->u);
	}
}

static void group_fields(struct record *r, const void *group)
{
	config_fields(r, group);
}

/* The nearest-rank percentile (the least size with at least ceil(q * n / 1000) of
 * the n episodes at or below it) of sizes sorted by size. */
static uint64_t percentile(const struct size_count *s, size_t n, uint64_t episodes, unsigned per_mille)
{
	uint64_t rank = (episodes * per_mille + 999) / 1000, seen = 0;
	for (size_t i = 0; i < n; i++)
		if ((seen += s[i].count) >= (rank ? rank : 1))
			return s[i].size;
	return n ? s[n - 1].size : 0;
}

static int by_size(const void *a, const void *b)
{
	const struct size_count *x = a, *y = b;
	return x->size < y->size ? -1 : x->size > y->size;
}

static void emit_episodes(const struct group *g, const struct kind_total *k)
{
	size_t n = 0;
	struct size_count *s = calloc(k->sizes.used + 1, sizeof(*s));
	for (size_t i = 0; i < k->sizes.cap; i++)
		if (k->sizes.slot[i].count)
			s[n++] = (struct size_count){ k->sizes.slot[i].a, k->sizes.slot[i].count };
	qsort(s, n, sizeof(*s), by_size);
	struct record r;
	REC_BEGIN(&r, anatomy_episodes);
	config_fields(&r, g);
	REC_STR(&r, anatomy_episodes, kind, k->kind);
	REC_U64(&r, anatomy_episodes, runs, k->runs);
	REC_U64(&r, anatomy_episodes, episodes, k->episodes);
	REC_U64(&r, anatomy_episodes, instructions, k->instructions);
	REC_U64(&r, anatomy_episodes, min, n ? s[0].size : 0);
	REC_U64(&r, anatomy_episodes, p50, percentile(s, n, k->episodes, 500));
	REC_U64(&r, anatomy_episodes, p90, percentile(s, n, k->episodes, 900));
	REC_U64(&r, anatomy_episodes, p99, percentile(s, n, k->episodes, 990));
	REC_U64(&r, anatomy_episodes, max, n ? s[n - 1].size : 0);
	record_emit(&r);
	free(s);
}

static int by_instructions(const void *a, const void *b)
{
	const struct tally_slot *x = a, *y = b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(ax.fn_name[x->a], ax.fn_name[y->a]);
}

static void emit_functions(const struct group *g, const struct kind_total *k)
{
	size_t n = 0;
	struct tally_slot *s = calloc(k->functions.used + 1, sizeof(*s));
	for (size_t i = 0; i < k->functions.cap; i++)
		if (k->functions.slot[i].count)
			s[n++] = k->functions.slot[i];
	qsort(s, n, sizeof(*s), by_instructions);
	for (size_t i = 0; i < n; i++) {
		struct record r;
		REC_BEGIN(&r, anatomy);
		config_fields(&r, g);
		REC_STR(&r, anatomy, kind, k->kind);
		REC_STR(&r, anatomy, function, ax.fn_name[s[i].a]);
		REC_STR(&r, anatomy, layer, ax.fn_layer[s[i].a]);
		REC_U64(&r, anatomy, episodes, k->episodes);
		REC_U64(&r, anatomy, instructions, s[i].count);
		record_emit(&r);
	}
	free(s);
}

/* Linux's text from where it is linked (0xffffffff81000000, x86-64's
 * __START_KERNEL_map + 16 MiB): 0 but under KASLR. The bare kernel's, 0. */
static uint64_t text_offset(const char *symbols_from)
{
	const uint64_t linked = 0xffffffff81000000ull;
	if (strcmp(symbols_from, "kallsyms"))
		return 0;
	for (size_t i = 0; i < syms.n; i++)
		if (!strcmp(syms.s[i].name, "_text") || !strcmp(syms.s[i].name, "startup_64"))
			return syms.s[i].addr >= linked ? syms.s[i].addr - linked : 0;
	return 0;
}

/* Each layer some function of the annex is in, with its description. */
static void emit_layers(void)
{
	for (size_t i = 0; i < table.n_info; i++) {
		const char *layer = table.info[i].name;
		size_t fn = 0;
		while (fn < ax.n_fn && strcmp(ax.fn_layer[fn], layer))
			fn++;
		if (fn == ax.n_fn)
			continue;
		struct record r;
		REC_BEGIN(&r, anatomy_layer);
		REC_STR(&r, anatomy_layer, layer, layer);
		REC_STR(&r, anatomy_layer, description, table.info[i].description);
		record_emit(&r);
	}
}

static void emit_annex(const char *symbols_from, unsigned missing)
{
	size_t unfollowed = 0;
	for (size_t i = 0; i < prof.n_runs; i++)
		unfollowed += prof.runs[i].unfollowed;
	struct record r;
	REC_BEGIN(&r, annex);
	REC_U64(&r, annex, format, 1);
	REC_STR(&r, annex, of, ax.boot_crc);
	REC_STR(&r, annex, version, TICKBENCH_VERSION);
	REC_STR(&r, annex, tool, "anatomy");
	REC_STR(&r, annex, caches, prof.caches);
	REC_STR(&r, annex, symbols, symbols_from);
	REC_U64(&r, annex, symbols_count, syms.n);
	REC_U64(&r, annex, text_offset, text_offset(symbols_from));
	REC_U64(&r, annex, plugin_runs, prof.n_runs);
	REC_U64(&r, annex, plugin_unfollowed, unfollowed);
	REC_U64(&r, annex, run_records, ax.n_runs);
	REC_U64(&r, annex, run_records_without, missing);
	record_emit(&r);
	emit_layers();
	for (size_t i = 0; i < ax.n_groups; i++)
		for (size_t j = 0; j < ax.groups[i].n_kinds; j++) {
			const struct kind_total *k = &ax.groups[i].kind[j];
			emit_episodes(&ax.groups[i], k);
			emit_functions(&ax.groups[i], k);
			if (k->cache)
				cache_kind_emit(k->cache, k->kind, prof.caches, prof.caches_spec,
						group_fields, &ax.groups[i]);
		}
	struct record end;
	uint64_t before = record_count();
	REC_BEGIN(&end, annex_end);
	REC_U64(&end, annex_end, records, before);
	REC_STR(&end, annex_end, status, missing ? "fail" : "pass");
	record_emit(&end);
}

/* ---- main ------------------------------------------------------------------------ */

static void usage(void)
{
	fputs("usage: build/anatomy/annex --profile FILE --symbols FILE --symbols-from elf|kallsyms\n"
	      "                           [--layers FILE] LOG\n"
	      "       build/anatomy/annex --caches-spec SPEC  (the cache mode's geometry, or why not)\n",
	      stderr);
	exit(2);
}

/* --caches-spec: SPEC's geometry on standard output, exit 0; else why not, exit 2. */
static int check_caches_spec(const char *spec)
{
	struct cache_geometry g;
	char err[256], text[256];
	if (cache_geometry_parse(&g, spec, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	caches_describe(&g, text, sizeof(text));
	printf("%s %s\n", g.name, text);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "profile", 1, 0, 'p' }, { "symbols", 1, 0, 's' }, { "symbols-from", 1, 0, 'f' },
		{ "layers", 1, 0, 'l' }, { 0, 0, 0, 0 } };
	const char *profile_path = NULL, *symbols_path = NULL, *from = NULL;
	const char *layers_path = "tools/anatomy/layers";
	char err[512];
	say_program = "anatomy annex";
	if (argc == 3 && !strcmp(argv[1], "--caches-spec"))
		return check_caches_spec(argv[2]);
	for (int c; (c = getopt_long(argc, argv, "", opts, NULL)) != -1;) {
		if (c == 'p') profile_path = optarg;
		else if (c == 's') symbols_path = optarg;
		else if (c == 'f') from = optarg;
		else if (c == 'l') layers_path = optarg;
		else usage();
	}
	if (optind != argc - 1 || !profile_path || !symbols_path || !from ||
	    (strcmp(from, "elf") && strcmp(from, "kallsyms")))
		usage();
	const char *log_path = argv[optind], *why;
	lower_half_is_user = !strcmp(from, "kallsyms");
	if ((why = table_read(&table, layers_path, err, sizeof(err))))
		die(layers_path, why);
	if ((why = profile_read(&prof, profile_path, err, sizeof(err))))
		die(profile_path, why);
	if ((why = symbols_read(&syms, symbols_path)))
		die(symbols_path, why);
	struct log_report rep = { .quiet = true };
	if (log_read(log_path, take_record, NULL, &rep) != 0)
		die(log_path, "not a whole log (tickstat check says what is wrong)");
	if (!ax.boot_crc[0])
		die(log_path, "no boot record");
	if (!prof.n_runs)
		die(profile_path, ax.load_addr && ax.load_addr != 0x100000 ?
		    "the plugin saw no run: the kernel was loaded elsewhere than where it is "
		    "linked (load_addr), and the plugin follows the measured code there" :
		    "the plugin saw no run of the measured code");
	unsigned missing = join();
	if (!(log_out = fopen(log_path, "a")))
		die(log_path, "cannot append to it");
	record_set_sink(to_log);
	emit_annex(from, missing);
	fclose(log_out);
	return missing ? 1 : 0;
}
