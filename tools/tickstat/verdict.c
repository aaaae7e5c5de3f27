/* Intervals and verdicts for tickstat report (report.h). Student's t at the level
 * named, from the exact quantile (t_crit), never ministat's rounded table: report
 * speaks for itself, compare speaks ministat. */
#include "report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

struct interval mean_interval(const struct dataset *d, int ci)
{
	struct interval r = { NAN, NAN, d->n, d->n > 0 };
	if (!d->n)
		return r;
	r.v = ds_mean(d);
	if (d->n >= 2)
		r.e = t_crit(ci, (double)d->n - 1) * ds_stddev(d) / sqrt((double)d->n);
	return r;
}

/* The smallest n per set with t(ci, 2n - 2) s sqrt(2/n) < |delta|: the interval
 * shrinks as n grows, so double, then halve. 0 when more than 10^7. */
static long runs_to_resolve(double delta, double s, int ci)
{
	const long max_runs = 10000000;
	if (!(fabs(delta) > 0) || !(s >= 0))
		return 0;
	long lo = 1, hi = 2;
	while (t_crit(ci, 2.0 * hi - 2) * s * sqrt(2.0 / hi) >= fabs(delta)) {
		lo = hi;
		if ((hi *= 2) > max_runs)
			return 0;
	}
	while (hi - lo > 1) {
		long mid = lo + (hi - lo) / 2;
		if (t_crit(ci, 2.0 * mid - 2) * s * sqrt(2.0 / mid) < fabs(delta))
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

struct verdict verdict(const struct dataset *a, const struct dataset *b, int ci)
{
	struct verdict v = { NAN, NAN, a->n, b->n, false, false, 0 };
	if (a->n < 2 || b->n < 2)
		return v;
	struct tresult t = student(a, b, ci);   /* its s and df; its err is ministat's */
	double na = (double)a->n, nb = (double)b->n;
	v.ok = true;
	v.diff = t.diff;
	v.err = t_crit(ci, t.df) * t.s * sqrt(1 / na + 1 / nb);
	v.proven = fabs(v.diff) > v.err;
	v.runs_needed = runs_to_resolve(v.diff, t.s, ci);
	return v;
}

/* Decimals that show the half interval to one significant digit, two when that
 * digit is 1 or 2 (0.06, 0.0012: the rounding loses at most a sixth); the value
 * to three digits when there is no interval. */
static int decimals(double v, double e)
{
	bool interval = isfinite(e) && e > 0;
	double x = interval ? e : fabs(v);
	if (!(x > 0))
		return 2;
	int lead = (int)floor(log10(x));
	int digits = !interval ? 3 : x / pow(10, lead) < 3 ? 2 : 1;
	int d = digits - 1 - lead;
	return d < 0 ? 0 : d > 6 ? 6 : d;
}

void fmt_share(char *buf, size_t size, double ppm, double err_ppm, bool sign)
{
	double v = ppm / 1e4, e = err_ppm / 1e4;
	int d = decimals(v, e);
	if (isfinite(e))
		snprintf(buf, size, sign ? "%+.*f %% ± %.*f %%" : "%.*f %% ± %.*f %%", d, v, d, e);
	else
		snprintf(buf, size, sign ? "%+.*f %%" : "%.*f %%", d, v);
}

void fmt_pm(char *buf, size_t size, double v, double e)
{
	int d = decimals(v, e);
	if (isfinite(e) && fmax(fabs(v), e) >= 1e4 && e >= 10)
		snprintf(buf, size, "%.*fk ± %.*fk", decimals(v / 1e3, e / 1e3), v / 1e3,
			 decimals(v / 1e3, e / 1e3), e / 1e3);
	else if (isfinite(e))
		snprintf(buf, size, "%.*f ± %.*f", d, v, d, e);
	else
		fmt_num(buf, size, v);
}

void fmt_num(char *buf, size_t size, double v)
{
	double a = fabs(v);
	if (!isfinite(v))
		snprintf(buf, size, "-");
	else if (a >= 1e6)
		snprintf(buf, size, "%.3gM", v / 1e6);
	else if (a >= 1e4)
		snprintf(buf, size, "%.3gk", v / 1e3);
	else if (a >= 100)
		snprintf(buf, size, "%.0f", v);
	else
		snprintf(buf, size, "%.3g", v);
}

size_t columns(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}
