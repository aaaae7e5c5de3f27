/* The answer's lines (answer.h; docs/METHOD.md, "The report"): the details, then
 * the answer, every figure by the one rule (lib/answer/figure.h), each estimator named. */
#include "answer.h"
#include "answer_idle.h"
#include "figure_double.h"
#include "format.h"
#include "alloc_hook.h"
#include "lib.h"
#include "schema.h"
#include "student.h"
#include "tickmodel.h"

#include <stdarg.h>

#define MAX_HZ     16                   /* the HZ columns of a table */
#define CELL       64

/* ---- the configurations' order -------------------------------------------------- */

/* The names the kernel uses, in the order its tables list them; others after. */
static const char *const timers[] = { "pit", "lapic", "tscdl", "hpet" };
static const char *const modes[] = { "periodic", "oneshot" };
static const char *const paths[] = { "pic", "ioapic", "local", "legacy", "msi" };
static const char *const workloads[] = { "spin", "matrix", "memwalk", "ftq" };
/* readcost's clocks and armcost's acknowledgements in the answer's lines; the timer
 * table's arming operation of each of timers[]. */
static const char *const reads[] = { "rdtsc", "rdtscp", "hpet", "pmtimer", "pit", "lapic" };
static const char *const acks[] = { "eoi-xapic", "eoi-x2apic", "eoi-8259" };
static const char *const arm_ops[] = { "pit-reload", "lapic-tmict", "tscdl-write", "hpet-cmp" };

static int rank(const char *name, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(name, names[i]))
			return i;
	return n;
}

static int cmp_u(unsigned long long a, unsigned long long b) { return a < b ? -1 : a > b; }

/* The series' order: timer, mode, path, workload, CPU count, work model; then HZ. */
static int config_cmp(const struct rconfig *a, const struct rconfig *b)
{
	int d;
	if ((d = rank(a->timer, timers, 4) - rank(b->timer, timers, 4)) ||
	    (d = strcmp(a->timer, b->timer)) ||
	    (d = rank(a->mode, modes, 2) - rank(b->mode, modes, 2)) || (d = strcmp(a->mode, b->mode)) ||
	    (d = rank(a->delivery, paths, 5) - rank(b->delivery, paths, 5)) ||
	    (d = strcmp(a->delivery, b->delivery)) ||
	    (d = rank(a->workload, workloads, 4) - rank(b->workload, workloads, 4)) ||
	    (d = strcmp(a->workload, b->workload)) || (d = cmp_u(a->cpus, b->cpus)) ||
	    (d = cmp_u(a->tick_work, b->tick_work)) || (d = cmp_u(a->data_kib, b->data_kib)) ||
	    (d = cmp_u(a->code_kib, b->code_kib)) || (d = cmp_u(a->pages, b->pages)) ||
	    (d = strcmp(a->preset, b->preset)))
		return d;
	return cmp_u(a->hz, b->hz);
}

/* Whatever order the runs came in (order=random): configurations sorted once,
 * through an index (a configuration is a few kilobytes). */
static void order_configs(struct report *r)
{
	int n = r->nconfig;
	if (n < 2)
		return;                         /* in order; with none, no table to copy */
	int *idx = heap_resize(NULL, 0, (size_t)n * sizeof(int));
	struct rconfig *sorted = heap_resize(NULL, 0, (size_t)n * sizeof(*sorted));
	if (!idx || !sorted) {
		heap_free(idx), heap_free(sorted);
		return;                         /* the logs' order, then */
	}
	for (int i = 0; i < n; i++) {
		int k = i;
		for (; k > 0 && config_cmp(&r->cfg[idx[k - 1]], &r->cfg[i]) > 0; k--)
			idx[k] = idx[k - 1];
		idx[k] = i;
	}
	for (int i = 0; i < n; i++)
		sorted[i] = r->cfg[idx[i]];
	memcpy(r->cfg, sorted, (size_t)n * sizeof(*sorted));
	heap_free(sorted), heap_free(idx);
}

/* ---- what the host's sections share ------------------------------------------- */

/* The handler is part of the model: the floor's and the full handler's runs of one
 * configuration are never pooled (handler=full without work is a model of its own).
 * A record without a handler (ftq's series) belongs to its run's, whichever. */
bool same_model(const struct rconfig *a, const struct rconfig *b)
{
	return a->tick_work == b->tick_work && a->data_kib == b->data_kib &&
	       a->code_kib == b->code_kib && a->pages == b->pages &&
	       !strcmp(a->preset, b->preset) &&
	       (!a->handler[0] || !b->handler[0] || !strcmp(a->handler, b->handler));
}

bool is_floor(const struct rconfig *c)
{
	return !c->tick_work && !c->data_kib && !c->code_kib && !c->pages && !c->preset[0];
}

bool has_model_label(const struct rconfig *c)
{
	return !is_floor(c) || !strcmp(c->handler, "full");
}

bool same_source(const struct rconfig *a, const struct rconfig *b)
{
	return !strcmp(a->timer, b->timer) && !strcmp(a->mode, b->mode) &&
	       !strcmp(a->delivery, b->delivery);
}

bool same_series(const struct rconfig *a, const struct rconfig *b)
{
	return same_source(a, b) && !strcmp(a->workload, b->workload) && a->cpus == b->cpus &&
	       same_model(a, b);
}

void model_label(char *buf, size_t size, const struct rconfig *c)
{
	const uint64_t parts[] = { c->tick_work, c->data_kib, c->code_kib, c->pages };
	if (is_floor(c) && !strcmp(c->handler, "full"))
		format(buf, size, "full handler");
	else
		tick_model_words(buf, size, parts, c->preset);
}

static const char *mode_name(const char *mode)
{
	return !strcmp(mode, "oneshot") ? "one-shot re-armed" : mode;
}

