/* The rule for printed figures (lib/answer/figure.c, lib/answer/figure_double.c) on the worked
 * examples of issues 28 and 29: each printed figure as tickstat and the kernel
 * printed it before, then by the rule. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>
#include "figure_double.h"

static void expect(double v, double e, uint64_t runs, unsigned flags, const char *want)
{
	char got[128];
	figure_double(got, sizeof(got), v, e, runs, flags);
	assert_string_equal(got, want);
}

/* To the first significant digit of the interval, two when it is 1 or 2; SI
 * prefixes by the larger of value and interval. */
static void rounded_to_the_interval(void **state)
{
	expect(7565, 3173, 5, 0, "8k +/- 3k");                  /* was "7565 ± 3173" */
	expect(710e3, 1216e3, 5, 0, "0.7M +/- 1.2M");           /* was "710k ± 1216k" */
	expect(1673e3, 6626e3, 5, 0, "2M +/- 7M");              /* was "p99 1673k ± 6626k" */
	expect(69e3, 11e3, 5, 0, "69k +/- 11k");
	expect(0.84, 0.06, 10, FIGURE_PERCENT | FIGURE_SIGN, "+0.84 % +/- 0.06 %");
	expect(0.1234, 0.0012, 10, FIGURE_PERCENT, "0.1234 % +/- 0.0012 %");
	expect(12.345, 0.96, 4, 0, "12.3 +/- 1.0");             /* 0.96 rounds up to 1.0 */
	expect(1149, 5, 4, 0, "1.149k +/- 0.005k");
	expect(-3.5, 250, 4, FIGURE_NOT_NEGATIVE, "0 +/- 250");   /* 0 within it: no sign, no noise */
}

/* An interval of exactly 0: the runs were equal. */
static void exact(void **state)
{
	expect(52762.9, 0, 5, 0, "52.763k (exact: 5 equal runs)");   /* was "52762.900000 ±
									 0.000000" */
	expect(62534, 0, 3, 0, "62.534k (exact: 3 equal runs)");     /* was "p50 62534 ± 0" */
	expect(18, 0, 3, FIGURE_COMPACT, "18.0 (exact)");
	expect(0.00240, 0, 5, FIGURE_PERCENT, "0.00240 % (exact: 5 equal runs)");
	expect(0, 0, 3, 0, "0 (exact: 3 equal runs)");
}

/* Without an interval, three significant digits. */
static void three_digits(void **state)
{
	expect(2334960.6, -1, 0, 0, "2.33M");                   /* was "2334960.6 ns" */
	expect(340.305, -1, 0, FIGURE_PERCENT | FIGURE_AT_MOST_100, "340 % (> 100 %: noise)");
	expect(1149, NAN, 0, 0, "1.15k");
	expect(9.6123, -1, 0, 0, "9.61");
	expect(0.0024, -1, 0, FIGURE_PERCENT, "0.00240 %");
	expect(0.99996, -1, 0, 0, "1.00");                      /* not 1.000 */
	expect(999.96, -1, 0, 0, "1.00k");
	expect(NAN, -1, 0, 0, "-");
}

/* A share below 0 or above 100 % of the CPU says why it is noise. */
static void noise_in_words(void **state)
{
	expect(-12.2387, 68.9, 5, FIGURE_PERCENT | FIGURE_NOT_NEGATIVE,
	       "-10 % +/- 70 % (< 0: noise)");                  /* was "-12.2387% +/- 68.9%" */
	expect(425, 272, 5, FIGURE_PERCENT | FIGURE_AT_MOST_100, "430 % +/- 270 % (> 100 %: noise)");
	expect(100, 1, 5, FIGURE_PERCENT | FIGURE_AT_MOST_100, "100.0 % +/- 1.0 %");
	expect(-0.5, -1, 0, FIGURE_NOT_NEGATIVE, "-0.500 (< 0: noise)");
}

/* The integer entry: a decimal mantissa and exponent, never shown finer. */
static void integers(void **state)
{
	char got[64];
	figure_int(got, sizeof(got), 23349606, -1, 0);
	assert_string_equal(got, "2.33M");
	figure_int(got, sizeof(got), 17, 0, 0);
	assert_string_equal(got, "17");
	figure_int(got, sizeof(got), 123456789, 0, 0);
	assert_string_equal(got, "123M");
	figure_int(got, sizeof(got), -5, -3, FIGURE_SIGN);
	assert_string_equal(got, "-0.005");             /* never finer than given */
	struct figure f = { .v = 52763, .e = 0, .interval = true, .runs = 5 };
	figure_print(got, sizeof(got), &f, 0);
	assert_string_equal(got, "52.763k (exact: 5 equal runs)");
}

/* An interval that is not symmetric (a bootstrap's), at its nearer end's place. */
static void ranges(void **state)
{
	char got[64];
	struct figure f = figure_of(0.89, 0.06, 12);
	figure_print_range(got, sizeof(got), &f, figure_mantissa(0.83, f.exp),
			   figure_mantissa(0.96, f.exp), FIGURE_PERCENT);
	assert_string_equal(got, "0.89 % (0.83 to 0.96 %)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rounded_to_the_interval),
		cmocka_unit_test(exact),
		cmocka_unit_test(three_digits),
		cmocka_unit_test(noise_in_words),
		cmocka_unit_test(integers),
		cmocka_unit_test(ranges),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
