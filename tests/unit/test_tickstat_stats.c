/* tickstat's statistics on known data: the two data sets of the ministat(1)
 * manual page (iguana and chameleon) with the figures the page prints, t values,
 * Welch, Mann-Whitney and the runs-needed estimate. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <stdlib.h>
#include <cmocka.h>

#include "../../tools/tickstat/stats.h"
#include "estimate.h"
#include "../../tools/tickstat/ministat.h"

static struct dataset iguana, chameleon;

static int setup(void **state)
{
	static const double ig[] = { 50, 200, 150, 400, 750, 400, 150 };
	static const double ch[] = { 150, 400, 720, 500, 930 };
	ds_init(&iguana, "iguana");
	ds_init(&chameleon, "chameleon");
	for (size_t i = 0; i < 7; i++)
		ds_add(&iguana, ig[i]);
	for (size_t i = 0; i < 5; i++)
		ds_add(&chameleon, ch[i]);
	ds_sort(&iguana);
	ds_sort(&chameleon);
	return 0;
}

static int teardown(void **state)
{
	ds_free(&iguana);
	ds_free(&chameleon);
	return 0;
}

static void format_g(char *buf, size_t n, const char *fmt, double v) { snprintf(buf, n, fmt, v); }

static void man_page_vitals(void **state)
{
	char b[64];
	assert_true(ds_min(&iguana) == 50 && ds_max(&iguana) == 750);
	assert_true(ds_median(&iguana) == 200 && ds_mean(&iguana) == 300);
	format_g(b, sizeof(b), "%13.8g", ds_stddev(&iguana));
	assert_string_equal(b, "    238.04761");
	format_g(b, sizeof(b), "%13.8g", ds_stddev(&chameleon));
	assert_string_equal(b, "    299.08193");
	assert_true(ds_median(&chameleon) == 500 && ds_mean(&chameleon) == 540);
}

static void man_page_verdicts(void **state)
{
	char b[64];
	struct tresult t = student(&iguana, &chameleon, conf_index("95"));
	assert_false(t.proven);                            /* "No difference proven" */
	t = student(&iguana, &chameleon, conf_index("80"));
	assert_true(t.proven);
	format_g(b, sizeof(b), "%g", t.err);
	assert_string_equal(b, "212.215");                 /* "240 +/- 212.215" */
	format_g(b, sizeof(b), "%g", t.s);
	assert_string_equal(b, "264.159");                 /* "pooled s = 264.159" */
	format_g(b, sizeof(b), "%g", t.err * 100 / ds_mean(&iguana));
	assert_string_equal(b, "70.7384");
}

static void man_page_report(void **state)
{
	char *buf;
	size_t len;
	FILE *f = open_memstream(&buf, &len);
	struct dataset sets[2] = { iguana, chameleon };
	ms_plot(f, sets, 2, 74);
	ms_vitals(f, 'x', &sets[0]);
	fputc('\n', f);
	ms_relative(f, &sets[0], &sets[1], conf_index("80"));
	fclose(f);
	assert_non_null(strstr(buf, "| |__________M___|____A_______________M__|A_______________________|        |\n"));
	assert_non_null(strstr(buf, "x   7            50           750           200           300     238.04761\n"));
	assert_non_null(strstr(buf, "Difference at 80.0% confidence\n\t240 +/- 212.215\n\t80% +/- 70.7384%\n"
				    "\t(Student's t, pooled s = 264.159)\n"));
	free(buf);
}

static void t_values(void **state)
{
	assert_true(t_table(conf_index("95"), 4) == 2.776);
	assert_true(t_table(conf_index("95"), 10) == 2.228);
	assert_true(t_table(conf_index("99"), 20) == 2.845);
	assert_true(t_table(conf_index("95"), 1000) == 1.960);   /* normal above 100 df */
	assert_true(t_table(conf_index("99.5"), 4) == 7.173);    /* ministat's column */
	assert_true(fabs(t_crit(conf_index("95"), 1) - 12.7062) < 1e-3);
	assert_int_equal(conf_index("97"), -1);
}