void source_name(char *buf, size_t size, const struct rconfig *c)
{
	format(buf, size, "%s %s%s%s%s", c->timer, mode_name(c->mode), c->delivery[0] ? " (" : "",
	       c->delivery, c->delivery[0] ? ")" : "");
}

unsigned answer_cpus(const struct report *r)
{
	unsigned fewest = 0;
	for (int i = 0; i < r->nconfig; i++) {
		const struct rconfig *c = &r->cfg[i];
		if ((c->lost.n || c->direct.n) && (!fewest || c->cpus < fewest))
			fewest = c->cpus;
	}
	return fewest ? fewest : 1;
}

bool on_answer_cpus(const struct report *r, const struct rconfig *c)
{
	return c->cpus == answer_cpus(r);
}

/* The answer's tables' CPUs and unit: "1 CPU" and the unit of one, or "2 CPUs, %
 * of each CPU". */
static void cpus_words(char *buf, size_t size, const struct report *r, const char *unit_of_one)
{
	unsigned n = answer_cpus(r);
	if (n == 1)
		format(buf, size, "1 CPU, %s", unit_of_one);
	else
		format(buf, size, "%u CPUs, %% of each CPU", n);
}

int series_of(const struct report *r, const struct rconfig *c, struct rconfig **out, int max)
{
	int n = 0;
	for (int i = 0; i < r->nconfig && n < max; i++)
		if (same_series(&r->cfg[i], c) && r->cfg[i].lost.n)
			out[n++] = &r->cfg[i];      /* sorted: ascending HZ */
	return n;
}

double boot_cost(const struct report *r, const struct rconfig *c, const struct rconfig *b)
{
	double end = 0, ends = 0, run = 0, per_boot = 0;
	for (unsigned i = 0; i < r->boots; i++)
		if (r->boot[i].end_tsc > 0)
			end += r->boot[i].end_tsc, ends++;
	for (int k = 0; k < 2; k++) {
		const struct rconfig *x = k ? b : c;
		if (x && x->lost.n) {
			run += x->pair_cycles / (double)x->lost.n;
			per_boot += x->pair_cycles / (several_boots(&x->lost) ? r->boots : 1);
		}
	}
	if (!ends || !(run > 0) || end / ends <= per_boot)
		return 0;
	return (end / ends - per_boot) / run;
}

bool ticks_off_rate(const struct rconfig *const *c, int n)
{
	for (int i = 0; i < n; i++)
		if (c[i]->off_rate_runs)
			return true;
	return false;
}

double ticks_pct(const struct rconfig *const *c, int n)
{
	double taken = 0, asked = 0;
	for (int i = 0; i < n; i++)
		taken += c[i]->ticks_taken, asked += c[i]->ticks_asked;
	return asked > 0 ? 100 * taken / asked : 100;
}

/* "200 %": the share of its ticks, by the rule for figures. */
static void pct_words(char *buf, size_t size, const struct rconfig *const *c, int n)
{
	figure_double(buf, size, ticks_pct(c, n), -1, 0, FIGURE_PERCENT);
}

void ticks_mark(char *buf, size_t size, const struct rconfig *const *c, int n)
{
	char pct[32];
	size_t len = strlen(buf);
	if (!ticks_off_rate(c, n) || len >= size)
		return;
	pct_words(pct, sizeof(pct), c, n);
	format(buf + len, size - len, " (ticks %s)", pct);
}

bool ticks_no_verdict(char *buf, size_t size, const struct rconfig *c,
		      const struct rconfig *base)
{
	char a[32], b[32];
	if (!ticks_off_rate(&c, 1) && !ticks_off_rate(&base, 1))
		return false;
	pct_words(a, sizeof(a), &c, 1);
	pct_words(b, sizeof(b), &base, 1);
	format(buf, size, "no verdict (ticks %s vs %s)", a, b);
	return true;
}

/* ---- tables --------------------------------------------------------------------- */

/* A table: a head row and a row per series, a label and a cell per column. */
struct table {
	int columns, rows, label;
	int widths[MAX_HZ];
	char head[MAX_HZ][CELL];
	char (*cells)[MAX_HZ][CELL];    /* cells[row][column] */
	char (*labels)[CELL * 2];
};

static bool table_new(struct table *t, int rows)
{
	memset(t, 0, sizeof(*t));
	t->cells = heap_resize(NULL, 0, (size_t)(rows + 1) * sizeof(*t->cells));
	t->labels = heap_resize(NULL, 0, (size_t)(rows + 1) * sizeof(*t->labels));
	return t->cells && t->labels;
}

static void table_free(struct table *t)
{
	heap_free(t->cells), heap_free(t->labels);
}

static void print_row(struct answer_out *o, const struct table *t, const char *label,
		      const char (*cells)[CELL])
{
	char line[512];
	if (o->row) {
		const char *texts[MAX_HZ];
		for (int c = 0; c < t->columns; c++)
			texts[c] = cells[c];
		o->row(o->ctx, o->kind, label, texts, t->columns);
		return;
	}
	int n = format(line, sizeof(line), "%-*s", t->label, label);
	for (int c = 0; c < t->columns; c++)
		n += format(line + n, sizeof(line) > (size_t)n ? sizeof(line) - (size_t)n : 0,
			    "  %-*s", t->widths[c], cells[c]);
	answer_say(o, "%s", line);
}

/* The head row (its label, e.g. "timer"), then the rows. */
static void print_table(struct answer_out *o, struct table *t, const char *corner)
{
	for (int c = 0; c < t->columns; c++) {
		t->widths[c] = (int)strlen(t->head[c]);
		for (int r = 0; r < t->rows; r++) {
			int len = (int)strlen(t->cells[r][c]);
			t->widths[c] = len > t->widths[c] ? len : t->widths[c];
		}
	}
	t->label = (int)strlen(corner);
	for (int r = 0; r < t->rows; r++) {
		int len = (int)strlen(t->labels[r]);
		t->label = len > t->label ? len : t->label;
	}
	o->kind |= ANSWER_HEAD;
	print_row(o, t, corner, t->head);
	o->kind &= ~ANSWER_HEAD;
	for (int r = 0; r < t->rows; r++)
		print_row(o, t, t->labels[r], t->cells[r]);
}

