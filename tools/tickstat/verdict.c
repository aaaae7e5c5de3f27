/* Verdicts and the figures' text for tickstat report (report.h). The intervals are
 * boots.h's, with the exact quantile at the level named (t_crit), never ministat's
 * rounded table: report speaks for itself, compare speaks ministat. */
#include "report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

struct verdict verdict(const struct dataset *a, const struct dataset *b, double boot_cost,
		       int ci)
{
	struct verdict v = { .d = diff_estimate(a, b, ci) };
	v.proven = estimate_excludes_zero(&v.d);
	if (v.d.ok && !v.proven)
		v.need = need_for_diff(a, b, fabs(v.d.v), boot_cost, ci);
	return v;
}

void fmt_verdict_need(char *buf, size_t size, const struct verdict *v)
{
	if (v->d.v == 0)
		snprintf(buf, size, "identical means");
	else
		fmt_need(buf, size, &v->need);
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

/* The bootstrap's interval is not symmetric: both ends, rounded as its nearer one. */
static bool asymmetric(const struct estimate *e)
{
	return e->interval && e->method == IV_BOOTSTRAP;
}

void fmt_share_estimate(char *buf, size_t size, const struct estimate *e, bool sign)
{
	if (!asymmetric(e)) {
		fmt_share(buf, size, e->v, e->interval ? e->e : NAN, sign);
		return;
	}
	double v = e->v / 1e4, lo = e->lo / 1e4, hi = e->hi / 1e4;
	int d = decimals(v, fmin(v - lo, hi - v));
	snprintf(buf, size, sign ? "%+.*f %% (%+.*f to %+.*f %%)" : "%.*f %% (%.*f to %.*f %%)",
		 d, v, d, lo, d, hi);
}

void fmt_pm_estimate(char *buf, size_t size, const struct estimate *e, bool sign)
{
	char num[96];
	if (!asymmetric(e)) {
		fmt_pm(num, sizeof(num), e->v, e->interval ? e->e : NAN);
	} else {
		int d = decimals(e->v, fmin(e->v - e->lo, e->hi - e->v));
		snprintf(num, sizeof(num), "%.*f (%.*f to %.*f)", d, e->v, d, e->lo, d, e->hi);
	}
	snprintf(buf, size, "%s%s", sign && e->v >= 0 ? "+" : "", num);
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
