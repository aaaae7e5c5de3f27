/* lib/ci.c: the kernel report's fixed-point mean and 95 % interval, checked
 * against figures worked out by hand (and by any statistics package). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "ci.h"

static void t_table(void **state)
{
	assert_int_equal(ci_t975_milli(1), 12706);
	assert_int_equal(ci_t975_milli(4), 2776);
	assert_int_equal(ci_t975_milli(9), 2262);
	assert_int_equal(ci_t975_milli(30), 2042);
	assert_int_equal(ci_t975_milli(35), 2042);      /* between rows: the smaller df */
	assert_int_equal(ci_t975_milli(1000000), 1962);
}

static void isqrt(void **state)
{
	assert_int_equal(ci_isqrt(0), 0);
	assert_int_equal(ci_isqrt(1), 1);
	assert_int_equal(ci_isqrt(15), 3);
	assert_int_equal(ci_isqrt(16), 4);
	assert_int_equal(ci_isqrt(500000000000ull), 707106);
	assert_int_equal(ci_isqrt(UINT64_MAX), 4294967295ull);
}

/* 1000..5000 ppm: mean 3000, s = 1581.14, s / sqrt(5) = 707.107, t(4) = 2.776:
 * half-width 1962.9, rounded down. */
static void five_runs(void **state)
{
	const int64_t v[] = { 1000, 2000, 3000, 4000, 5000 };
	struct ci c = ci_of(v, 5);
	assert_true(c.valid);
	assert_int_equal(c.n, 5);
	assert_int_equal(c.mean, 3000);
	assert_int_equal(c.half, 1962);
}

static void negative_and_constant(void **state)
{
	const int64_t neg[] = { -1, -2 };
	assert_int_equal(ci_of(neg, 2).mean, -1);          /* -3 / 2 toward zero */
	const int64_t same[] = { 42, 42, 42 };
	struct ci c = ci_of(same, 3);
	assert_int_equal(c.mean, 42);
	assert_int_equal(c.half, 0);
}

static void one_run_and_none(void **state)
{
	const int64_t v[] = { 7 };
	struct ci c = ci_of(v, 1);
	assert_true(c.valid);
	assert_int_equal(c.mean, 7);
	assert_int_equal(c.half, 0);
	assert_false(ci_of(v, 0).valid);
}

static void squares_that_overflow(void **state)
{
	const int64_t v[] = { 0, INT64_MAX / 2 };
	assert_false(ci_of(v, 2).valid);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_table),
		cmocka_unit_test(isqrt),
		cmocka_unit_test(five_runs),
		cmocka_unit_test(negative_and_constant),
		cmocka_unit_test(one_run_and_none),
		cmocka_unit_test(squares_that_overflow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
