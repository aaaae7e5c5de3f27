/* Statistics (see stats.h). The incomplete beta function follows Numerical
 * Recipes' continued fraction (modified Lentz), from which the t and F
 * distributions follow (Abramowitz and Stegun 26.5.27, 26.6.2). */
#include "stats.h"
#include "alloc_hook.h"
#include "tickstat.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void out_of_memory(void)
{
	say_error("out of memory");
	exit(2);
}

/* lib/'s memory (alloc_hook.h): the C library's, and out of memory an exit. */
static void *resize_or_exit(void *p, size_t old, size_t size)
{
	void *q = realloc(p, size ? size : 1);
	if (!q)
		out_of_memory();
	return q;
}

static const struct heap exiting_heap = { resize_or_exit, free };

__attribute__((constructor)) static void install_heap(void)
{
	heap_use(&exiting_heap);
}

void *must_calloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	if (!p)
		out_of_memory();
	return p;
}

#define RADIX_BITS   11          /* at most, a digit */
#define RADIX_PASSES 6           /* 6 x 11 bits cover 64 */

/* The doubles' bits, moved by the sort as integers (a NaN's payload kept). */
typedef uint64_t __attribute__((may_alias)) bits_slot;

/* A double's bits as an unsigned integer in the same order (negative values
 * reversed under the sign). */
static uint64_t order_key(uint64_t bits)
{
	return bits ^ ((uint64_t)((int64_t)bits >> 63) | 1ull << 63);
}

uint64_t double_order(double x)
{
	uint64_t bits;
	memcpy(&bits, &x, sizeof(bits));
	return order_key(bits);
}

double order_double(uint64_t key)
{
	uint64_t bits = key >> 63 ? key & ~(1ull << 63) : ~key;
	double x;
	memcpy(&x, &bits, sizeof(x));
	return x;
}

/* The sort's second buffer, kept from one sort to the next: summary sorts every
 * row of every group, and a fresh buffer per sort took its page faults each time
 * (about a tenth of summary's time on a 200 MB log). Never freed: the process
 * ends after its reports. */
static bits_slot *radix_scratch(size_t n)
{
	static bits_slot *buf;
	static size_t cap;
	if (n > cap) {
		free(buf);
		buf = malloc(n * sizeof(*buf));
		cap = n;
		if (!buf)
			out_of_memory();
	}
	return buf;
}

/* Each digit's count turned into the place its first key goes. */
static void starts_of(size_t count[1 << RADIX_BITS], int width)
{
	size_t at = 0;
	for (int d = 0; d < 1 << width; d++) {
		size_t c = count[d];
		count[d] = at;
		at += c;
	}
}

/* The sort key of a double's bits: its order_key, or for a set without negative
 * values the bits themselves (in the same order; the sign bit, clear in all, is
 * not among the bits sorted on). Inlined with signs a constant. */
#define SORT_INLINE static inline __attribute__((always_inline))
SORT_INLINE uint64_t key_of(uint64_t bits, bool signs)
{
	return signs ? order_key(bits) : bits;
}

/* The bits where the keys of v differ (their AND and OR disagree: integers have
 * their low bits clear, values of one size their exponent in common); *signs: v
 * has negative values. On the bits themselves, then on the order keys where the
 * signs are mixed (a set of one sign differs in the same bits either way). */
static uint64_t differing_bits(const bits_slot *v, size_t n, bool *signs)
{
	uint64_t all = ~0ull, any = 0;
	for (size_t i = 0; i < n; i++) {
		all &= v[i];
		any |= v[i];
	}
	*signs = any >> 63;
	if ((all ^ any) >> 63) {
		all = ~0ull, any = 0;
		for (size_t i = 0; i < n; i++) {
			all &= order_key(v[i]);
			any |= order_key(v[i]);
		}
	}
	return all ^ any;
}

/* The passes over a (n values) by the keys' bits from low, width at a time: each
 * digit counted in one read of a, then the values moved between a and b once per
 * pass. Where they end. */
