/* tickstat over boots (tools/tickstat/boots.c, shift.c) on data sets worked by
 * hand: the variance at each level, the interval each number of boots gets, paired
 * and independent differences, the boots and runs a precision needs, the
 * Hodges-Lehmann shift with the signed-rank p, two clusters. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "../../tools/tickstat/boots.h"
#include "../../tools/tickstat/resample.h"
#include "../../tools/tickstat/shift.h"

static const double t975_1 = 12.706204736174707, t975_2 = 4.302652729749464;

/* values[i] of boot boots[i] */
static void fill(struct dataset *d, const double *v, const unsigned *boot, size_t n)
{
	ds_init(d, "t");
	for (size_t i = 0; i < n; i++)
		ds_add_boot(d, v[i], boot[i]);
}

static const double va[] = { 1, 2, 3, 5, 6, 7 };
static const unsigned two_boots[] = { 4, 4, 4, 9, 9, 9 };

/* The indices drawn 8 at a time are splitmix64's, one at a time, scaled as pick
 * scales them: every length's tail, and counts up to 2^32 - 1. */
static void indices_drawn_as_one_at_a_time(void **state)
{
	static const uint32_t counts[] = { 1, 2, 7, 8, 9, 2000, 65537, 4294967295u };
	uint32_t idx[40];
	for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
		for (size_t n = 0; n <= 40; n++) {
			uint64_t s = 0x7469636b73746174ull + c * n, one = s;
			draw_indices(s, counts[c], idx, n);
			for (size_t t = 0; t < n; t++)
				assert_int_equal(idx[t], pick(&one, counts[c]));
		}
}

/* One resample of a figure as a figure alone draws it (the bootstrap before figures
 * were drawn together): of a (b NULL), of b - a paired (map) or apart. */
static double one_resample(const struct boot_values *a, const struct boot_values *b,
			   const int *map, uint64_t *rng)
{
	double sa = 0, sb = 0;
	for (int i = 0; i < a->k; i++) {
		int k = (int)pick(rng, (size_t)a->k);
		double s = 0;
		for (size_t j = 0; j < a->len[k]; j++)
			s += a->v[a->start[k] + pick(rng, a->len[k])];
		sa += s / (double)a->len[k];
		if (!map)
			continue;
		s = 0;
		for (size_t j = 0; j < b->len[map[k]]; j++)
			s += b->v[b->start[map[k]] + pick(rng, b->len[map[k]])];
		sb += s / (double)b->len[map[k]];
	}
	for (int i = 0; b && !map && i < b->k; i++) {
		int k = (int)pick(rng, (size_t)b->k);
		double s = 0;
		for (size_t j = 0; j < b->len[k]; j++)
			s += b->v[b->start[k] + pick(rng, b->len[k])];
		sb += s / (double)b->len[k];
	}
	return b ? sb / (map ? a->k : b->k) - sa / a->k : sa / a->k;
}

/* Figures of one shape drawn together (collected, then drawn) resample to the bit as
 * each alone: 5 means and 5 paired differences of 3 boots of 7, 9 and 12 runs, and
 * a difference of two sets apart (3 boots against 2). */
static void resamples_drawn_together_as_alone(void **state)
{
	static const size_t start[] = { 0, 7, 16 }, len[] = { 7, 9, 12 };
	static const size_t start2[] = { 0, 5 }, len2[] = { 5, 4 };
	static const int map[] = { 2, 0, 1 };
	double v[6][28];
	struct boot_values s[6], apart = { 2, start2, len2, v[5] };
	for (int f = 0; f < 6; f++) {
		for (int j = 0; j < 28; j++)
			v[f][j] = sin(f * 100 + j) * 1000 + f;
		s[f] = (struct boot_values){ 3, start, len, v[f] };
	}
	resamples_collect(true);
	for (int f = 0; f < 5; f++) {
		assert_null(resamples(&s[f], NULL, NULL));
		assert_null(resamples(&s[f], &s[f + 1], map));
	}
	resamples_collect(false);
	resamples_draw();
	for (int f = 0; f < 6; f++) {
		const double *alone = resamples(&s[f], NULL, NULL), *pair = resamples(&s[f], &s[(f + 1) % 6], map);
		const double *other = resamples(&s[f], &apart, NULL);
		uint64_t r1 = BOOTSTRAP_SEED, r2 = BOOTSTRAP_SEED, r3 = BOOTSTRAP_SEED;
		for (int r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
			assert_true(alone[r] == one_resample(&s[f], NULL, NULL, &r1));
			assert_true(pair[r] == one_resample(&s[f], &s[(f + 1) % 6], map, &r2));
			assert_true(other[r] == one_resample(&s[f], &apart, NULL, &r3));
		}
	}
}

