/* The report's CPU share tables (see shares.h): each tick configuration on one CPU
 * as the runs give it, paired as tickstat pairs them: each timer-on run with the
 * timer-off run of the same configuration and run number (tick runs them off, on,
 * off, on, ...), its share (on - off) / off; the mean and Student's 95 % half-width
 * over the runs; each HZ against the lowest of its timer, mode and workload by
 * Student's t with the pooled s, as tickstat report's verdicts, in its words
 * (lib/ci.h, lib/verdict.h; docs/METHOD.md, "The report"). A series is a timer,
 * mode, workload and work model of the handler (bench/tickwork.h); ftq's off run
 * is paired for the on run's work (its cycles for that work at the off run's rate,
 * docs/METHOD.md, "ftq"). */
#include "shares.h"
#include "ci.h"
#include "format.h"
#include "lib.h"
#include "record.h"
#include "reportline.h"
#include "verdict.h"

#define MAX_SHARES 384                  /* timers x modes x 8 HZ x workloads x models */
#define MAX_HZ     8                    /* hz= holds at most 8 rates */
#define CELL       48                   /* one table cell's text */

static bool noise_seen;                 /* a figure beyond +/-100 % in the table printed */

/* One tick configuration on one CPU: its per-run shares (ppt), and the off run
 * waiting for its on run. Found by key, so configurations may come in any order. */
struct share {
	const struct timer_source *source;
	unsigned workload;
	uint32_t hz;
	struct tick_model model;
	struct ci_set lost;
	bool have_off;
	unsigned off_run;
	uint64_t off_cycles, off_work;
};
static struct share shares[MAX_SHARES];
static unsigned n_shares;

static struct share *share_of(const struct tick_config *t)
{
	for (unsigned i = 0; i < n_shares; i++)
		if (shares[i].source == t->source && shares[i].workload == t->workload &&
		    shares[i].hz == t->hz && tick_model_same(&shares[i].model, &t->model))
			return &shares[i];
	if (n_shares == MAX_SHARES)
		return NULL;
	shares[n_shares] = (struct share){ .source = t->source, .workload = t->workload,
					   .hz = t->hz, .model = t->model };
	return &shares[n_shares++];
}


bool shares_any(void) { return n_shares != 0; }

void shares_take(const struct tick_config *t, unsigned run, bool on, uint64_t cycles,
		 uint64_t work)
{
	struct share *s = share_of(t);
	if (!s)
		return;
	if (!on) {
		s->have_off = cycles != 0 && (t->workload != WORKLOAD_FTQ || work != 0);
		s->off_run = run;
		s->off_cycles = cycles;
		s->off_work = work;
		return;
	}
	uint64_t off = s->off_work ? mul_div(s->off_cycles, work, s->off_work) : s->off_cycles;
	if (s->have_off && s->off_run == run && off)
		ci_add(&s->lost, ci_share_ppt(cycles, off));
	s->have_off = false;
}

/* ---- tables of series (timer, mode, delivery, workload) by HZ ---- */

static bool same_series(const struct share *a, const struct share *b)
{
	return a->source == b->source && a->workload == b->workload &&
	       tick_model_same(&a->model, &b->model);
}

/* The work models' order: tick_work, tick_data_kib, tick_code_kib, tick_pages (the
 * floor first), whatever order the runs took. */
static bool model_before(const struct tick_model *a, const struct tick_model *b)
{
	const uint64_t ka[] = { a->work, a->data_kib, a->code_kib, a->pages };
	const uint64_t kb[] = { b->work, b->data_kib, b->code_kib, b->pages };
	for (unsigned k = 0; k < 4; k++)
		if (ka[k] != kb[k])
			return ka[k] < kb[k];
	return false;
}

static bool first_of_series(unsigned i)
{
	for (unsigned j = 0; j < i; j++)
		if (same_series(&shares[j], &shares[i]) && shares[j].lost.n)
			return false;
	return shares[i].lost.n != 0;
}

/* One share of each series (its first), in timer_sources[]' order, by workload and
 * by work model, whatever order the configurations ran in (order=random); returns
 * how many. */
static unsigned series_rows(unsigned *rows)
{
	unsigned n = 0;
	for (unsigned src = 0; src < timer_sources_count; src++)
		for (unsigned w = 0; w < WORKLOADS; w++) {
			unsigned from = n;
			for (unsigned i = 0; i < n_shares; i++) {
				if (shares[i].source != &timer_sources[src] ||
				    shares[i].workload != w || !first_of_series(i))
					continue;
				unsigned k = n++;
				for (; k > from && model_before(&shares[i].model, &shares[rows[k - 1]].model); k--)
					rows[k] = rows[k - 1];
				rows[k] = i;
			}
		}
	return n;
}

