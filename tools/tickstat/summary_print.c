/* tickstat summary's tables (summary_groups.h): a group's rows in ministat's
 * shape, the tick's derived figures, the pooled histograms, the constants and the
 * levels; the tick at several CPU counts. */
#include "summary_groups.h"

/* ---- printing ----------------------------------------------------------------- */

static void print_header(int label_w)
{
	printf("%-*s %3s %13s %13s %13s %13s %13s %13s %13s %13s\n", label_w, "", "N", "Min",
	       "Max", "Median", "Avg", "Stddev", "p10", "p90", "p99");
}

/* The mean and spread of a group's row, of its sorted values, passed over once
 * (the tick block's passes over rows that their table line had passed over were
 * 2 % of summary's instructions). */
static struct moments row_moments(struct group *g, struct dataset *d)
{
	size_t i = (size_t)(d - g->rows);
	if (!g->have_moments[i]) {
		ds_sort(d);
		g->moments[i] = moments_sorted(d->v, d->n);
		g->have_moments[i] = true;
	}
	return g->moments[i];
}

static void print_row(struct group *g, struct dataset *d, int label_w)
{
	struct moments m = row_moments(g, d);
	printf("%-*s %3zu %13.8g %13.8g %13.8g %13.8g %13.8g %13.8g %13.8g %13.8g\n", label_w,
	       d->name, d->n, ds_min(d), ds_max(d), ds_median(d), m.hi, d->n > 1 ? m.sd : 0.0,
	       ds_percentile(d, 10), ds_percentile(d, 90), ds_percentile(d, 99));
}

static struct dataset *find_row(struct group *g, const char *label)
{
	for (int i = 0; i < g->nrows; i++)
		if (!strcmp(g->rows[i].name, label))
			return summary_row_data(g, i);
	return NULL;
}

/* "1.23k +/- 0.07k cycles  617 +/- 35 ns  (how)", by the rule for figures. */
static void print_cost(const char *what, double v, double e, double tsc_hz, const char *how,
		       unsigned flags)
{
	char a[64], b[64] = "";
	figure_double(a, sizeof(a), v, e, 0, FIGURE_COMPACT | flags);
	if (tsc_hz > 0)
		figure_double(b, sizeof(b), v * 1e9 / tsc_hz, e * 1e9 / tsc_hz, 0,
			      FIGURE_COMPACT | flags);
	printf("  %-27s %s cycles%s%s%s  %s\n", what, a, *b ? "  " : "", b, *b ? " ns" : "", how);
}

/* The direct cost per interrupt of the spin runs (lib/answer/pairs.h): its mean and
 * Student's interval. */
static bool tick_direct(const struct dataset *direct, double *v, double *e)
{
	if (direct->n < 2)
		return false;
	struct moments m = moments_of(direct->v, direct->n);
	*v = m.hi;
	*e = t_crit(SUMMARY_CI, (double)direct->n - 1) * m.sd / sqrt((double)direct->n);
	return true;
}

static void print_tick(struct group *g, double tsc_hz)
{
	struct dataset *off = find_row(g, "cycles timer_on=false");
	struct dataset *on = find_row(g, "cycles timer_on=true");
	struct dataset *irq = find_row(g, "interrupts timer_on=true");
	if (!off || !on || !irq || off->n < 2 || on->n < 2)
		return;
	struct moments moff = row_moments(g, off);
	double mirq = row_moments(g, irq).hi;
	bool ftq = false;
	struct tresult t = student_exact_of(moff, off->n, row_moments(g, on), on->n, SUMMARY_CI);
	/* ftq: the runs last the same; the cost is the work not done, in cycles at the
	 * off runs' rate (docs/METHOD.md, "ftq") */
	struct dataset *woff = find_row(g, "work timer_on=false");
	struct dataset *won = find_row(g, "work timer_on=true");
	if (woff && won && woff->n >= 2 && won->n >= 2 && row_moments(g, woff).hi > 0) {
		struct moments mwoff = row_moments(g, woff);
		t = student_exact_of(row_moments(g, won), won->n, mwoff, woff->n, SUMMARY_CI);
		double per_unit = moff.hi / mwoff.hi;
		ftq = true;
		t.diff *= per_unit;
		t.err *= per_unit;
	}
	printf("derived (95%% confidence; %zu runs without the timer, %zu with it):\n",
	       off->n, on->n);
	char share[96];
	figure_double(share, sizeof(share), t.diff * 100 / moff.hi, t.err * 100 / moff.hi,
		      0, FIGURE_PERCENT | FIGURE_COMPACT | FIGURE_NOT_NEGATIVE | FIGURE_AT_MOST_100);
	printf("  %-27s %s  (Student's t on cycles on - off, over the mean off run)\n",
	       "CPU fraction lost", share);
	if (mirq <= 0) {
		printf("  no interrupts counted: no cost per interrupt\n");
		return;
	}
	double total = t.diff / mirq, te = t.err / mirq, dv, de;
	/* interference: the cycles are the untouched CPU's, the interrupts the other's. */
	bool victim = strstr(g->key, "bench=interference") != NULL;
	print_cost(victim ? "lost per other CPU's irq" : "total cost per interrupt", total, te, tsc_hz,
		   !t.proven ? "(not distinguishable from 0)" : ftq ?
		   "(Student's t on ftq's work off - on)" : "(Student's t on cycles on - off)", 0);
	if (tick_direct(&g->direct, &dv, &de)) {
		print_cost("direct cost per interrupt", dv, de, tsc_hz,
			   "(the mean of each run's gap_cycles / gap_interrupts)", FIGURE_NOT_NEGATIVE);
		print_cost("indirect cost per interrupt", total - dv, sqrt(te * te + de * de),
			   tsc_hz, "(total - direct)", FIGURE_NOT_NEGATIVE);
	}
}

