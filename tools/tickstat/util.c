/* Helpers the commands share: usage errors, reading several logs, the same file. */
#include "tickstat.h"
#include "stats.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *usage_command;

void usage_error(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "tickstat: %s%s", usage_command ? usage_command : "",
		usage_command ? ": " : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n(tickstat %s%s--help for usage)\n", usage_command ? usage_command : "",
		usage_command ? " " : "");
	exit(2);
}

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
	if (nlogs == 0)
		usage_error("no LOG given");
	return nlogs;
}

int read_logs(char **paths, int n, rec_fn fn, void *ctx, struct log_report *rep)
{
	int worst = 0;
	if (n == 0)
		usage_error("no LOG given");
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

bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	if (!strcmp(a, b))
		return true;
	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