/* The shares of i's series with runs, by ascending HZ; returns how many. */
static unsigned series_of(unsigned i, const struct share **out)
{
	unsigned n = 0;
	for (unsigned j = 0; j < n_shares && n < MAX_HZ; j++) {
		const struct share *s = &shares[j];
		if (!same_series(s, &shares[i]) || !s->lost.n)
			continue;
		unsigned k = n++;
		for (; k > 0 && out[k - 1]->hz > s->hz; k--)
			out[k] = out[k - 1];
		out[k] = s;
	}
	return n;
}

/* Every HZ measured on one CPU, ascending, into hz[]; returns how many. */
static unsigned all_hz(uint32_t *hz)
{
	unsigned n = 0;
	for (unsigned i = 0; i < n_shares; i++) {
		bool seen = false;
		for (unsigned k = 0; k < n; k++)
			seen |= hz[k] == shares[i].hz;
		if (seen || !shares[i].lost.n || n == MAX_HZ)
			continue;
		unsigned k = n++;
		for (; k > 0 && hz[k - 1] > shares[i].hz; k--)
			hz[k] = hz[k - 1];
		hz[k] = shares[i].hz;
	}
	return n;
}

/* Does another series of the same timer and mode take another delivery path? */
static bool several_paths(const struct share *s)
{
	for (unsigned i = 0; i < n_shares; i++)
		if (shares[i].lost.n && shares[i].source != s->source &&
		    shares[i].source->timer_bit == s->source->timer_bit &&
		    !strcmp(shares[i].source->mode, s->source->mode))
			return true;
	return false;
}

/* " data 16 KiB, pages 32" or the preset's name; "" for the floor without a preset. */
static const char *model_words(const struct share *s)
{
	return tick_model_suffix(&s->model);
}

/* "lapic periodic spin"; "hpet periodic (legacy) spin" where the timer and mode
 * ran through several paths; the work model after it ("lapic periodic spin data
 * 16 KiB"). */
static int series_label(char *buf, size_t size, const struct share *s)
{
	if (several_paths(s))
		return format(buf, size, "%s %s (%s) %s%s", s->source->timer, s->source->mode,
			      s->source->delivery, workload_names[s->workload], model_words(s));
	return format(buf, size, "%s %s %s%s", s->source->timer, s->source->mode,
		      workload_names[s->workload], model_words(s));
}

/* A share record's name part and fields for its work model: "-linux-tick" or
 * "-w2000-d16-c8-p32" (the non-zero parts), nothing for the floor. */
static void model_suffix(char *buf, size_t size, const struct tick_model *m)
{
	static const char *const tags[] = { "-w%llu", "-d%llu", "-c%llu", "-p%llu" };
	tick_model_format(m, buf, size, "-", tags, "");
}

/* The share and verdict records name a model other than the plain floor. */
static void model_fields(struct record *r, const struct tick_model *m)
{
	if (!tick_model_is_floor(m) || m->preset)
		tick_model_fields(r, m);
}

static unsigned label_width(void)
{
	unsigned w = 0, rows[MAX_SHARES], n = series_rows(rows);
	char label[160];
	for (unsigned r = 0; r < n; r++) {
		unsigned len = (unsigned)series_label(label, sizeof(label), &shares[rows[r]]);
		w = len > w ? len : w;
	}
	return w;
}

/* A table: the header, then one row per series of cells[series][column]. */
struct table {
	unsigned columns, widths[MAX_HZ], label;
	uint32_t hz[MAX_HZ];
	char cells[MAX_HZ][CELL];
};

/* A cell's figure outside [-100 %, 100 %]: "(noise)" after it, said once in the
 * details (the answer's rows stay within 80x25). */
static void flag_noise(char *cell, int64_t ppt)
{
	if (!verdict_is_noise(ppt))
		return;
	size_t n = strlen(cell);
	format(cell + n, CELL - n, " (noise)");
	noise_seen = true;
}

static void print_row(enum qrscreen_text kind, const struct table *t, const char *label)
{
	char line[256];
	int n = format(line, sizeof(line), "%-*s", (int)t->label, label);
	for (unsigned c = 0; c < t->columns; c++)
		n += format(line + n, sizeof(line) - (size_t)n, "  %-*s", (int)t->widths[c],
			    t->cells[c]);
	report_say(kind, "%s", line);
}

/* The HZ of each column, "against HZ=a" for the verdicts (first 1). */
static void print_head(enum qrscreen_text kind, struct table *t, unsigned first)
{
	for (unsigned c = 0; c < t->columns; c++)
		format(t->cells[c], CELL, first ? "HZ=%u vs HZ=%u" : "HZ=%u", t->hz[first + c],
		       t->hz[0]);
	print_row(kind | QRSCREEN_HEAD, t, "");
}

