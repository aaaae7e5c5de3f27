/* tickstat summary's reading (summary_groups.h): each record into its group,
 * through the layout its group made of a record with the same keys, the groups
 * found by a hash of their configuration. */
#include "summary_groups.h"

static const char *const named_key[NAMED] = { "p50", "n", "sum", "min", "max", "hist_lo",
					      "hist_n", "gap_interrupts", "gaps", "gap_cycles" };

/* ---- a record's fields through its group's layout ---------------------------- */

static const char *const suffixes[SUFFIXES] = { "", " timer_on=false", " timer_on=true" };

/* Texts a and b of len bytes each, 8 at a time, the last 8 bytes read as one word. A
 * text shorter than 8 bytes is read 8 bytes long, its bytes past len shifted out:
 * a key or string of a parsed record lies in the copy of its line with the "crc"
 * member after it, and the layout's text has 8 bytes to spare. */
static inline bool same_text(const char *a, const char *b, size_t len)
{
	uint64_t x, y;
	if (len < 8) {
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		return len == 0 || !((x ^ y) << (64 - 8 * len));   /* x86 is little-endian */
	}
	for (size_t i = 0; i + 8 < len; i += 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		if (x != y)
			return false;
	}
	memcpy(&x, a + len - 8, 8);
	memcpy(&y, b + len - 8, 8);
	return x == y;
}

/* Whether v, of c's kind, is c's value: a string of up to 8 bytes in one word,
 * read 8 bytes long as same_text() does. */
static inline bool same_config(const struct config_value *c, const struct value *v)
{
	uint64_t head;
	if (!c->string)
		return v->u == c->word && v->neg == c->neg;
	if (v->len != c->len)
		return false;
	memcpy(&head, v->s, 8);
	return v->len <= 8 ? (head & c->mask) == c->word : same_text(v->s, c->s, v->len);
}

/* Whether r's type and keys are the layout's: known when r has the shape of a
 * record that fitted (lib/record/rec.h), else compared (keys of one signature have one
 * length). */
static bool layout_keys(const struct layout *L, const struct rec *r)
{
	if (r->shape && r->shape == L->shape)
		return true;
	if (L->n != (int)r->nfields || !streq_short(r->type, L->text))
		return false;
	for (int i = 0; i < L->n; i++)
		if (r->f[i].sig != L->sig[i] ||
		    !same_text(r->f[i].key, L->text + L->key[i], r->f[i].sig >> 16))
			return false;
	return true;
}

/* Whether the first n of kinds a and b (REC_FIELDS_MAX each) are the same, 8 at
 * a time. */
static inline bool same_kinds(const uint8_t *a, const uint8_t *b, int n)
{
	uint64_t x, y, differ = 0;
	int i = 0;
	for (; i + 8 <= n; i += 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		differ |= x ^ y;
	}
	if (i < n) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		differ |= (x ^ y) << 8 * (8 - (n - i));   /* x86 is little-endian */
	}
	return !differ;
}

/* Whether r's fields are those of the layout: keys, kinds (at once: field by
 * field they were a third of finding a group) and configuration. */
static bool layout_fits(struct layout *L, const struct rec *r)
{
	if (!layout_keys(L, r) || !same_kinds(r->kinds, L->kind, L->n))
		return false;
	for (int k = 0; k < L->nconfig; k++)
		if (!same_config(&L->config[k], &r->f[L->config[k].field].v))
			return false;
	L->shape = r->shape;
	return true;
}

/* text + *at: s copied, its NUL after it; the offset it went to. */
static unsigned put_text(struct layout *L, unsigned *at, const char *s)
{
	unsigned from = *at;
	size_t n = strlen(s) + 1;
	if (from + n > sizeof(L->text))       /* never: a record line is shorter */
		n = 0;
	memcpy(L->text + from, s, n);
	*at += (unsigned)n;
	return from;
}

/* Whether field i of r names its group's configuration (AS_CONFIG in its layout):
 * lib/record/configuration.h's. */
static bool names_config(const struct rec *r, int i)
{
	return configuration_field(r, (size_t)i);
}

/* What field i of r is: a configuration value (its string, hz, cpus, the work
 * model), a figure, or nothing (a boolean, an array, an id, run, stats' sum); and
 * the fields the pairing of runs takes. L's type is r's already. */