/* ministat's table (FreeBSD ministat.c student[]), not the quantiles recomputed:
 * Debian's ministat finds a difference here at -c 99.5 (9 +/- 8.998: t = 4.499 at
 * df 8, its "99.5%" column holding t at 0.999), and so must compare. */
static void ministat_table_at_99_5(void **state)
{
	static const double a[] = { 0, 2, 4, 6, 8 }, b[] = { 9, 11, 13, 15, 17 };
	struct dataset x, y;
	char buf[32];
	ds_init(&x, "x");
	ds_init(&y, "y");
	for (int i = 0; i < 5; i++) {
		ds_add(&x, a[i]);
		ds_add(&y, b[i]);
	}
	struct tresult t = student(&x, &y, conf_index("99.5"));
	assert_true(t.proven);
	snprintf(buf, sizeof(buf), "%g", t.err);
	assert_string_equal(buf, "8.998");
	assert_true(t_table(conf_index("99.5"), 8) == 4.499);
	/* the exact two-sided 99.5% value, for everything beyond ministat */
	assert_true(fabs(t_crit(conf_index("99.5"), 8) - 3.8325) < 1e-3);
	struct tresult e = student_exact(&x, &y, conf_index("99.5"));
	assert_true(e.err < t.err && fabs(e.err / t.err - 3.8325 / 4.499) < 1e-3);
	ds_free(&x);
	ds_free(&y);
}

/* Every entry of the table is the quantile it stands for, to its rounding: three
 * decimals in the columns 80..99; in the "99.5" column t at 0.999 to 0.1% (the
 * table's own values, 4.499 for 4.5008 at df 8); above 100 df the normal value. */
static void table_follows_the_quantiles(void **state)
{
	for (int ci = 0; ci < CONF_LEVELS; ci++) {
		double p = ci == CONF_LEVELS - 1 ? 0.999 : 1 - (1 - conf_pct[ci] / 100) / 2;
		for (int df = 1; df <= 100; df++) {
			double lo = 0, hi = 1e4;
			for (int i = 0; i < 100; i++)
				*(t_cdf((lo + hi) / 2, df) < p ? &lo : &hi) = (lo + hi) / 2;
			double tol = ci == CONF_LEVELS - 1 ? 1e-3 * lo : 0.0005 + 1e-9;
			if (fabs(t_table(ci, df) - lo) > tol)
				fail_msg("t_table(%g%%, %d) = %.3f, quantile %.5f", conf_pct[ci], df,
					 t_table(ci, df), lo);
		}
		assert_true(fabs(t_table(ci, 101) - normal_quantile(p)) <= 0.0005 + 1e-9);
		assert_true(t_table(ci, 1000000) == t_table(ci, 101));
	}
}

static void beyond_ministat(void **state)
{
	struct mwresult m = mann_whitney(&iguana, &chameleon);
	assert_true(m.u == 26);                            /* ranks of chameleon: 41 - 15 */
	assert_true(m.p > 0.15 && m.p < 0.25);
	struct tresult w = welch(&iguana, &chameleon, conf_index("95"));
	assert_true(fabs(w.df - 7.6) < 0.2);
	assert_false(w.proven);
	assert_true(f_test_p(&iguana, &chameleon) > 0.5);
	/* 240, s = 264.159, 95%: n = 10 gives 2.101*s*sqrt(2/10) = 248 > 240; n = 11 gives 235 */
	assert_int_equal(runs_within_boot(264.159, 240, true, conf_index("95")), 11);
	assert_true(ds_percentile(&iguana, 50) == 200 && ds_percentile(&iguana, 100) == 750);
}

static struct dataset set_of(const double *v, size_t n)
{
	struct dataset d;
	ds_init(&d, "set");
	for (size_t i = 0; i < n; i++)
		assert_true(ds_add(&d, v[i]));
	return d;
}

/* n equal values, then more. */
static struct dataset equal_then(size_t n, double v, const double *more, size_t m)
{
	struct dataset d;
	ds_init(&d, "set");
	for (size_t i = 0; i < n + m; i++)
		assert_true(ds_add(&d, i < n ? v : more[i - n]));
	return d;
}