/* Boots {1, 2, 3} and {5, 6, 7}: within a boot the runs' variance is 1, the boot
 * means 2 and 6 vary by 8, of which the runs explain 1/3. */
static void levels_of_two_boots(void **state)
{
	struct dataset d;
	struct levels lv;
	fill(&d, va, two_boots, 6);
	assert_true(levels_of(&d, &lv));
	assert_int_equal(lv.boots, 2);
	assert_int_equal(lv.runs_min, 3);
	assert_true(fabs(lv.mean - 4) < 1e-12);
	assert_true(fabs(lv.run_var - 1) < 1e-12);
	assert_true(fabs(lv.means_var - 8) < 1e-12);
	assert_true(fabs(lv.boot_var - (8 - 1.0 / 3)) < 1e-12);
	ds_free(&d);
}

/* 1 boot: t over its runs; 2 boots: t(1) on the boot means; 12: the bootstrap,
 * the same interval every time (a fixed seed), around the mean. */
static void interval_by_boots(void **state)
{
	struct dataset d, many;
	char buf[96];
	fill(&d, va, two_boots, 6);
	struct estimate e = mean_estimate(&d, 2);
	assert_int_equal(e.method, IV_BOOT_MEANS);
	assert_true(fabs(e.e - t975_1 * sqrt(8) / sqrt(2)) < 1e-9);
	fmt_method(buf, sizeof(buf), &e, 2);
	assert_string_equal(buf, "95 %, 2 boots x 3 runs, t on boot means");
	ds_init(&many, "many");
	for (unsigned b = 0; b < 12; b++)
		for (unsigned r = 0; r < 5; r++)
			ds_add_boot(&many, 100 + b % 4 + 0.1 * r, b);
	struct estimate x = mean_estimate(&many, 2), y = mean_estimate(&many, 2);
	assert_int_equal(x.method, IV_BOOTSTRAP);
	assert_true(x.lo == y.lo && x.hi == y.hi);
	assert_true(x.lo < x.v && x.v < x.hi && x.hi - x.lo < 3);
	fmt_method(buf, sizeof(buf), &x, 2);
	assert_string_equal(buf, "95 %, 12 boots x 5 runs, bootstrap BCa");
	ds_free(&d), ds_free(&many);
}

/* b - a with the same boots: per-boot differences 1 and 2, t(1); with other boots:
 * the two sets of boot means (3, 8 against 2, 6), pooled, t(2). */
static void differences_paired_or_not(void **state)
{
	struct dataset a, b, c;
	const double vb[] = { 2, 3, 4, 7, 8, 9 };
	const unsigned other_boots[] = { 1, 1, 1, 2, 2, 2 };
	fill(&a, va, two_boots, 6);
	fill(&b, vb, two_boots, 6);
	fill(&c, vb, other_boots, 6);
	struct estimate p = diff_estimate(&a, &b, 2), q = diff_estimate(&a, &c, 2);
	assert_true(fabs(p.v - 1.5) < 1e-12 && p.boots == 2);
	assert_true(fabs(p.e - t975_1 * sqrt(0.5) / sqrt(2)) < 1e-9);
	assert_true(fabs(q.v - 1.5) < 1e-12 && q.boots == 4);
	assert_true(fabs(q.e - t975_2 * sqrt(10.25)) < 1e-9);
	ds_free(&a), ds_free(&b), ds_free(&c);
}

