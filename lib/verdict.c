/* Verdict words (see verdict.h): the digits tickstat's printf("%.*f") gives. */
#include "verdict.h"
#include "format.h"

#define PPT_PER_PERCENT 10000000000ll   /* 10^10 */
#define MAX_DECIMALS    6

static uint64_t magnitude(int64_t v) { return (uint64_t)(v < 0 ? -v : v); }

/* tickstat's decimals() (tools/tickstat/verdict.c): to show x = e (or |v| without
 * an interval) with 2 significant digits when the first is 1 or 2, else 1 (3
 * without an interval): digits - 1 - floor(log10(x in %)), within 0..6. */
static int point_digits(int64_t v, int64_t e, bool has_err)
{
	bool interval = has_err && e > 0;
	uint64_t x = interval ? magnitude(e) : magnitude(v), lead_digit = x;
	int lead = -10;                 /* floor(log10(x)) in %, x in ppt */
	if (!x)
		return 2;
	for (; lead_digit >= 10; lead_digit /= 10)
		lead++;
	int digits = !interval ? 3 : lead_digit < 3 ? 2 : 1;
	int d = digits - 1 - lead;
	return d < 0 ? 0 : d > MAX_DECIMALS ? MAX_DECIMALS : d;
}

/* v in ppt as a percentage with d decimals, rounded half away from zero; the
 * sign of v kept when it rounds to 0 (printf's "-0.0"). */
static int fixed(char *buf, size_t size, int64_t v, int d, bool sign)
{
	uint64_t unit = 1;
	for (int i = d; i < 10; i++)
		unit *= 10;                 /* ppt per last digit */
	uint64_t q = (magnitude(v) + unit / 2) / unit, scale = 1;
	for (int i = 0; i < d; i++)
		scale *= 10;
	const char *s = v < 0 ? "-" : sign ? "+" : "";
	if (!d)
		return format(buf, size, "%s%llu", s, (unsigned long long)q);
	return format(buf, size, "%s%llu.%0*llu", s, (unsigned long long)(q / scale), d,
		      (unsigned long long)(q % scale));
}

int verdict_share(char *buf, size_t size, int64_t ppt, int64_t err, bool has_err, bool sign)
{
	int d = point_digits(ppt, err, has_err);
	int n = fixed(buf, size, ppt, d, sign);
	n += format(buf + n, size > (size_t)n ? size - (size_t)n : 0, " %%");
	if (!has_err)
		return n;
	n += format(buf + n, size > (size_t)n ? size - (size_t)n : 0, " +/- ");
	n += fixed(buf + n, size > (size_t)n ? size - (size_t)n : 0, err, d, false);
	return n + format(buf + n, size > (size_t)n ? size - (size_t)n : 0, " %%");
}

int verdict_mean(char *buf, size_t size, const struct ci_mean *m)
{
	return verdict_share(buf, size, m->mean, m->half, m->has_half, false);
}

int verdict_needed(char *buf, size_t size, const struct ci_verdict *v)
{
	if (v->diff == 0)
		return format(buf, size, "identical means");
	if (!v->runs_needed)
		return format(buf, size, "needed: over 10^7 runs");
	return format(buf, size, "needed: 1 boot x %llu run%s", (unsigned long long)v->runs_needed,
		      v->runs_needed == 1 ? "" : "s");
}

bool verdict_is_noise(int64_t ppt)
{
	return magnitude(ppt) > 100 * (uint64_t)PPT_PER_PERCENT;
}
