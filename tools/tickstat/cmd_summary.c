/* tickstat summary: per log, one table per record type and configuration in
 * ministat's shape (N Min Max Median Avg Stddev, then p10 p90 p99), with the
 * derived figures of the tick benchmark and the pooled histograms of stats
 * records. docs/TICKSTAT.md defines every figure. */
#include "tickstat.h"
#include "configuration.h"
#include "schema.h"
#include "boots.h"
#include "figure_double.h"
#include "pairs.h"
#include "stats.h"
#include "tick_scaling.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_GROUPS 512
#define MAX_ROWS   48
#define LABEL_W    26
#define SUMMARY_CI 2             /* 95% */
#define LAYOUTS    2             /* a group's sets of keys at once: see struct group */
#define GROUP_SLOTS (2 * MAX_GROUPS)   /* the groups' index: open addressing, half full */
#define MAX_PENDING 64           /* CPUs of one configuration waiting for their pair */

struct bucket { uint64_t lo, n; };

/* What a group's records hold, field by field, worked out from one of them: a
 * record with the same keys, kinds and configuration values in the same order
 * (the kernel writes a configuration's records alike) has its values added to
 * the rows found then, without a test of each key, a row's label or the
 * configuration key. The tick runs with and without the timer are separate rows
 * (" timer_on=false"; other booleans describe the platform and split nothing):
 * each of timer_on's three cases (none, false, true) has its rows, found when a
 * record first has it. */
enum field_role { AS_NOTHING, AS_CONFIG, AS_FIGURE };
enum { SUFFIXES = 3 };           /* no timer_on, false, true */

struct figure_at { unsigned char field, row; };   /* REC_FIELDS_MAX, MAX_ROWS < 256 */

/* The fields read by name beyond the figures (stats' pooled figures, the spin
 * runs' direct cost): their numbers in the layout, not looked up in each record. */
enum named { N_P50, N_N, N_SUM, N_MIN, N_MAX, N_HIST_LO, N_HIST_N, N_GAP_INTERRUPTS, N_GAPS,
	     N_GAP_CYCLES, NAMED };
static const char *const named_key[NAMED] = { "p50", "n", "sum", "min", "max", "hist_lo",
					      "hist_n", "gap_interrupts", "gaps", "gap_cycles" };

/* A configuration field of a layout: its number and its value, as compared: an
 * integer's magnitude and sign, or a string's length, first 8 bytes (and the mask
 * of those it has) and text. Together, the values a record is compared with lie
 * in a few lines (an array for each part, of every field, took a line a part). */
struct config_value {
	uint8_t field;
	bool string, neg;
	uint32_t len;
	uint64_t word, mask;     /* the integer; a string's first bytes, masked */
	const char *s;           /* the string, in the layout's text */
};

struct layout {
	int n;                   /* fields; -1 before the first record */
	uint64_t shape;          /* the shape of the last record that fitted, or 0 */
	bool is_run, is_stats;   /* its type */
	unsigned sig[REC_FIELDS_MAX];
	uint8_t kind[REC_FIELDS_MAX];     /* enum value_kind, as a record's kinds */
	enum field_role role[REC_FIELDS_MAX];
	unsigned key[REC_FIELDS_MAX];     /* the key's offset in text */
	int nconfig;
	struct config_value config[REC_FIELDS_MAX];   /* the AS_CONFIG fields */
	int cpu, run, cycles, timer_on;   /* those fields' numbers, or -1 */
	signed char at[NAMED];   /* the named fields' numbers, or -1 */
	bool ready[SUFFIXES];
	int nfigures[SUFFIXES];
	struct figure_at figure[SUFFIXES][REC_FIELDS_MAX];   /* the AS_FIGURE fields with a row */
	char text[LOG_LINE_MAX + 8];   /* the type, keys and strings, NUL after each */
};