/* Half width 2 with T1 = 1, T2 = 23/3 and the logs' 3 runs a boot: the fewest k
 * with t(k - 1)^2 (23/3 + 1/3) / k <= 4 is 11 (at 10, t(9) = 2.2622 gives 0.512 > 0.5). */
static void boots_and_runs_needed(void **state)
{
	struct dataset d;
	char buf[64];
	fill(&d, va, two_boots, 6);
	struct need n = need_for_mean(&d, 2, 0, 2);
	assert_false(n.one_boot);
	assert_int_equal(n.boots, 11);
	assert_int_equal(n.runs, 3);
	fmt_need(buf, sizeof(buf), &n);
	assert_string_equal(buf, "needed: 11 boots x 3 runs");
	/* a boot dear against a run: fewer boots, more runs each, no costlier */
	struct need dear = need_for_mean(&d, 2, 1000, 2);
	assert_true(dear.boots >= 2 && dear.boots <= 11);
	ds_free(&d);
}

/* Four boots of six runs, boot means 0, 3, 1, 5 and runs spread by 0.9 to 3.5. */
static void fill_spread(struct dataset *d)
{
	static const double run[] = { -2, 1, 0.5, 2, -1, -0.5 };
	static const double boot[] = { 0, 3, 1, 5 };
	ds_init(d, "t");
	for (unsigned b = 0; b < 4; b++)
		for (unsigned i = 0; i < 6; i++)
			ds_add_boot(d, boot[b] + run[i] * (1 + b * 0.5), b);
}

/* The plan is the cheapest k boots × n runs, k (r + n) with r = 40: against every k
 * that could be cheaper (k (r + 2) below the best cost), with t exact below 201
 * degrees of freedom as the plan's is. */
static void plan_is_the_cheapest(void **state)
{
	struct dataset d;
	struct levels lv;
	fill_spread(&d);
	assert_true(levels_of(&d, &lv) && lv.boot_var > 0 && lv.run_var > 0);
	const double h = 1.5, r = 40;
	struct need n = need_for_mean(&d, h, r, 2);
	double best = INFINITY;
	for (long k = 2; k <= 201 && k * (r + 2) < best; k++) {
		double t = t_crit(2, (double)k - 1), room = k * h * h / (t * t) - lv.boot_var;
		if (room > 0)
			best = fmin(best, k * (r + fmax(2, ceil(lv.run_var / room))));
	}
	assert_true(best < 201 * (r + 2));             /* no k beyond could beat it */
	assert_true(n.boots >= 2 && n.runs >= 2);
	assert_true(n.boots * (r + n.runs) == best);
	ds_free(&d);
}

/* Boots that vary far beyond the half width asked: some 4 million boots would do,
 * and the search weighs a few hundred (k, n), not every k (a walk over k took 8
 * minutes on two quick-suite boots: issue 29). Under a ceiling of 1000 boots ×
 * 10000 runs there is no plan; under one of 10000 runs and 10^6 boots, the
 * cheapest within it. */
static void plan_weighs_a_few(void **state)
{
	struct dataset d;
	fill_spread(&d);
	struct need n = need_for_mean(&d, 0.002, 40, 2);
	assert_true(n.boots > 1000000 && n.boots < NEED_MAX && n.runs >= 2);
	assert_true(n.steps < 300);
	struct need none = plan_for_mean(&d, 0.002, 40, 2, 1000, 10000);
	assert_true(none.boots == 0 && none.steps < 300);
	struct need fixed = need_for_mean(&d, 0.002, 0, 2);   /* the logs' 6 runs a boot */
	assert_true(fixed.boots > 1000000 && fixed.runs == 6 && fixed.steps < 100);
	ds_free(&d);
}

/* Ten paired differences: the median of the 55 Walsh averages is 1.2; W+ = 49, and
 * P(|W+ - 27.5| >= 21.5) = 28/1024 exactly. All four positive of four: p = 1/8; ties
 * take their mean rank and the exact distribution of those ranks. */