SORT_INLINE bits_slot *radix_passes(bits_slot *a, bits_slot *b, size_t n, int low, int passes,
				    int width, bool signs)
{
	static size_t count[RADIX_PASSES][1 << RADIX_BITS];
	uint64_t mask = (1u << width) - 1;
	for (int k = 0; k < passes; k++)
		memset(count[k], 0, sizeof(count[k][0]) << width);
	for (size_t i = 0; i < n; i++) {
		uint64_t key = key_of(a[i], signs) >> low;
		for (int k = 0; k < passes; k++, key >>= width)
			count[k][key & mask]++;
	}
	for (int k = 0; k < passes; k++) {
		size_t *at = count[k];
		int shift = low + k * width;
		starts_of(at, width);
		for (size_t i = 0; i < n; i++)
			b[at[key_of(a[i], signs) >> shift & mask]++] = a[i];
		bits_slot *t = a;
		a = b;
		b = t;
	}
	return a;
}

/* The one sort: LSD radix sort by the order keys, only over the bits that differ,
 * from the lowest, shared evenly among as few passes of at most 11 bits as cover
 * them (a row of small counts takes one pass, over as many buckets as its bits
 * need: 2048 buckets zeroed and summed were an eighth of the sort's instructions).
 * For the large rows of a long log (tens of thousands of values) several times
 * quicker than a quicksort; on a short set its counting costs microseconds. The
 * doubles move as they are between the caller's array and the scratch buffer,
 * each pass working out their keys again: cheaper than writing the keys over them
 * and converting them back after the last pass. A set of one value is only
 * read. */
static void radix_sort(double *values, size_t n)
{
	bits_slot *a = (bits_slot *)values, *end;
	bool signs;
	uint64_t differ = n < 2 ? 0 : differing_bits(a, n, &signs);
	if (!differ)
		return;
	int low = __builtin_ctzll(differ), bits = 64 - __builtin_clzll(differ) - low;
	int passes = (bits + RADIX_BITS - 1) / RADIX_BITS, width = (bits + passes - 1) / passes;
	bits_slot *b = radix_scratch(n);
	end = signs ? radix_passes(a, b, n, low, passes, width, true) :
		      radix_passes(a, b, n, low, passes, width, false);
	if (end != a)
		memcpy(values, end, n * sizeof(*end));
}

void ds_sort(struct dataset *d)
{
	if (!d->sorted)
		radix_sort(d->v, d->n);
	d->sorted = true;
	ds_forget_boots(d);
}

double ds_min(const struct dataset *d) { return d->v[0]; }
double ds_max(const struct dataset *d) { return d->v[d->n - 1]; }
double ds_median(const struct dataset *d) { return d->v[d->n / 2]; }

/* The smallest value with at least p% of the set at or below it. */
double ds_percentile(const struct dataset *d, double p)
{
	double rank = ceil(p / 100.0 * (double)d->n);
	size_t i = rank < 1 ? 0 : (size_t)rank - 1;
	return d->v[i < d->n ? i : d->n - 1];
}

int conf_index(const char *arg)
{
	char *end;
	double v = strtod(arg, &end);
	if (*end == '%')
		end++;
	if (end == arg || *end)
		return -1;
	for (int i = 0; i < CONF_LEVELS; i++)
		if (v == conf_pct[i])
			return i;
	return -1;
}

/* ---- distributions ------------------------------------------------------------ */

static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1);
	d = 1 / (fabs(d) < tiny ? tiny : d);
	double h = d;
	for (int m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		for (int step = 0; step < 2; step++) {
			d = 1 + num * d;
			d = 1 / (fabs(d) < tiny ? tiny : d);
			c = 1 + num / c;
			c = fabs(c) < tiny ? tiny : c;
			h *= d * c;
			num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		}
		if (fabs(d * c - 1) < 1e-15)
			break;
	}
	return h;
}

/* The regularized incomplete beta function I_x(a, b). */
static double beta_inc(double a, double b, double x)
{
	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	double lead = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return lead * beta_cf(a, b, x) / a;
	return 1 - lead * beta_cf(b, a, 1 - x) / b;
}