struct group {
	char key[512];
	double tsc_hz;           /* of the boot the records came from; 0: none */
	unsigned long records, first_line, last_line;
	int nrows, next_row;      /* next_row: the row the next value most likely goes to */
	int mean_row;            /* stats: 1 + the row of "mean", 0 before it has one */
	struct dataset rows[MAX_ROWS];
	/* A row that has had one value only holds it and its count, no array: a
	 * quarter of the bench log's values are such ("interrupts" without the timer,
	 * stats' "n"), and their arrays took a quarter of summary's page faults.
	 * row_data() writes them out. */
	double only[MAX_ROWS];
	size_t times[MAX_ROWS];
	struct moments moments[MAX_ROWS];   /* a row's, once known (row_moments) */
	bool have_moments[MAX_ROWS];
	struct bucket *hist;     /* stats: merged histogram, ascending lo */
	size_t nhist;
	uint32_t *slot;          /* hist's index by lo: 1 + a bucket's number, 0 free */
	size_t slot_mask;        /* 2^k - 1 for 2^k slots, at least twice the buckets */
	int slot_shift;          /* 64 - k */
	uint64_t pooled_n, pooled_min, pooled_max;
	long double pooled_sum;
	bool pool_overflow;      /* the counts add up past 2^64: no pooled figures */
	struct dataset level;    /* run: lost_ppm, stats: p50, per run with its boot */
	struct dataset direct;   /* spin runs with the timer: direct cost (lib/answer/pairs.h) */
	struct { uint64_t cpu, run; double cycles; } off[MAX_PENDING];
	int noff;                /* tick runs without the timer not yet paired */
	/* Its records' keys: a tick run's with the timer has "expected", one without
	 * it not, and they come in turns: a layout for each. at: the one the last
	 * record fitted. */
	struct layout layout[LAYOUTS];
	int at;
};

/* What a record is: a measurement, or one of the machine and the run (its type's
 * class in lib/record/schema.def: it describes, or notes what did not run; a type the
 * schema does not know, of a newer format, measures), of which summary reads boot,
 * calibration, skip and error. Every record type is either a measurement (run,
 * stats, fire, storm, storm_limit, tsc_sync, idle, report) or not: tests/host/
 * tickstat-summary.sh holds the list to the document. Those before `calibration`
 * (machine_check, machine, ...) once got tables "converted" at tsc_hz 0, and a
 * warning of boots with different TSC frequencies in every single-boot log. */
enum record_is { MEASURED, DESCRIBING, BOOT, CALIBRATION, NOTED };

/* What the records of a shape (lib/record/rec.h) are, and the numbers of the fields that
 * name their configuration. */
struct shape_info {
	uint64_t shape;          /* 0: none known */
	enum record_is is;
	uint8_t nconfig, config[REC_FIELDS_MAX];
	uint64_t keys;           /* a hash of the type and those fields' keys */
};

/* The groups by a hash of their configuration (config_hash), 1 + the group's
 * number in each slot, 0 for a free one: in a real log every record is of another
 * configuration than the one before (the order of runs is shuffled), so no key
 * is built and compared with each group's. */
struct group_index {
	uint64_t hash[GROUP_SLOTS];
	int group[GROUP_SLOTS];
	int n;
};

/* A skip or error record, said once with how often it came. */
struct note {
	char *text;
	unsigned long line, count;
};

#define MAX_CLOCKS 8

struct summary {
	double tsc_hz;           /* the current boot's (its calibration record) */
	struct { double hz; unsigned long line; } clocks[MAX_CLOCKS];
	int nclocks;             /* distinct tsc_hz of the boots that have groups */
	bool all;                /* --all: a table row for every field */
	int ngroups, last;       /* last: the group of the last record */
	bool overflow;
	struct group *g;
	struct note *notes;
	size_t nnotes;
	struct shape_info *info;         /* REC_SHAPES, by shape id */
	struct group_index *index;
	unsigned boots;          /* boot records read: the boot a value comes from */
	struct run_pair pair;    /* take_lost's: off and on set for each pair, the rest 0
				  * (not zeroed for each pair) */
};