/* The end of the word at w (up to a space or the end). */
static size_t word_length(const char *w)
{
	size_t n = 0;
	while (w[n] && w[n] != ' ')
		n++;
	return n;
}

/* A paragraph, folded at its words, after the line's start; a number stays with the
 * word after it ("95 %", "1 CPU"): no figure is cut from its unit. */
static void say_words(struct line *l, const char *text)
{
	char word[160];
	for (const char *w = text; *w;) {
		size_t n = word_length(w);
		const char *digit = *w == '(' || *w == '+' || *w == '-' ? w + 1 : w;
		if (*digit >= '0' && *digit <= '9' && w[n] == ' ')
			n += 1 + word_length(w + n + 1);
		format(word, sizeof(word), "%.*s", (int)n, w);
		line_add(l, l->len ? " " : "", word);
		w += n + (w[n] == ' ');
	}
	line_end(l);
}

/* ---- figures for the records ---------------------------------------------------- */

struct printer {
	struct report *r;
	struct answer_out o;
	answer_figure_fn *figure;
	void *ctx;
	char warnings[640];
};

static void field_str(struct answer_figure *f, const char *key, const char *s)
{
	if (f->nfields < FIGURE_FIELDS)
		f->f[f->nfields++] = (typeof(f->f[0])){ .key = key, .s = s, .is_str = true };
}

static void field_int(struct answer_figure *f, const char *key, int64_t i)
{
	if (f->nfields < FIGURE_FIELDS)
		f->f[f->nfields++] = (typeof(f->f[0])){ .key = key, .i = i };
}

static void field_bool(struct answer_figure *f, const char *key, bool b)
{
	if (f->nfields < FIGURE_FIELDS)
		f->f[f->nfields++] = (typeof(f->f[0])){ .key = key, .i = b, .is_bool = true };
}

/* ticks_pct, where the figure's runs were off their rate: the share of their ticks
 * they took, %, rounded. */
static void ticks_field(struct answer_figure *f, const struct rconfig *const *c, int n)
{
	if (ticks_off_rate(c, n))
		field_int(f, FIELD_INT(report, ticks_pct), (int64_t)(ticks_pct(c, n) + 0.5));
}

static void emit(struct printer *p, const struct answer_figure *f)
{
	if (p->figure)
		p->figure(p->ctx, f);
}

static void config_fields(struct answer_figure *f, const struct rconfig *c)
{
	field_str(f, FIELD(report, timer, STR), c->timer);
	field_str(f, FIELD(report, mode, STR), c->mode);
	field_str(f, FIELD(report, delivery, STR), c->delivery);
	field_str(f, FIELD(report, workload, STR), c->workload);
	field_int(f, FIELD_INT(report, hz), (int64_t)c->hz);
	if (is_floor(c))
		return;
	field_int(f, FIELD_INT(report, tick_work), (int64_t)c->tick_work);
	field_int(f, FIELD_INT(report, tick_data_kib), (int64_t)c->data_kib);
	field_int(f, FIELD_INT(report, tick_code_kib), (int64_t)c->code_kib);
	field_int(f, FIELD_INT(report, tick_pages), (int64_t)c->pages);
	if (c->preset[0])
		field_str(f, FIELD(report, tick_model, STR), c->preset);
}

/* A record's name: "share-lapic-periodic-spin-1000", the work model after it as
 * "-PRESET" or "-w2000-d16-c8-p32" (its non-zero parts). */
static void figure_name(char *buf, size_t size, const char *what, const struct rconfig *c,
			const struct rconfig *base)
{
	static const char *const tags[] = { "-w%llu", "-d%llu", "-c%llu", "-p%llu" };
	unsigned long long v[] = { c->tick_work, c->data_kib, c->code_kib, c->pages };
	int n = format(buf, size, "%s-%s-%s-%s-%llu", what, c->timer, c->mode, c->workload, c->hz);
	if (base)
		n += format(buf + n, size - (size_t)n, "-vs-%llu", base->hz);
	if (c->preset[0])
		format(buf + n, size - (size_t)n, "-%s", c->preset);
	for (int i = 0; i < 4 && !c->preset[0]; i++)
		if (v[i])
			n += format(buf + n, size - (size_t)n, tags[i], v[i]);
}

/* ppm, toward zero; a half width rounded down. */
static int64_t ppm_of(double v) { return (int64_t)v; }

/* ---- the details ---------------------------------------------------------------- */

static void warn(struct printer *p, const char *text)
{
	size_t n = strlen(p->warnings);
	format(p->warnings + n, sizeof(p->warnings) - n, "%s%s", n ? "; " : "", text);
	struct answer_figure f = { .what = "warning", .text = text };
	emit(p, &f);
}

static bool under_emulator(const struct report *r)
{
	return r->emulator[0] || (r->hypervisor && !strcmp(r->hypervisor_sig, "TCGTCGTCGTCG"));
}

/* What the platform, the calibration and the runs say that changes how to read the
 * figures: one paragraph of the answer. */
