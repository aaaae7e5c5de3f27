/* tickstat: the host tool that reads tickbench logs (docs/TICKSTAT.md), on the
 * record contract (docs/FORMAT.md) and lib/'s report core, which the kernel's
 * report also is: the record parser (lib/record/rec.h), data sets and their statistics
 * (lib/answer/dataset.h, student.h, estimate.h), the pairing of runs (lib/answer/pairs.h), the
 * figures' rule (lib/answer/figure.h) and the answer (lib/answer/answer.h). main.c dispatches to
 * one file per command, cmd_*.c; below them the log reader (check.c: lines, the
 * log's rules and ranges), ministat's statistics (stats.c, ministat.c), data sets
 * (select.c), the boots pooled (boots.c), tick's 1 versus N figures (tick.c),
 * report's page and its host sections (report_print.c, report_work.c), several
 * machines (machines*.c) and gnuplot (plot_hz.c, gnuplot.c). */
#ifndef TICKSTAT_H
#define TICKSTAT_H

#include "say_error.h"
#include "log.h"

/* Each command takes the arguments after its name; returns the exit status:
 * 0 all well and something printed, 1 a log is damaged (figures use only intact
 * records), 2 usage or I/O, or nothing to print. */
int cmd_check(int argc, char **argv);
int cmd_summary(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_column(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_plan(int argc, char **argv);

/* A command's help, beside its parser (an option is documented where it is
 * parsed): what follows "tickstat" in its synopsis (lines after the first are
 * indented under the options when printed), what it does (the global help's
 * lines), its options, one a line or two (COMMAND --help), and options another
 * file parses for it (select.c's). Lines of about and options are indented by 2. */
struct help {
	const char *synopsis, *about, *options, *more;
};
extern const struct help help_check, help_summary, help_compare, help_column, help_export,
	help_plot, help_report, help_plan;

/* -c LEVEL, as report, plan and compare take it. */
#define HELP_LEVEL "  -c LEVEL        the confidence level: 80, 90, 95 (default), 98, 99 or 99.5\n"

/* The logs a command reads, before it prints anything: a usage error when there
 * are none; each opened (one that cannot be is said, once); for a command that
 * pools their records (report, plan, compare, column, plot), no boot given twice
 * (boot_twice.h). 0 when all is well, else 2 (said). */
int logs_ready(char **paths, int n, bool pooled);

/* Read every log in paths[0..n) into fn; sums the reports; returns the worst status. */
int read_logs(char **paths, int n, rec_fn fn, void *ctx, struct log_report *rep);

/* The value of the option at argv[*i] (the next argument), or a usage error. */
const char *option_value(int argc, char **argv, int *i);
/* -c LEVEL's value at argv[*i]: its index in conf_pct[], or a usage error. */
int level_option(int argc, char **argv, int *i);

/* An option that takes a value, and what takes it: take(value, into), which makes a
 * usage error of a bad one. */
struct option {
	const char *word;
	void (*take)(const char *value, void *into);
	void *into;
};
/* The options of a command, in opts[] (ended by a NULL word), and its LOGs, the
 * other words ("-" among them), into logs (room for argc): their number; a usage
 * error for an unknown option, an option without its value, or no LOG. */
int parse_options(int argc, char **argv, const struct option *opts, char **logs);
/* take functions: a level of -c (into an int, its index in conf_pct[]), a string. */
void take_level(const char *value, void *ci);
void take_string(const char *value, void *s);

#endif
