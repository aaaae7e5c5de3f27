/* tickstat plan: how many boots, and runs per boot, the logs' variance at each level
 * needs for an interval of a given half width on the CPU share (Kalibera and Jones's
 * two levels, boots.h), a boot weighed against a run by the end records' tsc. */
#include "tickstat.h"
#include "report.h"
#include "machines.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PLAN_PRECISION_PPM 500   /* 0.05 % of the CPU */
/* The largest plan suggested: beyond it the half width asked is below the noise
 * (a plan of 1 boot × 4307922 runs helps nobody). */
#define PLAN_MAX_BOOTS 1000
#define PLAN_MAX_RUNS  10000

/* "0.05%" or "0.05": a half width in % of the CPU, as millionths (into a double). */
static void take_precision(const char *arg, void *ppm)
{
	char *end;
	double v = strtod(arg, &end);
	if (*end == '%')
		end++;
	if (end == arg || *end || !(v > 0) || v >= 100)
		usage_error("--precision takes a share of the CPU above 0 %%, e.g. 0.05%%");
	*(double *)ppm = v * 1e4;
}

/* "runs 0.0021 %, boots 0.012 %" (standard deviations), or the boots unknown. */
static void fmt_levels(char *buf, size_t size, const struct dataset *d)
{
	struct levels lv;
	char runs[48], boots[48];
	levels_of(d, &lv);
	figure_double(runs, sizeof(runs), sqrt(lv.run_var) / 1e4, -1, 0, FIGURE_PERCENT);
	if (lv.boots < 2) {
		snprintf(buf, size, "runs %s, boots unknown (1 boot)", isnan(lv.run_var) ? "-" : runs);
		return;
	}
	figure_double(boots, sizeof(boots), sqrt(lv.boot_var) / 1e4, -1, 0, FIGURE_PERCENT);
	snprintf(buf, size, "runs %s, boots %s", isnan(lv.run_var) ? "-" : runs, boots);
}

/* The configuration, then the spreads and what the half width hw needs (on a line
 * of its own when both do not fit 80 columns). */
static void print_plan_line(const char *what, const char *levels, const struct need *n,
			    const char *hw)
{
	char need[160];
	if (n->boots && n->runs)
		fmt_need(need, sizeof(need), n);
	else
		snprintf(need, sizeof(need), "not reachable: %s is smaller than the noise", hw);
	printf("  %s\n", what);
	if (!levels)
		printf("    %s\n", need);
	else if (4 + strlen("s.d. ; ") + columns(levels) + columns(need) <= 80)
		printf("    s.d. %s; %s\n", levels, need);
	else
		printf("    s.d. %s;\n      %s\n", levels, need);
}

static void config_name(char *buf, size_t size, const struct rconfig *c)
{
	snprintf(buf, size, "%s %s%s%s%s %s cpus=%u HZ=%llu", c->timer, c->mode,
		 c->delivery[0] ? " (" : "", c->delivery, c->delivery[0] ? ")" : "", c->workload,
		 c->cpus, c->hz);
}

/* The lowest HZ of c's timer, mode, delivery, workload and CPU count, if not c. */
static const struct rconfig *lowest_hz(const struct report *r, const struct rconfig *c)
{
	const struct rconfig *low = NULL;
	for (int i = 0; i < r->nconfig; i++) {
		const struct rconfig *x = &r->cfg[i];
		if (x->lost.n && x->cpus == c->cpus && !strcmp(x->timer, c->timer) &&
		    !strcmp(x->mode, c->mode) && !strcmp(x->delivery, c->delivery) &&
		    !strcmp(x->workload, c->workload) && (!low || x->hz < low->hz))
			low = x;
	}
	return low != c ? low : NULL;
}

static void plan(const struct report *r, double h)
{
	char name[200], levels[128], what[300], hw[48];
	snprintf(hw, sizeof(hw), "%g %%", h / 1e4);
	printf("tickstat plan: %u boot%s, %g %% intervals of half width %s of the CPU\n",
	       r->boots, r->boots == 1 ? "" : "s", conf_pct[r->ci], hw);
	printf("CPU share lost, per configuration, and each HZ against the lowest (paired in "
	       "the\nboots): the spread within a boot and between boots, then what the half "
	       "width\nneeds, at most %d boots × %d runs a boot:\n", PLAN_MAX_BOOTS, PLAN_MAX_RUNS);
	for (int i = 0; i < r->nconfig; i++) {
		const struct rconfig *c = &r->cfg[i], *low = lowest_hz(r, c);
		if (!c->lost.n)
			continue;
		config_name(name, sizeof(name), c);
		fmt_levels(levels, sizeof(levels), &c->lost);
		struct need n = plan_for_mean(&c->lost, h, boot_cost(r, c, NULL), r->ci,
					      PLAN_MAX_BOOTS, PLAN_MAX_RUNS);
		print_plan_line(name, levels, &n, hw);
		if (!low)
			continue;
		snprintf(what, sizeof(what), "%s vs HZ=%llu", name, low->hz);
		n = plan_for_diff(&low->lost, &c->lost, h, boot_cost(r, c, low), r->ci,
				  PLAN_MAX_BOOTS, PLAN_MAX_RUNS);
		print_plan_line(what, NULL, &n, hw);
	}
}

/* How a boot was weighed against a run. */
static void print_costs(const struct report *r)
{
	bool timed = false;
	for (unsigned i = 0; i < r->boots; i++)
		timed |= r->boot[i].end_tsc > 0;
	if (timed)
		printf("Each plan is the cheapest in boots × runs, a boot weighed against a run "
		       "by the\nend records' tsc (firmware, loader and the whole suite).\n");
	else
		printf("The end records have no tsc, so a boot's cost is unknown: each plan "
		       "keeps the\nlogs' runs per boot and asks for the fewest boots.\n");
}

const struct help help_plan = {
	"plan [--precision P%] [-c LEVEL] LOG...",
	"  the boots and runs per boot that an interval of half width P of the CPU\n"
	"  needs (default 0.05%), from the logs' variance within and between boots, at\n"
	"  most 1000 boots x 10000 runs a boot\n",
	"  --precision P%  the half width asked, a share of the CPU (default 0.05%)\n"
	HELP_LEVEL, NULL
};

int cmd_plan(int argc, char **argv)
{
	double h = PLAN_PRECISION_PPM;
	char **logs = calloc((size_t)argc + 1, sizeof(*logs));
	int ci = 2;
	const struct option opts[] = { { "--precision", take_precision, &h },
				       { "-c", take_level, &ci }, { NULL, NULL, NULL } };
	if (!logs)
		return 2;
	int nlogs = parse_options(argc, argv, opts, logs);
	if (logs_ready(logs, nlogs, true)) {
		free(logs);
		return 2;
	}
	struct mlog *ids = NULL;
	struct mgroup *g = NULL;
	struct report *r = report_new(ci);
	struct log_report rep = { 0 };
	int rc = 2, ng = machine_setup(logs, nlogs, &ids, &g);
	if (ng > 1)
		say_error("the logs are of %d machines (or builds, or the bare kernel and Linux); "
			  "plan one at a time", ng);
	if (r && ng >= 0 && ng <= 1)
		rc = read_logs(logs, nlogs, report_take, r, &rep);
	if (rc < 2) {
		plan(r, h);
		print_costs(r);
	}
	if (r)
		report_free(r);
	free(ids), free(g), free(logs);
	return rc;
}