double t_cdf(double t, double df)
{
	double tail = 0.5 * beta_inc(df / 2, 0.5, df / (df + t * t));
	return t > 0 ? 1 - tail : tail;
}

double f_cdf(double f, double d1, double d2)
{
	if (f <= 0)
		return 0;
	return beta_inc(d1 / 2, d2 / 2, d1 * f / (d1 * f + d2));
}

double normal_cdf(double z) { return 0.5 * erfc(-z / sqrt(2.0)); }

/* Bisection: cdf is increasing; enough steps to reach double precision. */
static double invert(double (*cdf)(double, double), double df, double p, double lo, double hi)
{
	for (int i = 0; i < 200; i++) {
		double mid = 0.5 * (lo + hi);
		if (cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

static double normal_cdf2(double z, double unused) { return normal_cdf(z); }

double normal_quantile(double p) { return invert(normal_cdf2, 0, p, -40, 40); }

static double t_of_real_df(double p, double df) { return invert(t_cdf, df, p, 0, 1e7); }

double t_crit(int ci, double df)
{
	if (df >= 1 && df == (double)(uint64_t)df)
		return t_quantile(ci, (uint64_t)df);
	return t_of_real_df(1 - (1 - conf_pct[ci] / 100) / 2, df);
}

/* ministat's table of Student's t (FreeBSD usr.bin/ministat/ministat.c, student[]),
 * the numbers Debian's ministat prints with: row df for df 1..100, row 0 (the normal
 * values) above. Its columns are headed 80 90 95 98 99 99.5, but the last holds
 * about t(0.999, df), the two-sided 99.8% value (4.499 at df 8, where t(0.9975, 8)
 * is 3.833), and some entries differ from the exact quantile in the third decimal.
 * Where tickstat speaks ministat (compare's first part, --ministat) it uses these
 * numbers as they are, so that its verdicts are ministat's; everything beyond
 * ministat uses t_crit(), the exact quantile at the level named. */
static const double ministat_t[101][CONF_LEVELS] = {
	/* inf */ {   1.282,   1.645,   1.960,   2.326,   2.576,   3.090 },
	/*   1 */ {   3.078,   6.314,  12.706,  31.821,  63.657, 318.313 },
	/*   2 */ {   1.886,   2.920,   4.303,   6.965,   9.925,  22.327 },
	/*   3 */ {   1.638,   2.353,   3.182,   4.541,   5.841,  10.215 },
	/*   4 */ {   1.533,   2.132,   2.776,   3.747,   4.604,   7.173 },
	/*   5 */ {   1.476,   2.015,   2.571,   3.365,   4.032,   5.893 },
	/*   6 */ {   1.440,   1.943,   2.447,   3.143,   3.707,   5.208 },
	/*   7 */ {   1.415,   1.895,   2.365,   2.998,   3.499,   4.782 },
	/*   8 */ {   1.397,   1.860,   2.306,   2.896,   3.355,   4.499 },
	/*   9 */ {   1.383,   1.833,   2.262,   2.821,   3.250,   4.296 },
	/*  10 */ {   1.372,   1.812,   2.228,   2.764,   3.169,   4.143 },
	/*  11 */ {   1.363,   1.796,   2.201,   2.718,   3.106,   4.024 },
	/*  12 */ {   1.356,   1.782,   2.179,   2.681,   3.055,   3.929 },
	/*  13 */ {   1.350,   1.771,   2.160,   2.650,   3.012,   3.852 },
	/*  14 */ {   1.345,   1.761,   2.145,   2.624,   2.977,   3.787 },
	/*  15 */ {   1.341,   1.753,   2.131,   2.602,   2.947,   3.733 },
	/*  16 */ {   1.337,   1.746,   2.120,   2.583,   2.921,   3.686 },
	/*  17 */ {   1.333,   1.740,   2.110,   2.567,   2.898,   3.646 },
	/*  18 */ {   1.330,   1.734,   2.101,   2.552,   2.878,   3.610 },
	/*  19 */ {   1.328,   1.729,   2.093,   2.539,   2.861,   3.579 },
	/*  20 */ {   1.325,   1.725,   2.086,   2.528,   2.845,   3.552 },
	/*  21 */ {   1.323,   1.721,   2.080,   2.518,   2.831,   3.527 },
	/*  22 */ {   1.321,   1.717,   2.074,   2.508,   2.819,   3.505 },
	/*  23 */ {   1.319,   1.714,   2.069,   2.500,   2.807,   3.485 },
	/*  24 */ {   1.318,   1.711,   2.064,   2.492,   2.797,   3.467 },
	/*  25 */ {   1.316,   1.708,   2.060,   2.485,   2.787,   3.450 },
	/*  26 */ {   1.315,   1.706,   2.056,   2.479,   2.779,   3.435 },
	/*  27 */ {   1.314,   1.703,   2.052,   2.473,   2.771,   3.421 },
	/*  28 */ {   1.313,   1.701,   2.048,   2.467,   2.763,   3.408 },
	/*  29 */ {   1.311,   1.699,   2.045,   2.462,   2.756,   3.396 },
	/*  30 */ {   1.310,   1.697,   2.042,   2.457,   2.750,   3.385 },
	/*  31 */ {   1.309,   1.696,   2.040,   2.453,   2.744,   3.375 },
	/*  32 */ {   1.309,   1.694,   2.037,   2.449,   2.738,   3.365 },
	/*  33 */ {   1.308,   1.692,   2.035,   2.445,   2.733,   3.356 },
	/*  34 */ {   1.307,   1.691,   2.032,   2.441,   2.728,   3.348 },
	/*  35 */ {   1.306,   1.690,   2.030,   2.438,   2.724,   3.340 },
	/*  36 */ {   1.306,   1.688,   2.028,   2.434,   2.719,   3.333 },
	/*  37 */ {   1.305,   1.687,   2.026,   2.431,   2.715,   3.326 },
	/*  38 */ {   1.304,   1.686,   2.024,   2.429,   2.712,   3.319 },
	/*  39 */ {   1.304,   1.685,   2.023,   2.426,   2.708,   3.313 },
	/*  40 */ {   1.303,   1.684,   2.021,   2.423,   2.704,   3.307 },
	/*  41 */ {   1.303,   1.683,   2.020,   2.421,   2.701,   3.301 },
	/*  42 */ {   1.302,   1.682,   2.018,   2.418,   2.698,   3.296 },
	/*  43 */ {   1.302,   1.681,   2.017,   2.416,   2.695,   3.291 },
	/*  44 */ {   1.301,   1.680,   2.015,   2.414,   2.692,   3.286 },
	/*  45 */ {   1.301,   1.679,   2.014,   2.412,   2.690,   3.281 },
	/*  46 */ {   1.300,   1.679,   2.013,   2.410,   2.687,   3.277 },
	/*  47 */ {   1.300,   1.678,   2.012,   2.408,   2.685,   3.273 },
	/*  48 */ {   1.299,   1.677,   2.011,   2.407,   2.682,   3.269 },
	/*  49 */ {   1.299,   1.677,   2.010,   2.405,   2.680,   3.265 },
	/*  50 */ {   1.299,   1.676,   2.009,   2.403,   2.678,   3.261 },
	/*  51 */ {   1.298,   1.675,   2.008,   2.402,   2.676,   3.258 },
	/*  52 */ {   1.298,   1.675,   2.007,   2.400,   2.674,   3.255 },
	/*  53 */ {   1.298,   1.674,   2.006,   2.399,   2.672,   3.251 },
	/*  54 */ {   1.297,   1.674,   2.005,   2.397,   2.670,   3.248 },
	/*  55 */ {   1.297,   1.673,   2.004,   2.396,   2.668,   3.245 },
	/*  56 */ {   1.297,   1.673,   2.003,   2.395,   2.667,   3.242 },
	/*  57 */ {   1.297,   1.672,   2.002,   2.394,   2.665,   3.239 },
	/*  58 */ {   1.296,   1.672,   2.002,   2.392,   2.663,   3.237 },
	/*  59 */ {   1.296,   1.671,   2.001,   2.391,   2.662,   3.234 },
	/*  60 */ {   1.296,   1.671,   2.000,   2.390,   2.660,   3.232 },
	/*  61 */ {   1.296,   1.670,   2.000,   2.389,   2.659,   3.229 },
	/*  62 */ {   1.295,   1.670,   1.999,   2.388,   2.657,   3.227 },
	/*  63 */ {   1.295,   1.669,   1.998,   2.387,   2.656,   3.225 },
	/*  64 */ {   1.295,   1.669,   1.998,   2.386,   2.655,   3.223 },
	/*  65 */ {   1.295,   1.669,   1.997,   2.385,   2.654,   3.220 },
	/*  66 */ {   1.295,   1.668,   1.997,   2.384,   2.652,   3.218 },
	/*  67 */ {   1.294,   1.668,   1.996,   2.383,   2.651,   3.216 },
	/*  68 */ {   1.294,   1.668,   1.995,   2.382,   2.650,   3.214 },
	/*  69 */ {   1.294,   1.667,   1.995,   2.382,   2.649,   3.213 },
	/*  70 */ {   1.294,   1.667,   1.994,   2.381,   2.648,   3.211 },
	/*  71 */ {   1.294,   1.667,   1.994,   2.380,   2.647,   3.209 },
	/*  72 */ {   1.293,   1.666,   1.993,   2.379,   2.646,   3.207 },
	/*  73 */ {   1.293,   1.666,   1.993,   2.379,   2.645,   3.206 },
	/*  74 */ {   1.293,   1.666,   1.993,   2.378,   2.644,   3.204 },
	/*  75 */ {   1.293,   1.665,   1.992,   2.377,   2.643,   3.202 },
	/*  76 */ {   1.293,   1.665,   1.992,   2.376,   2.642,   3.201 },
	/*  77 */ {   1.293,   1.665,   1.991,   2.376,   2.641,   3.199 },
	/*  78 */ {   1.292,   1.665,   1.991,   2.375,   2.640,   3.198 },
	/*  79 */ {   1.292,   1.664,   1.990,   2.374,   2.640,   3.197 },
	/*  80 */ {   1.292,   1.664,   1.990,   2.374,   2.639,   3.195 },
	/*  81 */ {   1.292,   1.664,   1.990,   2.373,   2.638,   3.194 },
	/*  82 */ {   1.292,   1.664,   1.989,   2.373,   2.637,   3.193 },
	/*  83 */ {   1.292,   1.663,   1.989,   2.372,   2.636,   3.191 },
	/*  84 */ {   1.292,   1.663,   1.989,   2.372,   2.636,   3.190 },
	/*  85 */ {   1.292,   1.663,   1.988,   2.371,   2.635,   3.189 },
	/*  86 */ {   1.291,   1.663,   1.988,   2.370,   2.634,   3.188 },
	/*  87 */ {   1.291,   1.663,   1.988,   2.370,   2.634,   3.187 },
	/*  88 */ {   1.291,   1.662,   1.987,   2.369,   2.633,   3.185 },
	/*  89 */ {   1.291,   1.662,   1.987,   2.369,   2.632,   3.184 },
	/*  90 */ {   1.291,   1.662,   1.987,   2.368,   2.632,   3.183 },
	/*  91 */ {   1.291,   1.662,   1.986,   2.368,   2.631,   3.182 },
	/*  92 */ {   1.291,   1.662,   1.986,   2.368,   2.630,   3.181 },
	/*  93 */ {   1.291,   1.661,   1.986,   2.367,   2.630,   3.180 },
	/*  94 */ {   1.291,   1.661,   1.986,   2.367,   2.629,   3.179 },
	/*  95 */ {   1.291,   1.661,   1.985,   2.366,   2.629,   3.178 },
	/*  96 */ {   1.290,   1.661,   1.985,   2.366,   2.628,   3.177 },
	/*  97 */ {   1.290,   1.661,   1.985,   2.365,   2.627,   3.176 },
	/*  98 */ {   1.290,   1.661,   1.984,   2.365,   2.627,   3.175 },
	/*  99 */ {   1.290,   1.660,   1.984,   2.365,   2.626,   3.175 },
	/* 100 */ {   1.290,   1.660,   1.984,   2.364,   2.626,   3.174 },
};

double t_table(int ci, int df)
{
	return ministat_t[df > 100 ? 0 : df < 1 ? 1 : df][ci];
}

/* ---- tests -------------------------------------------------------------------- */

/* Student's t with the pooled s, the interval in the order of operations of
 * ministat's Relative(), so that the same t gives the same digits. */
static struct tresult pooled_t(struct moments ma, size_t n_a, struct moments mb, size_t n_b,
			       bool exact, int ci)
{
	struct tresult r;
	double na = (double)n_a, nb = (double)n_b;
	r.df = na + nb - 2;
	r.s = pooled_sd_of(ma, n_a, mb, n_b);
	r.diff = mean_diff_of(ma, mb);
	double t = exact ? t_crit(ci, r.df) : t_table(ci, (int)r.df);
	r.err = t * (r.s * sqrt(1 / nb + 1 / na));
	r.proven = fabs(r.diff) > r.err;
	return r;
}

struct tresult student(const struct dataset *a, const struct dataset *b, int ci)
{
	return pooled_t(moments_of(a->v, a->n), a->n, moments_of(b->v, b->n), b->n, false, ci);
}

struct tresult student_exact(const struct dataset *a, const struct dataset *b, int ci)
{
	return student_exact_of(moments_of(a->v, a->n), a->n, moments_of(b->v, b->n), b->n, ci);
}

struct tresult student_exact_of(struct moments ma, size_t na, struct moments mb, size_t nb,
				int ci)
{
	return pooled_t(ma, na, mb, nb, true, ci);
}

struct tresult welch(const struct dataset *a, const struct dataset *b, int ci)
{
	struct tresult r;
	double na = (double)a->n, nb = (double)b->n;
	double sa = ds_stddev(a), sb = ds_stddev(b), c = fmax(sa, sb) > 0 ? fmax(sa, sb) : 1;
	double qa = (sa / c) * (sa / c) / na, qb = (sb / c) * (sb / c) / nb;   /* over c^2 */
	double se = c * sqrt(qa + qb);
	r.df = (qa + qb) * (qa + qb) / (qa * qa / (na - 1) + qb * qb / (nb - 1));
	r.s = se;
	r.diff = ds_mean_diff(a, b);
	r.err = se > 0 ? t_crit(ci, r.df) * se : 0;
	r.proven = fabs(r.diff) > r.err;
	return r;
}

double f_test_p(const struct dataset *a, const struct dataset *b)
{
	double sa = ds_stddev(a), sb = ds_stddev(b);
	double da = (double)a->n - 1, db = (double)b->n - 1;
	if (sa == 0 && sb == 0)
		return 1;
	if (sa == 0 || sb == 0)
		return 0;               /* one set varies, the other not at all */
	double p = sa >= sb ? 1 - f_cdf((sa / sb) * (sa / sb), da, db)
			    : 1 - f_cdf((sb / sa) * (sb / sa), db, da);
	return p * 2 > 1 ? 1 : p * 2;
}

struct dataset sorted_copy(const struct dataset *d)
{
	struct dataset c;
	ds_init(&c, d->name);
	for (size_t i = 0; i < d->n; i++)
		if (!ds_add(&c, d->v[i]))
			out_of_memory();
	ds_sort(&c);
	return c;
}

/* Twice each value's rank among the sorted sets a and b (a tie takes its mean rank,
 * whose double is an integer), a's then b's, walking both at once; *ties gets the
 * sum of t^3 - t over tied groups. */
static unsigned *doubled_ranks(const struct dataset *a, const struct dataset *b, double *ties)
{
	size_t i = 0, j = 0;
	unsigned *r2 = must_calloc(a->n + b->n, sizeof(*r2));
	*ties = 0;
	while (i < a->n || j < b->n) {
		double v = j == b->n || (i < a->n && a->v[i] < b->v[j]) ? a->v[i] : b->v[j];
		size_t from = i + j, i0 = i, j0 = j;
		while (i < a->n && a->v[i] == v)
			i++;
		while (j < b->n && b->v[j] == v)
			j++;
		double t = (double)(i + j - from);
		*ties += t * t * t - t;
		for (size_t k = i0; k < i; k++)
			r2[k] = (unsigned)(from + i + j + 1);
		for (size_t k = j0; k < j; k++)
			r2[a->n + k] = (unsigned)(from + i + j + 1);
	}
	return r2;
}

/* The exact two-sided p: 2 min(P(W <= w), P(W >= w)), W the doubled rank sum of k
 * values chosen among the N (the smaller set's places, every choice alike: the null
 * hypothesis), counted by sum (ways[j][s]: j values summing to s; no k of them sum
 * to more than the k largest doubled ranks, k (2N - k + 1)). NAN when the table
 * would be too large (then the normal approximation answers). */
#define MW_EXACT_CELLS (1u << 21)        /* the table's doubles */
#define MW_EXACT_STEPS (1ull << 28)      /* its updates */
static double exact_rank_p(const unsigned *r2, size_t N, size_t k, unsigned long w2)
{
	unsigned long top = (unsigned long)k * (2 * N - k + 1);
	size_t cells = (k + 1) * (top + 1);
	if (cells > MW_EXACT_CELLS || (unsigned long long)cells * N > MW_EXACT_STEPS)
		return NAN;
	double *ways = must_calloc(cells, sizeof(*ways)), below = 0, above = 0, all = 0;
	ways[0] = 1;
	for (size_t i = 0; i < N; i++)
		for (size_t j = i + 1 < k ? i + 1 : k; j >= 1; j--)
			for (unsigned long s = top; s >= r2[i]; s--)
				ways[j * (top + 1) + s] += ways[(j - 1) * (top + 1) + s - r2[i]];
	for (unsigned long s = 0; s <= top; s++) {
		double n = ways[k * (top + 1) + s];
		all += n;
		below += s <= w2 ? n : 0;
		above += s >= w2 ? n : 0;
	}
	free(ways);
	return fmin(1, 2 * fmin(below, above) / all);
}

struct mwresult mann_whitney(const struct dataset *a, const struct dataset *b)
{
	struct mwresult r = { 0, 0, 1, false };
	struct dataset sa = sorted_copy(a), sb = sorted_copy(b);
	double ties, rank_b = 0;
	unsigned *r2 = doubled_ranks(&sa, &sb, &ties);
	ds_free(&sa);
	ds_free(&sb);
	for (size_t j = 0; j < b->n; j++)
		rank_b += r2[a->n + j] / 2.0;
	double na = (double)a->n, nb = (double)b->n, N = na + nb;
	r.u = rank_b - nb * (nb + 1) / 2;
	double ranks = a->n < b->n ? N * (N + 1) / 2 - rank_b : rank_b;  /* the smaller set's */
	r.p = exact_rank_p(r2, a->n + b->n, a->n < b->n ? a->n : b->n,
			   (unsigned long)(2 * ranks + 0.5));
	free(r2);
	if ((r.exact = !isnan(r.p)))
		return r;
	r.p = 1;
	double mean = na * nb / 2;
	double var = na * nb / 12 * ((N + 1) - ties / (N * (N - 1)));
	if (var <= 0)
		return r;
	double dev = fabs(r.u - mean) - 0.5;
	r.z = (dev < 0 ? 0 : dev) / sqrt(var) * (r.u < mean ? -1 : 1);
	r.p = 2 * (1 - normal_cdf(fabs(r.z)));
	return r;
}