static void field_role(struct layout *L, const struct rec *r, int i, unsigned *at)
{
	const struct field *f = &r->f[i];
	bool run = L->is_run;
	L->sig[i] = f->sig;
	L->kind[i] = (uint8_t)f->v.kind;
	L->key[i] = put_text(L, at, f->key);
	L->role[i] = AS_NOTHING;
	for (int k = 0; k < NAMED; k++)
		if (streq_short(f->key, named_key[k]))
			L->at[k] = (signed char)i;
	if (f->v.kind == V_BOOL && streq_short(f->key, "timer_on"))
		L->timer_on = i;
	if (names_config(r, i)) {
		struct config_value *c = &L->config[L->nconfig++];
		L->role[i] = AS_CONFIG;
		*c = (struct config_value){ .field = (uint8_t)i, .string = f->v.kind == V_STRING,
					    .neg = f->v.neg, .word = f->v.u };
		if (c->string) {
			c->s = L->text + put_text(L, at, f->v.s);
			c->len = (uint32_t)f->v.len;
			c->mask = f->v.len >= 8 ? ~0ull : (1ull << 8 * f->v.len) - 1;
			memcpy(&c->word, c->s, 8);
			c->word &= c->mask;
		}
	} else if (f->v.kind != V_INT) {
		return;
	} else if (run && streq_short(f->key, "cpu")) {
		L->cpu = i;
	} else if (run && streq_short(f->key, "run")) {
		L->run = i;
	} else if (!summary_is_id_field(r, (size_t)i) && !streq_short(f->key, "run") &&
		   !(L->is_stats && streq_short(f->key, "sum"))) {
		L->role[i] = AS_FIGURE;
		if (run && streq_short(f->key, "cycles"))
			L->cycles = i;
	}
}

static void layout_make(struct layout *L, const struct rec *r)
{
	unsigned at = 0;
	L->n = (int)r->nfields;
	L->shape = r->shape;
	L->is_run = streq_short(r->type, "run");
	L->is_stats = streq_short(r->type, "stats");
	L->cpu = L->run = L->cycles = L->timer_on = -1;
	L->nconfig = 0;
	memset(L->at, -1, sizeof(L->at));
	memset(L->ready, 0, sizeof(L->ready));
	put_text(L, &at, r->type);
	for (int i = 0; i < L->n; i++)
		field_role(L, r, i, &at);
}

/* r's case of timer_on, its rows found (made, for the first record of a case),
 * in the order of the fields. */
static int layout_case(struct group *g, const struct rec *r)
{
	struct layout *L = &g->layout[g->at];
	int c = L->timer_on < 0 ? 0 : r->f[L->timer_on].v.b ? 2 : 1;
	if (L->ready[c])
		return c;
	L->nfigures[c] = 0;
	for (int i = 0; i < L->n; i++) {
		int k = L->role[i] == AS_FIGURE ? summary_row_of(g, L->text + L->key[i], suffixes[c]) : -1;
		if (k >= 0)
			L->figure[c][L->nfigures[c]++] =
				(struct figure_at){ (unsigned char)i, (unsigned char)k };
	}
	L->ready[c] = true;
	return c;
}

/* What a record of type is to summary (found once a shape, not at every record). */
static enum record_is record_is(const char *type)
{
	unsigned t = schema_type(type, strlen(type));
	unsigned class = t < SCHEMA_TYPES ? schema_records[t].class : SCHEMA_MEASURES;
	return class == SCHEMA_MEASURES          ? MEASURED
	       : t == SCHEMA_TYPE_boot           ? BOOT
	       : t == SCHEMA_TYPE_calibration    ? CALIBRATION
	       : class == SCHEMA_NOTES           ? NOTED
						 : DESCRIBING;
}

/* A boot record (each boot converts with its own calibration), a calibration, a
 * skip or an error; the others of the machine and the run are not read. */
static void take_metadata(struct summary *s, const struct rec *r, enum record_is is)
{
	uint64_t hz;
	if (is == BOOT)
		s->tsc_hz = 0, s->boots++;
	if (is == CALIBRATION && rec_u64(r, FIELD_INT(calibration, tsc_hz), &hz))
		s->tsc_hz = (double)hz;
	if (is == NOTED)
		summary_note(s, r);
}

/* Whether r fits a layout of g: the last record's, or the other; g->at becomes it. */
static bool group_fits(struct group *g, const struct rec *r)
{
	for (int k = 0; k < LAYOUTS; k++) {
		int at = (g->at + k) % LAYOUTS;
		if (layout_fits(&g->layout[at], r)) {
			g->at = at;
			return true;
		}
	}
	return false;
}

static inline uint64_t mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 0x9e3779b97f4a7c15ull;
	return h ^ h >> 32;
}

/* h and the len bytes at text, 8 at a time (read 8 bytes long, as same_text()). */
static uint64_t mix_text(uint64_t h, const char *text, size_t len)
{
	uint64_t w;
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		memcpy(&w, text + i, 8);
		h = mix(h, w);
	}
	if (i < len) {
		memcpy(&w, text + i, 8);
		h = mix(h, w & ((1ull << 8 * (len - i)) - 1));
	}
	return mix(h, len);
}

/* What the records of r's shape are (r->shape not 0): found once a shape. */
static const struct shape_info *shape_info_of(struct summary *s, const struct rec *r)
{
	struct shape_info *in = &s->info[r->shape % REC_SHAPES];
	if (in->shape == r->shape)
		return in;
	in->shape = r->shape;
	in->is = record_is(r->type);
	in->nconfig = 0;
	in->keys = mix_text(0, r->type, strlen(r->type));
	for (size_t i = 0; i < r->nfields; i++)
		if (names_config(r, (int)i)) {
			in->config[in->nconfig++] = (uint8_t)i;
			in->keys = mix_text(in->keys, r->f[i].key, r->f[i].sig >> 16);
		}
	return in;
}

