/* Choosing data sets from logs for compare and column: records of one type that
 * match --where K=V filters, one set per log (and per value of a --by field), a
 * numeric field or a derived per-run figure of tick runs: "cost", "direct",
 * "lost_ppm" (lib/answer/pairs.h). */
#ifndef TICKSTAT_SELECT_H
#define TICKSTAT_SELECT_H

#include "stats.h"
#include "log.h"

#define SELECT_MAX_WHERE 16
#define SELECT_MAX_SETS  1024

struct selection {
	const char *type;        /* NULL: "run" if the logs have tick runs, else "stats" */
	const char *field;       /* NULL: "cost" for run, "p50" for stats */
	const char *by;          /* split one log by this field's value */
	const char *where[SELECT_MAX_WHERE];
	int nwhere;
	bool merge_logs;         /* one set for all logs (column) */
	bool numbers;            /* inputs are plain number files, as ministat reads */
	bool split_configs;      /* a set per configuration too, instead of refusing a mix */
};

struct series {
	struct dataset d;
	char config[512];        /* the configuration (without the --by field) */
	size_t no_irq;           /* "cost": pairs whose run with the timer counted none */
};

/* Parse a selection option at argv[*i] (--type, --field, --by, --where, -n);
 * returns false if it is not one. select_help documents the first three. */
extern const char select_help[];
bool select_option(struct selection *sel, int argc, char **argv, int *i);

/* Build the data sets. Returns the worst log status, or 2 with a message. */
int select_sets(char **logs, int nlogs, struct selection *sel, struct series **out, int *n);
void select_free(struct series *s, int n);

#endif
