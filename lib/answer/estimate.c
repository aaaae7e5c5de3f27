/* Means, differences and verdicts of one boot (see estimate.h). */
#include "estimate.h"
#include "figure_double.h"
#include "format.h"
#include "student.h"

#define NOT_A_NUMBER __builtin_nan("")

static const struct boots_estimators *over_boots;

void estimate_over_boots(const struct boots_estimators *e) { over_boots = e; }

bool several_boots(const struct dataset *d)
{
	for (size_t i = 1; d->boot && i < d->n; i++)
		if (d->boot[i] != d->boot[0])
			return true;
	return false;
}

static bool pooled(const struct dataset *d) { return over_boots && several_boots(d); }

static double root(double x) { return __builtin_sqrt(x); }

/* Student's t on n values of standard deviation s: t(n - 1) s / sqrt(n). */
static double t_half(double s, size_t n, int level)
{
	return t_quantile(level, n - 1) * s / root((double)n);
}

static void symmetric(struct estimate *e, double half)
{
	e->lo = e->v - half;
	e->hi = e->v + half;
	e->e = half;
	e->interval = true;
}

static struct estimate none(size_t na, size_t nb)
{
	return (struct estimate){ .v = NOT_A_NUMBER, .lo = NOT_A_NUMBER, .hi = NOT_A_NUMBER,
				  .e = NOT_A_NUMBER, .na = na, .nb = nb, .boots = 1,
				  .method = IV_RUNS };
}

struct estimate mean_of_runs(const struct dataset *d, int level)
{
	struct estimate e = none(d->n, 0);
	if (!d->n)
		return e;
	struct moments m = moments_of(d->v, d->n);
	e.ok = true;
	e.v = m.hi;
	e.runs_min = e.runs_max = d->n;
	if (d->n >= 2)
		symmetric(&e, t_half(m.sd, d->n, level));
	return e;
}

struct estimate diff_of_runs(const struct dataset *a, const struct dataset *b, int level)
{
	struct estimate e = none(a->n, b->n);
	if (!a->n || !b->n)
		return e;
	double na = (double)a->n, nb = (double)b->n;
	e.ok = true;
	e.v = ds_mean_diff(a, b);
	e.runs_min = a->n < b->n ? a->n : b->n;
	e.runs_max = a->n > b->n ? a->n : b->n;
	if (a->n < 2 || b->n < 2)
		return e;
	e.s = pooled_sd(a, b);
	symmetric(&e, t_quantile(level, a->n + b->n - 2) * e.s * root(1 / na + 1 / nb));
	return e;
}

struct estimate mean_estimate(const struct dataset *d, int level)
{
	return pooled(d) ? over_boots->mean(d, level) : mean_of_runs(d, level);
}

struct estimate diff_estimate(const struct dataset *a, const struct dataset *b, int level)
{
	return pooled(a) || pooled(b) ? over_boots->diff(a, b, level) : diff_of_runs(a, b, level);
}

struct estimate estimate_shape(const struct dataset *a, const struct dataset *b)
{
	if (pooled(a) || (b && pooled(b)))
		return over_boots->shape(a, b);
	struct estimate e = none(a->n, b ? b->n : 0);
	e.ok = a->n && (!b || b->n);
	e.v = b ? ds_mean_diff(a, b) : ds_mean(a);
	e.runs_min = b && b->n < a->n ? b->n : a->n;
	e.runs_max = b && b->n > a->n ? b->n : a->n;
	return e;
}

const char *method_words(enum iv_method m, bool diff)
{
	static const char *const words[][2] = {
		{ "Student's t over the runs", "Student's t with the pooled s" },
		{ "Student's t on the boot means", "Student's t on the boots' differences" },
		{ "a hierarchical bootstrap, BCa", "a hierarchical bootstrap, BCa" },
	};
	return words[m][diff];
}

const char *method_short(enum iv_method m)
{
	static const char *const words[] = { "Student's t", "Student's t on boot means",
					     "bootstrap BCa" };
	return words[m];
}

bool estimate_excludes_zero(const struct estimate *e)
{
	return e->interval && (e->lo > 0 || e->hi < 0 || (e->lo == e->hi && e->v != 0));
}

/* v, and its interval scaled by k. */
static int estimate_text(char *buf, size_t size, const struct estimate *e, double k,
			 unsigned flags)
{
	if (!e->ok)
		return format(buf, size, "-");
	if (!e->interval || e->method != IV_BOOTSTRAP)
		return figure_double(buf, size, e->v * k, e->interval ? e->e * k : -1,
				     e->na, flags);
	double near = e->v - e->lo < e->hi - e->v ? e->v - e->lo : e->hi - e->v;
	struct figure f = figure_of(e->v * k, near * k, e->na);
	return figure_print_range(buf, size, &f, figure_mantissa(e->lo * k, f.exp),
				  figure_mantissa(e->hi * k, f.exp), flags);
}

int fmt_estimate(char *buf, size_t size, const struct estimate *e, unsigned flags)
{
	return estimate_text(buf, size, e, 1, flags);
}

int fmt_share_estimate(char *buf, size_t size, const struct estimate *e, unsigned flags)
{
	return estimate_text(buf, size, e, 1e-4, flags | FIGURE_PERCENT);
}