/* strcmp() == 0 for the short strings of the hot path, inlined. */
static inline bool same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/* Whether field i of r names a CPU (an APIC id: cpu, victim, noisy): its role is
 * identity (lib/record/schema.def); not a figure. */
static bool is_id_field(const struct rec *r, size_t i)
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

static struct group *find_group(struct summary *s, const struct rec *r)
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
	return !*field && same(p, suffix);
}

/* The row of field with suffix, made if new; -1 past MAX_ROWS. Records of a group
 * have the same fields in the same order: the row after the last one found is
 * nearly always the next one. */
static int row_of(struct group *g, const char *field, const char *suffix)
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
static struct dataset *row_data(struct group *g, int k)
{
	for (; g->times[k]; g->times[k]--)
		ds_add(&g->rows[k], g->only[k]);
	return &g->rows[k];
}

static bool same_bits(double a, double b)
{
	return !memcmp(&a, &b, sizeof(a));
}

/* x added to row k: counted while the row has had no other value (the same bits:
 * -0 is not 0; a NaN goes to the array, as it is not equal to itself). */
static inline void row_add(struct group *g, int k, double x)
{
	struct dataset *d = &g->rows[k];
	if (d->n) {
		ds_add(d, x);
	} else if (g->times[k] ? same_bits(x, g->only[k]) : x == x) {
		g->only[k] = x;
		g->times[k]++;
	} else {
		ds_add(row_data(g, k), x);
	}
}

/* A stats record's mean, in the group's "mean" row (its number kept, not looked up
 * by name). */
static void add_mean(struct group *g, double v)
{
	if (!g->mean_row)
		g->mean_row = row_of(g, "mean", "") + 1;
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
static const struct value *named(const struct layout *L, const struct rec *r, enum named k)
{
	return L->at[k] < 0 ? NULL : &r->f[L->at[k]].v;
}

static void pool_stats(struct group *g, const struct rec *r, unsigned boot)
{
	const struct layout *L = &g->layout[g->at];
	uint64_t n, sum, min, max, p50;
	if (value_u64(named(L, r, N_P50), &p50))
		ds_add_boot(&g->level, (double)p50, boot);
	if (!value_u64(named(L, r, N_N), &n) || !value_u64(named(L, r, N_SUM), &sum) ||
	    !value_u64(named(L, r, N_MIN), &min) || !value_u64(named(L, r, N_MAX), &max))
		return;
	add_mean(g, (double)sum / (double)n);
	if (__builtin_add_overflow(g->pooled_n, n, &g->pooled_n))
		g->pool_overflow = true;
	g->pooled_sum += sum;
	g->pooled_min = min < g->pooled_min ? min : g->pooled_min;
	g->pooled_max = max > g->pooled_max ? max : g->pooled_max;
	const struct value *lo = named(L, r, N_HIST_LO), *cnt = named(L, r, N_HIST_N);
	if (lo && cnt)
		merge_hist(g, lo, cnt);
}

/* Text put together in a buffer of size bytes, cut short at its end. */
struct text {
	char *buf;
	size_t size, n;
};

static void put(struct text *t, const char *s)
{
	size_t len = strlen(s);
	if (len > t->size - 1 - t->n)
		len = t->size - 1 - t->n;
	memcpy(t->buf + t->n, s, len);
	t->buf[t->n += len] = 0;
}

static void put_int(struct text *t, const struct value *v)
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
	struct text t = { buf, size, 0 };
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

static void note(struct summary *s, const struct rec *r)
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

static void print_notes(const struct summary *s)
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
static void take_lost(struct summary *s, struct group *g, const struct rec *r, bool on,
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
	if (L->n != (int)r->nfields || !same(r->type, L->text))
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
		if (same(f->key, named_key[k]))
			L->at[k] = (signed char)i;
	if (f->v.kind == V_BOOL && same(f->key, "timer_on"))
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
	} else if (run && same(f->key, "cpu")) {
		L->cpu = i;
	} else if (run && same(f->key, "run")) {
		L->run = i;
	} else if (!is_id_field(r, (size_t)i) && !same(f->key, "run") &&
		   !(L->is_stats && same(f->key, "sum"))) {
		L->role[i] = AS_FIGURE;
		if (run && same(f->key, "cycles"))
			L->cycles = i;
	}
}

