/* tickstat: integrity, statistics, comparisons and plots for tickbench logs.
 * The record contract is docs/FORMAT.md; the manual is docs/TICKSTAT.md. */
#include "tickstat.h"

#include <errno.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char intro[] =
"usage: tickstat COMMAND [OPTIONS] LOG...\n"
"       tickstat COMMAND --help      (a command's options)\n"
"\n";

/* Every command's help ends with these. */
static const char footer[] =
"\n"
"Every command checks the logs first and refuses damaged records: problems go to\n"
"standard error as FILE:LINE: text. LOG may be - for standard input. Exit status:\n"
"0 all well and something printed, 1 a log is damaged or incomplete (figures use\n"
"only the intact records), 2 usage or I/O error, or nothing to print.\n"
"See docs/TICKSTAT.md.\n";

static const struct command {
	const char *name;
	int (*fn)(int, char **);
	const struct help *help;
} commands[] = {
	{ "check",   cmd_check,   &help_check },
	{ "summary", cmd_summary, &help_summary },
	{ "compare", cmd_compare, &help_compare },
	{ "column",  cmd_column,  &help_column },
	{ "export",  cmd_export,  &help_export },
	{ "plot",    cmd_plot,    &help_plot },
	{ "report",  cmd_report,  &help_report },
	{ "plan",    cmd_plan,    &help_plan },
};

/* prefix and the synopsis, its later lines under the first's options. */
static void print_synopsis(const char *prefix, const char *synopsis)
{
	int indent = (int)(strlen(prefix) + strcspn(synopsis, " ") + 1);
	fputs(prefix, stdout);
	for (const char *p = synopsis, *nl; *p; p = nl + 1) {
		nl = p + strcspn(p, "\n");
		printf("%*s%.*s\n", p == synopsis ? 0 : indent, "", (int)(nl - p), p);
		if (!*nl)
			break;
	}
}

/* text, each line indented by two more spaces. */
static void print_indented(const char *text)
{
	for (const char *p = text, *nl; *p; p = nl + 1) {
		nl = p + strcspn(p, "\n");
		printf("  %.*s\n", (int)(nl - p), p);
		if (!*nl)
			break;
	}
}

static void print_all_help(void)
{
	fputs(intro, stdout);
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		print_synopsis("  ", commands[i].help->synopsis);
		print_indented(commands[i].help->about);
	}
	fputs(footer, stdout);
}

static void print_help(const struct help *h)
{
	print_synopsis("usage: tickstat ", h->synopsis);
	printf("\n%s", h->about);
	if (h->options || h->more)
		printf("\n%s%s", h->options ? h->options : "", h->more ? h->more : "");
	fputs(footer, stdout);
}

static bool asks_help(const char *arg)
{
	return !strcmp(arg, "--help") || !strcmp(arg, "-h");
}

/* Output that did not reach its file (a full disk, a closed pipe) is an I/O
 * error: exit 2, never 0 with a cut report. */
static int flush_output(int status)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout) && fclose(stdout) == 0)
		return status;
	say_error("cannot write the output: %s",
		errno ? strerror(errno) : "write error");
	return 2;
}

int main(int argc, char **argv)
{
	/* Large arrays (summary's rows) grow by realloc: above 128 KiB glibc then moves
	 * them with mremap, not by copying, if the threshold stays where it is. */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
	if (argc < 2)
		usage_error("no command");
	if (asks_help(argv[1]) || !strcmp(argv[1], "help")) {
		print_all_help();
		return flush_output(0);
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(argv[1], commands[i].name))
			continue;
		usage_command = commands[i].name;
		for (int k = 2; k < argc; k++)
			if (asks_help(argv[k])) {
				print_help(commands[i].help);
				return flush_output(0);
			}
		return flush_output(commands[i].fn(argc - 2, argv + 2));
	}
	usage_error("unknown command \"%s\"", argv[1]);
}