static void gather_warnings(struct printer *p)
{
	struct report *r = p->r;
	char text[256];
	if (under_emulator(r)) {
		format(text, sizeof(text), "an emulator (%s) underneath: its figures are the host's, "
		       "not a PC's", r->emulator[0] ? r->emulator : r->hypervisor_sig);
		warn(p, text);
	} else if (r->hypervisor) {
		format(text, sizeof(text), "a hypervisor (%s) underneath: exits and the host's "
		       "scheduling are in every figure", r->hypervisor_sig);
		warn(p, text);
	}
	if (r->below[0]) {
		format(text, sizeof(text), "%s (RDTSC back to back %llu cycles, 1000 turns of a loop "
		       "%llu): every cycle figure is the hypervisor's", r->below, r->rdtsc_cycles,
		       r->loop_cycles);
		warn(p, text);
	}
	if (r->have_platform && !r->tsc_invariant)
		warn(p, "the TSC is not invariant: its rate may follow the core clock");
	if (r->spread_ppm > 1000) {
		format(text, sizeof(text), "the clock references disagree by %llu ppm: ns figures "
		       "carry that", r->spread_ppm);
		warn(p, text);
	}
	if (r->tsc_hz_differs || r->other_brand[0]) {
		format(text, sizeof(text), "the logs may come from different machines (%s): figures "
		       "of one configuration are pooled", r->other_brand[0] ? "CPUs differ" :
		       "tsc_hz differs by over 1000 ppm");
		warn(p, text);
	}
	if (r->ends < r->boots) {
		format(text, sizeof(text), "%u boot%s without an end record: the run did not finish",
		       r->boots - r->ends, r->boots - r->ends == 1 ? "" : "s");
		warn(p, text);
	}
	if (r->ends_pass < r->ends) {
		format(text, sizeof(text), "%u run%s ended fail or error", r->ends - r->ends_pass,
		       r->ends - r->ends_pass == 1 ? "" : "s");
		warn(p, text);
	}
	if (r->smi) {
		format(text, sizeof(text), "%llu SMIs during tick runs: firmware took the CPU", r->smi);
		warn(p, text);
	}
	if (r->short_runs) {
		format(text, sizeof(text), "%llu tick run%s got under 99 %% of their ticks: "
		       "interrupts were lost", r->short_runs, r->short_runs == 1 ? "" : "s");
		warn(p, text);
	}
	if (r->extra_runs) {
		format(text, sizeof(text), "%llu tick run%s got over 101 %% of their ticks: the "
		       "timer fired more often than its rate", r->extra_runs,
		       r->extra_runs == 1 ? "" : "s");
		warn(p, text);
	}
	if (r->short_runs || r->extra_runs)
		warn(p, "figures of such runs are marked (ticks N %), their verdicts not given");
	if (r->out_of_memory)
		warn(p, "out of memory: the figures leave out some runs");
	if (r->caller_warning[0])
		warn(p, r->caller_warning);
}