static uint64_t hist_percentile(const struct group *g, double p)
{
	uint64_t rank = (uint64_t)ceil(p / 100 * (double)g->pooled_n), seen = 0;
	for (size_t i = 0; i < g->nhist; i++)
		if ((seen += g->hist[i].n) >= rank)
			return g->hist[i].lo;
	return g->nhist ? g->hist[g->nhist - 1].lo : 0;
}

static void print_pooled(const struct group *g, double tsc_hz)
{
	if (g->pool_overflow) {
		printf("pooled over runs: none (the counts add up past 2^64)\n");
		return;
	}
	if (!g->pooled_n)
		return;
	double mean = (double)(g->pooled_sum / g->pooled_n);
	printf("pooled over runs: n=%llu min=%llu mean=%.6g max=%llu cycles",
	       (unsigned long long)g->pooled_n, (unsigned long long)g->pooled_min, mean,
	       (unsigned long long)g->pooled_max);
	if (tsc_hz > 0)
		printf(" (mean %.6g ns)", mean * 1e9 / tsc_hz);
	putchar('\n');
	if (g->nhist)
		printf("  from the merged histogram (bucket lower bounds): p50>=%llu p90>=%llu "
		       "p99>=%llu p99.9>=%llu cycles\n",
		       (unsigned long long)hist_percentile(g, 50),
		       (unsigned long long)hist_percentile(g, 90),
		       (unsigned long long)hist_percentile(g, 99),
		       (unsigned long long)hist_percentile(g, 99.9));
}

/* Whether row k is worth a ministat line: two values or more, not all equal (a
 * row of one value kept as its count is not). */
static bool varies(struct group *g, int k)
{
	struct dataset *d = &g->rows[k];
	if (g->times[k])
		return false;
	ds_sort(d);
	return d->n > 1 && ds_min(d) != ds_max(d);
}

/* The value of row k, which does not vary. */
static double row_value(const struct group *g, int k)
{
	return g->times[k] ? g->only[k] : ds_min(&g->rows[k]);
}

/* The rows that do not vary, said once as "field=value ...", wrapped: one line
 * for the rows without a suffix, one per suffix (" timer_on=false"). */
static void print_constants(struct group *g)
{
	bool done[MAX_ROWS] = { false };
	for (int i = 0; i < g->nrows; i++) {
		if (done[i] || varies(g, i))
			continue;
		const char *suffix = strchr(g->rows[i].name, ' ');
		suffix = suffix ? suffix : "";
		int col = printf("  %s%s%s:", g->records == 1 ? "the record" : "the same in every record",
				 *suffix ? " with" : "", suffix);
		for (int j = i; j < g->nrows; j++) {
			struct dataset *d = &g->rows[j];
			const char *sj = strchr(d->name, ' ');
			if (done[j] || varies(g, j) || strcmp(sj ? sj : "", suffix))
				continue;
			done[j] = true;
			char item[200];
			int n = snprintf(item, sizeof(item), " %.*s=%.15g", (int)(strlen(d->name) -
					 strlen(suffix)), d->name, row_value(g, j));
			if (col + n > 100)
				col = printf("\n   ") - 1;
			col += printf("%s", item);
		}
		putchar('\n');
	}
}

/* The variance of a per-run figure at each level (boots.h): the runs within a boot,
 * the boots beyond what their runs explain. */
