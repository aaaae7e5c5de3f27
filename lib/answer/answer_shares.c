/* The answer's CPU share lost and its verdicts (answer_print.h): the share of each
 * series at each HZ, the verdicts between HZ, and the estimators named. */
#include "answer_printer.h"
#include "figure_double.h"
#include "format.h"
#include "lib.h"
#include "student.h"
#include "tickmodel.h"
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
int answer_all_hz(const struct report *r, unsigned long long *hz)
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
	answer_figure_name(name, sizeof(name), "share", c, NULL);
	struct answer_figure f = { .what = "share", .name = name, .unit = "ppm",
				   .value = ppm_of(e->v) };
	answer_config_fields(&f, c);
	field_int(&f, FIELD_INT(report, cpus), c->cpus);
	field_int(&f, FIELD_INT(report, runs), (int64_t)c->lost.n);
	if (e->interval)
		field_int(&f, FIELD_INT(report, ci95), ppm_of(e->e));
	answer_ticks_field(&f, &c, 1);
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
struct estimate answer_table_shape(const struct report *r, bool diff)
{
	const struct rconfig *c = common_config(r);
	if (!c)
		return (struct estimate){ .ok = false, .method = IV_RUNS };
	return estimate_shape(&c->lost, diff ? &c->lost : NULL);
}

static void table_method(char *buf, size_t size, const struct report *r, bool diff)
{
	struct estimate e = answer_table_shape(r, diff);
	if (e.ok)
		fmt_method(buf, size, &e, r->ci);
	else
		format(buf, size, "%s %%", level_words(r->ci));
}

void answer_print_shares(struct printer *p)
{
	struct report *r = p->r;
	struct table t;
	unsigned long long hz[MAX_HZ];
	char method[96], on[48];
	if (!answer_table_new(&t, r->nconfig))
		return;
	t.columns = answer_all_hz(r, hz);
	for (int c = 0; c < t.columns; c++)
		format(t.head[c], CELL, "HZ=%llu", hz[c]);
	table_method(method, sizeof(method), r, false);
	char text[256];
	struct line l;
	answer_cpus_words(on, sizeof(on), r, "% of the CPU");
	format(text, sizeof(text), "CPU lost at each HZ on %s: the mean of the runs' shares (each "
	       "run with the timer against its run without) +/- %s:", on, method);
	p->o.kind |= ANSWER_HEAD;
	answer_line_start(&p->o, &l, "", 0);
	answer_say_words(&l, text);
	p->o.kind &= ~ANSWER_HEAD;
	for (int i = 0; i < r->nconfig; i++)
		if (series_head(r, i))
			share_cells(p, &t, &r->cfg[i], hz, common_runs(r));
	answer_table_print(&p->o, &t, "");
	answer_table_free(&t);
}

static void emit_verdict(struct printer *p, const struct rconfig *c, const struct rconfig *base,
			 const struct verdict *v)
{
	char name[176];
	answer_figure_name(name, sizeof(name), "verdict", c, base);
	struct answer_figure f = { .what = "verdict", .name = name, .unit = "ppm",
				   .value = ppm_of(v->d.v) };
	answer_config_fields(&f, c);
	field_int(&f, FIELD_INT(report, vs_hz), (int64_t)base->hz);
	field_int(&f, FIELD_INT(report, cpus), c->cpus);
	field_int(&f, FIELD_INT(report, runs), (int64_t)c->lost.n);
	field_int(&f, FIELD_INT(report, vs_runs), (int64_t)base->lost.n);
	field_int(&f, FIELD_INT(report, ci95), v->d.interval ? ppm_of(v->d.e) : 0);
	field_bool(&f, FIELD(report, proven, BOOL), v->proven);
	const struct rconfig *both[] = { c, base };
	answer_ticks_field(&f, both, 2);
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

void answer_print_verdicts(struct printer *p)
{
	struct report *r = p->r;
	struct table t;
	unsigned long long hz[MAX_HZ];
	char on[48];
	int n_hz = answer_all_hz(r, hz);
	size_t runs = common_runs(r);
	if (n_hz < 2 || !answer_table_new(&t, r->nconfig))
		return;
	t.columns = n_hz - 1;
	for (int c = 0; c < t.columns; c++)
		format(t.head[c], CELL, "HZ=%llu vs HZ=%llu", hz[c + 1], hz[0]);
	p->o.kind = ANSWER_VERDICT | ANSWER_HEAD;
	answer_cpus_words(on, sizeof(on), r, "%");
	answer_say(&p->o, "CPU lost to the tick on %s +/- %s %% (%s) where proven (n=%zu+%zu):",
		   on, level_words(r->ci), method_short(answer_table_shape(r, true).method), runs, runs);
	p->o.kind = ANSWER_VERDICT;
	for (int i = 0; i < r->nconfig; i++)
		if (series_head(r, i))
			verdict_cells(p, &t, &r->cfg[i], hz, runs);
	answer_table_print(&p->o, &t, "");
	answer_table_free(&t);
}

/* How each figure of the answer is made (the details; the answer's rows stay few). */
void answer_print_estimators(struct printer *p)
{
	char method[96];
	const struct report *r = p->r;
	enum iv_method stats = r->nstat ? estimate_shape(&r->stat[0].p50, NULL).method : IV_RUNS;
	table_method(method, sizeof(method), r, true);
	answer_say_paragraph(&p->o, "figures", "reads, acks, arm and latency: the mean over the runs of "
			     "each run's p50 (p99), +/- %s %% (%s); direct: the mean over the spin runs "
			     "of each run's hole cycles per interrupt, ns; verdicts: the difference of two "
			     "HZ's mean shares, %s (%s), proven when its interval excludes 0, else the "
			     "runs that would prove it", level_words(r->ci), method_words(stats, false),
			     method_words(answer_table_shape(r, true).method, true), method);
}
