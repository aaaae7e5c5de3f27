/* lib/'s run pairing (pairs.h: lost_ppm, docs/METHOD.md), means, spreads and
 * verdicts (dataset.h, estimate.h) on records and data sets with hand-worked
 * answers: the report's arithmetic, the kernel's and tickstat's. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "dataset.h"
#include "estimate.h"
#include "pairs.h"
#include "student.h"

/* A tick run record as the reader hands it on: configuration lapic periodic at
 * hz, on CPU cpu of cpus, run index run. */
static struct rec run_rec(const char *file, unsigned hz, unsigned cpu, unsigned cpus,
			  unsigned run, bool on, uint64_t cycles, uint64_t irqs)
{
	struct rec r = { .file = file, .type = "run" };
	const char *keys[] = { "bench", "timer", "hz", "cpu", "cpus", "run", "timer_on",
			       "cycles", "interrupts" };
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		field_name(&r.f[i], keys[i]);
	r.f[0].v = (struct value){ .kind = V_STRING, .s = "tick" };
	r.f[1].v = (struct value){ .kind = V_STRING, .s = "lapic" };
	r.f[2].v = (struct value){ .kind = V_INT, .u = hz };
	r.f[3].v = (struct value){ .kind = V_INT, .u = cpu };
	r.f[4].v = (struct value){ .kind = V_INT, .u = cpus };
	r.f[5].v = (struct value){ .kind = V_INT, .u = run };
	r.f[6].v = (struct value){ .kind = V_BOOL, .b = on };
	r.f[7].v = (struct value){ .kind = V_INT, .u = cycles };
	r.f[8].v = (struct value){ .kind = V_INT, .u = irqs };
	r.nfields = 9;
	return r;
}

static bool pair(struct lost_pairs *lp, struct rec r, struct run_pair *p)
{
	return lost_pair(lp, &r, p);
}

/* Two CPUs, off runs of both first, then on runs: each on run gets its own CPU's
 * off run of the same index, never the other CPU's. */
static void pairs_by_cpu_and_index(void **state)
{
	struct lost_pairs lp = { 0 };
	struct run_pair p;
	for (unsigned run = 0; run < 2; run++) {
		assert_false(pair(&lp, run_rec("a", 100, 0, 2, run, false, 1000000, 0), &p));
		assert_false(pair(&lp, run_rec("a", 100, 1, 2, run, false, 2000000, 0), &p));
		assert_true(pair(&lp, run_rec("a", 100, 1, 2, run, true, 2002000, 10), &p));
		assert_true(p.off == 2000000 && p.on == 2002000 && p.interrupts == 10);
		assert_true(fabs(lost_ppm(&p) - 1000) < 1e-9);
		assert_true(pair(&lp, run_rec("a", 100, 0, 2, run, true, 1000500, 10), &p));
		assert_true(fabs(lost_ppm(&p) - 500) < 1e-9);
	}
	assert_int_equal(lp.n, 0);
	lost_free(&lp);
}

/* An on run pairs once; another file, configuration (hz, cpus) or index does not
 * pair; a later off run of the same key replaces an unpaired one. */
static void pairs_only_the_same_key(void **state)
{
	struct lost_pairs lp = { 0 };
	struct run_pair p;
	assert_false(pair(&lp, run_rec("a", 100, 0, 1, 0, false, 1000, 0), &p));
	assert_false(pair(&lp, run_rec("b", 100, 0, 1, 0, true, 1100, 1), &p));
	assert_false(pair(&lp, run_rec("a", 1000, 0, 1, 0, true, 1100, 1), &p));
	assert_false(pair(&lp, run_rec("a", 100, 0, 2, 0, true, 1100, 1), &p));
	assert_false(pair(&lp, run_rec("a", 100, 0, 1, 1, true, 1100, 1), &p));
	assert_false(pair(&lp, run_rec("a", 100, 0, 1, 0, false, 2000, 0), &p));   /* reboot */
	assert_true(pair(&lp, run_rec("a", 100, 0, 1, 0, true, 2200, 1), &p));
	assert_true(p.off == 2000);
	assert_false(pair(&lp, run_rec("a", 100, 0, 1, 0, true, 2200, 1), &p));
	lost_free(&lp);
}