static void layout_make(struct layout *L, const struct rec *r)
{
	unsigned at = 0;
	L->n = (int)r->nfields;
	L->shape = r->shape;
	L->is_run = same(r->type, "run");
	L->is_stats = same(r->type, "stats");
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
		int k = L->role[i] == AS_FIGURE ? row_of(g, L->text + L->key[i], suffixes[c]) : -1;
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
		note(s, r);
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
	if (!(g = find_group(s, r)))
		return NULL;
	if (!group_fits(g, r)) {
		g->at = (g->at + 1) % LAYOUTS;        /* the one used less recently */
		layout_make(&g->layout[g->at], r);
	}
	if (in)
		index_group(s, hash, g);
	return g;
}

static void take(const struct rec *r, void *ctx)
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
		pool_stats(g, r, s->boots ? s->boots - 1 : 0);
	else if (c && L->run >= 0 && L->cycles >= 0 && r->f[L->cycles].v.u > 0)
		take_lost(s, g, r, c == 2, L->cpu >= 0 ? r->f[L->cpu].v.u : 0, r->f[L->run].v.u,
			  (double)r->f[L->cycles].v.u);
	double direct;
	if (c == 2 && L->is_run &&
	    run_direct_of(named(L, r, N_GAP_INTERRUPTS), named(L, r, N_GAPS),
			  named(L, r, N_GAP_CYCLES), &direct))
		ds_add(&g->direct, direct);
}

/* ---- printing ----------------------------------------------------------------- */

static void print_header(int label_w)
{
	printf("%-*s %3s %13s %13s %13s %13s %13s %13s %13s %13s\n", label_w, "", "N", "Min",
	       "Max", "Median", "Avg", "Stddev", "p10", "p90", "p99");
}

/* The mean and spread of a group's row, of its sorted values, passed over once
 * (the tick block's passes over rows that their table line had passed over were
 * 2 % of summary's instructions). */
static struct moments row_moments(struct group *g, struct dataset *d)
{
	size_t i = (size_t)(d - g->rows);
	if (!g->have_moments[i]) {
		ds_sort(d);
		g->moments[i] = moments_sorted(d->v, d->n);
		g->have_moments[i] = true;
	}
	return g->moments[i];
}

static void print_row(struct group *g, struct dataset *d, int label_w)
{
	struct moments m = row_moments(g, d);
	printf("%-*s %3zu %13.8g %13.8g %13.8g %13.8g %13.8g %13.8g %13.8g %13.8g\n", label_w,
	       d->name, d->n, ds_min(d), ds_max(d), ds_median(d), m.hi, d->n > 1 ? m.sd : 0.0,
	       ds_percentile(d, 10), ds_percentile(d, 90), ds_percentile(d, 99));
}

static struct dataset *find_row(struct group *g, const char *label)
{
	for (int i = 0; i < g->nrows; i++)
		if (!strcmp(g->rows[i].name, label))
			return row_data(g, i);
	return NULL;
}

