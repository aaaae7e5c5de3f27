/* tickstat: integrity, statistics, comparisons and plots for tickbench logs.
 * The record contract is docs/FORMAT.md; the manual is docs/TICKSTAT.md. */
#include "tickstat.h"

#include <errno.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
"usage: tickstat COMMAND [OPTIONS] LOG...\n"
"\n"
"  check LOG...             integrity: CRC, seq, boot first, end last, JSON; exit 1\n"
"                           when a log is damaged, truncated or incomplete\n"
"  report [-c LEVEL] [--baseline KEY|ID] LOG...\n"
"                           the answer on one page: CPU share lost at each HZ with\n"
"                           its interval and verdicts, modes, CPUs, direct and\n"
"                           indirect cost, read/arm/latency, warnings; several\n"
"                           logs of a machine and build are pooled as boots (each\n"
"                           interval over them); logs of several machines: a\n"
"                           table per figure, a row per machine, verdicts against\n"
"                           the baseline (default M1)\n"
"  plan [--precision P%] [-c LEVEL] LOG...\n"
"                           the boots and runs per boot that an interval of half\n"
"                           width P of the CPU needs (default 0.05%), from the\n"
"                           logs' variance within and between boots\n"
"  summary [--all] LOG...   ministat rows for the figures that vary, per benchmark\n"
"                           and configuration, percentiles, derived tick costs in\n"
"                           cycles and ns; constant fields said once (--all: a row\n"
"                           for every field)\n"
"  compare [-c 80|90|95|98|99|99.5] [--by FIELD] [--field F] [--type T]\n"
"          [--where K=V]... [--delta D|P%] [-w WIDTH] LOG...\n"
"                           ministat's comparison between logs or between values of\n"
"                           FIELD in one log, then Welch's t, Mann-Whitney U and the\n"
"                           runs needed to resolve a difference; --by machine: a\n"
"                           set per machine (docs/TICKSTAT.md, Several machines)\n"
"  column [--type T] [--where K=V]... FIELD LOG...\n"
"                           one number per line (input for ministat); FIELD may\n"
"                           be cost or lost_ppm (CPU share lost, per run)\n"
"  export --csv|--json [--type T] LOG...\n"
"                           flat tables of the intact records, with machine columns\n"
"  plot LOG... -o FILE.png|FILE.svg|FILE.gp\n"
"                           CPU share and cost against HZ per timer, latency\n"
"                           histograms, read and arm costs, through gnuplot (.gp:\n"
"                           the script); several machines: a panel per figure, a\n"
"                           bar per machine\n"
"\n"
"Every command checks the logs first and refuses damaged records: problems go to\n"
"standard error as FILE:LINE: text. Exit status: 0 all well, 1 a log is damaged\n"
"(figures use only the intact records), 2 usage or I/O error.\n"
"LOG may be - for standard input. See docs/TICKSTAT.md.\n";

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
	{ "report",  cmd_report },
	{ "plan",    cmd_plan },
};

/* Output that did not reach its file (a full disk, a closed pipe) is an I/O
 * error: exit 2, never 0 with a cut report. */
static int flush_output(int status)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout) && fclose(stdout) == 0)
		return status;
	fprintf(stderr, "tickstat: cannot write the output: %s\n",
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
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		fputs(usage, stdout);
		return flush_output(0);
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return flush_output(commands[i].fn(argc - 2, argv + 2));
	usage_error("unknown command \"%s\"", argv[1]);
}
