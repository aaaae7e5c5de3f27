/* Data sets and their moments (see dataset.h). Freestanding: the exponent and the
 * scaling by a power of two from the double's bits, the exact product by Dekker's
 * splitting, sqrt the SSE2 instruction (-fno-math-errno). */
#include "dataset.h"
#include "format.h"
#include "alloc_hook.h"
#include "lib.h"

#define NOT_A_NUMBER __builtin_nan("")

void ds_init(struct dataset *d, const char *name)
{
	memset(d, 0, sizeof(*d));
	format(d->name, sizeof(d->name), "%s", name);
}

/* a (count elements of size bytes) grown to cap elements; false when out of room. */
static bool grow(void **a, size_t count, size_t cap, size_t size)
{
	void *p = heap_resize(*a, count * size, cap * size);
	if (!p)
		return false;
	*a = p;
	return true;
}

bool ds_grow(struct dataset *d)
{
	size_t cap = d->cap ? d->cap * 2 : 16;
	if (!grow((void **)&d->v, d->cap, cap, sizeof(*d->v)))
		return false;
	if (d->boot && !grow((void **)&d->boot, d->cap, cap, sizeof(*d->boot)))
		return false;
	d->cap = cap;
	return true;
}

bool ds_add_boot(struct dataset *d, double x, unsigned boot)
{
	if (d->n == d->cap && !ds_grow(d))
		return false;
	if (!d->boot && !grow((void **)&d->boot, 0, d->cap, sizeof(*d->boot)))
		return false;
	d->boot[d->n] = boot;
	return ds_add(d, x);
}

void ds_forget_boots(struct dataset *d)
{
	heap_free(d->boot);
	d->boot = NULL;
}

void ds_free(struct dataset *d)
{
	heap_free(d->v);
	heap_free(d->boot);
	d->v = NULL;
	d->boot = NULL;
	d->n = d->cap = 0;
}

/* ---- mean and spread -----------------------------------------------------------
 * Two passes (Chan, Golub and LeVeque, "Algorithms for computing the sample
 * variance", The American Statistician 37, 1983): the mean, then the squares of the
 * deviations from it, never sum(x^2) - sum(x)^2 / n. Three things keep every
 * printed digit:
 * - the values are scaled by a power of two (exactly) so that the largest is near
 *   1: the squares of values near 1e-200 underflowed to 0 (a spread of 0, and a
 *   difference "proven" with an interval of 0), those of 1e200 overflow;
 * - the mean is summed as deviations from the first value, each addition's
 *   rounding error kept apart (Knuth's TwoSum, Neumaier's summation), and held as
 *   hi + lo: values near 3e15 sum past 2^53, where a plain sum / n is off by whole
 *   units, and the spread around it by 7 % (1.0954451 for 1.0246951);
 * - a constant set's deviations are all 0: its mean is its value and its spread
 *   exactly 0 (a plain mean of seven 7.55 gave 9.1e-16). */

/* 2^k as a double, for k in [-1022, 1023]. */
static double two_to(int k)
{
	union { double d; unsigned long long u; } x = { .u = (unsigned long long)(k + 1023) << 52 };
	return x.d;
}

/* x x 2^k, through steps that stay normal. */
static double scale2(double x, int k)
{
	for (; k > 1000; k -= 1000)
		x *= two_to(1000);
	for (; k < -1000; k += 1000)
		x *= two_to(-1000);
	return x * two_to(k);
}

/* The e with x / 2^e in [0.5, 1) for x > 0 (frexp's), at least -1021, from x's
 * bits. */
static int exponent_of(unsigned long long bits)
{
	int biased = (int)(bits >> 52 & 0x7ff);
	if (!biased)                    /* subnormal, or 0 */
		return -1021;
	int e = biased - 1022;
	return e < -1021 ? -1021 : e;
}

/* a + b = the result + *err exactly (Knuth, TAOCP vol. 2, 4.2.2, Theorem B). */
static double two_sum(double a, double b, double *err)
{
	double s = a + b, bb = s - a;
	*err = (a - (s - bb)) + (b - bb);
	return s;
}

/* a x b = the result + *err exactly (Dekker 1971: each factor split in halves of
 * 26 bits). */
static double two_product(double a, double b, double *err)
{
	const double split = 134217729.0;       /* 2^27 + 1 */
	double p = a * b, ca = split * a, cb = split * b;
	double ah = ca - (ca - a), al = a - ah, bh = cb - (cb - b), bl = b - bh;
	*err = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
	return p;
}

/* The exponent of the largest magnitude, found on the bits (an integer maximum:
 * the doubles' maximum waited on each comparison): a magnitude's bits without the
 * sign are in its order. A NaN's lie above them all; its set's figures are NaN
 * whatever the scale. */
static int scale_exponent(const double *v, size_t n)
{
	unsigned long long big = 0;
	for (size_t i = 0; i < n; i++) {
		union { double d; unsigned long long u; } b = { .d = v[i] };
		unsigned long long magnitude = b.u & ~(1ull << 63);
		big = magnitude > big ? magnitude : big;
	}
	return exponent_of(big);
}

