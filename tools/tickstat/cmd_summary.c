/* tickstat summary: per log, one table per record type and configuration in
 * ministat's shape (N Min Max Median Avg Stddev, then p10 p90 p99), with the
 * derived figures of the tick benchmark and the pooled histograms of stats
 * records. docs/TICKSTAT.md defines every figure. */
#include "summary_groups.h"

static void free_summary(struct summary *s)
{
	for (int i = 0; i < s->ngroups; i++) {
		for (int j = 0; j < s->g[i].nrows; j++)
			ds_free(&s->g[i].rows[j]);
		ds_free(&s->g[i].level);
		ds_free(&s->g[i].direct);
		free(s->g[i].hist);
		free(s->g[i].slot);
	}
	free(s->g);
	free(s->info);
	free(s->index);
	for (size_t i = 0; i < s->nnotes; i++)
		free(s->notes[i].text);
	free(s->notes);
}

/* The log's TSC frequency, or the boots' when they differ. */
static void print_clocks(const struct summary *s)
{
	if (s->nclocks > 1) {
		printf(", boots with different TSC frequencies:");
		for (int i = 0; i < s->nclocks; i++)
			printf("%s tsc_hz %.0f (line %lu)", i ? "," : "", s->clocks[i].hz,
			       s->clocks[i].line);
		printf("\nwarning: the log holds runs of different boots or machines: each "
		       "configuration is kept apart per TSC frequency, converted with its own\n");
	} else if (s->nclocks == 1 && s->clocks[0].hz > 0) {
		printf(", tsc_hz %.0f\n", s->clocks[0].hz);
	} else {
		printf(", no tsc_hz (no calibration record): figures in cycles only\n");
	}
}

static void summarise(const char *path, bool all, bool first, int *worst)
{
	struct summary s = { .all = all };
	struct log_report rep = { 0 };
	char *paths[] = { (char *)path };
	s.info = calloc(REC_SHAPES, sizeof(*s.info));
	s.index = calloc(1, sizeof(*s.index));
	if (!(s.g = calloc(MAX_GROUPS, sizeof(*s.g))) || !s.info || !s.index) {
		free(s.g), free(s.info), free(s.index);
		*worst = 2;
		return;
	}
	int rc = read_logs(paths, 1, summary_take, &s, &rep);
	printf("%s# %s: %lu intact records%s%s", first ? "" : "\n", log_name(path), rep.records,
	       rc == 1 ? " (DAMAGED: see the problems above" : "",
	       rc != 1 ? "" : rep.refused ? "; damaged records refused)" : ")");
	print_clocks(&s);
	summary_print_notes(&s);
	if (s.overflow)
		printf("warning: more than %d configurations; the rest are left out\n",
		       MAX_GROUPS);
	for (int k = 0; k < s.ngroups; k++)
		summary_print_group(&s.g[k], &s);
	summary_print_scaling(&s);
	free_summary(&s);
	*worst = rc > *worst ? rc : *worst;
}

const struct help help_summary = {
	"summary [--all] LOG...",
	"  ministat rows for the figures that vary, per benchmark and configuration,\n"
	"  percentiles, derived tick costs in cycles and ns; constant fields said once\n",
	"  --all           a row for every field, constant or not\n", NULL
};

int cmd_summary(int argc, char **argv)
{
	int worst = 0, nlogs = 0;
	bool all = false;
	char **logs = must_calloc((size_t)argc + 1, sizeof(*logs));
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--all"))
			all = true;
		else if (argv[i][0] == '-' && argv[i][1])
			usage_error("unknown option %s", argv[i]);
		else
			logs[nlogs++] = argv[i];
	}
	worst = logs_ready(logs, nlogs, false);
	for (int i = 0; i < nlogs && !worst; i++)
		summarise(logs[i], all, i == 0, &worst);
	free(logs);
	return worst;
}