/* A configuration value as a word: a string of up to 8 bytes its bytes (read 8
 * bytes long, as same_text()), a longer one hashed. */
static inline uint64_t value_word(const struct value *v)
{
	uint64_t w;
	if (v->kind != V_STRING)
		return v->kind == V_INT ? v->u ^ v->neg : v->kind;
	if (v->len > 8)
		return mix_text(0, v->s, v->len);
	memcpy(&w, v->s, 8);
	return v->len == 8 ? w : w & ((1ull << 8 * v->len) - 1);
}

/* A hash of r's configuration (its type, the TSC frequency, the keys and values
 * of in's fields): records of one group have one. The keys' part is the shape's;
 * each value, as a word, times an odd number of its own, is added, with no chain
 * of multiplies from one field to the next (mixed in turn, they were two thirds of
 * finding a group). The hash can be one for two configurations (the integer 0
 * and an empty string, 2 and true, or sums built to meet): a group is taken only
 * when r fits a layout of it (group_fits: its kinds and values), else r's group
 * is found by its configuration key. */
static uint64_t config_hash(const struct shape_info *in, const struct rec *r, double tsc_hz)
{
	uint64_t bits, odd = 0x9e3779b97f4a7c15ull, h;
	memcpy(&bits, &tsc_hz, sizeof(bits));
	h = in->keys + bits * odd;
	for (int k = 0; k < in->nconfig; k++) {
		odd += 0x6a09e667f3bcc90aull;           /* even: the sum stays odd */
		h += value_word(&r->f[in->config[k]].v) * odd;
	}
	return mix(h, 0);
}

/* The group of r in the index under hash, if r fits it; NULL for none. */
static struct group *indexed_group(struct summary *s, uint64_t hash, const struct rec *r)
{
	const struct group_index *x = s->index;
	for (size_t k = hash % GROUP_SLOTS; x->group[k]; k = (k + 1) % GROUP_SLOTS) {
		struct group *g = &s->g[x->group[k] - 1];
		if (x->hash[k] == hash && g->tsc_hz == s->tsc_hz && group_fits(g, r)) {
			s->last = x->group[k] - 1;
			return g;
		}
	}
	return NULL;
}

static void index_group(struct summary *s, uint64_t hash, const struct group *g)
{
	struct group_index *x = s->index;
	int id = (int)(g - s->g) + 1;
	size_t k = hash % GROUP_SLOTS;
	if (x->n >= GROUP_SLOTS / 2)
		return;
	for (; x->group[k]; k = (k + 1) % GROUP_SLOTS)
		if (x->hash[k] == hash && x->group[k] == id)
			return;
	x->hash[k] = hash;
	x->group[k] = id;
	x->n++;
}

/* The group of r: the last one's when r fits a layout of it (no key built, its
 * type known), else the one its configuration's hash finds, else found by its
 * configuration key (and indexed), a layout made for r unless it fits one; NULL
 * for a record of the machine or the run (record_is), said there. */
static struct group *group_of(struct summary *s, const struct rec *r)
{
	struct group *g = &s->g[s->last];
	if (s->last < s->ngroups && g->tsc_hz == s->tsc_hz && group_fits(g, r))
		return g;
	const struct shape_info *in = r->shape ? shape_info_of(s, r) : NULL;
	enum record_is is = in ? in->is : record_is(r->type);
	if (is != MEASURED) {
		take_metadata(s, r, is);
		return NULL;
	}
	uint64_t hash = in ? config_hash(in, r, s->tsc_hz) : 0;
	if (in && (g = indexed_group(s, hash, r)))
		return g;
	if (!(g = summary_find_group(s, r)))
		return NULL;
	if (!group_fits(g, r)) {
		g->at = (g->at + 1) % LAYOUTS;        /* the one used less recently */
		layout_make(&g->layout[g->at], r);
	}
	if (in)
		index_group(s, hash, g);
	return g;
}

void summary_take(const struct rec *r, void *ctx)
{
	struct summary *s = ctx;
	struct group *g = group_of(s, r);
	if (!g)
		return;
	const struct layout *L = &g->layout[g->at];
	int c = layout_case(g, r);
	g->records++;
	g->last_line = r->line;
	for (int j = 0; j < L->nfigures[c]; j++) {
		const struct value *v = &r->f[L->figure[c][j].field].v;
		row_add(g, L->figure[c][j].row, v->neg ? -(double)v->u : (double)v->u);
	}
	if (L->is_stats)
		summary_pool_stats(g, r, s->boots ? s->boots - 1 : 0);
	else if (c && L->run >= 0 && L->cycles >= 0 && r->f[L->cycles].v.u > 0)
		summary_take_lost(s, g, r, c == 2, L->cpu >= 0 ? r->f[L->cpu].v.u : 0,
				  r->f[L->run].v.u, (double)r->f[L->cycles].v.u);
	double direct;
	if (c == 2 && L->is_run &&
	    run_direct_of(summary_named(L, r, N_GAP_INTERRUPTS), summary_named(L, r, N_GAPS),
			  summary_named(L, r, N_GAP_CYCLES), &direct))
		ds_add(&g->direct, direct);
}