/* "1.23k +/- 0.07k cycles  617 +/- 35 ns  (how)", by the rule for figures. */
static void print_cost(const char *what, double v, double e, double tsc_hz, const char *how,
		       unsigned flags)
{
	char a[64], b[64] = "";
	figure_double(a, sizeof(a), v, e, 0, FIGURE_COMPACT | flags);
	if (tsc_hz > 0)
		figure_double(b, sizeof(b), v * 1e9 / tsc_hz, e * 1e9 / tsc_hz, 0,
			      FIGURE_COMPACT | flags);
	printf("  %-27s %s cycles%s%s%s  %s\n", what, a, *b ? "  " : "", b, *b ? " ns" : "", how);
}

/* The direct cost per interrupt of the spin runs (lib/answer/pairs.h): its mean and
 * Student's interval. */
static bool tick_direct(const struct dataset *direct, double *v, double *e)
{
	if (direct->n < 2)
		return false;
	struct moments m = moments_of(direct->v, direct->n);
	*v = m.hi;
	*e = t_crit(SUMMARY_CI, (double)direct->n - 1) * m.sd / sqrt((double)direct->n);
	return true;
}

static void print_tick(struct group *g, double tsc_hz)
{
	struct dataset *off = find_row(g, "cycles timer_on=false");
	struct dataset *on = find_row(g, "cycles timer_on=true");
	struct dataset *irq = find_row(g, "interrupts timer_on=true");
	if (!off || !on || !irq || off->n < 2 || on->n < 2)
		return;
	struct moments moff = row_moments(g, off);
	double mirq = row_moments(g, irq).hi;
	bool ftq = false;
	struct tresult t = student_exact_of(moff, off->n, row_moments(g, on), on->n, SUMMARY_CI);
	/* ftq: the runs last the same; the cost is the work not done, in cycles at the
	 * off runs' rate (docs/METHOD.md, "ftq") */
	struct dataset *woff = find_row(g, "work timer_on=false");
	struct dataset *won = find_row(g, "work timer_on=true");
	if (woff && won && woff->n >= 2 && won->n >= 2 && row_moments(g, woff).hi > 0) {
		struct moments mwoff = row_moments(g, woff);
		t = student_exact_of(row_moments(g, won), won->n, mwoff, woff->n, SUMMARY_CI);
		double per_unit = moff.hi / mwoff.hi;
		ftq = true;
		t.diff *= per_unit;
		t.err *= per_unit;
	}
	printf("derived (95%% confidence; %zu runs without the timer, %zu with it):\n",
	       off->n, on->n);
	char share[96];
	figure_double(share, sizeof(share), t.diff * 100 / moff.hi, t.err * 100 / moff.hi,
		      0, FIGURE_PERCENT | FIGURE_COMPACT | FIGURE_NOT_NEGATIVE | FIGURE_AT_MOST_100);
	printf("  %-27s %s  (Student's t on cycles on - off, over the mean off run)\n",
	       "CPU fraction lost", share);
	if (mirq <= 0) {
		printf("  no interrupts counted: no cost per interrupt\n");
		return;
	}
	double total = t.diff / mirq, te = t.err / mirq, dv, de;
	/* interference: the cycles are the untouched CPU's, the interrupts the other's. */
	bool victim = strstr(g->key, "bench=interference") != NULL;
	print_cost(victim ? "lost per other CPU's irq" : "total cost per interrupt", total, te, tsc_hz,
		   !t.proven ? "(not distinguishable from 0)" : ftq ?
		   "(Student's t on ftq's work off - on)" : "(Student's t on cycles on - off)", 0);
	if (tick_direct(&g->direct, &dv, &de)) {
		print_cost("direct cost per interrupt", dv, de, tsc_hz,
			   "(the mean of each run's gap_cycles / gap_interrupts)", FIGURE_NOT_NEGATIVE);
		print_cost("indirect cost per interrupt", total - dv, sqrt(te * te + de * de),
			   tsc_hz, "(total - direct)", FIGURE_NOT_NEGATIVE);
	}
}