const char *level_words(int level)
{
	static const char *const words[] = { "80", "90", "95", "98", "99", "99.5" };
	return words[level];
}

int fmt_method(char *buf, size_t size, const struct estimate *e, int level)
{
	static const char *const names[] = { "t over runs", "t on boot means", "bootstrap BCa" };
	char runs[48];
	if (e->boots == 1 && e->nb && e->na != e->nb)
		format(runs, sizeof(runs), "%zu+%zu runs", e->na, e->nb);
	else if (e->runs_min == e->runs_max)
		format(runs, sizeof(runs), "%zu run%s", e->runs_min, e->runs_min == 1 ? "" : "s");
	else
		format(runs, sizeof(runs), "%zu-%zu runs", e->runs_min, e->runs_max);
	return format(buf, size, "%s %%, %d boot%s x %s, %s", level_words(level), e->boots,
		      e->boots == 1 ? "" : "s", runs, names[e->method]);
}

/* ---- what would resolve a difference ------------------------------------------- */

/* A pair's t has df_per_run (n - 1) degrees of freedom: 2 for the pooled s, 1 to 2
 * for Welch's (its df rounded down). */
static bool resolves_within(double s, double h, bool pair, double df_per_run, long n, int level)
{
	double half = pair ? t_quantile(level, (uint64_t)(df_per_run * (double)(n - 1))) * s *
			     root(2.0 / (double)n) : t_half(s, (size_t)n, level);
	return half < h;
}

static long runs_search(double s, double h, bool pair, double df_per_run, int level,
			long max_runs, unsigned *steps)
{
	unsigned weighed = 0;
	long lo = 1, hi = 2;
	if (!(h > 0) || !(s >= 0) || max_runs < 2)
		return 0;
	while (++weighed, !resolves_within(s, h, pair, df_per_run, hi, level)) {
		if (hi == max_runs) {
			hi = 0;
			goto out;
		}
		lo = hi;
		hi = hi > max_runs / 2 ? max_runs : hi * 2;
	}
	while (hi - lo > 1) {
		long mid = lo + (hi - lo) / 2;
		++weighed;
		if (resolves_within(s, h, pair, df_per_run, mid, level))
			hi = mid;
		else
			lo = mid;
	}
out:
	if (steps)
		*steps += weighed;
	return hi;
}

long runs_within(double s, double h, bool pair, int level, long max_runs, unsigned *steps)
{
	return runs_search(s, h, pair, 2, level, max_runs, steps);
}

long runs_within_boot(double s, double h, bool pair, int level)
{
	return runs_within(s, h, pair, level, NEED_MAX, NULL);
}

long runs_within_unequal(double sa, double sb, double h, int level)
{
	double va = sa * sa, vb = sb * sb;
	if (!(va + vb > 0))
		return runs_within_boot(0, h, true, level);
	return runs_search(root((va + vb) / 2), h, true, (va + vb) * (va + vb) / (va * va + vb * vb),
			   level, NEED_MAX, NULL);
}

struct need plan_for_mean(const struct dataset *d, double h, double boot_cost, int level,
			  long max_boots, long max_runs)
{
	struct need n = { 1, 0, true, 0 };
	if (pooled(d))
		return over_boots->plan_mean(d, h, boot_cost, level, max_boots, max_runs);
	if (d->n >= 2)
		n.runs = runs_within(ds_stddev(d), h, false, level, max_runs, &n.steps);
	return n;
}

struct need plan_for_diff(const struct dataset *a, const struct dataset *b, double h,
			  double boot_cost, int level, long max_boots, long max_runs)
{
	struct need n = { 1, 0, true, 0 };
	if (pooled(a) || pooled(b))
		return over_boots->plan_diff(a, b, h, boot_cost, level, max_boots, max_runs);
	if (a->n >= 2 && b->n >= 2)
		n.runs = runs_within(pooled_sd(a, b), h, true, level, max_runs, &n.steps);
	return n;
}

struct need need_for_mean(const struct dataset *d, double h, double boot_cost, int level)
{
	return plan_for_mean(d, h, boot_cost, level, NEED_MAX, NEED_MAX);
}

struct need need_for_diff(const struct dataset *a, const struct dataset *b, double h,
			  double boot_cost, int level)
{
	return plan_for_diff(a, b, h, boot_cost, level, NEED_MAX, NEED_MAX);
}

int fmt_need(char *buf, size_t size, const struct need *n)
{
	if (!n->boots || !n->runs)
		return format(buf, size, "needed: over 10^7 %s", n->one_boot ? "runs" : "boots");
	return format(buf, size, "needed: %ld boot%s x %ld run%s", n->boots,
		      n->boots == 1 ? "" : "s", n->runs, n->runs == 1 ? "" : "s");
}

struct verdict verdict_of(const struct dataset *a, const struct dataset *b, double boot_cost,
			  int level)
{
	struct verdict v = { .d = diff_estimate(a, b, level) };
	v.proven = estimate_excludes_zero(&v.d);
	if (v.d.ok && !v.proven)
		v.need = need_for_diff(a, b, v.d.v < 0 ? -v.d.v : v.d.v, boot_cost, level);
	return v;
}

int fmt_verdict_need(char *buf, size_t size, const struct verdict *v)
{
	if (v->d.v == 0)
		return format(buf, size, "identical means");
	return fmt_need(buf, size, &v->need);
}
