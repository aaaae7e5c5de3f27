/* Fixed-point statistics (see ci.h). 128-bit products and sums; the one division
 * of a 128-bit number is written out (udiv128), so that no libgcc helper is called. */
#include "ci.h"

typedef unsigned __int128 u128;

/* t(0.975, df) for df 1..100, in billionths (the exact quantile, rounded). */
static const uint64_t t975_table[100] = {
	12706204736u, 4302652730u, 3182446305u, 2776445105u, 2570581836u, 2446911851u,
	2364624252u, 2306004135u, 2262157163u, 2228138852u, 2200985160u, 2178812830u,
	2160368656u, 2144786688u, 2131449546u, 2119905299u, 2109815578u, 2100922040u,
	2093024054u, 2085963447u, 2079613845u, 2073873068u, 2068657610u, 2063898562u,
	2059538553u, 2055529439u, 2051830516u, 2048407142u, 2045229642u, 2042272456u,
	2039513446u, 2036933343u, 2034515297u, 2032244509u, 2030107928u, 2028094001u,
	2026192463u, 2024394164u, 2022690920u, 2021075390u, 2019540970u, 2018081703u,
	2016692199u, 2015367574u, 2014103389u, 2012895599u, 2011740514u, 2010634758u,
	2009575237u, 2008559112u, 2007583770u, 2006646805u, 2005745995u, 2004879288u,
	2004044783u, 2003240719u, 2002465459u, 2001717484u, 2000995378u, 2000297822u,
	1999623585u, 1998971517u, 1998340543u, 1997729654u, 1997137908u, 1996564419u,
	1996008354u, 1995468931u, 1994945415u, 1994437112u, 1993943368u, 1993463567u,
	1992997126u, 1992543495u, 1992102154u, 1991672610u, 1991254395u, 1990847069u,
	1990450210u, 1990063421u, 1989686323u, 1989318557u, 1988959780u, 1988609667u,
	1988267907u, 1987934206u, 1987608282u, 1987289865u, 1986978700u, 1986674541u,
	1986377154u, 1986086317u, 1985801814u, 1985523442u, 1985251004u, 1984984312u,
	1984723186u, 1984467455u, 1984216952u, 1983971519u,
};

/* Above df 100: t = z + g1/df + g2/df^2 + g3/df^3 + g4/df^4 (the Cornish-Fisher
 * expansion of Student's t in the normal quantile z = 1.959964; Abramowitz and
 * Stegun 26.7.5), the terms in 10^-15: within 10^-10 of the exact t at df 101. */
static const uint64_t t975_cf[5] = {
	1959963984540054ull, 2372271230298563ull, 2822498615739612ull,
	2555849679507723ull, 1589534053393824ull,
};

uint64_t ci_t975_nano(uint64_t df)
{
	if (df == 0)
		df = 1;
	if (df <= 100)
		return t975_table[df - 1];
	uint64_t t = t975_cf[0], term;
	for (unsigned k = 1; k < 5; k++) {
		term = t975_cf[k];
		for (unsigned i = 0; i < k && term; i++)
			term /= df;
		t += term;
	}
	return (t + 500000) / 1000000;
}

