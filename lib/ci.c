/* Fixed-point statistics (see ci.h). */
#include "ci.h"

/* t(0.975, df), the two-sided 95 % quantile of Student's t, in thousandths (any
 * table of the t distribution; rounded to the nearest thousandth). */
static const struct { uint32_t df, t; } t975[] = {
	{ 1, 12706 }, { 2, 4303 }, { 3, 3182 }, { 4, 2776 }, { 5, 2571 }, { 6, 2447 },
	{ 7, 2365 }, { 8, 2306 }, { 9, 2262 }, { 10, 2228 }, { 11, 2201 }, { 12, 2179 },
	{ 13, 2160 }, { 14, 2145 }, { 15, 2131 }, { 16, 2120 }, { 17, 2110 }, { 18, 2101 },
	{ 19, 2093 }, { 20, 2086 }, { 21, 2080 }, { 22, 2074 }, { 23, 2069 }, { 24, 2064 },
	{ 25, 2060 }, { 26, 2056 }, { 27, 2052 }, { 28, 2048 }, { 29, 2045 }, { 30, 2042 },
	{ 40, 2021 }, { 50, 2009 }, { 60, 2000 }, { 80, 1990 }, { 100, 1984 }, { 120, 1980 },
	{ 200, 1972 }, { 500, 1965 }, { 1000, 1962 },
};

uint32_t ci_t975_milli(uint64_t df)
{
	uint32_t t = t975[0].t;
	for (unsigned i = 0; i < sizeof(t975) / sizeof(t975[0]) && t975[i].df <= df; i++)
		t = t975[i].t;
	return t;
}

uint64_t ci_isqrt(uint64_t v)
{
	uint64_t r = 0;
	for (uint64_t bit = 1ull << 62; bit; bit >>= 2) {
		if (v >= r + bit) {
			v -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
	}
	return r;
}

/* sqrt(a / b) * 1000, rounded down, without overflowing 64 bits. */
static uint64_t sqrt_ratio_milli(uint64_t a, uint64_t b)
{
	if (a <= UINT64_MAX / 1000000)
		return ci_isqrt(a * 1000000 / b);
	return ci_isqrt(a / b) * 1000;
}

struct ci ci_of(const int64_t *v, uint64_t n)
{
	struct ci c = { .n = n };
	if (!n)
		return c;
	int64_t sum = 0;
	for (uint64_t i = 0; i < n; i++)
		sum += v[i];
	c.mean = sum / (int64_t)n;
	c.valid = true;
	if (n < 2)
		return c;
	uint64_t ss = 0;            /* squares about the truncated mean: within 1 of the true mean */
	for (uint64_t i = 0; i < n; i++) {
		int64_t d = v[i] - c.mean;
		uint64_t sq = (uint64_t)(d < 0 ? -d : d);
		if (sq > UINT32_MAX || (sq *= sq) > UINT64_MAX - ss) {
			c.valid = false;
			return c;
		}
		ss += sq;
	}
	/* s / sqrt(n) = sqrt(ss / ((n - 1) n)) */
	uint64_t se_milli = sqrt_ratio_milli(ss, (n - 1) * n);
	c.half = se_milli * ci_t975_milli(n - 1) / 1000000;
	return c;
}
