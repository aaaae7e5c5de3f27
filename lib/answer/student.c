/* Student's t quantiles (see student.h). The two-sided probability of |T| <= t for
 * an integer df is a finite sum in theta = atan(t / sqrt(df)) (Abramowitz and
 * Stegun 26.7.3 for odd df, 26.7.4 for even): bisection on t finds the level. Above
 * 300 degrees of freedom the sum grows long and the Cornish-Fisher expansion
 * (26.7.5, five terms in 1/df) is within 1e-14 of it. */
#include "student.h"
#include <stdbool.h>

#define PI          3.14159265358979323846
#define SERIES_MAX  300                 /* df up to which the sum is taken */

const double conf_pct[CONF_LEVELS] = { 80, 90, 95, 98, 99, 99.5 };

/* The normal quantiles at 1 - (1 - level) / 2 (to 17 digits). */
static const double z_at[CONF_LEVELS] = {
	1.2815515655446006, 1.6448536269514728, 1.9599639845400539,
	2.3263478740408408, 2.5758293035489005, 2.8070337683438038,
};

static double root(double x) { return __builtin_sqrt(x); }

/* atan(x): atan(x) = pi/2 - atan(1/x) above 1, pi/6 + atan((sqrt(3) x - 1) /
 * (x + sqrt(3))) above tan(pi/12), then its Taylor series (|x| <= 0.268: twenty
 * terms reach 1e-23). */
double student_atan(double x)
{
	if (x < 0)
		return -student_atan(-x);
	if (x > 1)
		return PI / 2 - student_atan(1 / x);
	const double sqrt3 = 1.7320508075688772, tan15 = 0.2679491924311227;
	if (x > tan15)
		return PI / 6 + student_atan((sqrt3 * x - 1) / (x + sqrt3));
	double x2 = x * x, term = x, sum = 0;
	for (int k = 0; k < 20; k++, term *= -x2)
		sum += term / (2 * k + 1);
	return sum;
}

/* P(|T| <= t) for df degrees of freedom: with c2 = cos^2(theta) = df / (df + t^2),
 * odd df: (2/pi) (theta + sin cos (1 + 2/3 c2 + 2*4/(3*5) c2^2 + ...)), even:
 * sin (1 + 1/2 c2 + 1*3/(2*4) c2^2 + ...), df - 2 terms after the first in all. */
static double two_sided(double t, uint64_t df)
{
	double n = (double)df, c2 = n / (n + t * t), cosine = root(c2);
	double sine = t / root(n + t * t), term = 1, sum = 1;
	bool odd = df & 1;
	for (uint64_t k = odd ? 3 : 2; k < df; k += 2) {
		term *= c2 * (double)(k - 1) / (double)k;
		sum += term;
	}
	if (!odd)
		return sine * sum;
	double theta = student_atan(t / root(n));
	return 2 / PI * (theta + (df > 1 ? sine * cosine * sum : 0));
}

static double cornish_fisher(double z, double n)
{
	double z2 = z * z, z3 = z2 * z, z5 = z3 * z2, z7 = z5 * z2, z9 = z7 * z2, z11 = z9 * z2;
	double g1 = (z3 + z) / 4;
	double g2 = (5 * z5 + 16 * z3 + 3 * z) / 96;
	double g3 = (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384;
	double g4 = (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160;
	double g5 = (27 * z11 + 339 * z9 + 930 * z7 - 1782 * z5 - 765 * z3 + 17955 * z) / 368640;
	return z + (g1 + (g2 + (g3 + (g4 + g5 / n) / n) / n) / n) / n;
}

double z_quantile(int level) { return z_at[level]; }

double t_quantile(int level, uint64_t df)
{
	double p = conf_pct[level] / 100;
	if (df == 0)
		df = 1;
	if (df > SERIES_MAX)
		return cornish_fisher(z_at[level], (double)df);
	double lo = 0, hi = 1e4;        /* df 1 at 99.5 %: 127.32 */
	for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
		double mid = (lo + hi) / 2;
		if (two_sided(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}
