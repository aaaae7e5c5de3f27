/* A command's arguments: its option words and their values, its logs checked and read
 * (tickstat.h). */
#include "tickstat.h"
#include "boot_twice.h"
#include "stats.h"

#include <stdlib.h>
#include <string.h>

const char *option_value(int argc, char **argv, int *i)
{
	if (*i + 1 >= argc)
		usage_error("%s needs a value", argv[*i]);
	return argv[++*i];
}

int level_option(int argc, char **argv, int *i)
{
	int ci;
	take_level(option_value(argc, argv, i), &ci);
	return ci;
}

int logs_ready(char **paths, int n, bool pooled)
{
	bool readable = true;
	if (n == 0)
		usage_error("no LOG given");
	for (int i = 0; i < n; i++)
		readable &= log_readable(paths[i]);
	return readable && !(pooled && boots_repeat(paths, n)) ? 0 : 2;
}

void take_level(const char *value, void *ci)
{
	*(int *)ci = conf_index(value);
	if (*(int *)ci < 0)
		usage_error("-c takes 80, 90, 95, 98, 99 or 99.5, not %s", value);
}

void take_string(const char *value, void *s)
{
	*(const char **)s = value;
}

int parse_options(int argc, char **argv, const struct option *opts, char **logs)
{
	int nlogs = 0;
	for (int i = 0; i < argc; i++) {
		const struct option *o = opts;
		while (o->word && strcmp(argv[i], o->word))
			o++;
		if (o->word)
			o->take(option_value(argc, argv, &i), o->into);
		else if (argv[i][0] == '-' && argv[i][1])
			usage_error("unknown option %s", argv[i]);
		else
			logs[nlogs++] = argv[i];
	}
	return nlogs;
}

int read_logs(char **paths, int n, rec_fn fn, void *ctx, struct log_report *rep)
{
	int worst = 0;
	for (int i = 0; i < n; i++) {
		int rc = log_read(paths[i], fn, ctx, rep);
		if (rc > worst)
			worst = rc;
	}
	if (worst == 1 && rep->refused)
		fprintf(stderr, "tickstat: %lu problem(s) in the logs, %lu damaged record(s) "
			"refused: the figures use only the %lu intact ones\n", rep->problems,
			rep->refused, rep->records);
	else if (worst == 1 && rep->records)
		fprintf(stderr, "tickstat: %lu problem(s) in the logs (not whole): the figures "
			"use their %lu intact records\n", rep->problems, rep->records);
	return worst;
}