typedef void fill_fn(struct table *t, unsigned i, uint64_t runs, bool emit);

/* The table's rows, one per series: a pass for the widest cell of each column
 * (no records), then the header (the HZ from column `first` of t->hz) and the rows,
 * each emitting its records. */
static void print_table(enum qrscreen_text kind, struct table *t, unsigned first,
			fill_fn *fill, uint64_t runs)
{
	struct table w = *t;
	char label[160];
	unsigned rows[MAX_SHARES], n = series_rows(rows);
	for (unsigned c = 0; c < t->columns; c++)
		t->widths[c] = 8;
	for (unsigned r = 0; r < n; r++) {
		fill(&w, rows[r], runs, false);
		for (unsigned c = 0; c < t->columns; c++) {
			unsigned len = (unsigned)strlen(w.cells[c]);
			t->widths[c] = len > t->widths[c] ? len : t->widths[c];
		}
	}
	print_head(kind, t, first);
	noise_seen = false;
	for (unsigned r = 0; r < n; r++) {
		fill(t, rows[r], runs, true);
		series_label(label, sizeof(label), &shares[rows[r]]);
		print_row(kind, t, label);
	}
}

/* ---- details: each HZ's share ---- */

static void emit_share(const struct share *s, const struct ci_mean *m)
{
	struct record r;
	char name[128], model[64];
	model_suffix(model, sizeof(model), &s->model);
	format(name, sizeof(name), "share-%s-%s-%s-%u%s", s->source->timer, s->source->mode,
	       workload_names[s->workload], s->hz, model);
	report_figure_begin(&r, "share", name, m->mean / CI_PPT_PER_PPM, "ppm");
	source_fields(&r, s->source);
	record_str(&r, "workload", workload_names[s->workload]);
	record_u64(&r, "hz", s->hz);
	model_fields(&r, &s->model);
	record_u64(&r, "cpus", 1);
	record_u64(&r, "runs", m->n);
	if (m->has_half)
		record_u64(&r, "ci95", (uint64_t)(m->half / CI_PPT_PER_PPM));
	record_emit(&r);
}

static void share_cells(struct table *t, unsigned i, uint64_t runs, bool emit)
{
	const struct share *s[MAX_HZ];
	unsigned n = series_of(i, s);
	for (unsigned c = 0; c < t->columns; c++) {
		format(t->cells[c], CELL, "-");
		for (unsigned k = 0; k < n; k++)
			if (s[k]->hz == t->hz[c]) {
				struct ci_mean m = ci_mean(&s[k]->lost);
				verdict_mean(t->cells[c], CELL, &m);
				flag_noise(t->cells[c], m.mean);
				if (m.n != runs) {
					size_t len = strlen(t->cells[c]);
					format(t->cells[c] + len, CELL - len, " (n=%llu)",
					       (unsigned long long)m.n);
				}
				if (emit)
					emit_share(s[k], &m);
			}
	}
}

/* The runs most configurations have (the first such): the tables' n, which a cell
 * names only where its own differs. */
static uint64_t common_runs(void)
{
	uint64_t best = 0;
	unsigned best_count = 0;
	for (unsigned i = 0; i < n_shares; i++) {
		unsigned count = 0;
		for (unsigned j = 0; j < n_shares; j++)
			count += shares[j].lost.n == shares[i].lost.n;
		if (shares[i].lost.n && count > best_count) {
			best = shares[i].lost.n;
			best_count = count;
		}
	}
	return best;
}

/* Some proven verdict beyond +/-100 % (flagged in the answer's table). */
static bool verdicts_noisy(void)
{
	unsigned rows[MAX_SHARES], n = series_rows(rows);
	for (unsigned r = 0; r < n; r++) {
		const struct share *s[MAX_HZ];
		unsigned m = series_of(rows[r], s);
		for (unsigned k = 1; k < m; k++) {
			struct ci_verdict v = ci_compare(&s[0]->lost, &s[k]->lost);
			if (v.ok && v.proven && verdict_is_noise(v.diff))
				return true;
		}
	}
	return false;
}

void shares_print_details(void)
{
	struct table t = { 0 };
	t.columns = all_hz(t.hz);
	t.label = label_width();
	uint64_t runs = common_runs();
	report_say(QRSCREEN_DETAIL | QRSCREEN_HEAD, "CPU lost at each HZ on 1 CPU, %% of the CPU "
		   "+/- 95 %% (each run with the timer against its run without; n=%llu runs):",
		   (unsigned long long)runs);
	print_table(QRSCREEN_DETAIL, &t, 0, share_cells, runs);
	if (noise_seen || verdicts_noisy())
		report_say(QRSCREEN_DETAIL, "(noise): beyond +/-100 %% of the CPU, which no tick "
			   "costs: the runs' noise, not a cost");
}