/* "HEAD     text", the text folded at its words below the head's column. */
static void say_paragraph(struct printer *p, const char *head, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void say_paragraph(struct printer *p, const char *head, const char *fmt, ...)
{
	char text[640], start[16];
	struct line l;
	va_list ap;
	va_start(ap, fmt);
	vformat(text, sizeof(text), fmt, ap);
	va_end(ap);
	format(start, sizeof(start), "%-8s", head);
	answer_line_start(&p->o, &l, start, 9);
	say_words(&l, text);
}

static void print_platform_details(struct printer *p)
{
	struct report *r = p->r;
	unsigned long long khz = (unsigned long long)(r->first_tsc_hz / 1000 + 0.5);
	unsigned long long cpus = r->cpus_online ? r->cpus_online : 1;
	if (r->have_platform)
		say_paragraph(p, "CPU", "%s \"%s\"%s%s, %llu CPU%s online", r->vendor, r->brand,
			      r->hypervisor ? ", hypervisor " : "", r->hypervisor_sig, cpus,
			      cpus == 1 ? "" : "s");
	if (r->first_tsc_hz > 0)
		say_paragraph(p, "TSC", "%llu.%03llu MHz from %s; references spread %llu ppm; "
			      "invariant %s", khz / 1000, khz % 1000, r->reference[0] ? r->reference : "?",
			      r->spread_ppm, r->tsc_invariant ? "yes" : "no");
	else
		say_paragraph(p, "TSC", "no calibration record: costs are TSC cycles");
}

static struct estimate table_shape(const struct report *r, bool diff);

/* The notes: what the runs say that does not change the answer's reading. */
static void print_notes(struct printer *p)
{
	struct report *r = p->r;
	if (r->boots > 1)
		say_paragraph(p, "note", "%u boots pooled: each interval is over them (%s)",
			      r->boots, method_words(table_shape(r, false).method, false));
	if (r->unexplained)
		say_paragraph(p, "note", "%llu holes in the spin loop held no interrupt (time "
			      "taken from below)", r->unexplained);
	if (r->skips || r->errors)
		say_paragraph(p, "note", "%u skip and %u error records (tickstat summary names "
			      "them)", r->skips, r->errors);
}

/* ---- per timer: arming, latency, direct cost ------------------------------------ */

static const struct rstat *stat_named(const struct report *r, const char *bench, const char *what)
{
	for (int i = 0; i < r->nstat; i++)
		if (!strcmp(r->stat[i].bench, bench) && !strcmp(r->stat[i].what, what))
			return &r->stat[i];
	return NULL;
}

/* latency of a timer in its first state, the handler's stamps. */
static const struct rstat *latency_of(const struct report *r, const char *timer)
{
	for (int i = 0; i < r->nstat; i++) {
		const struct rstat *s = &r->stat[i];
		if (!strcmp(s->bench, "latency") && !strcmp(s->timer, timer) && !s->wake &&
		    !strcmp(s->wait, r->latency_wait))
			return s;
	}
	return NULL;
}

/* The direct cost's configurations of a timer: spin on one CPU, with holes, of its
 * first mode and path (periodic before one-shot) and first work model (the floor
 * unless tick_work= or tick_model= name another). */
static const struct rconfig *direct_first(const struct report *r, const char *timer)
{
	const struct rconfig *first = NULL;
	for (int i = 0; i < r->nconfig; i++) {
		const struct rconfig *c = &r->cfg[i];
		if (on_answer_cpus(r, c) && c->direct.n && !strcmp(c->workload, "spin") &&
		    !strcmp(c->timer, timer) && (!first || config_cmp(c, first) < 0))
			first = c;
	}
	return first;
}

/* The configurations of the timer's direct cost: every HZ of its first source and
 * model, on spin; how many, into c (at most max). */
static int direct_configs(const struct report *r, const char *timer, const struct rconfig **c,
			  int max)
{
	const struct rconfig *first = direct_first(r, timer);
	int n = 0;
	for (int i = 0; first && i < r->nconfig && n < max; i++) {
		const struct rconfig *x = &r->cfg[i];
		if (on_answer_cpus(r, x) && !strcmp(x->workload, "spin") && same_source(x, first) &&
		    same_model(x, first))
			c[n++] = x;
	}
	return n;
}

/* Their values pooled: ns (cycles: the record's). */
static void direct_of(const struct rconfig *const *c, int n, bool cycles, struct dataset *d)
{
	ds_init(d, "direct");
	for (int i = 0; i < n; i++) {
		const struct dataset *v = cycles ? &c[i]->direct_cycles : &c[i]->direct;
		for (size_t k = 0; k < v->n; k++)
			ds_add_boot(d, v->v[k], v->boot ? v->boot[k] : 0);
	}
}

/* A figure cell: the mean +/- its interval, "-" for nothing measured. */
static void estimate_cell(char *cell, const struct dataset *d, int ci)
{
	struct estimate e = d ? mean_estimate(d, ci) : (struct estimate){ .ok = false };
	if (!e.ok)
		format(cell, CELL, "-");
	else
		figure_double(cell, CELL, e.v, e.interval ? e.e : -1, e.na, FIGURE_COMPACT);
}

/* A figure in cycles for a record: the mean of the runs', rounded down; key names
 * its subject, a timer or an operation. */
#define REPORT_TIMER FIELD(report, timer, STR)
#define REPORT_OP FIELD(report, op, STR)
static struct answer_figure cycles_figure(char *name, size_t size, const char *what,
					  const char *subject, const char *key,
					  const struct dataset *d)
{
	format(name, size, "%s-%s", what, subject);
	struct answer_figure f = { .what = what, .name = name, .unit = "cycles",
				   .value = (int64_t)ds_mean(d) };
	field_str(&f, key, subject);
	field_int(&f, FIELD_INT(report, runs), (int64_t)d->n);
	return f;
}

static void emit_cycles(struct printer *p, const char *what, const char *subject,
			const char *key, const struct dataset *d)
{
	char name[64];
	if (!d->n)
		return;
	struct answer_figure f = cycles_figure(name, sizeof(name), what, subject, key, d);
	emit(p, &f);
}

/* The direct cost: its handler, its instructions where cycles are, and the share of
 * their ticks its runs took where they were off their rate. */
static void emit_direct(struct printer *p, const char *timer, const struct dataset *d,
			const char *handler, const struct rconfig *const *c, int n)
{
	char name[64];
	if (!d->n)
		return;
	struct answer_figure f = cycles_figure(name, sizeof(name), "direct", timer, REPORT_TIMER, d);
	field_str(&f, FIELD(report, handler, STR), handler);
	if (p->r->cycles_are_instructions)
		field_int(&f, FIELD_INT(report, instructions), f.value);
	ticks_field(&f, c, n);
	emit(p, &f);
}

static void timer_row(struct printer *p, struct table *t, const char *timer, const char *op)
{
	struct report *r = p->r;
	const struct rstat *arm = stat_named(r, "armcost", op), *lat = latency_of(r, timer);
	const struct rconfig *first = direct_first(r, timer), *c[MAX_HZ * 4];
	int n = direct_configs(r, timer, c, MAX_HZ * 4);
	struct dataset direct, direct_cycles;
	direct_of(c, n, false, &direct);
	direct_of(c, n, true, &direct_cycles);
	if (arm || lat || direct.n) {
		char (*cells)[CELL] = t->cells[t->rows];
		format(t->labels[t->rows++], CELL * 2, "%s", timer);
		estimate_cell(cells[0], arm ? &arm->p50 : NULL, r->ci);
		estimate_cell(cells[1], lat ? &lat->p50 : NULL, r->ci);
		estimate_cell(cells[2], lat ? &lat->p99 : NULL, r->ci);
		estimate_cell(cells[3], &direct, r->ci);
		ticks_mark(cells[3], CELL, c, n);
	}
	if (lat) {
		emit_cycles(p, "latency_p50", timer, REPORT_TIMER, &lat->p50_cycles);
		emit_cycles(p, "latency_p99", timer, REPORT_TIMER, &lat->p99_cycles);
	}
	if (first)
		emit_direct(p, timer, &direct_cycles, first->handler, c, n);
	ds_free(&direct), ds_free(&direct_cycles);
}

/* Per timer measured: arming, deadline-to-handler latency, direct cost, ns. */
static void print_timers(struct printer *p)
{
	struct table t;
	if (!table_new(&t, 4))
		return;
	t.columns = 4;
	format(t.head[0], CELL, "arm");
	format(t.head[1], CELL, "latency p50");
	format(t.head[2], CELL, "latency p99");
	format(t.head[3], CELL, "direct per interrupt");
	for (int i = 0; i < 4; i++)
		timer_row(p, &t, timers[i], arm_ops[i]);
	if (t.rows)
		print_table(&p->o, &t, p->r->cycles_only ? "timer (cycles)" : "timer (ns)");
	table_free(&t);
}

/* "reads (ns): rdtsc 7.01 rdtscp 8.13 ...": each operation's mean of the runs' p50. */
static void print_costs(struct printer *p, const char *bench, const char *label,
			const char *const *ops, int n_ops)
{
	char line[512], v[48];
	int n = format(line, sizeof(line), "%s (%s):", label, p->r->cycles_only ? "cycles" : "ns"),
	    start = n;
	for (int i = 0; i < n_ops; i++) {
		const struct rstat *s = stat_named(p->r, bench, ops[i]);
		if (!s || !s->p50.n)
			continue;
		figure_double(v, sizeof(v), ds_mean(&s->p50), -1, 0, 0);
		n += format(line + n, sizeof(line) - (size_t)n, " %s %s", ops[i], v);
	}
	if (n > start)
		answer_say(&p->o, "%s", line);
}

/* Every cost measured, as a record: "cost-OP", the runs' p50 cycles. */
static void emit_costs(struct printer *p)
{
	for (int i = 0; i < p->r->nstat; i++) {
		const struct rstat *s = &p->r->stat[i];
		if (!strcmp(s->bench, "readcost") || !strcmp(s->bench, "armcost"))
			emit_cycles(p, "cost", s->what, REPORT_OP, &s->p50_cycles);
	}
}

/* ---- the CPU share lost and the verdicts ---------------------------------------- */

/* A series on the answer's CPUs with runs, the first of its kind in the (sorted)
 * list. */
static bool series_head(const struct report *r, int i)
{
	const struct rconfig *c = &r->cfg[i];
	if (!on_answer_cpus(r, c) || !c->lost.n)
		return false;
	for (int j = 0; j < i; j++)
		if (r->cfg[j].lost.n && same_series(&r->cfg[j], c))
			return false;
	return true;
}

/* Every HZ measured on the answer's CPUs, ascending; returns how many. */
static int all_hz(const struct report *r, unsigned long long *hz)
{
	int n = 0;
	for (int i = 0; i < r->nconfig; i++) {
		const struct rconfig *c = &r->cfg[i];
		bool seen = false;
		for (int k = 0; k < n; k++)
			seen |= hz[k] == c->hz;
		if (seen || !on_answer_cpus(r, c) || !c->lost.n || n == MAX_HZ)
			continue;
		int k = n++;
		for (; k > 0 && hz[k - 1] > c->hz; k--)
			hz[k] = hz[k - 1];
		hz[k] = c->hz;
	}
	return n;
}

/* Does another series of the same timer and mode take another delivery path? */
static bool several_paths(const struct report *r, const struct rconfig *c)
{
	for (int i = 0; i < r->nconfig; i++) {
		const struct rconfig *x = &r->cfg[i];
		if (on_answer_cpus(r, x) && x->lost.n && !strcmp(x->timer, c->timer) &&
		    !strcmp(x->mode, c->mode) && strcmp(x->delivery, c->delivery))
			return true;
	}
	return false;
}

/* "lapic periodic spin"; "hpet periodic (legacy) spin" where the timer and mode
 * ran through several paths; the work model after it ("lapic periodic spin data
 * 16 KiB"). */
static void series_label(char *buf, size_t size, const struct report *r, const struct rconfig *c)
{
	char model[96] = "";
	if (has_model_label(c)) {
		model[0] = ' ';
		model_label(model + 1, sizeof(model) - 1, c);
	}
	if (several_paths(r, c))
		format(buf, size, "%s %s (%s) %s%s", c->timer, c->mode, c->delivery, c->workload, model);
	else
		format(buf, size, "%s %s %s%s", c->timer, c->mode, c->workload, model);
}

/* The runs most configurations have (the first such): the tables' n, which a cell
 * names only where its own differs. */
static size_t common_runs(const struct report *r)
{
	size_t best = 0;
	int best_count = 0;
	for (int i = 0; i < r->nconfig; i++) {
		int count = 0;
		if (!on_answer_cpus(r, &r->cfg[i]) || !r->cfg[i].lost.n)
			continue;
		for (int j = 0; j < r->nconfig; j++)
			count += on_answer_cpus(r, &r->cfg[j]) && r->cfg[j].lost.n == r->cfg[i].lost.n;
		if (count > best_count) {
			best = r->cfg[i].lost.n;
			best_count = count;
		}
	}
	return best;
}

/* A share of the CPU in % from ppm, by the rule: a share below 0 or above 100 % is
 * noise, and says so. */
static void share_text(char *buf, size_t size, const struct estimate *e, unsigned flags)
{
	figure_double(buf, size, e->v / 1e4, e->interval ? e->e / 1e4 : -1, e->na,
		      flags | FIGURE_PERCENT | FIGURE_COMPACT | FIGURE_NOT_NEGATIVE |
		      FIGURE_AT_MOST_100);
}

static void emit_share(struct printer *p, const struct rconfig *c, const struct estimate *e)
{
	char name[160];
	figure_name(name, sizeof(name), "share", c, NULL);
	struct answer_figure f = { .what = "share", .name = name, .unit = "ppm",
				   .value = ppm_of(e->v) };
	config_fields(&f, c);
	field_int(&f, FIELD_INT(report, cpus), c->cpus);
	field_int(&f, FIELD_INT(report, runs), (int64_t)c->lost.n);
	if (e->interval)
		field_int(&f, FIELD_INT(report, ci95), ppm_of(e->e));
	ticks_field(&f, &c, 1);
	emit(p, &f);
}

static void share_cells(struct printer *p, struct table *t, const struct rconfig *head,
			const unsigned long long *hz, size_t runs)
{
	struct rconfig *s[MAX_HZ];
	int n = series_of(p->r, head, s, MAX_HZ);
	char (*cells)[CELL] = t->cells[t->rows];
	series_label(t->labels[t->rows++], CELL * 2, p->r, head);
	for (int c = 0; c < t->columns; c++) {
		format(cells[c], CELL, "-");
		for (int k = 0; k < n; k++) {
			if (s[k]->hz != hz[c])
				continue;
			struct estimate e = mean_estimate(&s[k]->lost, p->r->ci);
			share_text(cells[c], CELL, &e, 0);
			if (s[k]->lost.n != runs) {
				size_t len = strlen(cells[c]);
				format(cells[c] + len, CELL - len, " (n=%zu)", s[k]->lost.n);
			}
			ticks_mark(cells[c], CELL, (const struct rconfig *const *)&s[k], 1);
			emit_share(p, s[k], &e);
		}
	}
}

/* The method of the tables' figures: "95 %, 1 boot x 3 runs, t over runs". */
/* The configuration whose runs the tables' heads name: the first with the runs most
 * have, on the answer's CPUs; NULL for none. */
static const struct rconfig *common_config(const struct report *r)
{
	for (int i = 0; i < r->nconfig; i++)
		if (on_answer_cpus(r, &r->cfg[i]) && r->cfg[i].lost.n == common_runs(r))
			return &r->cfg[i];
	return NULL;
}

/* Its share's estimate (of its difference with another such, diff) as far as its
 * method and counts, which every interval of the table shares. */
static struct estimate table_shape(const struct report *r, bool diff)
{
	const struct rconfig *c = common_config(r);
	if (!c)
		return (struct estimate){ .ok = false, .method = IV_RUNS };
	return estimate_shape(&c->lost, diff ? &c->lost : NULL);
}

static void table_method(char *buf, size_t size, const struct report *r, bool diff)
{
	struct estimate e = table_shape(r, diff);
	if (e.ok)
		fmt_method(buf, size, &e, r->ci);
	else
		format(buf, size, "%s %%", level_words(r->ci));
}

static void print_shares(struct printer *p)
{
	struct report *r = p->r;
	struct table t;
	unsigned long long hz[MAX_HZ];
	char method[96], on[48];
	if (!table_new(&t, r->nconfig))
		return;
	t.columns = all_hz(r, hz);
	for (int c = 0; c < t.columns; c++)
		format(t.head[c], CELL, "HZ=%llu", hz[c]);
	table_method(method, sizeof(method), r, false);
	char text[256];
	struct line l;
	cpus_words(on, sizeof(on), r, "% of the CPU");
	format(text, sizeof(text), "CPU lost at each HZ on %s: the mean of the runs' shares (each "
	       "run with the timer against its run without) +/- %s:", on, method);
	p->o.kind |= ANSWER_HEAD;
	answer_line_start(&p->o, &l, "", 0);
	say_words(&l, text);
	p->o.kind &= ~ANSWER_HEAD;
	for (int i = 0; i < r->nconfig; i++)
		if (series_head(r, i))
			share_cells(p, &t, &r->cfg[i], hz, common_runs(r));
	print_table(&p->o, &t, "");
	table_free(&t);
}

static void emit_verdict(struct printer *p, const struct rconfig *c, const struct rconfig *base,
			 const struct verdict *v)
{
	char name[176];
	figure_name(name, sizeof(name), "verdict", c, base);
	struct answer_figure f = { .what = "verdict", .name = name, .unit = "ppm",
				   .value = ppm_of(v->d.v) };
	config_fields(&f, c);
	field_int(&f, FIELD_INT(report, vs_hz), (int64_t)base->hz);
	field_int(&f, FIELD_INT(report, cpus), c->cpus);
	field_int(&f, FIELD_INT(report, runs), (int64_t)c->lost.n);
	field_int(&f, FIELD_INT(report, vs_runs), (int64_t)base->lost.n);
	field_int(&f, FIELD_INT(report, ci95), v->d.interval ? ppm_of(v->d.e) : 0);
	field_bool(&f, FIELD(report, proven, BOOL), v->proven);
	const struct rconfig *both[] = { c, base };
	ticks_field(&f, both, 2);
	struct need need = v->need;         /* the record's: proven or not */
	if (v->proven && v->d.v != 0)
		need = need_for_diff(&base->lost, &c->lost, v->d.v < 0 ? -v->d.v : v->d.v,
				     boot_cost(p->r, base, c), p->r->ci);
	field_int(&f, FIELD_INT(report, runs_needed), v->d.v == 0 ? 0 : need.runs);
	emit(p, &f);
}

/* "+0.84 % +/- 0.06 %" where proven, else "needed: 1 boot x 37 runs" (or "identical
 * means", "too few runs (n=1+1)"), with (n=a+b) where the table's n is not theirs. */
static void verdict_cell(char *cell, const struct verdict *v, size_t runs)
{
	if (!v->d.interval)
		format(cell, CELL, "too few runs (n=%zu+%zu)", v->d.na, v->d.nb);
	else if (v->proven)
		share_text(cell, CELL, &v->d, FIGURE_SIGN);
	else
		fmt_verdict_need(cell, CELL, v);
	size_t len = strlen(cell);
	if (v->d.interval && (v->d.na != runs || v->d.nb != runs))
		format(cell + len, CELL - len, " (n=%zu+%zu)", v->d.na, v->d.nb);
}

/* The text code's line of a series: its highest HZ against its lowest, the mode
 * named when not periodic ("lapic spin HZ=1000: +0.84 % +/- 0.06 %"). */
static void summarise(struct printer *p, const struct rconfig *c, const char *cell)
{
	char model[96] = "";
	bool periodic = !strcmp(c->mode, "periodic");
	if (has_model_label(c)) {
		model[0] = ' ';
		model_label(model + 1, sizeof(model) - 1, c);
	}
	struct answer_out o = { p->o.say, p->o.ctx, ANSWER_SUMMARY, NULL };
	answer_say(&o, "%s%s%s %s%s HZ=%llu: %s", c->timer, periodic ? "" : " ",
		   periodic ? "" : c->mode, c->workload, model, c->hz, cell);
}

static void verdict_cells(struct printer *p, struct table *t, const struct rconfig *head,
			  const unsigned long long *hz, size_t runs)
{
	struct rconfig *s[MAX_HZ];
	int n = series_of(p->r, head, s, MAX_HZ);
	if (n < 2)
		return;
	char (*cells)[CELL] = t->cells[t->rows];
	series_label(t->labels[t->rows++], CELL * 2, p->r, head);
	for (int c = 0; c < t->columns; c++) {
		format(cells[c], CELL, "-");
		for (int k = 1; k < n; k++) {
			if (s[k]->hz != hz[c + 1])
				continue;
			struct verdict v = verdict_of(&s[0]->lost, &s[k]->lost,
						      boot_cost(p->r, s[0], s[k]), p->r->ci);
			if (ticks_no_verdict(cells[c], CELL, s[k], s[0]))
				v.proven = false;
			else
				verdict_cell(cells[c], &v, runs);
			if (s[0]->hz != hz[0]) {
				size_t len = strlen(cells[c]);
				format(cells[c] + len, CELL - len, " vs HZ=%llu", s[0]->hz);
			}
			emit_verdict(p, s[k], s[0], &v);
			if (k == n - 1)
				summarise(p, s[k], cells[c]);
		}
	}
}

static void print_verdicts(struct printer *p)
{
	struct report *r = p->r;
	struct table t;
	unsigned long long hz[MAX_HZ];
	char on[48];
	int n_hz = all_hz(r, hz);
	size_t runs = common_runs(r);
	if (n_hz < 2 || !table_new(&t, r->nconfig))
		return;
	t.columns = n_hz - 1;
	for (int c = 0; c < t.columns; c++)
		format(t.head[c], CELL, "HZ=%llu vs HZ=%llu", hz[c + 1], hz[0]);
	p->o.kind = ANSWER_VERDICT | ANSWER_HEAD;
	cpus_words(on, sizeof(on), r, "%");
	answer_say(&p->o, "CPU lost to the tick on %s +/- %s %% (%s) where proven (n=%zu+%zu):",
		   on, level_words(r->ci), method_short(table_shape(r, true).method), runs, runs);
	p->o.kind = ANSWER_VERDICT;
	for (int i = 0; i < r->nconfig; i++)
		if (series_head(r, i))
			verdict_cells(p, &t, &r->cfg[i], hz, runs);
	print_table(&p->o, &t, "");
	table_free(&t);
}

/* How each figure of the answer is made (the details; the answer's rows stay few). */
static void print_estimators(struct printer *p)
{
	char method[96];
	const struct report *r = p->r;
	enum iv_method stats = r->nstat ? estimate_shape(&r->stat[0].p50, NULL).method : IV_RUNS;
	table_method(method, sizeof(method), r, true);
	say_paragraph(p, "figures", "reads, acks, arm and latency: the mean over the runs of "
		      "each run's p50 (p99), +/- %s %% (%s); direct: the mean over the spin runs "
		      "of each run's hole cycles per interrupt, ns; verdicts: the difference of two "
		      "HZ's mean shares, %s (%s), proven when its interval excludes 0, else the "
		      "runs that would prove it", level_words(r->ci), method_words(stats, false),
		      method_words(table_shape(r, true).method, true), method);
}

/* ---- the whole ------------------------------------------------------------------ */

static void print_details(struct printer *p)
{
	struct report *r = p->r;
	const struct rconfig *direct = NULL;
	p->o.kind = ANSWER_DETAIL;
	answer_say(&p->o, "tickbench: the details (the answer follows):");
	print_platform_details(p);
	gather_warnings(p);
	print_notes(p);
	for (int i = 0; i < 4 && !direct; i++)
		direct = direct_first(r, timers[i]);
	if (direct)
		say_paragraph(p, "direct", "per interrupt, of each timer's first mode and path%s%s%s%s",
			      direct->handler[0] ? ", the " : "", direct->handler,
			      direct->handler[0] ? " handler" : "", r->cycles_are_instructions ?
			      "; cycles = instructions here (each loop step took as many cycles as "
			      "it has instructions)" : "");
	print_estimators(p);
	if (all_hz(r, (unsigned long long[MAX_HZ]){ 0 }))
		print_shares(p);
	idle_print(r->idle, r->ci, r->cycles_only, &p->o);
}

static void print_answer(struct printer *p)
{
	struct report *r = p->r;
	unsigned long long khz = (unsigned long long)(r->first_tsc_hz / 1000 + 0.5);
	p->o.kind = ANSWER_MAIN;
	answer_say(&p->o, "======================== tickbench: the answer "
		   "========================");
	const char *brand = r->have_platform ? r->brand : "(no platform record)";
	if (r->first_tsc_hz > 0)
		answer_say(&p->o, "CPU      %s, TSC %llu.%03llu MHz (from %s)", brand,
			   khz / 1000, khz % 1000, r->reference[0] ? r->reference : "?");
	else
		answer_say(&p->o, "CPU      %s, TSC not calibrated", brand);
	if (p->warnings[0]) {               /* one paragraph */
		p->o.kind = ANSWER_WARNING;
		say_paragraph(p, "warning", "%s", p->warnings);
		p->o.kind = ANSWER_MAIN;
	}
	print_costs(p, "readcost", "reads", reads, 6);
	print_costs(p, "armcost", "acks", acks, 3);
	emit_costs(p);
	print_timers(p);
	print_verdicts(p);
}

void report_warn(struct report *r, const char *text)
{
	format(r->caller_warning, sizeof(r->caller_warning), "%s", text);
}

void report_order(struct report *r) { order_configs(r); }

void answer_print(struct report *r, answer_say_fn *say, answer_figure_fn *figure, void *ctx)
{
	answer_print_rows(r, say, NULL, figure, ctx);
}

void answer_print_rows(struct report *r, answer_say_fn *say, answer_row_fn *row,
		       answer_figure_fn *figure, void *ctx)
{
	struct printer p = { .r = r, .o = { say, ctx, ANSWER_DETAIL, row }, .figure = figure,
			     .ctx = ctx };
	report_order(r);
	print_details(&p);
	print_answer(&p);
}
