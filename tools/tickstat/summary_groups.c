/* tickstat summary's groups (summary_groups.h): each one's rows, its histograms
 * pooled, the stats records' figures, the skip and error records' notes, and the
 * tick's lost cycles, paired. */
#include "summary_groups.h"

/* Whether field i of r names a CPU (an APIC id: cpu, victim, noisy): its role is
 * identity (lib/record/schema.def); not a figure. */
bool summary_is_id_field(const struct rec *r, size_t i)
{
	unsigned t = schema_type(r->type, strlen(r->type));
	const struct schema_field *f = t < SCHEMA_TYPES ?
		schema_field(t, r->f[i].key, r->f[i].sig >> 16) : NULL;
	return f && f->role == SCHEMA_IDENTITY;
}

/* The boots' TSC frequencies that figures are converted with: several, and the log
 * holds runs of different boots or machines (kept apart, each converted with its
 * own). */
static void add_clock(struct summary *s, unsigned long line)
{
	for (int i = 0; i < s->nclocks; i++)
		if (s->clocks[i].hz == s->tsc_hz)
			return;
	if (s->nclocks < MAX_CLOCKS) {
		s->clocks[s->nclocks].hz = s->tsc_hz;
		s->clocks[s->nclocks++].line = line;
	}
}

struct group *summary_find_group(struct summary *s, const struct rec *r)
{
	struct configuration config;
	const char *key = config.text;
	struct group *last = &s->g[s->last];
	if (s->last < s->ngroups && last->tsc_hz == s->tsc_hz && configuration_is(r, last->key))
		return last;            /* runs come in a row: no key to build */
	configuration_of(&config, r);
	for (int i = s->ngroups - 1; i >= 0; i--)
		if (s->g[i].tsc_hz == s->tsc_hz && !strcmp(s->g[i].key, key))
			return &s->g[s->last = i];
	if (s->ngroups == MAX_GROUPS) {
		s->overflow = true;
		return NULL;
	}
	s->last = s->ngroups;
	struct group *g = &s->g[s->ngroups++];
	snprintf(g->key, sizeof(g->key), "%s", key);
	g->tsc_hz = s->tsc_hz;
	add_clock(s, r->line);
	g->first_line = r->line;
	g->pooled_min = UINT64_MAX;
	for (int k = 0; k < LAYOUTS; k++)
		g->layout[k].n = -1;
	return g;
}

static bool is_row(const struct dataset *d, const char *field, const char *suffix)
{
	const char *p = d->name;
	while (*field && *p == *field)
		p++, field++;
	return !*field && streq_short(p, suffix);
}

/* The row of field with suffix, made if new; -1 past MAX_ROWS. Records of a group
 * have the same fields in the same order: the row after the last one found is
 * nearly always the next one. */
int summary_row_of(struct group *g, const char *field, const char *suffix)
{
	int k = -1;
	if (g->next_row < g->nrows && is_row(&g->rows[g->next_row], field, suffix))
		k = g->next_row;
	for (int i = 0; k < 0 && i < g->nrows; i++)
		if (is_row(&g->rows[i], field, suffix))
			k = i;
	if (k < 0 && g->nrows < MAX_ROWS) {
		char label[160];
		snprintf(label, sizeof(label), "%s%s", field, suffix);
		ds_init(&g->rows[k = g->nrows++], label);
	}
	if (k >= 0)
		g->next_row = k + 1;
	return k;
}

/* Row k's values in its array, those of a row of one value written out. */
struct dataset *summary_row_data(struct group *g, int k)
{
	for (; g->times[k]; g->times[k]--)
		ds_add(&g->rows[k], g->only[k]);
	return &g->rows[k];
}

/* A stats record's mean, in the group's "mean" row (its number kept, not looked up
 * by name). */
static void add_mean(struct group *g, double v)
{
	if (!g->mean_row)
		g->mean_row = summary_row_of(g, "mean", "") + 1;
	if (g->mean_row)
		row_add(g, g->mean_row - 1, v);
}

/* The first slot where lo is looked for: Fibonacci hashing (Knuth, TAOCP vol. 3,
 * 6.4). */
static inline size_t hash_lo(const struct group *g, uint64_t lo)
{
	return (size_t)(lo * 0x9e3779b97f4a7c15ull >> g->slot_shift);
}

