/* The answer's timers and costs (answer_print.h): per timer measured, its arming,
 * its deadline-to-handler latency and its direct cost; readcost's and armcost's
 * costs. */
#include "answer_printer.h"
#include "figure_double.h"
#include "format.h"
#include "lib.h"

static const char *const arm_ops[] = { "pit-reload", "lapic-tmict", "tscdl-write", "hpet-cmp" };
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
const struct rconfig *answer_direct_first(const struct report *r, const char *timer)
{
	const struct rconfig *first = NULL;
	for (int i = 0; i < r->nconfig; i++) {
		const struct rconfig *c = &r->cfg[i];
		if (on_answer_cpus(r, c) && c->direct.n && !strcmp(c->workload, "spin") &&
		    !strcmp(c->timer, timer) && (!first || answer_config_cmp(c, first) < 0))
			first = c;
	}
	return first;
}

/* The configurations of the timer's direct cost: every HZ of its first source and
 * model, on spin; how many, into c (at most max). */
static int direct_configs(const struct report *r, const char *timer, const struct rconfig **c,
			  int max)
{
	const struct rconfig *first = answer_direct_first(r, timer);
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
	answer_ticks_field(&f, c, n);
	emit(p, &f);
}

static void timer_row(struct printer *p, struct table *t, const char *timer, const char *op)
{
	struct report *r = p->r;
	const struct rstat *arm = stat_named(r, "armcost", op), *lat = latency_of(r, timer);
	const struct rconfig *first = answer_direct_first(r, timer), *c[MAX_HZ * 4];
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
void answer_print_timers(struct printer *p)
{
	struct table t;
	if (!answer_table_new(&t, 4))
		return;
	t.columns = 4;
	format(t.head[0], CELL, "arm");
	format(t.head[1], CELL, "latency p50");
	format(t.head[2], CELL, "latency p99");
	format(t.head[3], CELL, "direct per interrupt");
	for (int i = 0; i < 4; i++)
		timer_row(p, &t, answer_timer_order[i], arm_ops[i]);
	if (t.rows)
		answer_table_print(&p->o, &t, p->r->cycles_only ? "timer (cycles)" : "timer (ns)");
	answer_table_free(&t);
}

/* "reads (ns): rdtsc 7.01 rdtscp 8.13 ...": each operation's mean of the runs' p50. */
void answer_print_costs(struct printer *p, const char *bench, const char *label,
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
void answer_emit_costs(struct printer *p)
{
	for (int i = 0; i < p->r->nstat; i++) {
		const struct rstat *s = &p->r->stat[i];
		if (!strcmp(s->bench, "readcost") || !strcmp(s->bench, "armcost"))
			emit_cycles(p, "cost", s->what, REPORT_OP, &s->p50_cycles);
	}
}
