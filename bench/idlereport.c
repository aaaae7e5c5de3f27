/* The report's "Idle" section (see idlereport.h). Every figure is reduced from the
 * records of the same run as docs/METHOD.md ("idle") says: latency, the mean over
 * the runs of each run's percentile and the largest maximum; power, the mean over
 * the runs and Student's 95 % half-width (lib/ci.h); an HZ pair, the mean of the
 * differences of the runs of the same index (they alternate, so drift cancels). */
#include "idlereport.h"
#include "reportline.h"
#include "idlecaps.h"
#include "ci.h"
#include "clock.h"
#include "cpu.h"
#include "format.h"
#include "lib.h"

#define MAX_LAT     96
#define MAX_POWER   64                  /* (state, hz) pairs */
#define MAX_RUNS    64                  /* runs kept per pair for the intervals */
#define NO_RUN      INT64_MIN

static struct lat {
	char wait[IDLE_NAME_MAX], what[8];
	bool wake;
	uint64_t p50, p99, p999, max, runs, samples, spurious;
} lat[MAX_LAT];
static unsigned n_lat;

/* Per state, latency's residency: which counters moved in its runs. */
static struct res {
	char wait[IDLE_NAME_MAX];
	uint64_t sum[CST_COUNT];        /* ppm summed over the runs */
	unsigned runs;
} res[IDLE_MAX_STATES];
static unsigned n_res;

static struct pw {
	char wait[IDLE_NAME_MAX];
	uint32_t hz;
	unsigned windows;
	int64_t power[MAX_RUNS];            /* uW by run index, NO_RUN when none */
	uint64_t res[CST_COUNT + 1];        /* ppm summed over the windows: C0, then CST_* */
	uint64_t wakeups, cycles, spurious;
} pw[MAX_POWER];
static unsigned n_pw;

static void add_residency(const char *wait, const struct idle_snap *a, const struct idle_snap *b)
{
	unsigned i = 0;
	while (i < n_res && strcmp(res[i].wait, wait))
		i++;
	if (i == IDLE_MAX_STATES)
		return;
	if (i == n_res) {
		n_res++;
		res[i] = (struct res){ .runs = 0 };
		format(res[i].wait, sizeof(res[i].wait), "%s", wait);
	}
	for (int c = 0; c < CST_COUNT; c++)
		res[i].sum[c] += idle_residency_ppm_of(a, b, c);
	res[i].runs++;
}

void idle_report_latency(const char *wait, const char *what, bool wake, const struct hist *h,
			 uint64_t spurious, const struct idle_snap *a, const struct idle_snap *b)
{
	if (!wake)
		add_residency(wait, a, b);
	unsigned i = 0;
	while (i < n_lat && (strcmp(lat[i].wait, wait) || strcmp(lat[i].what, what) ||
			     lat[i].wake != wake))
		i++;
	if (i == MAX_LAT)
		return;
	if (i == n_lat) {
		n_lat++;
		lat[i] = (struct lat){ .wake = wake };
		format(lat[i].wait, sizeof(lat[i].wait), "%s", wait);
		format(lat[i].what, sizeof(lat[i].what), "%s", what);
	}
	lat[i].p50 += hist_permille(h, 500);
	lat[i].p99 += hist_permille(h, 990);
	lat[i].p999 += hist_permille(h, 999);
	lat[i].max = h->max > lat[i].max ? h->max : lat[i].max;
	lat[i].runs++;
	lat[i].samples += h->n;
	lat[i].spurious += spurious;
}

static struct pw *pw_of(const char *wait, uint32_t hz)
{
	for (unsigned i = 0; i < n_pw; i++)
		if (!strcmp(pw[i].wait, wait) && pw[i].hz == hz)
			return &pw[i];
	if (n_pw == MAX_POWER)
		return NULL;
	struct pw *p = &pw[n_pw++];
	*p = (struct pw){ .hz = hz };
	format(p->wait, sizeof(p->wait), "%s", wait);
	for (unsigned r = 0; r < MAX_RUNS; r++)
		p->power[r] = NO_RUN;
	return p;
}

void idle_report_window(const struct idle_window_report *w)
{
	struct pw *p = pw_of(w->wait, w->hz);
	if (!p)
		return;
	p->windows++;
	p->wakeups += w->wakeups;
	p->cycles += w->cycles;
	p->spurious += w->spurious;
	for (int c = -1; c < CST_COUNT; c++)
		p->res[c + 1] += idle_residency_ppm_of(w->a, w->b, c);
	if (w->run < MAX_RUNS && w->power_uw != IDLE_NO_POWER)
		p->power[w->run] = (int64_t)w->power_uw;
}