static void print_levels(const struct group *g)
{
	struct levels lv;
	bool run = !strncmp(g->key, "run ", 4);
	if (!levels_of(&g->level, &lv) || lv.runs < 2)
		return;
	printf("variance by level of %s per run: s.d. within a boot %.6g, ", run ?
	       "the CPU share lost (lost_ppm, ppm)" : "the p50 (cycles)", sqrt(lv.run_var));
	if (lv.boots < 2)
		printf("between boots unknown (1 boot)\n");
	else
		printf("between boots %.6g (%d boots x %zu%s runs)\n", sqrt(lv.boot_var), lv.boots,
		       lv.runs_min, lv.runs_min == lv.runs_max ? "" : "+");
}

void summary_print_group(struct group *g, const struct summary *s)
{
	bool any = s->all;
	int label_w = LABEL_W;
	for (int i = 0; i < g->nrows; i++)
		if ((s->all || varies(g, i)) && (int)strlen(g->rows[i].name) > label_w)
			label_w = (int)strlen(g->rows[i].name);
	printf("\n== %s  (", g->key);
	if (s->nclocks > 1)
		printf("tsc_hz %.0f; ", g->tsc_hz);
	printf("%lu record%s, lines %lu-%lu)\n", g->records, g->records == 1 ? "" : "s",
	       g->first_line, g->last_line);
	for (int i = 0; i < g->nrows && !any; i++)
		any = varies(g, i);
	if (any)
		print_header(label_w);
	for (int i = 0; i < g->nrows; i++)
		if (s->all || varies(g, i))
			print_row(g, summary_row_data(g, i), label_w);
	if (!s->all)
		print_constants(g);
	if (!strncmp(g->key, "run ", 4))
		print_tick(g, g->tsc_hz);
	print_pooled(g, g->tsc_hz);
	print_levels(g);
}

/* One line of the 1-versus-N table: per CPU, the total cost per interrupt and the
 * cycles a run lost (on - off), and those lost cycles summed over the CPUs; each
 * figure by the rule, "-" for a cost without interrupts. */
static void print_scaling_line(struct group *g, unsigned cpus, double tsc_hz)
{
	struct dataset *off = find_row(g, "cycles timer_on=false");
	struct dataset *on = find_row(g, "cycles timer_on=true");
	struct dataset *irq = find_row(g, "interrupts timer_on=true");
	struct tick_figures f;
	char cost[48], irqs[32], lost[48], all[48], ns[48] = "";
	if (!off || !on || !irq || !tick_figures(off, on, irq, cpus, &f)) {
		printf("  %4u  (too few runs)\n", cpus);
		return;
	}
	figure_double(cost, sizeof(cost), f.cost, f.cost_err, 0, FIGURE_COMPACT);
	figure_double(irqs, sizeof(irqs), f.irqs, -1, 0, 0);
	figure_double(lost, sizeof(lost), f.lost, f.lost_err, 0, FIGURE_COMPACT);
	figure_double(all, sizeof(all), f.lost_all, f.lost_all_err, 0, FIGURE_COMPACT);
	if (tsc_hz > 0)
		figure_double(ns, sizeof(ns), f.cost * 1e9 / tsc_hz, f.cost_err * 1e9 / tsc_hz, 0,
			      FIGURE_COMPACT);
	printf("  %4u  %-20s  %-12s  %-20s  %-20s  %s%s\n", cpus, cost, irqs, lost, all, ns,
	       f.proven ? "" : "  (not distinguishable from 0)");
}

static void print_scaling_table(const char *base, const int *members, const unsigned *cpus,
				int n, void *ctx)
{
	struct summary *s = ctx;
	printf("\n== 1 versus N CPUs: %s\n", base);
	double tsc_hz = s->g[members[0]].tsc_hz;
	printf("  cpus  %-20s  %-12s  %-20s  %-20s  %s\n", "cost/irq (cycles)", "irqs/run/cpu",
	       "lost/run/cpu (cyc)", "lost/run, all CPUs", tsc_hz > 0 ? "cost/irq (ns)" : "");
	for (int k = 0; k < n; k++)
		print_scaling_line(&s->g[members[k]], cpus[k], tsc_hz);
}

/* tick's configurations run at several CPU counts (tick_cpus=): one table each. */
void summary_print_scaling(struct summary *s)
{
	const char **keys = calloc((size_t)s->ngroups + 1, sizeof(*keys));
	char (*named)[600] = calloc((size_t)s->ngroups + 1, sizeof(*named));
	for (int i = 0; keys && named && i < s->ngroups; i++) {
		/* boots with different TSC frequencies: one table per frequency */
		snprintf(named[i], sizeof(*named), "%s", s->g[i].key);
		if (s->nclocks > 1)
			snprintf(named[i], sizeof(*named), "%s tsc_hz=%.0f", s->g[i].key,
				 s->g[i].tsc_hz);
		keys[i] = named[i];
	}
	if (keys && named)
		scaling_sets(keys, s->ngroups, print_scaling_table, s);
	free(keys);
	free(named);
}