static uint64_t hist_percentile(const struct group *g, double p)
{
	uint64_t rank = (uint64_t)ceil(p / 100 * (double)g->pooled_n), seen = 0;
	for (size_t i = 0; i < g->nhist; i++)
		if ((seen += g->hist[i].n) >= rank)
			return g->hist[i].lo;
	return g->nhist ? g->hist[g->nhist - 1].lo : 0;
}

static void print_pooled(const struct group *g, double tsc_hz)
{
	if (g->pool_overflow) {
		printf("pooled over runs: none (the counts add up past 2^64)\n");
		return;
	}
	if (!g->pooled_n)
		return;
	double mean = (double)(g->pooled_sum / g->pooled_n);
	printf("pooled over runs: n=%llu min=%llu mean=%.6g max=%llu cycles",
	       (unsigned long long)g->pooled_n, (unsigned long long)g->pooled_min, mean,
	       (unsigned long long)g->pooled_max);
	if (tsc_hz > 0)
		printf(" (mean %.6g ns)", mean * 1e9 / tsc_hz);
	putchar('\n');
	if (g->nhist)
		printf("  from the merged histogram (bucket lower bounds): p50>=%llu p90>=%llu "
		       "p99>=%llu p99.9>=%llu cycles\n",
		       (unsigned long long)hist_percentile(g, 50),
		       (unsigned long long)hist_percentile(g, 90),
		       (unsigned long long)hist_percentile(g, 99),
		       (unsigned long long)hist_percentile(g, 99.9));
}

/* Whether row k is worth a ministat line: two values or more, not all equal (a
 * row of one value kept as its count is not). */
static bool varies(struct group *g, int k)
{
	struct dataset *d = &g->rows[k];
	if (g->times[k])
		return false;
	ds_sort(d);
	return d->n > 1 && ds_min(d) != ds_max(d);
}

/* The value of row k, which does not vary. */
static double row_value(const struct group *g, int k)
{
	return g->times[k] ? g->only[k] : ds_min(&g->rows[k]);
}

/* The rows that do not vary, said once as "field=value ...", wrapped: one line
 * for the rows without a suffix, one per suffix (" timer_on=false"). */
static void print_constants(struct group *g)
{
	bool done[MAX_ROWS] = { false };
	for (int i = 0; i < g->nrows; i++) {
		if (done[i] || varies(g, i))
			continue;
		const char *suffix = strchr(g->rows[i].name, ' ');
		suffix = suffix ? suffix : "";
		int col = printf("  %s%s%s:", g->records == 1 ? "the record" : "the same in every record",
				 *suffix ? " with" : "", suffix);
		for (int j = i; j < g->nrows; j++) {
			struct dataset *d = &g->rows[j];
			const char *sj = strchr(d->name, ' ');
			if (done[j] || varies(g, j) || strcmp(sj ? sj : "", suffix))
				continue;
			done[j] = true;
			char item[200];
			int n = snprintf(item, sizeof(item), " %.*s=%.15g", (int)(strlen(d->name) -
					 strlen(suffix)), d->name, row_value(g, j));
			if (col + n > 100)
				col = printf("\n   ") - 1;
			col += printf("%s", item);
		}
		putchar('\n');
	}
}

/* The variance of a per-run figure at each level (boots.h): the runs within a boot,
 * the boots beyond what their runs explain. */
static void print_levels(const struct group *g)
{
	struct levels lv;
	bool run = !strncmp(g->key, "run ", 4);
	if (!levels_of(&g->level, &lv) || lv.runs < 2)
		return;
	printf("variance by level of %s per run: s.d. within a boot %.6g, ", run ?
	       "the CPU share lost (lost_ppm, ppm)" : "the p50 (cycles)", sqrt(lv.run_var));
	if (lv.boots < 2)
		printf("between boots unknown (1 boot)\n");
	else
		printf("between boots %.6g (%d boots x %zu%s runs)\n", sqrt(lv.boot_var), lv.boots,
		       lv.runs_min, lv.runs_min == lv.runs_max ? "" : "+");
}