/* ---- latency ----------------------------------------------------------------------- */

/* "hlt: deepest residency cc6 45.2 %; never entered cc7, pc2" (the counters idle_caps
 * found; a counter that does not count here, as under an emulator, never moves). */
static void print_entered(const struct res *r)
{
	char line[200], never[120] = "";
	int deepest = -1, n = 0;
	for (int c = 0; c < CST_COUNT; c++) {
		if (!idle_caps.cstate.msr[c])
			continue;
		if (r->sum[c])
			deepest = c;
		else
			n += format(never + n, sizeof(never) - (size_t)n, "%s%s", n ? ", " : "",
				    cstate_counter_names[c]);
	}
	if (deepest < 0 && !n)
		return;                         /* no counter on this CPU */
	int len = format(line, sizeof(line), "  %s:", r->wait);
	if (deepest >= 0) {
		uint64_t ppm = r->sum[deepest] / r->runs;
		len += format(line + len, sizeof(line) - (size_t)len, " deepest residency %s %llu.%llu %%%s",
			      cstate_counter_names[deepest], (unsigned long long)(ppm / 10000),
			      (unsigned long long)(ppm / 1000 % 10), n ? ";" : "");
	}
	if (n)
		format(line + len, sizeof(line) - (size_t)len, " never entered %s%s", never,
		       deepest < 0 ? " (or their counters do not count here)" : "");
	report_say(QRSCREEN_DETAIL, "%s", line);
}

static void print_latency(void)
{
	report_say(QRSCREEN_DETAIL | QRSCREEN_HEAD, "Idle: wake-up latency by state and source, "
		   "ns (mean over runs of each run's p50, p99, p99.9; largest max):");
	for (unsigned i = 0; i < n_lat; i++) {
		const struct lat *l = &lat[i];
		char what[16];
		format(what, sizeof(what), "%s%s", l->what, l->wake ? " wake" : "");
		report_say(QRSCREEN_DETAIL, "  %-12s %-11s %9llu %9llu %9llu %9llu", l->wait,
			   what, (unsigned long long)clock_ns(l->p50 / l->runs),
			   (unsigned long long)clock_ns(l->p99 / l->runs),
			   (unsigned long long)clock_ns(l->p999 / l->runs),
			   (unsigned long long)clock_ns(l->max));
	}
	for (unsigned i = 0; i < n_res; i++)
		print_entered(&res[i]);
	for (unsigned i = 0; i < n_lat; i++)
		if (!lat[i].wake && lat[i].spurious > lat[i].samples)
			report_say(QRSCREEN_DETAIL, "  %s %s: the wait returned %llu times without "
				   "its wake in %llu samples: the CPU did not stay in the state",
				   lat[i].wait, lat[i].what, (unsigned long long)lat[i].spurious,
				   (unsigned long long)lat[i].samples);
}

/* ---- power ------------------------------------------------------------------------- */

/* "1234.567" mW from uW. */
static void fmt_mw(char *buf, size_t size, int64_t uw)
{
	uint64_t mag = (uint64_t)(uw < 0 ? -uw : uw);
	format(buf, size, "%s%llu.%03llu", uw < 0 ? "-" : "", (unsigned long long)(mag / 1000),
	       (unsigned long long)(mag % 1000));
}

static struct ci power_ci(const struct pw *p)
{
	int64_t v[MAX_RUNS];
	unsigned n = 0;
	for (unsigned r = 0; r < MAX_RUNS; r++)
		if (p->power[r] != NO_RUN)
			v[n++] = p->power[r];
	return ci_of(v, n);
}

static uint64_t wakeups_per_s(const struct pw *p)
{
	return p->cycles ? mul_div(p->wakeups, clock_tsc_hz(), p->cycles) : 0;
}

/* The deepest residency counter that moved in a or b, as an index of res[] (0: C0
 * from MPERF), -1 when there is none; its name in *name. */
static int deepest(const struct pw *a, const struct pw *b, const char **name)
{
	int d = cpu.has_aperfmperf ? 0 : -1;
	for (int c = 0; c < CST_COUNT; c++)
		if (a->res[c + 1] || b->res[c + 1])
			d = c + 1;
	*name = d > 0 ? cstate_counter_names[d - 1] : "c0";
	return d;
}