/* The sum of the deviations v[i] x scale - x0 where none rounds: integers below
 * 2^e in magnitude (the exponent of the largest), n of them at most 2^(52 - e),
 * so that each deviation is below 2^(e+1) and each partial sum below 2^53 (times
 * the scale, a power of two; e <= 0: every value is 0). TwoSum's error terms would
 * all be +0: the same sum, to the bit, without them (counts and cycles, most of
 * tickstat's values). False at a value that is not an integer, or when the bound
 * does not hold. */
static bool exact_sum(const double *v, size_t n, int e, double scale, double x0,
		      double *sum)
{
	double hi = 0;
	if (e > 52 || (e > 0 && (double)n > two_to(52 - e)))
		return false;
	for (size_t i = 0; i < n; i++) {
		if (v[i] != (double)(long long)v[i])    /* |v[i]| < 2^52: converts */
			return false;
		hi += v[i] * scale - x0;
	}
	*sum = hi;
	return true;
}

/* The mean of v x 2^-e, as *mh + *ml (n >= 1; e as exact_sum's). */
static void scaled_mean(const double *v, size_t n, int e, double *mh, double *ml)
{
	double scale = scale2(1, -e), x0 = v[0] * scale, hi = 0, lo = 0, err, dn = (double)n;
	if (!exact_sum(v, n, e, scale, x0, &hi)) {
		for (size_t i = 0; i < n; i++) {
			double d = two_sum(v[i] * scale, -x0, &err);
			lo += err;
			hi = two_sum(hi, d, &err);
			lo += err;
		}
	}
	/* (hi + lo) / n = q + q_lo: hi - q n is exact, less the product's own error */
	double q = hi / dn, perr, p = two_product(q, dn, &perr);
	double q_lo = (((hi - p) - perr) + lo) / dn;
	*mh = two_sum(x0, q, &err);
	*ml = err + q_lo;
}

/* The moments of v (n >= 1), whose largest magnitude has the exponent e. */
static struct moments moments_at(const double *v, size_t n, int e)
{
	struct moments m = { NOT_A_NUMBER, 0, NOT_A_NUMBER };
	double scale = scale2(1, -e), mh, ml, squares = 0, dn = (double)n;
	scaled_mean(v, n, e, &mh, &ml);
	for (size_t i = 0; i < n; i++) {
		double d = (v[i] * scale - mh) - ml;
		squares += d * d;
	}
	m.hi = scale2(mh, e);
	m.lo = scale2(ml, e);
	if (n > 1)
		m.sd = scale2(__builtin_sqrt(squares / (dn - 1)), e);
	return m;
}

struct moments moments_of(const double *v, size_t n)
{
	struct moments none = { NOT_A_NUMBER, 0, NOT_A_NUMBER };
	return n ? moments_at(v, n, scale_exponent(v, n)) : none;
}

/* Ascending, the largest magnitude is at an end (a NaN too, where the sort puts
 * it): no pass to find it. */
struct moments moments_sorted(const double *v, size_t n)
{
	struct moments none = { NOT_A_NUMBER, 0, NOT_A_NUMBER };
	if (!n)
		return none;
	double ends[2] = { v[0], v[n - 1] };
	return moments_at(v, n, scale_exponent(ends, 2));
}

/* The mean alone: no pass over the squares. */
double mean_of(const double *v, size_t n)
{
	double mh, ml;
	if (!n)
		return NOT_A_NUMBER;
	int e = scale_exponent(v, n);
	scaled_mean(v, n, e, &mh, &ml);
	return scale2(mh, e);
}

double sd_of(const double *v, size_t n) { return moments_of(v, n).sd; }

double var_of(const double *v, size_t n)
{
	double sd = sd_of(v, n);
	return sd * sd;
}

double ds_mean(const struct dataset *d) { return mean_of(d->v, d->n); }
double ds_var(const struct dataset *d) { return var_of(d->v, d->n); }
double ds_stddev(const struct dataset *d) { return sd_of(d->v, d->n); }

void ds_mean_sd(const struct dataset *d, double *mean, double *sd)
{
	struct moments m = moments_of(d->v, d->n);
	*mean = m.hi;
	*sd = m.sd;
}

double mean_diff_of(struct moments a, struct moments b)
{
	return (b.hi - a.hi) + (b.lo - a.lo);
}

double ds_mean_diff(const struct dataset *a, const struct dataset *b)
{
	return mean_diff_of(moments_of(a->v, a->n), moments_of(b->v, b->n));
}

/* sqrt(((na - 1) sa^2 + (nb - 1) sb^2) / (na + nb - 2)), the two s divided by the
 * larger before squaring. */
double pooled_sd_of(struct moments a, size_t na, struct moments b, size_t nb)
{
	double sa = a.sd, sb = b.sd, c = sa > sb ? sa : sb, dna = (double)na, dnb = (double)nb;
	if (c == 0)
		return 0;
	sa /= c;
	sb /= c;
	return c * __builtin_sqrt(((dna - 1) * sa * sa + (dnb - 1) * sb * sb) / (dna + dnb - 2));
}

double pooled_sd(const struct dataset *a, const struct dataset *b)
{
	return pooled_sd_of(moments_of(a->v, a->n), a->n, moments_of(b->v, b->n), b->n);
}
