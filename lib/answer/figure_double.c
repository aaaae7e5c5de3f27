/* The rule for printed figures (figure.h) from doubles: value and interval as
 * decimal mantissas of 17 significant digits of the larger, then figure_print.
 * Compiled with SSE in the kernel (mk/kernel.mk): only after the last benchmark. */
#include "figure_double.h"
#include "format.h"

static double absd(double x) { return x < 0 ? -x : x; }
static bool is_finite(double x) { return x - x == 0; }

/* x x 10^k, through exact powers of ten (up to 10^22) one rounding each. */
static double scale10(double x, int k)
{
	static const double exact[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
		1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
	while (k > 22)
		x *= exact[22], k -= 22;
	while (k < -22)
		x /= exact[22], k += 22;
	return k >= 0 ? x * exact[k] : x / exact[-k];
}

/* floor(log10(x)) for a finite x > 0. */
static int lead10(double x)
{
	int lead = 0;
	double y = x;
	while (y >= 1e22)
		y /= 1e22, lead += 22;
	while (y < 1e-22)
		y *= 1e22, lead -= 22;
	for (; y >= 10; y /= 10)
		lead++;
	for (; y < 1; y *= 10)
		lead--;
	return lead;
}

int64_t figure_mantissa(double x, int exp)
{
	double m = scale10(absd(x), -exp) + 0.5;
	int64_t u = (int64_t)m;
	return x < 0 ? -u : u;
}

struct figure figure_of(double v, double e, uint64_t runs)
{
	struct figure f = { .interval = e >= 0 && is_finite(e), .runs = runs };
	double big = absd(v);
	if (f.interval && e > big)
		big = e;
	if (!(big > 0))
		return f;
	f.exp = lead10(big) - 16;
	f.v = figure_mantissa(v, f.exp);
	if (f.interval) {
		f.e = figure_mantissa(e, f.exp);
		if (e > 0 && !f.e)
			f.e = 1;                /* narrower than the value's digits */
	}
	return f;
}

int figure_double(char *buf, size_t size, double v, double e, uint64_t runs, unsigned flags)
{
	if (!is_finite(v))
		return format(buf, size, "-");
	struct figure f = figure_of(v, e, runs);
	return figure_print(buf, size, &f, flags);
}