/* A residency, ppm summed over windows, as a percentage with one decimal. */
static void fmt_res(char *buf, size_t size, uint64_t sum, unsigned windows)
{
	uint64_t ppm = windows ? sum / windows : 0;
	format(buf, size, "%llu.%llu %%", (unsigned long long)(ppm / 10000),
	       (unsigned long long)(ppm / 1000 % 10));
}

static void print_config(const struct pw *p)
{
	struct ci ci = power_ci(p);
	char mw[24], half[24], line[160];
	int n = format(line, sizeof(line), "  %-12s HZ=%-6u", p->wait, p->hz);
	if (ci.valid && ci.n) {
		fmt_mw(mw, sizeof(mw), ci.mean);
		fmt_mw(half, sizeof(half), (int64_t)ci.half);
		n += format(line + n, sizeof(line) - (size_t)n, " %s mW +/- %s;", mw, half);
	}
	const char *name;
	int d = deepest(p, p, &name);
	char res[16];
	if (d >= 0) {
		fmt_res(res, sizeof(res), p->res[d], p->windows);
		n += format(line + n, sizeof(line) - (size_t)n, " %s %s;", name, res);
	}
	format(line + n, sizeof(line) - (size_t)n, " %llu wake-ups/s",
	       (unsigned long long)wakeups_per_s(p));
	report_say(QRSCREEN_DETAIL, "%s", line);
}

/* "HZ=hi vs HZ=lo: +x mW +/- y (95 %, n=k); z uJ a wake-up; ...". */
static void print_pair(const struct pw *lo, const struct pw *hi)
{
	int64_t diff[MAX_RUNS];
	unsigned n = 0;
	for (unsigned r = 0; r < MAX_RUNS; r++)
		if (lo->power[r] != NO_RUN && hi->power[r] != NO_RUN)
			diff[n++] = hi->power[r] - lo->power[r];
	struct ci ci = ci_of(diff, n);
	char mw[24], half[24], tail[96] = "", a[16], b[16];
	const char *name;
	int d = deepest(lo, hi, &name);
	if (d >= 0) {
		fmt_res(a, sizeof(a), hi->res[d], hi->windows);
		fmt_res(b, sizeof(b), lo->res[d], lo->windows);
		format(tail, sizeof(tail), d ? "; deepest state (%s) reached %s vs %s of the time" :
		       "; awake (%s) %s vs %s of the time", name, a, b);
	}
	if (!ci.valid || !n) {
		report_say(QRSCREEN_DETAIL, "    HZ=%u vs HZ=%u: no energy counter%s", hi->hz,
			   lo->hz, tail);
		return;
	}
	fmt_mw(mw, sizeof(mw), ci.mean);
	fmt_mw(half, sizeof(half), (int64_t)ci.half);
	uint64_t dw = wakeups_per_s(hi) - wakeups_per_s(lo);
	report_say(QRSCREEN_DETAIL, "    HZ=%u vs HZ=%u: %s%s mW +/- %s (95 %%, n=%u); %lld nJ a "
		   "wake-up%s", hi->hz, lo->hz, ci.mean >= 0 ? "+" : "", mw, half, n,
		   (long long)(dw ? ci.mean * 1000 / (int64_t)dw : 0), tail);
}

static void print_state(unsigned first)
{
	for (unsigned i = first; i < n_pw; i++)
		if (!strcmp(pw[i].wait, pw[first].wait))
			print_config(&pw[i]);
	for (unsigned i = first; i < n_pw; i++)
		for (unsigned j = first; j < n_pw; j++)
			if (!strcmp(pw[i].wait, pw[first].wait) && !strcmp(pw[j].wait, pw[first].wait) &&
			    pw[i].hz < pw[j].hz)
				print_pair(&pw[i], &pw[j]);
}

static void print_power(void)
{
	report_say(QRSCREEN_DETAIL | QRSCREEN_HEAD, "Idle: package power by HZ, mW (mean +/- 95 %% "
		   "over runs), the deepest residency, wake-ups per second:");
	for (unsigned i = 0; i < n_pw; i++) {
		bool seen = false;
		for (unsigned j = 0; j < i; j++)
			seen |= !strcmp(pw[j].wait, pw[i].wait);
		if (!seen)
			print_state(i);
	}
	if (!idle_caps.rapl.unit_msr)
		report_say(QRSCREEN_DETAIL, "  no energy counter: %s", idle_caps.rapl.why);
}

void idle_report_print(void)
{
	if (n_lat)
		print_latency();
	if (n_pw)
		print_power();
}
