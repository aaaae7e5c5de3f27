/* The machinery readcost and armcost share (see cost.h; docs/METHOD.md). */
#include "cost.h"
#include "problem.h"
#include "console.h"
#include "figure.h"
#include "format.h"
#include "lib.h"
#include "record.h"
#include "clock.h"
#include "timers.h"

/* Measure the measurer (sel4bench's overhead_min): the smallest difference between
 * two back-to-back rdtsc_ordered() reads. It holds one LFENCE and one RDTSC. */
static uint64_t overhead_min(void)
{
	uint64_t best = ~0ull;
	for (unsigned i = 0; i < COST_OVERHEAD_PAIRS; i++) {
		uint64_t a = rdtsc_ordered();
		uint64_t b = rdtsc_ordered();
		if (b - a < best)
			best = b - a;
	}
	return best;
}

void cost_begin(struct cost_table *t, const char *bench, unsigned runs)
{
	irq_disable();
	memset(t, 0, sizeof(*t));
	t->bench = bench;
	t->runs = runs;
	t->overhead_min = ~0ull;
}

void cost_run_begin(struct cost_table *t, unsigned run)
{
	t->run = run;
	t->overhead = overhead_min();
	if (t->overhead < t->overhead_min)
		t->overhead_min = t->overhead;
	if (t->overhead > t->overhead_max)
		t->overhead_max = t->overhead;
	kprintf("%s run %u/%u: overhead %llu cycles (min of %u rdtsc_ordered pairs)\n",
		t->bench, run + 1, t->runs, (unsigned long long)t->overhead,
		COST_OVERHEAD_PAIRS);
}

static struct cost_op *find_op(struct cost_table *t, const char *what)
{
	for (unsigned i = 0; i < t->nops; i++)
		if (!strcmp(t->ops[i].what, what))
			return &t->ops[i];
	if (t->nops == COST_MAX_OPS)
		return NULL;
	struct cost_op *op = &t->ops[t->nops++];
	op->what = what;
	hist_reset(&op->all);
	return op;
}

struct hist *cost_op_begin(struct cost_table *t, const char *what, const char *apic)
{
	static struct cost_op spare;        /* only if COST_MAX_OPS is too small */
	t->cur = find_op(t, what);
	if (!t->cur) {
		t->cur = &spare;
		t->cur->what = what;
	}
	t->cur->apic = apic;
	hist_reset(&t->cur->run);
	return &t->cur->run;
}

static void hist_merge(struct hist *into, const struct hist *h)
{
	into->n += h->n;
	into->sum += h->sum;
	into->min = h->min < into->min ? h->min : into->min;
	into->max = h->max > into->max ? h->max : into->max;
	for (unsigned b = 0; b < HIST_BUCKETS; b++)
		into->count[b] += h->count[b];
}

void cost_op_end(struct cost_table *t)
{
	struct cost_op *op = t->cur;
	const char *extra[] = { FIELD(stats, apic, STR), op->apic, NULL };
	const struct hist_num nums[] = { { FIELD(stats, overhead, U64), t->overhead },
					 { NULL, 0 } };
	hist_emit_nums(&op->run, t->bench, op->what, t->run, op->apic ? extra : NULL, nums);
	hist_merge(&op->all, &op->run);
}

void cost_skip(struct cost_table *t, const char *what, const char *reason)
{
	struct problem p;
	problem_begin(&p, PROBLEM_SKIP, t->bench);
	SKIP_STR(&p, what, what);
	problem_end(&p, reason);
}

/* cycles * 1e9 / tsc_hz in femtoseconds: the rule rounds them to three significant
 * digits. */
void cost_format_ns(char *buf, size_t size, uint64_t cycles)
{
	figure_int(buf, size, (int64_t)mul_div(cycles, 1000000000000000ull, clock_tsc_hz()), -6, 0);
}

void cost_print(const struct cost_table *t)
{
	kprintf("%s: %u run(s) x %u samples, TSC cycles less the overhead (%llu..%llu "
		"cycles per run), ns at %llu Hz\n", t->bench, t->runs, COST_SAMPLES,
		(unsigned long long)t->overhead_min, (unsigned long long)t->overhead_max,
		(unsigned long long)clock_tsc_hz());
	kprintf("  %-20s %9s %9s %9s %9s | %10s %10s %10s %10s\n", "what", "min", "median",
		"p99", "max", "min ns", "median ns", "p99 ns", "max ns");
	for (unsigned i = 0; i < t->nops; i++) {
		const struct hist *h = &t->ops[i].all;
		uint64_t v[4] = { h->min, hist_permille(h, 500), hist_permille(h, 990), h->max };
		char ns[4][24], label[32];
		format(label, sizeof(label), "%s%s%s%s", t->ops[i].what,
		       t->ops[i].apic ? " (" : "", t->ops[i].apic ? t->ops[i].apic : "",
		       t->ops[i].apic ? ")" : "");
		for (unsigned k = 0; k < 4; k++)
			cost_format_ns(ns[k], sizeof(ns[k]), v[k]);
		kprintf("  %-20s %9llu %9llu %9llu %9llu | %10s %10s %10s %10s\n",
			label, (unsigned long long)v[0], (unsigned long long)v[1],
			(unsigned long long)v[2], (unsigned long long)v[3], ns[0], ns[1], ns[2],
			ns[3]);
	}
}
