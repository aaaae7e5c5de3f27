/* tickstat: integrity, statistics, comparisons and plots for tickbench logs.
 * The record contract is docs/FORMAT.md; the manual is docs/TICKSTAT.md. */
#include "tickstat.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
"usage: tickstat COMMAND [OPTIONS] LOG...\n"
"\n"
"  check LOG...             integrity: CRC, seq, boot first, end last, JSON; exit 1\n"
"                           when a log is damaged, truncated or incomplete\n"
"  summary LOG...           ministat-style tables per benchmark and configuration,\n"
"                           percentiles, derived tick costs in cycles and ns\n"
"  compare [-c 80|90|95|98|99|99.5] [--by FIELD] [--field F] [--type T]\n"
"          [--where K=V]... [--delta D|P%] [-w WIDTH] LOG...\n"
"                           ministat's comparison between logs or between values of\n"
"                           FIELD in one log, then Welch's t, Mann-Whitney U and the\n"
"                           runs needed to resolve a difference\n"
"  column [--type T] [--where K=V]... FIELD LOG...\n"
"                           one number per line (input for ministat)\n"
"  export --csv|--json [--type T] LOG...\n"
"                           flat tables of the intact records\n"
"  plot LOG... -o FILE.png|FILE.svg\n"
"                           cost against HZ per timer, latency histograms, read and\n"
"                           arm costs, through gnuplot\n"
"\n"
"Every command checks the logs first and refuses damaged records: problems go to\n"
"standard error as FILE:LINE: text. Exit status: 0 all well, 1 a log is damaged\n"
"(figures use only the intact records), 2 usage or I/O error.\n"
"LOG may be - for standard input. See docs/TICKSTAT.md.\n";

void usage_error(const char *fmt, ...)
{
	va_list ap;
	fputs("tickstat: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\n(tickstat --help for usage)\n", stderr);
	exit(2);
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
	if (worst == 1)
		fprintf(stderr, "tickstat: %lu problem(s) in the logs; damaged records were "
			"refused and the figures use only the %lu intact ones\n",
			rep->problems, rep->records);
	return worst;
}

bool is_config_field(const struct field *f)
{
	return f->v.kind == V_STRING || !strcmp(f->key, "hz");
}

void config_key(const struct rec *r, char *buf, size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "%s", r->type);
	for (size_t i = 0; i < r->nfields && n < size; i++) {
		const struct field *f = &r->f[i];
		if (f->v.kind == V_STRING)
			n += (size_t)snprintf(buf + n, size - n, " %s=%s", f->key, f->v.s);
		else if (!strcmp(f->key, "hz") && f->v.kind == V_INT)
			n += (size_t)snprintf(buf + n, size - n, " hz=%llu",
					      (unsigned long long)f->v.u);
	}
}

static const struct {
	const char *name;
	int (*fn)(int, char **);
} commands[] = {
	{ "check",   cmd_check },
	{ "summary", cmd_summary },
	{ "compare", cmd_compare },
	{ "column",  cmd_column },
	{ "export",  cmd_export },
	{ "plot",    cmd_plot },
};

int main(int argc, char **argv)
{
	if (argc < 2)
		usage_error("no command");
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		fputs(usage, stdout);
		return 0;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 2, argv + 2);
	usage_error("unknown command \"%s\"", argv[1]);
}
