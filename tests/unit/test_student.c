/* lib/answer/student.c: Student's t quantiles without a C library, against values from
 * exact arithmetic (mpmath's regularised incomplete beta, 30 digits) at each of
 * the six levels, small and large df, and on both sides of the series' end at 300
 * degrees of freedom; its atan against the C library's. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>
#include "student.h"

static void near(double got, double want)
{
	if (fabs(got - want) > 1e-12 * want)
		fail_msg("%.17g, not %.17g", got, want);
}

static void known_quantiles(void **state)
{
	static const struct { int level; uint64_t df; double t; } known[] = {
		{ 0, 5, 1.47588404882448 },     { 1, 3, 2.35336343480182 },
		{ 2, 1, 12.7062047361747 },     { 2, 7, 2.36462425159278 },
		{ 3, 12, 2.68099799312091 },    { 4, 10, 3.16927267261695 },
		{ 5, 8, 3.83251868534436 },     { 5, 1, 127.321336468875 },
		{ 2, 299, 1.96792966906567 },   { 2, 301, 1.9678765312857 },
		{ 4, 1000, 2.58075469806595 },  { 2, 100000, 1.95998770753461 },
	};
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		near(t_quantile(known[i].level, known[i].df), known[i].t);
	near(t_quantile(CONF_95, 0), t_quantile(CONF_95, 1));   /* df 0 as 1 */
}

/* t falls with df towards the normal quantile, at every level. */
static void towards_the_normal(void **state)
{
	for (int level = 0; level < CONF_LEVELS; level++) {
		double last = INFINITY;
		for (uint64_t df = 1; df < 3000; df += df < 400 ? 1 : 37) {
			double t = t_quantile(level, df);
			assert_true(t < last && t > z_quantile(level));
			last = t;
		}
		double z = z_quantile(level);   /* beyond 1e8: z + z (z^2 + 1) / 4 / df */
		near(t_quantile(level, 100000000), z + z * (z * z + 1) / 4e8);
	}
}

static void atan_as_the_c_library(void **state)
{
	for (double x = -60; x < 60; x += 0.0173)
		assert_true(fabs(student_atan(x) - atan(x)) <= 4e-16 * (1 + fabs(atan(x))));
	assert_true(student_atan(0) == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(known_quantiles),
		cmocka_unit_test(towards_the_normal),
		cmocka_unit_test(atan_as_the_c_library),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
