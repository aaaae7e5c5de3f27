/* The rule for printed figures (see figure.h), in integers: the decimal place of
 * the last digit shown (q, an exponent of ten), the value and interval rounded
 * there half away from zero, then written in units of their SI prefix. */
#include "figure.h"
#include "format.h"

#define PREFIX_MAX 12                   /* T */

static uint64_t magnitude(int64_t v) { return v < 0 ? -(uint64_t)v : (uint64_t)v; }

static int digits(uint64_t u)
{
	int n = 1;
	for (; u >= 10; u /= 10)
		n++;
	return n;
}

static uint64_t pow10u(int k)
{
	uint64_t p = 1;
	while (k-- > 0)
		p *= 10;
	return p;
}

/* The first significant digit of u (> 0). */
static uint64_t first_digit(uint64_t u)
{
	while (u >= 10)
		u /= 10;
	return u;
}

/* u x 10^from as a mantissa at 10^to, rounded half away from zero; saturated. */
static uint64_t rescale(uint64_t u, int from, int to)
{
	if (to > from) {
		if (to - from > 19)
			return 0;
		uint64_t p = pow10u(to - from);
		return u / p + (u % p >= p - p / 2);
	}
	for (int k = from - to; k > 0; k--)
		u = u > UINT64_MAX / 10 ? UINT64_MAX : u * 10;
	return u;
}

/* The decimal place of the last digit to show; lead: the value's first digit's
 * place (floor(log10 |v|)). */
static int last_place(const struct figure *f, int lead)
{
	uint64_t e = magnitude(f->e);
	if (f->interval && e) {
		int e_lead = digits(e) - 1 + f->exp;
		return e_lead - (first_digit(e) <= 2 ? 2 : 1) + 1;
	}
	if (!f->v)
		return f->exp;
	int q = lead - 2;                   /* three significant digits */
	if (f->interval && q > 0)
		q = 0;                          /* exact: every digit to the unit */
	return q < f->exp ? f->exp : q;     /* never finer than given */
}

/* The value rounded at its last place: where rounding carries into a new digit
 * (0.99996 to 1.000), one place fewer (1.00). */
static int rounded_place(const struct figure *f, uint64_t *v)
{
	uint64_t m = magnitude(f->v);
	int lead = m ? digits(m) - 1 + f->exp : 0, q = last_place(f, lead);
	*v = rescale(m, f->exp, q);
	if (*v && digits(*v) - 1 + q > lead && !(f->interval && f->e)) {
		q = last_place(f, lead + 1);
		*v = rescale(m, f->exp, q);
	}
	return q;
}

/* The SI prefix (a multiple of 3) of the larger of v and e, rounded at q. */
static int prefix_of(uint64_t v, uint64_t e, int q, unsigned flags)
{
	uint64_t big = v > e ? v : e;
	if ((flags & FIGURE_PERCENT) || !big)
		return 0;
	int lead = digits(big) - 1 + q, p = lead >= 3 ? lead / 3 * 3 : 0;
	return p > PREFIX_MAX ? PREFIX_MAX : p;
}

/* u x 10^q in units of 10^p: "52.763", "700", "0.0024". */
static int number(char *buf, size_t size, uint64_t u, int q, int p)
{
	char s[64];
	int len = format(s, sizeof(s), "%llu", (unsigned long long)u), d = p - q;
	if (d <= 0) {                   /* whole units: zeros for the places above q */
		while (u && d++ < 0 && len < 40)
			s[len++] = '0';
		s[len] = 0;
		return format(buf, size, "%s", s);
	}
	if (len > d)
		return format(buf, size, "%.*s.%s", len - d, s, s + len - d);
	char zeros[64];
	int z = 0;
	while (z < d - len && z < 40)
		zeros[z++] = '0';
	zeros[z] = 0;
	return format(buf, size, "0.%s%s", zeros, s);
}

static const char *prefix_letter(int p)
{
	static const char *const letters[] = { "", "k", "M", "G", "T" };
	return letters[p / 3];
}

bool figure_is_noise(const struct figure *f, unsigned flags)
{
	if ((flags & FIGURE_NOT_NEGATIVE) && f->v < 0)
		return true;
	if (!(flags & FIGURE_AT_MOST_100) || f->v <= 0)
		return false;
	/* v x 10^exp > 100: at 10^2 exactly only 1 and zeros is not above */
	uint64_t v = magnitude(f->v);
	int n = digits(v), lead = n - 1 + f->exp;
	return lead > 2 || (lead == 2 && v != pow10u(n - 1));
}

/* buf[n..) as format() appends: the room left, never below 0. */
static size_t room(size_t size, int n) { return size > (size_t)n ? size - (size_t)n : 0; }

int figure_print(char *buf, size_t size, const struct figure *f, unsigned flags)
{
	uint64_t v, e = 0;
	int q = rounded_place(f, &v);
	bool exact = f->interval && !f->e;
	if (f->interval && f->e)
		e = rescale(magnitude(f->e), f->exp, q);
	int p = prefix_of(v, e, q, flags);
	const char *unit = flags & FIGURE_PERCENT ? " %" : prefix_letter(p);
	/* a value that rounds to 0 is 0 within its interval: no sign, no noise */
	const char *sign = !v ? "" : f->v < 0 ? "-" : flags & FIGURE_SIGN ? "+" : "";
	int n = format(buf, size, "%s", sign);
	n += number(buf + n, room(size, n), v, q, p);
	n += format(buf + n, room(size, n), "%s", unit);
	if (exact && f->runs > 1 && !(flags & FIGURE_COMPACT))
		n += format(buf + n, room(size, n), " (exact: %llu equal runs)",
			    (unsigned long long)f->runs);
	else if (exact)
		n += format(buf + n, room(size, n), " (exact)");
	else if (f->interval) {
		n += format(buf + n, room(size, n), " +/- ");
		n += number(buf + n, room(size, n), e, q, p);
		n += format(buf + n, room(size, n), "%s", unit);
	}
	if (v && (flags & FIGURE_NOT_NEGATIVE) && f->v < 0)
		n += format(buf + n, room(size, n), " (< 0: noise)");
	else if (v && figure_is_noise(f, flags))
		n += format(buf + n, room(size, n), " (> 100 %%: noise)");
	return n;
}

int figure_print_range(char *buf, size_t size, const struct figure *f, int64_t lo, int64_t hi,
		       unsigned flags)
{
	uint64_t v, e = magnitude(f->e);
	int q = rounded_place(f, &v);
	e = rescale(e, f->exp, q);
	int p = prefix_of(v, e, q, flags);
	const char *unit = flags & FIGURE_PERCENT ? " %" : prefix_letter(p);
	const int64_t ends[2] = { lo, hi };
	int n = format(buf, size, "%s", f->v < 0 ? "-" : flags & FIGURE_SIGN ? "+" : "");
	n += number(buf + n, room(size, n), v, q, p);
	n += format(buf + n, room(size, n), "%s (", unit);
	for (int k = 0; k < 2; k++) {
		n += format(buf + n, room(size, n), "%s%s", k ? " to " : "", ends[k] < 0 ? "-" : "");
		n += number(buf + n, room(size, n), rescale(magnitude(ends[k]), f->exp, q), q, p);
	}
	return n + format(buf + n, room(size, n), "%s)", unit);
}

int figure_int(char *buf, size_t size, int64_t v, int exp, unsigned flags)
{
	struct figure f = { .v = v, .exp = exp };
	return figure_print(buf, size, &f, flags);
}