static void print_group(struct group *g, const struct summary *s)
{
	bool any = s->all;
	int label_w = LABEL_W;
	for (int i = 0; i < g->nrows; i++)
		if ((s->all || varies(g, i)) && (int)strlen(g->rows[i].name) > label_w)
			label_w = (int)strlen(g->rows[i].name);
	printf("\n== %s  (", g->key);
	if (s->nclocks > 1)
		printf("tsc_hz %.0f; ", g->tsc_hz);
	printf("%lu record%s, lines %lu-%lu)\n", g->records, g->records == 1 ? "" : "s",
	       g->first_line, g->last_line);
	for (int i = 0; i < g->nrows && !any; i++)
		any = varies(g, i);
	if (any)
		print_header(label_w);
	for (int i = 0; i < g->nrows; i++)
		if (s->all || varies(g, i))
			print_row(g, row_data(g, i), label_w);
	if (!s->all)
		print_constants(g);
	if (!strncmp(g->key, "run ", 4))
		print_tick(g, g->tsc_hz);
	print_pooled(g, g->tsc_hz);
	print_levels(g);
}

/* One line of the 1-versus-N table: per CPU, the total cost per interrupt and the
 * cycles a run lost (on - off), and those lost cycles summed over the CPUs; each
 * figure by the rule, "-" for a cost without interrupts. */
static void print_scaling_line(struct group *g, unsigned cpus, double tsc_hz)
{
	struct dataset *off = find_row(g, "cycles timer_on=false");
	struct dataset *on = find_row(g, "cycles timer_on=true");
	struct dataset *irq = find_row(g, "interrupts timer_on=true");
	struct tick_figures f;
	char cost[48], irqs[32], lost[48], all[48], ns[48] = "";
	if (!off || !on || !irq || !tick_figures(off, on, irq, cpus, &f)) {
		printf("  %4u  (too few runs)\n", cpus);
		return;
	}
	figure_double(cost, sizeof(cost), f.cost, f.cost_err, 0, FIGURE_COMPACT);
	figure_double(irqs, sizeof(irqs), f.irqs, -1, 0, 0);
	figure_double(lost, sizeof(lost), f.lost, f.lost_err, 0, FIGURE_COMPACT);
	figure_double(all, sizeof(all), f.lost_all, f.lost_all_err, 0, FIGURE_COMPACT);
	if (tsc_hz > 0)
		figure_double(ns, sizeof(ns), f.cost * 1e9 / tsc_hz, f.cost_err * 1e9 / tsc_hz, 0,
			      FIGURE_COMPACT);
	printf("  %4u  %-20s  %-12s  %-20s  %-20s  %s%s\n", cpus, cost, irqs, lost, all, ns,
	       f.proven ? "" : "  (not distinguishable from 0)");
}

static void print_scaling_table(const char *base, const int *members, const unsigned *cpus,
				int n, void *ctx)
{
	struct summary *s = ctx;
	printf("\n== 1 versus N CPUs: %s\n", base);
	double tsc_hz = s->g[members[0]].tsc_hz;
	printf("  cpus  %-20s  %-12s  %-20s  %-20s  %s\n", "cost/irq (cycles)", "irqs/run/cpu",
	       "lost/run/cpu (cyc)", "lost/run, all CPUs", tsc_hz > 0 ? "cost/irq (ns)" : "");
	for (int k = 0; k < n; k++)
		print_scaling_line(&s->g[members[k]], cpus[k], tsc_hz);
}

/* tick's configurations run at several CPU counts (tick_cpus=): one table each. */
static void print_scaling(struct summary *s)
{
	const char **keys = calloc((size_t)s->ngroups + 1, sizeof(*keys));
	char (*named)[600] = calloc((size_t)s->ngroups + 1, sizeof(*named));
	for (int i = 0; keys && named && i < s->ngroups; i++) {
		/* boots with different TSC frequencies: one table per frequency */
		snprintf(named[i], sizeof(*named), "%s", s->g[i].key);
		if (s->nclocks > 1)
			snprintf(named[i], sizeof(*named), "%s tsc_hz=%.0f", s->g[i].key,
				 s->g[i].tsc_hz);
		keys[i] = named[i];
	}
	if (keys && named)
		scaling_sets(keys, s->ngroups, print_scaling_table, s);
	free(keys);
	free(named);
}