/* Mann-Whitney's p on small sets is exact, ties included (2 min(P(W <= w), P(W >=
 * w)), W the rank sum of b over every way to choose b's places among the values):
 * never below the least p the sets can give, 2 / C(na + nb, nb) when b's values all
 * lie above a's. The normal approximation gave 1.7e-11 and 1.35e-10 below. */
static void mann_whitney_exact(void **state)
{
	static const double seven[] = { 6, 7, 8, 9, 10, 11, 12 }, three[] = { 6, 9, 20 };
	struct dataset forty = equal_then(40, 5, NULL, 0), a = set_of(seven, 7), b = set_of(three, 3);
	struct mwresult m = mann_whitney(&forty, &a);
	assert_true(m.exact);
	assert_true(fabs(m.p - 2.0 / 62891499) < 1e-9 * m.p);      /* 2 / C(47, 7) */
	m = mann_whitney(&forty, &b);
	assert_true(m.exact && fabs(m.p - 2.0 / 12341) < 1e-9 * m.p);   /* 2 / C(43, 3) */
	m = mann_whitney(&iguana, &chameleon);     /* 150 and 400 tied across the sets */
	assert_true(m.exact && m.u == 26);
	assert_true(fabs(m.p - 19.0 / 99) < 1e-12);   /* 76 of the 792 ways at or above */
	ds_free(&forty), ds_free(&a), ds_free(&b);
}

/* Runs needed are for the test the verdict took: Welch's where the variances
 * differ; 40 equal values against 3 that spread, not proven, need more runs than
 * the 3 (Student's pooled s, dominated by the 40, said 2 per set). */
static void runs_needed_by_the_verdicts_test(void **state)
{
	static const double three[] = { 6, 9, 20 };
	struct dataset forty = equal_then(40, 5, NULL, 0), b = set_of(three, 3);
	struct tresult w = welch(&forty, &b, conf_index("95"));
	assert_false(w.proven);
	long n = runs_within_unequal(ds_stddev(&forty), ds_stddev(&b), fabs(w.diff),
				     conf_index("95"));
	assert_true(n > 3);
	/* equal spreads: the pooled search's answer */
	assert_int_equal(runs_within_unequal(264.159, 264.159, 240, conf_index("95")), 11);
	ds_free(&forty), ds_free(&b);
}

static void assert_g(const char *fmt, double v, const char *want)
{
	char b[64];
	snprintf(b, sizeof(b), fmt, v);
	assert_string_equal(b, want);
}

/* Issue 29's spreads, exact (Python's fractions): a constant set has none; values
 * near 3e15 sum past 2^53 (a plain sum / n gave 0.97182532); values near 1e-200
 * square to below the smallest double (a spread of 0, and a difference proven
 * with an interval of 0). */
static void exact_spreads(void **state)
{
	static const double seven[] = { 7.55, 7.55, 7.55, 7.55, 7.55, 7.55, 7.55 };
	struct dataset c = set_of(seven, 7);
	assert_true(ds_mean(&c) == 7.55 && ds_stddev(&c) == 0);
	struct tresult t = student(&c, &c, conf_index("95"));
	assert_true(t.diff == 0 && t.err == 0 && t.s == 0 && !t.proven);
	ds_free(&c);

	double big[10];
	static const int k[] = { 0, 1, 2, 1, 3, 2, 1, 0, 2, 1 };
	for (int i = 0; i < 10; i++)
		big[i] = 3e15 + k[i];
	struct dataset b = set_of(big, 10);
	assert_g("%13.8g", ds_stddev(&b), "    0.9486833");
	assert_true(ds_mean(&b) == 3000000000000001.5);   /* 3e15 + 1.3, the nearest double */
	ds_free(&b);

	static const double tiny1[] = { 1e-200, 2e-200, 3e-200, 1.5e-200 };
	static const double tiny2[] = { 1.1e-200, 2.1e-200, 3.1e-200, 1.6e-200 };
	struct dataset x = set_of(tiny1, 4), y = set_of(tiny2, 4);
	assert_g("%13.8g", ds_stddev(&x), "8.5391256e-201");
	t = student(&x, &y, conf_index("95"));
	assert_false(t.proven);
	assert_g("%g", t.diff, "1e-201");
	assert_g("%g", t.s, "8.53913e-201");
	ds_free(&x);
	ds_free(&y);
}

