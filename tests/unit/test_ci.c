/* lib/ci.c: the kernel report's fixed-point statistics, checked against figures
 * worked out by hand (and by any statistics package); test_verdict.c holds them
 * equal to tickstat's on random sets. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "ci.h"

#define PPM CI_PPT_PER_PPM

static void t_table(void **state)
{
	assert_int_equal(ci_t975_nano(1), 12706204736ull);
	assert_int_equal(ci_t975_nano(4), 2776445105ull);
	assert_int_equal(ci_t975_nano(100), 1983971519ull);
	assert_int_equal(ci_t975_nano(101) / 1000, 1983731);      /* the expansion: 1.983731 */
	assert_int_equal(ci_t975_nano(1000000) / 1000, 1959966);  /* towards z = 1.959964 */
}

static void isqrt(void **state)
{
	assert_int_equal(ci_isqrt(0), 0);
	assert_int_equal(ci_isqrt(15), 3);
	assert_int_equal(ci_isqrt(16), 4);
	assert_int_equal(ci_isqrt(500000000000ull), 707106);
	assert_int_equal(ci_isqrt(UINT64_MAX), 4294967295ull);
	assert_int_equal(ci_isqrt((unsigned __int128)1 << 126), 1ull << 63);
}

/* 1000..5000 ppm: mean 3000, s = 1581.139, s / sqrt(5) = 707.1068, t(4) = 2.776445:
 * half-width 1963.243 ppm. */
static void five_runs(void **state)
{
	struct ci_set s = { 0 };
	for (int64_t v = 1000; v <= 5000; v += 1000)
		ci_add(&s, v * PPM);
	struct ci_mean m = ci_mean(&s);
	assert_true(m.valid && m.has_half);
	assert_int_equal(m.n, 5);
	assert_int_equal(m.mean, 3000 * PPM);
	assert_true(llabs(m.half - 1963243000ll) < 1000);
}

/* a = 1, 2, 3 and b = 4, 5, 6 (ppm): diff 3, pooled s 1, t(4) 2.776445 sqrt(2/3):
 * 2.266958; proven. Runs needed: t(2n - 2) sqrt(2/n) < 3 from n = 2 (4.303 < 3? no:
 * 4.302653 sqrt(1) = 4.30), n = 3 (2.776 * 0.816 = 2.27 < 3): 3. */
static void two_sets(void **state)
{
	struct ci_set a = { 0 }, b = { 0 };
	for (int64_t v = 1; v <= 3; v++) {
		ci_add(&a, v * PPM);
		ci_add(&b, (v + 3) * PPM);
	}
	struct ci_verdict v = ci_compare(&a, &b);
	assert_true(v.ok && v.proven);
	assert_int_equal(v.diff, 3 * PPM);
	assert_true(llabs(v.err - 2266958) < 2);
	assert_int_equal(v.runs_needed, 3);
	v = ci_compare(&b, &a);
	assert_int_equal(v.diff, -3 * PPM);
	assert_true(v.proven);
}

static void constant_and_negative(void **state)
{
	struct ci_set s = { 0 };
	ci_add(&s, -1);
	ci_add(&s, -2);
	assert_int_equal(ci_mean(&s).mean, -2);            /* -1.5 to the nearest, away from 0 */
	struct ci_set same = { 0 };
	for (int i = 0; i < 3; i++)
		ci_add(&same, 42);
	struct ci_mean m = ci_mean(&same);
	assert_int_equal(m.mean, 42);
	assert_int_equal(m.half, 0);
	struct ci_verdict v = ci_compare(&same, &same);
	assert_true(v.ok);
	assert_false(v.proven);
	assert_int_equal(v.diff, 0);
	assert_int_equal(v.runs_needed, 0);                /* identical means */
}

static void refused_and_small(void **state)
{
	struct ci_set s = { 0 };
	assert_false(ci_mean(&s).valid);
	ci_add(&s, 7);
	struct ci_mean m = ci_mean(&s);
	assert_true(m.valid);
	assert_false(m.has_half);
	assert_int_equal(m.mean, 7);
	assert_false(ci_compare(&s, &s).ok);
	ci_add(&s, CI_PPT_MAX + 1);
	assert_true(s.refused);
	assert_false(ci_mean(&s).valid);
}

/* ci_of on plain values: 1..5 mW, mean 3, half 1.963 to the nearest: 2. */
static void of_values(void **state)
{
	const int64_t v[] = { 1, 2, 3, 4, 5 };
	struct ci c = ci_of(v, 5);
	assert_true(c.valid);
	assert_int_equal(c.mean, 3);
	assert_int_equal(c.half, 2);
	assert_false(ci_of(v, 0).valid);
	assert_int_equal(ci_of(v, 1).half, 0);
}

static void shares(void **state)
{
	assert_int_equal(ci_share_ppt(1010, 1000), 10000000000ll);      /* 1 % */
	assert_int_equal(ci_share_ppt(990, 1000), -10000000000ll);
	assert_int_equal(ci_share_ppt(3, 3), 0);
	assert_int_equal(ci_share_ppt(2, 3), -333333333333ll);
	assert_int_equal(ci_share_ppt(UINT64_MAX, 1), INT64_MAX);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_table),
		cmocka_unit_test(isqrt),
		cmocka_unit_test(five_runs),
		cmocka_unit_test(two_sets),
		cmocka_unit_test(constant_and_negative),
		cmocka_unit_test(refused_and_small),
		cmocka_unit_test(of_values),
		cmocka_unit_test(shares),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