static void free_summary(struct summary *s)
{
	for (int i = 0; i < s->ngroups; i++) {
		for (int j = 0; j < s->g[i].nrows; j++)
			ds_free(&s->g[i].rows[j]);
		ds_free(&s->g[i].level);
		ds_free(&s->g[i].direct);
		free(s->g[i].hist);
		free(s->g[i].slot);
	}
	free(s->g);
	free(s->info);
	free(s->index);
	for (size_t i = 0; i < s->nnotes; i++)
		free(s->notes[i].text);
	free(s->notes);
}

/* The log's TSC frequency, or the boots' when they differ. */
static void print_clocks(const struct summary *s)
{
	if (s->nclocks > 1) {
		printf(", boots with different TSC frequencies:");
		for (int i = 0; i < s->nclocks; i++)
			printf("%s tsc_hz %.0f (line %lu)", i ? "," : "", s->clocks[i].hz,
			       s->clocks[i].line);
		printf("\nwarning: the log holds runs of different boots or machines: each "
		       "configuration is kept apart per TSC frequency, converted with its own\n");
	} else if (s->nclocks == 1 && s->clocks[0].hz > 0) {
		printf(", tsc_hz %.0f\n", s->clocks[0].hz);
	} else {
		printf(", no tsc_hz (no calibration record): figures in cycles only\n");
	}
}

static void summarise(const char *path, bool all, bool first, int *worst)
{
	struct summary s = { .all = all };
	struct log_report rep = { 0 };
	char *paths[] = { (char *)path };
	s.info = calloc(REC_SHAPES, sizeof(*s.info));
	s.index = calloc(1, sizeof(*s.index));
	if (!(s.g = calloc(MAX_GROUPS, sizeof(*s.g))) || !s.info || !s.index) {
		free(s.g), free(s.info), free(s.index);
		*worst = 2;
		return;
	}
	int rc = read_logs(paths, 1, take, &s, &rep);
	printf("%s# %s: %lu intact records%s%s", first ? "" : "\n", log_name(path), rep.records,
	       rc == 1 ? " (DAMAGED: see the problems above" : "",
	       rc != 1 ? "" : rep.refused ? "; damaged records refused)" : ")");
	print_clocks(&s);
	print_notes(&s);
	if (s.overflow)
		printf("warning: more than %d configurations; the rest are left out\n",
		       MAX_GROUPS);
	for (int k = 0; k < s.ngroups; k++)
		print_group(&s.g[k], &s);
	print_scaling(&s);
	free_summary(&s);
	*worst = rc > *worst ? rc : *worst;
}

const struct help help_summary = {
	"summary [--all] LOG...",
	"  ministat rows for the figures that vary, per benchmark and configuration,\n"
	"  percentiles, derived tick costs in cycles and ns; constant fields said once\n",
	"  --all           a row for every field, constant or not\n", NULL
};

int cmd_summary(int argc, char **argv)
{
	int worst = 0, nlogs = 0;
	bool all = false;
	char **logs = must_calloc((size_t)argc + 1, sizeof(*logs));
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--all"))
			all = true;
		else if (argv[i][0] == '-' && argv[i][1])
			usage_error("unknown option %s", argv[i]);
		else
			logs[nlogs++] = argv[i];
	}
	worst = logs_ready(logs, nlogs, false);
	for (int i = 0; i < nlogs && !worst; i++)
		summarise(logs[i], all, i == 0, &worst);
	free(logs);
	return worst;
}