/* Means near 3e15 whose doubles are one (3e15 + 0.5 holds both 3e15 + 1/3 and
 * 3e15 + 2/3): their difference, 1/3, from the parts the doubles drop. */
static void mean_difference_beyond_a_double(void **state)
{
	static const double a[] = { 3e15, 3e15, 3e15 + 1 }, b[] = { 3e15, 3e15 + 1, 3e15 + 1 };
	struct dataset x = set_of(a, 3), y = set_of(b, 3);
	assert_true(ds_mean(&x) == ds_mean(&y));
	assert_true(fabs(ds_mean_diff(&x, &y) - 1.0 / 3) < 1e-15);
	assert_g("%g", student(&x, &y, conf_index("95")).diff, "0.333333");
	ds_free(&x);
	ds_free(&y);
}

static int cmp_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Sort n values made by value(i) with ds_sort and with qsort(): the same order,
 * value for value. */
static void sorts_like_qsort(size_t n, double (*value)(size_t i))
{
	struct dataset d;
	double *want = malloc(n * sizeof(*want));
	assert_non_null(want);
	ds_init(&d, "sorted");
	for (size_t i = 0; i < n; i++) {
		want[i] = value(i);
		ds_add(&d, want[i]);
	}
	qsort(want, n, sizeof(*want), cmp_doubles);
	ds_sort(&d);
	assert_int_equal(d.n, n);
	for (size_t i = 0; i < n; i++)
		if (memcmp(&d.v[i], &want[i], sizeof(*want)))
			fail_msg("n %zu: entry %zu is %.17g, qsort gives %.17g", n, i, d.v[i], want[i]);
	ds_free(&d);
	free(want);
}

static uint64_t mix(size_t i)
{
	uint64_t x = (uint64_t)i * 0x9e3779b97f4a7c15ull;
	return x ^ x >> 29;
}

/* Every digit differs: all six passes run (an even count). */
static double spread_value(size_t i)
{
	double x = (double)(mix(i) >> 11) * ldexp(1, (int)(mix(i) % 80) - 40);
	return i % 3 ? x : -x;
}

/* Small cycle counts: the low digits of the mantissa are all zero and their passes
 * are skipped (an odd count: the keys end in the scratch buffer). */
static double count_value(size_t i) { return (double)(mix(i) % 5000); }

/* Negative counts, -0 among them: one sign, their keys the bits reversed. */
static double negative_count_value(size_t i) { return -count_value(i); }

/* Powers of two of both signs: the keys differ in the sign and the exponent only,
 * the passes start at bit 52 and the last one holds the top bit alone. */
static double power_value(size_t i)
{
	double x = ldexp(1, (int)(mix(i) % 200) - 100);
	return i % 2 ? x : -x;
}

/* The one sort (radix) on rows of sizes that grow and shrink (its scratch buffer
 * is kept between sorts), long ones and short ones down to a single value. */
static void radix_sort_orders(void **state)
{
	static const size_t sizes[] = { 5000, 1024, 70000, 3000, 100, 17, 2, 1 };
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		sorts_like_qsort(sizes[k], spread_value);
		sorts_like_qsort(sizes[k], count_value);
		sorts_like_qsort(sizes[k], negative_count_value);
		sorts_like_qsort(sizes[k], power_value);
	}
}

static double tiny_value(size_t i) { return count_value(i) * 1e-300 - 2e-297; }

/* The largest magnitudes negative, the set's top tiny: scaled by its top, the
 * squares overflow. */
static double far_apart_value(size_t i)
{
	return i % 2 ? 1e-300 * (double)(i + 1) : -1e300 * (double)(i + 1);
}

