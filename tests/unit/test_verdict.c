/* lib/ci.c and lib/verdict.c against tickstat's own statistics and words
 * (tools/tickstat/stats.c, verdict.c, linked in): the kernel's fixed point must
 * print what tickstat report prints in double precision, "±" written "+/-". Both
 * read the same data: seeded random sets of ppt integers (tickstat gets each as a
 * double of ppm), of every size of interval from 10^-4 % to 10^4 % of the CPU. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "ci.h"
#include "verdict.h"
#include "../../tools/tickstat/report.h"

#define CI95 2                  /* conf_pct[2] == 95 */

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next(void)      /* splitmix64 */
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static double uniform(void) { return (double)(next() >> 11) / 9007199254740992.0; }

/* tickstat's words with "±" and "×" as the kernel writes them. */
static void ascii(char *s)
{
	char *p;
	while ((p = strstr(s, "±")))
		memmove(p + 3, p + 2, strlen(p + 2) + 1), memcpy(p, "+/-", 3);
	while ((p = strstr(s, "×")))
		memmove(p + 1, p + 2, strlen(p + 2) + 1), *p = 'x';
}

static void t_quantiles(void **state)
{
	for (uint64_t df = 1; df <= 300; df++) {
		double exact = t_crit(CI95, (double)df) * 1e9;
		assert_true(fabs((double)ci_t975_nano(df) - exact) <= 1);
	}
	static const uint64_t big[] = { 1000, 9999, 123456, 2000000, 19999998 };
	for (unsigned i = 0; i < 5; i++)
		assert_true(fabs((double)ci_t975_nano(big[i]) - t_crit(CI95, (double)big[i]) * 1e9) <= 2);
}

/* One random set: n values around centre, spread sd (ppt), into both forms. */
static void fill(struct ci_set *k, struct dataset *t, unsigned n, double centre, double sd)
{
	*k = (struct ci_set){ 0 };
	ds_init(t, "x");
	for (unsigned i = 0; i < n; i++) {
		double u = uniform() + uniform() + uniform() - 1.5;
		int64_t v = (int64_t)llround(centre + 2 * sd * u);
		ci_add(k, v);
		ds_add(t, (double)v / 1e6);
	}
}

static unsigned mismatches, cases;

static void expect_same(const char *what, const char *kernel, char *tick)
{
	ascii(tick);
	cases++;
	if (strcmp(kernel, tick)) {
		mismatches++;
		printf("%s: kernel \"%s\", tickstat \"%s\"\n", what, kernel, tick);
	}
}

static void one_pair(unsigned na, unsigned nb, double scale)
{
	struct ci_set ka, kb;
	struct dataset ta, tb;
	char k[128], t[128];
	fill(&ka, &ta, na, scale * (uniform() - 0.3), scale * uniform());
	fill(&kb, &tb, nb, scale * (uniform() - 0.3), scale * uniform());
	struct ci_mean m = ci_mean(&ka);
	struct estimate me = mean_estimate(&ta, CI95);
	verdict_mean(k, sizeof(k), &m);
	fmt_share_estimate(t, sizeof(t), &me, false);
	expect_same("mean", k, t);

	struct ci_verdict kv = ci_compare(&ka, &kb);
	struct verdict tv = verdict(&ta, &tb, 0, CI95);          /* one boot */
	assert_int_equal(kv.ok, tv.d.interval);
	verdict_share(k, sizeof(k), kv.diff, kv.err, true, true);
	fmt_share_estimate(t, sizeof(t), &tv.d, true);
	expect_same("diff", k, t);
	snprintf(t, sizeof(t), "%d", tv.proven);
	expect_same("proven", kv.proven ? "1" : "0", t);
	if (!tv.proven) {
		verdict_needed(k, sizeof(k), &kv);
		fmt_verdict_need(t, sizeof(t), &tv);
		expect_same("needed", k, t);
	}
	ds_free(&ta);
	ds_free(&tb);
}

static void random_sets(void **state)
{
	static const double scales[] = { 1e4, 1e6, 1e8, 1e10, 1e12, 1e14 };   /* ppt */
	for (unsigned r = 0; r < 3000; r++) {
		unsigned na = 2 + (unsigned)(next() % 29), nb = next() % 4 ? na : 2 + (unsigned)(next() % 29);
		one_pair(na, nb, scales[r % 6]);
	}
	for (unsigned r = 0; r < 30; r++)
		one_pair(1000, 1000, scales[r % 6]);
	printf("%u of %u words differ\n", mismatches, cases);
	assert_int_equal(mismatches, 0);
}

static void words(void **state)
{
	char b[64];
	verdict_share(b, sizeof(b), 8400000000, 600000000, true, true);
	assert_string_equal(b, "+0.84 % +/- 0.06 %");
	verdict_share(b, sizeof(b), -3000000, 0, false, false);
	assert_string_equal(b, "-0.000300 %");
	verdict_share(b, sizeof(b), -40000000, 10000000000000ll, true, false);
	assert_string_equal(b, "-0 % +/- 1000 %");
	verdict_share(b, sizeof(b), 234000000, 0, true, false);     /* e == 0: v's 3 digits */
	assert_string_equal(b, "0.0234 % +/- 0.0000 %");
	struct ci_verdict v = { .runs_needed = 37, .diff = 5 };
	verdict_needed(b, sizeof(b), &v);
	assert_string_equal(b, "needed: 1 boot x 37 runs");
	v = (struct ci_verdict){ .diff = 5 };
	verdict_needed(b, sizeof(b), &v);
	assert_string_equal(b, "needed: over 10^7 runs");
	v = (struct ci_verdict){ .runs_needed = 3 };
	verdict_needed(b, sizeof(b), &v);
	assert_string_equal(b, "identical means");
	assert_true(verdict_is_noise(-1000000000001ll));
	assert_false(verdict_is_noise(1000000000000ll));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_quantiles),
		cmocka_unit_test(words),
		cmocka_unit_test(random_sets),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