static void fill(struct dataset *d, const double *v, size_t n)
{
	ds_init(d, "t");
	for (size_t i = 0; i < n; i++)
		ds_add(d, v[i]);
}

/* 100 120 140 against 110 130 150: pooled s 20, difference 10. With the exact
 * t(0.975, 4) = 2.7764451051977987 the interval is 45.34 > 10: not proven, and the
 * runs needed are the fewest n with t(0.975, 2n-2) 20 sqrt(2/n) < 10 (32: with
 * t(0.975, 62) = 1.9989715, 1.9989715 * 20 * 0.25 = 9.9949; at 31, t(0.975, 60)
 * = 2.0002978 gives 10.161). */
static void verdict_uses_exact_quantiles(void **state)
{
	struct dataset a, b, one;
	const double va[] = { 100, 120, 140 }, vb[] = { 110, 130, 150 };
	fill(&a, va, 3);
	fill(&b, vb, 3);
	struct verdict v = verdict_of(&a, &b, 0, CONF_95);
	assert_true(v.d.ok && v.d.interval && !v.proven);
	assert_int_equal(v.d.method, IV_RUNS);
	assert_int_equal(v.d.boots, 1);
	assert_true(fabs(v.d.v - 10) < 1e-12);
	assert_true(fabs(v.d.e - 2.7764451051977987 * 20 * sqrt(2.0 / 3)) < 1e-6);
	assert_true(v.need.one_boot && v.need.boots == 1);
	assert_int_equal(v.need.runs, 32);
	char buf[64];
	fmt_verdict_need(buf, sizeof(buf), &v);
	assert_string_equal(buf, "needed: 1 boot x 32 runs");
	struct estimate e = mean_estimate(&a, 2);   /* t(0.975, 2) = 4.302652729749464 */
	assert_true(fabs(e.v - 120) < 1e-12);
	assert_true(fabs(e.e - 4.302652729749464 * 20 / sqrt(3)) < 1e-6);
	fmt_method(buf, sizeof(buf), &e, 2);
	assert_string_equal(buf, "95 %, 1 boot x 3 runs, t over runs");
	fill(&one, va, 1);
	assert_false(verdict_of(&a, &one, 0, CONF_95).d.interval);
	assert_false(mean_estimate(&one, 2).interval);
	ds_free(&a), ds_free(&b), ds_free(&one);
}

/* Identical runs: s = 0, a difference is proven with a zero interval. */
static void verdict_without_spread(void **state)
{
	struct dataset a, b;
	const double va[] = { 5, 5, 5 }, vb[] = { 7, 7, 7 };
	fill(&a, va, 3);
	fill(&b, vb, 3);
	struct verdict v = verdict_of(&a, &b, 0, CONF_95);
	assert_true(v.proven && v.d.e == 0 && v.need.runs == 0);
	ds_free(&a), ds_free(&b);
}

/* The example above under a ceiling: 32 runs within 32, none within 31 (the plan's
 * "not reachable"), each in a handful of steps (doubling to 32, then halving). */
static void runs_under_a_ceiling(void **state)
{
	struct dataset a, b;
	const double va[] = { 100, 120, 140 }, vb[] = { 110, 130, 150 };
	fill(&a, va, 3);
	fill(&b, vb, 3);
	struct need at = plan_for_diff(&a, &b, 10, 0, CONF_95, 1000, 32);
	assert_true(at.one_boot && at.boots == 1);
	assert_int_equal(at.runs, 32);
	assert_true(at.steps > 0 && at.steps <= 12);
	struct need below = plan_for_diff(&a, &b, 10, 0, CONF_95, 1000, 31);
	assert_int_equal(below.runs, 0);
	unsigned steps = 0;
	assert_int_equal(runs_within(20, 10, true, CONF_95, 1000, &steps), 32);
	assert_int_equal(runs_within_boot(20, 10, true, CONF_95), 32);
	assert_true(steps > 0 && steps <= 20);
	assert_int_equal(need_for_diff(&a, &b, 10, 0, CONF_95).runs, 32);
	ds_free(&a), ds_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pairs_by_cpu_and_index),
		cmocka_unit_test(pairs_only_the_same_key),
		cmocka_unit_test(verdict_uses_exact_quantiles),
		cmocka_unit_test(verdict_without_spread),
		cmocka_unit_test(runs_under_a_ceiling),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