/* ---- the answer: each HZ against the lowest ---- */

static void emit_verdict(const struct share *s, const struct share *base,
			 const struct ci_verdict *v)
{
	struct record r;
	char name[144], model[64];
	model_suffix(model, sizeof(model), &s->model);
	format(name, sizeof(name), "verdict-%s-%s-%s-%u-vs-%u%s", s->source->timer,
	       s->source->mode, workload_names[s->workload], s->hz, base->hz, model);
	report_figure_begin(&r, "verdict", name, v->diff / CI_PPT_PER_PPM, "ppm");
	source_fields(&r, s->source);
	record_str(&r, "workload", workload_names[s->workload]);
	record_u64(&r, "hz", s->hz);
	model_fields(&r, &s->model);
	record_u64(&r, "vs_hz", base->hz);
	record_u64(&r, "cpus", 1);
	record_u64(&r, "runs", v->nb);
	record_u64(&r, "vs_runs", v->na);
	record_u64(&r, "ci95", (uint64_t)(v->err / CI_PPT_PER_PPM));
	record_bool(&r, "proven", v->proven);
	record_u64(&r, "runs_needed", v->runs_needed);
	record_emit(&r);
}

/* tickstat report's verdict "HZ=b vs HZ=a: DIFF of the CPU (95 %, ...)" or "HZ=b vs
 * HZ=a: no difference proven (NEED): DIFF" as a table cell: "DIFF" or "NEED"
 * ("needed: 1 boot x 37 runs", "needed: over 10^7 runs", "identical means"), with
 * (n=na+nb) when it is not the table's. */
static void verdict_cell(char *cell, const struct ci_verdict *v, uint64_t runs)
{
	int n;
	if (!v->ok) {
		format(cell, CELL, "too few runs (n=%llu+%llu)", (unsigned long long)v->na,
		       (unsigned long long)v->nb);
		return;
	}
	if (v->proven) {
		verdict_share(cell, CELL, v->diff, v->err, true, true);
		flag_noise(cell, v->diff);
	} else {
		verdict_needed(cell, CELL, v);
	}
	n = (int)strlen(cell);
	if (v->na != runs || v->nb != runs)
		format(cell + n, CELL - (size_t)n, " (n=%llu+%llu)", (unsigned long long)v->na,
		       (unsigned long long)v->nb);
}

/* The text summary's line of a series: its highest HZ against its lowest, the
 * mode named when not periodic ("lapic spin HZ=1000: +0.84 % +/- 0.06 %"). */
static void summarise(const struct share *s, const char *cell)
{
	char line[192];
	bool periodic = !strcmp(s->source->mode, "periodic");
	format(line, sizeof(line), "%s%s%s %s%s HZ=%u: %s", s->source->timer, periodic ? "" : " ",
	       periodic ? "" : s->source->mode, workload_names[s->workload], model_words(s),
	       s->hz, cell);
	qrscreen_keep(QRSCREEN_SUMMARY, line);
}

/* Row i's verdicts: each of its HZ above its lowest against that lowest. */
static void verdict_cells(struct table *t, unsigned i, uint64_t runs, bool emit)
{
	const struct share *s[MAX_HZ];
	unsigned n = series_of(i, s);
	for (unsigned c = 0; c < t->columns; c++) {
		format(t->cells[c], CELL, "-");
		for (unsigned k = 1; k < n; k++)
			if (s[k]->hz == t->hz[c + 1]) {
				struct ci_verdict v = ci_compare(&s[0]->lost, &s[k]->lost);
				verdict_cell(t->cells[c], &v, runs);
				if (s[0]->hz != t->hz[0]) {
					size_t len = strlen(t->cells[c]);
					format(t->cells[c] + len, CELL - len, " vs HZ=%u", s[0]->hz);
				}
				if (emit)
					emit_verdict(s[k], s[0], &v);
				if (emit && k == n - 1)
					summarise(s[k], t->cells[c]);
			}
	}
}

void shares_print_verdicts(void)
{
	struct table t = { 0 };
	unsigned n_hz = all_hz(t.hz);
	uint64_t runs = common_runs();
	if (n_hz < 2)
		return;
	t.columns = n_hz - 1;
	t.label = label_width();
	report_say(QRSCREEN_VERDICT | QRSCREEN_HEAD, "CPU lost to the tick on 1 CPU, %% +/- 95 %% "
		   "where a difference is proven (n=%llu+%llu):", (unsigned long long)runs,
		   (unsigned long long)runs);
	print_table(QRSCREEN_VERDICT, &t, 1, verdict_cells, runs);
}