static void hodges_lehmann_and_signed_rank(void **state)
{
	const double d[] = { 0.8, 1.9, -0.4, 2.5, 1.1, 3.0, 0.2, 1.6, -0.9, 2.2 };
	const double up[] = { 1, 2, 3, 4 };
	struct shift s;
	assert_true(paired_shift(d, 10, &s));
	assert_true(fabs(s.hl - 1.2) < 1e-12);
	assert_true(s.exact && fabs(s.p - 28.0 / 1024) < 1e-12);
	assert_true(paired_shift(up, 4, &s));
	assert_true(fabs(s.p - 0.125) < 1e-12);
	/* ties (an -icount boot's runs all alike): 5 equal, all positive, exact 2/32 */
	const double same[] = { 3, 3, 3, 3, 3 }, tied[] = { 1, 1, -1, 2, 2, 2 };
	assert_true(paired_shift(same, 5, &s));
	assert_true(s.exact && fabs(s.p - 0.0625) < 1e-12 && s.hl == 3);
	/* |d| ranks 2, 2, 2, 5, 5, 5: W+ = 19 of at most 21; 4 of the 64 sign sets give 19
	 * or more, 4 give 2 or less: p = 8/64 (counted in Python) */
	assert_true(paired_shift(tied, 6, &s));
	assert_true(s.exact && fabs(s.p - 0.125) < 1e-12);
	assert_false(paired_shift(up, 0, &s));
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The shift found without the pairwise means (shift.c) is their median, to the
 * bit: 2,000 random sets of 1 to 60 differences, of few distinct values (ties) or
 * many, of both signs and with zeros, against all n(n + 1)/2 means sorted. */
static void hodges_lehmann_is_the_median_of_all_means(void **state)
{
	static double d[60], means[60 * 61 / 2];
	struct shift s;
	srand(29);
	for (int t = 0; t < 2000; t++) {
		size_t n = 1 + (size_t)rand() % 60, m = 0;
		int spread = t % 2 ? 5 : 1000000;
		double scale = t % 3 ? 1 : 1e-3;
		for (size_t i = 0; i < n; i++)
			d[i] = (rand() % (2 * spread + 1) - spread) * scale;
		for (size_t i = 0; i < n; i++)
			for (size_t j = i; j < n; j++)
				means[m++] = (d[i] + d[j]) / 2;
		qsort(means, m, sizeof(*means), by_value);
		double want = m % 2 ? means[m / 2] : (means[m / 2 - 1] + means[m / 2]) / 2;
		assert_true(paired_shift(d, n, &s));
		if (s.hl != want)
			fail_msg("set %d of %zu: %.17g, not %.17g", t, n, s.hl, want);
	}
}

static void two_clusters_or_one(void **state)
{
	const double two[] = { 1, 1.1, 0.9, 1.05, 0.95, 5, 5.1, 4.9, 5.05, 4.95 };
	const double even[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	struct clusters2 c = two_clusters(two, 10);
	assert_true(c.two && c.n[0] == 5 && fabs(c.mean[1] - 5) < 1e-12);
	assert_false(two_clusters(even, 10).two);
	assert_false(two_clusters(two, 7).two);       /* too few runs to tell */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(levels_of_two_boots),
		cmocka_unit_test(indices_drawn_as_one_at_a_time),
		cmocka_unit_test(resamples_drawn_together_as_alone),
		cmocka_unit_test(interval_by_boots),
		cmocka_unit_test(differences_paired_or_not),
		cmocka_unit_test(boots_and_runs_needed),
		cmocka_unit_test(plan_is_the_cheapest),
		cmocka_unit_test(plan_weighs_a_few),
		cmocka_unit_test(hodges_lehmann_and_signed_rank),
		cmocka_unit_test(hodges_lehmann_is_the_median_of_all_means),
		cmocka_unit_test(two_clusters_or_one),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
