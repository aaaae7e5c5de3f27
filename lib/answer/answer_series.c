/* The answer's series (answer.h): the configurations' order, what the host's
 * sections ask of a series (its model, source, CPUs, ticks), and the fields and
 * names of the figures the answer gives as records. */
#include "answer_printer.h"
#include "figure_double.h"
#include "format.h"
#include "alloc_hook.h"
#include "lib.h"
#include "tickmodel.h"

/* ---- the configurations' order -------------------------------------------------- */

/* The names the kernel uses, in the order its tables list them; others after. */
const char *const answer_timer_order[4] = { "pit", "lapic", "tscdl", "hpet" };
static const char *const modes[] = { "periodic", "oneshot" };
static const char *const paths[] = { "pic", "ioapic", "local", "legacy", "msi" };
static const char *const workloads[] = { "spin", "matrix", "memwalk", "ftq" };

static int rank(const char *name, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(name, names[i]))
			return i;
	return n;
}

static int cmp_u(unsigned long long a, unsigned long long b) { return a < b ? -1 : a > b; }

/* The series' order: timer, mode, path, workload, CPU count, work model; then HZ. */
int answer_config_cmp(const struct rconfig *a, const struct rconfig *b)
{
	int d;
	if ((d = rank(a->timer, answer_timer_order, 4) - rank(b->timer, answer_timer_order, 4)) ||
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
		for (; k > 0 && answer_config_cmp(&r->cfg[idx[k - 1]], &r->cfg[i]) > 0; k--)
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
void answer_cpus_words(char *buf, size_t size, const struct report *r, const char *unit_of_one)
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

/* ---- figures for the records ---------------------------------------------------- */

void answer_config_fields(struct answer_figure *f, const struct rconfig *c)
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
void answer_figure_name(char *buf, size_t size, const char *what, const struct rconfig *c,
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

/* ticks_pct, where the figure's runs were off their rate: the share of their ticks
 * they took, %, rounded. */
void answer_ticks_field(struct answer_figure *f, const struct rconfig *const *c, int n)
{
	if (ticks_off_rate(c, n))
		field_int(f, FIELD_INT(report, ticks_pct), (int64_t)(ticks_pct(c, n) + 0.5));
}

void report_order(struct report *r) { order_configs(r); }