/* The group's bucket of lower bound lo, or NULL (open addressing). */
static inline struct bucket *bucket_of(const struct group *g, uint64_t lo)
{
	const uint32_t *slot = g->slot;
	for (size_t h = hash_lo(g, lo); slot[h]; h = (h + 1) & g->slot_mask)
		if (g->hist[slot[h] - 1].lo == lo)
			return &g->hist[slot[h] - 1];
	return NULL;
}

/* The index of the group's buckets, made anew. */
static void index_hist(struct group *g)
{
	int bits = 4;
	while (((size_t)1 << bits) < 2 * g->nhist)
		bits++;
	if (g->slot && g->slot_shift == 64 - bits) {   /* the same size: cleared, not
							 * made again among the rows */
		memset(g->slot, 0, (g->slot_mask + 1) * sizeof(*g->slot));
	} else {
		free(g->slot);
		g->slot_mask = ((size_t)1 << bits) - 1;
		g->slot_shift = 64 - bits;
		g->slot = must_calloc(g->slot_mask + 1, sizeof(*g->slot));
	}
	for (size_t i = 0; i < g->nhist; i++) {
		size_t h = hash_lo(g, g->hist[i].lo);
		while (g->slot[h])
			h = (h + 1) & g->slot_mask;
		g->slot[h] = (uint32_t)i + 1;
	}
}

/* The record's buckets all in the group's already (the common case after a few
 * runs): their counts added in place, each found by its index, not by a scan of
 * the group's buckets. False, and the group's counts as they were, if one is new. */
static bool add_hist(struct group *g, const struct value *lo, const struct value *cnt)
{
	size_t j;
	bool wrapped = false;
	if (!g->hist)
		return !lo->len;
	for (j = 0; j < lo->len; j++) {
		struct bucket *b = bucket_of(g, lo->arr[j]);
		if (!b)
			break;
		wrapped |= __builtin_add_overflow(b->n, cnt->arr[j], &b->n);
	}
	if (j == lo->len) {
		g->pool_overflow |= wrapped;
		return true;
	}
	while (j--)              /* undone, modulo 2^64 as it was done */
		bucket_of(g, lo->arr[j])->n -= cnt->arr[j];
	return false;
}

/* Merge a record's histogram into the group's (both ascending by lower bound). */
static void merge_hist(struct group *g, const struct value *lo, const struct value *cnt)
{
	if (add_hist(g, lo, cnt))
		return;
	struct bucket *m = malloc((g->nhist + lo->len) * sizeof(*m));
	size_t i = 0, j = 0, k = 0;
	if (!m)
		return;
	while (i < g->nhist || j < lo->len) {
		if (j == lo->len || (i < g->nhist && g->hist[i].lo < lo->arr[j]))
			m[k++] = g->hist[i++];
		else if (i == g->nhist || lo->arr[j] < g->hist[i].lo)
			m[k++] = (struct bucket){ lo->arr[j], cnt->arr[j] }, j++;
		else {
			uint64_t n;
			if (__builtin_add_overflow(g->hist[i++].n, cnt->arr[j], &n))
				g->pool_overflow = true;
			m[k++] = (struct bucket){ lo->arr[j++], n };
		}
	}
	free(g->hist);
	g->hist = m;
	g->nhist = k;
	index_hist(g);
}

/* r's named field k, as rec_get() finds it (NULL: absent), from the layout r fits. */
const struct value *summary_named(const struct layout *L, const struct rec *r, enum named k)
{
	return L->at[k] < 0 ? NULL : &r->f[L->at[k]].v;
}

void summary_pool_stats(struct group *g, const struct rec *r, unsigned boot)
{
	const struct layout *L = &g->layout[g->at];
	uint64_t n, sum, min, max, p50;
	if (value_u64(summary_named(L, r, N_P50), &p50))
		ds_add_boot(&g->level, (double)p50, boot);
	if (!value_u64(summary_named(L, r, N_N), &n) || !value_u64(summary_named(L, r, N_SUM), &sum) ||
	    !value_u64(summary_named(L, r, N_MIN), &min) || !value_u64(summary_named(L, r, N_MAX), &max))
		return;
	add_mean(g, (double)sum / (double)n);
	if (__builtin_add_overflow(g->pooled_n, n, &g->pooled_n))
		g->pool_overflow = true;
	g->pooled_sum += sum;
	g->pooled_min = min < g->pooled_min ? min : g->pooled_min;
	g->pooled_max = max > g->pooled_max ? max : g->pooled_max;
	const struct value *lo = summary_named(L, r, N_HIST_LO), *cnt = summary_named(L, r, N_HIST_N);
	if (lo && cnt)
		merge_hist(g, lo, cnt);
}