uint64_t ci_isqrt(u128 v)
{
	u128 r = 0, bit = (u128)1 << 126;
	while (bit > v)
		bit >>= 2;
	for (; bit; bit >>= 2) {
		if (v >= r + bit) {
			v -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
	}
	return (uint64_t)r;
}

/* a / b, rounded down: the high half by the C division, the low half bit by bit. */
static u128 udiv128(u128 a, uint64_t b)
{
	uint64_t hi = (uint64_t)(a >> 64), lo = (uint64_t)a;
	uint64_t qhi = hi / b, r = hi % b, qlo = 0;
	for (int i = 63; i >= 0; i--) {
		bool carry = r >> 63;       /* r << 1 passes 2^64: above b in any case */
		r = r << 1 | (lo >> i & 1);
		qlo <<= 1;
		if (carry || r >= b) {
			r -= b;
			qlo |= 1;
		}
	}
	return (u128)qhi << 64 | qlo;
}

/* a / b to the nearest (halves away from zero), a signed. */
static int64_t sdiv_round(__int128 a, uint64_t b)
{
	u128 mag = udiv128((u128)(a < 0 ? -a : a) + b / 2, b);
	if (mag > (u128)INT64_MAX)
		mag = INT64_MAX;
	return a < 0 ? -(int64_t)mag : (int64_t)mag;
}

/* sqrt(num / den) times 2^*bits, with as many fraction bits (up to max_bits) as
 * num leaves room for. */
static u128 root(u128 num, uint64_t den, unsigned max_bits, unsigned *bits)
{
	unsigned p = max_bits > 32 ? 64 : 2 * max_bits;   /* even: the root gains p / 2 bits */
	while (p && num >> (128 - p))
		p -= 2;
	*bits = p / 2;
	return ci_isqrt(udiv128(num << p, den));
}

/* t(df) sqrt(num / den), to the nearest. */
static int64_t t_root(u128 num, uint64_t den, uint64_t df)
{
	unsigned bits;
	u128 x = root(num, den, 32, &bits) * ci_t975_nano(df);
	x = (x + ((u128)500000000 << bits)) >> bits;
	x = udiv128(x, 1000000000);
	return x > (u128)INT64_MAX ? INT64_MAX : (int64_t)x;
}

void ci_add(struct ci_set *s, int64_t ppt)
{
	if (ppt > CI_PPT_MAX || ppt < -CI_PPT_MAX || s->n >= CI_N_MAX) {
		s->refused = true;
		return;
	}
	s->n++;
	s->sum += ppt;
	s->sumsq += (u128)((__int128)ppt * ppt);
}

/* The sum of squares about the mean: (n sumsq - sum^2) / n. */
static u128 squares(const struct ci_set *s)
{
	uint64_t mag = (uint64_t)(s->sum < 0 ? -s->sum : s->sum);
	return udiv128(s->n * s->sumsq - (u128)mag * mag, s->n);
}

struct ci_mean ci_mean(const struct ci_set *s)
{
	struct ci_mean m = { .n = s->n, .valid = s->n && !s->refused };
	if (!m.valid)
		return m;
	m.mean = sdiv_round(s->sum, s->n);
	if (s->n < 2)
		return m;
	m.has_half = true;       /* s / sqrt(n) = sqrt(squares / ((n - 1) n)) */
	m.half = t_root(squares(s), (s->n - 1) * s->n, s->n - 1);
	return m;
}

/* The difference of two means, exact: num / den. */
struct ratio { u128 num; uint64_t den; };

static unsigned bit_length(u128 v)
{
	unsigned n = 0;
	for (; v; v >>= 1)
		n++;
	return n;
}

/* t(2n - 2) s sqrt(2 / n) < |delta|, s^2 = var, delta exact (its rounding to a
 * ppt would move the answer when the difference is a few ppt). */
static bool proves_at(uint64_t n, u128 var, struct ratio delta)
{
	unsigned bits, room = 127 - bit_length(delta.num * 1000000000);
	u128 lhs = root(2 * var, n, room, &bits) * ci_t975_nano(2 * n - 2) * delta.den;
	return lhs < (delta.num * 1000000000) << bits;
}

/* tickstat's search (tools/tickstat/verdict.c, runs_to_resolve): the smallest n
 * that resolves delta, doubling from 2 then halving the gap; 0 past CI_RUNS_MAX. */
static uint64_t runs_to_prove(struct ratio delta, u128 var)
{
	uint64_t lo = 1, hi = 2;
	if (!delta.num)
		return 0;
	while (!proves_at(hi, var, delta)) {
		lo = hi;
		if ((hi *= 2) > CI_RUNS_MAX)
			return 0;
	}
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (proves_at(mid, var, delta))
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

struct ci_verdict ci_compare(const struct ci_set *a, const struct ci_set *b)
{
	struct ci_verdict v = { .na = a->n, .nb = b->n };
	if (a->refused || b->refused || a->n < 2 || b->n < 2)
		return v;
	uint64_t df = a->n + b->n - 2;
	v.ok = true;
	__int128 num = (__int128)b->sum * (int64_t)a->n - (__int128)a->sum * (int64_t)b->n;
	struct ratio delta = { (u128)(num < 0 ? -num : num), a->n * b->n };
	v.diff = sdiv_round(num, delta.den);
	u128 var = udiv128(squares(a) + squares(b), df);        /* pooled s^2 */
	v.err = t_root(var * (a->n + b->n), a->n * b->n, df);
	v.proven = (v.diff < 0 ? -v.diff : v.diff) > v.err;
	v.runs_needed = runs_to_prove(delta, var);
	return v;
}

struct ci ci_of(const int64_t *v, uint64_t n)
{
	struct ci_set s = { 0 };
	for (uint64_t i = 0; i < n; i++)
		ci_add(&s, v[i]);
	struct ci_mean m = ci_mean(&s);
	return (struct ci){ m.mean, (uint64_t)m.half, m.n, m.valid };
}

int64_t ci_share_ppt(uint64_t on, uint64_t off)
{
	uint64_t mag = on > off ? on - off : off - on;
	u128 q = udiv128((u128)mag * 1000000000000ull + off / 2, off);
	int64_t r = q > (u128)INT64_MAX ? INT64_MAX : (int64_t)q;
	return on >= off ? r : -r;
}