static bool same_moments(struct moments a, struct moments b)
{
	return !memcmp(&a.hi, &b.hi, sizeof(a.hi)) && !memcmp(&a.lo, &b.lo, sizeof(a.lo)) &&
	       !memcmp(&a.sd, &b.sd, sizeof(a.sd));
}

/* moments_sorted() of a sorted set (the scale from its ends): moments_of()'s
 * figures to the bit, large negative values, subnormal ones and a NaN too. */
static void moments_of_a_sorted_set(void **state)
{
	double (*const kinds[])(size_t) = { spread_value, count_value, power_value, tiny_value,
					    far_apart_value };
	static const size_t sizes[] = { 1, 2, 17, 5000 };
	for (size_t k = 0; k < 5; k++)
		for (size_t s = 0; s < 4; s++) {
			struct dataset d;
			ds_init(&d, "sorted");
			for (size_t i = 0; i < sizes[s]; i++)
				ds_add(&d, kinds[k](i));
			if (k == 1 && s == 2)
				ds_add(&d, NAN);
			ds_sort(&d);
			if (!same_moments(moments_sorted(d.v, d.n), moments_of(d.v, d.n)))
				fail_msg("kind %zu, %zu values: not moments_of's", k, d.n);
			ds_free(&d);
		}
	assert_true(isnan(moments_sorted(NULL, 0).hi));
}

/* Integers, whose deviations sum without rounding, against the same values over
 * 1024 (not integers: TwoSum's every step, on the same scaled values): the same
 * figures times 1024, to the bit. And integers whose partial sums pass 2^53: the
 * mean's fraction kept (3 (2^52 - 1) / 4 = 3377699720527871.25). */
static void moments_of_integers(void **state)
{
	static const size_t sizes[] = { 1, 2, 17, 5000 };
	for (size_t s = 0; s < 4; s++) {
		double *v = malloc(sizes[s] * sizeof(*v)), *w = malloc(sizes[s] * sizeof(*w));
		assert_true(v && w);
		for (size_t i = 0; i < sizes[s]; i++) {
			v[i] = i % 2 ? count_value(i) : 1e9 + (double)(mix(i) % 400000);
			w[i] = v[i] / 1024;
		}
		struct moments a = moments_of(v, sizes[s]), b = moments_of(w, sizes[s]);
		b.hi *= 1024, b.lo *= 1024, b.sd *= 1024;
		if (!same_moments(a, b))
			fail_msg("%zu integers: not the figures of those over 1024", sizes[s]);
		free(v);
		free(w);
	}
	static const double far[] = { 0, 4503599627370495.0, 4503599627370495.0,
				      4503599627370495.0 };
	struct moments m = moments_of(far, 4);
	assert_true((m.hi - 3377699720527871.0) + m.lo == 0.25);

	/* decimals are no integers: their mean to twice a double's digits, where a
	 * plain sum is off in the 15th (the exact sum in 113 bits) */
	double dec[1000];
	__float128 sum = 0;
	for (size_t i = 0; i < 1000; i++)
		sum += dec[i] = 0.1 * (double)(i + 1);
	m = moments_of(dec, 1000);
	__float128 off = (__float128)m.hi + m.lo - sum / 1000;
	assert_true((double)(off < 0 ? -off : off) < 1e-25);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(man_page_vitals),
		cmocka_unit_test(man_page_verdicts),
		cmocka_unit_test(man_page_report),
		cmocka_unit_test(t_values),
		cmocka_unit_test(ministat_table_at_99_5),
		cmocka_unit_test(table_follows_the_quantiles),
		cmocka_unit_test(beyond_ministat),
		cmocka_unit_test(mann_whitney_exact),
		cmocka_unit_test(runs_needed_by_the_verdicts_test),
		cmocka_unit_test(radix_sort_orders),
		cmocka_unit_test(moments_of_a_sorted_set),
		cmocka_unit_test(moments_of_integers),
		cmocka_unit_test(exact_spreads),
		cmocka_unit_test(mean_difference_beyond_a_double),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