/* Text put together in a buffer of size bytes, cut short at its end. */
struct summary_text {
	char *buf;
	size_t size, n;
};

static void put(struct summary_text *t, const char *s)
{
	size_t len = strlen(s);
	if (len > t->size - 1 - t->n)
		len = t->size - 1 - t->n;
	memcpy(t->buf + t->n, s, len);
	t->buf[t->n += len] = 0;
}

static void put_int(struct summary_text *t, const struct value *v)
{
	char num[24], *d = num + sizeof(num) - 1;
	uint64_t u = v->u;
	*d = 0;
	do
		*--d = (char)('0' + u % 10);
	while (u /= 10);
	if (v->neg)
		*--d = '-';
	put(t, d);
}

/* "skip: tick timer=pit mode=oneshot cpus=2: reason: message": the benchmark, then
 * every other field the record has, then its reason. Put together by hand, not
 * by snprintf: one record in 40 of a real log is a skip. */
static void note_text(const struct rec *r, char *buf, size_t size)
{
	const char *bench = rec_str(r, FIELD_OF(bench, STR, skip, error));
	const char *why = rec_str(r, FIELD_OF(reason, STR, skip, error));
	const char *msg = rec_str(r, FIELD(error, message, STR));
	struct summary_text t = { buf, size, 0 };
	buf[0] = 0;
	put(&t, r->type);
	put(&t, ":");
	if (bench)
		put(&t, " "), put(&t, bench);
	for (size_t i = 0; i < r->nfields; i++) {
		const struct field *f = &r->f[i];
		const char *k = f->key;
		if (!strcmp(k, "bench") || !strcmp(k, "reason") || !strcmp(k, "message") ||
		    f->v.kind == V_ARRAY)
			continue;
		put(&t, " "), put(&t, k), put(&t, "=");
		if (f->v.kind == V_STRING)
			put(&t, f->v.s);
		else if (f->v.kind == V_BOOL)
			put(&t, f->v.b ? "true" : "false");
		else
			put_int(&t, &f->v);
	}
	if (why)
		put(&t, ": "), put(&t, why);
	if (msg)
		put(&t, ": "), put(&t, msg);
}

void summary_note(struct summary *s, const struct rec *r)
{
	char text[1024];
	note_text(r, text, sizeof(text));
	for (size_t i = 0; i < s->nnotes; i++)
		if (!strcmp(s->notes[i].text, text)) {
			s->notes[i].count++;
			return;
		}
	struct note *more = realloc(s->notes, (s->nnotes + 1) * sizeof(*more));
	char *copy = more ? strdup(text) : NULL;
	if (more)
		s->notes = more;
	if (copy)
		s->notes[s->nnotes++] = (struct note){ copy, r->line, 1 };
}

void summary_print_notes(const struct summary *s)
{
	for (size_t i = 0; i < s->nnotes; i++) {
		if (s->notes[i].count > 1)
			printf("%s (%lu times, first at line %lu)\n", s->notes[i].text,
			       s->notes[i].count, s->notes[i].line);
		else
			printf("%s (line %lu)\n", s->notes[i].text, s->notes[i].line);
	}
}

/* The pairing of lost.h within a group (the configuration): an off run waits for
 * the on run of its CPU and index, whose lost_ppm goes in with its boot. Without
 * lost.c's keys: summary meets every record of a long log. */
void summary_take_lost(struct summary *s, struct group *g, const struct rec *r, bool on,
		       uint64_t cpu, uint64_t run, double cycles)
{
	int k = 0;
	while (k < g->noff && (g->off[k].cpu != cpu || g->off[k].run != run))
		k++;
	if (!on && k == g->noff && g->noff < MAX_PENDING)
		g->noff++;
	if (!on && k < g->noff)
		g->off[k].cpu = cpu, g->off[k].run = run, g->off[k].cycles = cycles;
	if (!on || k == g->noff)
		return;
	s->pair.off = g->off[k].cycles;
	s->pair.on = cycles;
	ds_add_boot(&g->level, lost_ppm(&s->pair), s->boots ? s->boots - 1 : 0);
	g->off[k] = g->off[--g->noff];
}

