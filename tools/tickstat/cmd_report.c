/* tickstat report: the logs of one machine make report_print's page (report_print.c);
 * the logs of several, a report per machine and the table across them
 * (machines.c, machines_report.c). */
#include "report.h"
#include "html.h"
#include "html_logs.h"
#include "machines.h"
#include "os_vs_bare.h"
#include "resample.h"
#include "anatomy.h"
#include "tickstat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The pages, for print_drawn_ahead. */
struct page { struct report *r; char **logs; int nlogs; struct mgroup *g; int ng, baseline, ci;
	      struct os_adds *os; };

static int machines_page(void *ctx)
{
	struct page *p = ctx;
	machines_print(p->g, p->ng, p->baseline, p->ci);
	return 0;
}

static int one_page(void *ctx)
{
	struct page *p = ctx;
	report_print(p->r, p->logs, p->nlogs);
	return 0;
}

static int os_page(void *ctx)
{
	struct page *p = ctx;
	os_adds_print(p->os, p->ci);
	return 0;
}

/* Logs of several machines: a report per group of pooled logs, then the table
 * across machines (machines_report.c). */
static int report_machines(struct mgroup *g, int ng, char **logs, const char *base, int ci)
{
	int baseline = base ? machine_find(g, ng, base) : 0, worst;
	if (baseline < 0) {
		say_error("--baseline %s names no one machine (give M1, M2, ... or a machine id)",
			  base);
		return 2;
	}
	worst = machine_reports(g, ng, logs, ci);
	struct page page = { .g = g, .ng = ng, .baseline = baseline, .ci = ci };
	if (worst < 2)
		print_drawn_ahead(machines_page, &page);
	machine_reports_free(g, ng);
	return worst;
}

/* Logs of one machine (or standard input): the page of report_print. */
static int report_one(struct report *r, char **logs, int nlogs, const char *baseline)
{
	struct log_report rep = { 0 };
	if (baseline)
		say_error("--baseline ignored: the logs are of one machine");
	int rc = read_logs(logs, nlogs, report_take, r, &rep);
	char **names = calloc((size_t)nlogs + 1, sizeof(*names));
	for (int i = 0; names && i < nlogs; i++)
		names[i] = (char *)log_name(logs[i]);      /* "(stdin)" for - */
	r->logs = nlogs;
	struct page page = { .r = r, .logs = names ? names : logs, .nlogs = nlogs };
	if (rc < 2)
		print_drawn_ahead(one_page, &page);
	free(names);
	return rc;
}

/* "What the OS adds to a tick": the logs the report read already (the bare ones,
 * paths[0 .. bare), or all of them when none is bare) read again quietly, their
 * problems said; the Linux logs after the bare ones aloud. */
static int report_os(char **paths, int n, int bare, int ci)
{
	struct os_adds *a = calloc(1, sizeof(*a));
	struct log_report quiet = { .quiet = true }, rep = { 0 };
	int rc = 0, read = bare ? bare : n;
	if (!a)
		return 2;
	for (int i = 0; i < read; i++)
		log_read(paths[i], os_adds_take, a, &quiet);
	if (read < n)
		rc = read_logs(paths + read, n - read, os_adds_take, a, &rep);
	struct page page = { .os = a, .ci = ci };
	if (rc < 2)
		print_drawn_ahead(os_page, &page);
	os_adds_free(a);
	free(a);
	return rc;
}

/* "The tick, function by function": every log read again quietly for its annexes. */
static void report_anatomy(char **paths, int n)
{
	struct anatomy *a = calloc(1, sizeof(*a));
	struct log_report quiet = { .quiet = true };
	if (!a)
		return;
	for (int i = 0; i < n; i++)
		log_read(paths[i], anatomy_take, a, &quiet);
	anatomy_print(a);
	anatomy_free(a);
	free(a);
}

const struct help help_report = {
	"report [-c LEVEL] [--baseline KEY|ID] [--html FILE] LOG...",
	"  the answer on one page: CPU share lost at each HZ with its interval and\n"
	"  verdicts, modes, CPUs, direct and indirect cost, read/arm/latency, warnings;\n"
	"  several logs of a machine and build are pooled as boots (each interval over\n"
	"  them); logs of several machines: a table per figure, a row per machine,\n"
	"  verdicts against the baseline (default M1); tickbench-linux's logs beside\n"
	"  the bare kernel's of one machine: what the OS adds to a tick; the annexes of\n"
	"  tools/run --anatomy: the tick function by function, kernels side by side;\n"
	"  --html FILE: all of it as one HTML page with charts and the records inside\n",
	HELP_LEVEL
	"  --baseline KEY|ID  logs of several machines: the machine the others are\n"
	"                  held against, by key (M2) or machine id (or its prefix)\n"
	"  --html FILE     write the report as one HTML page instead: the answer first,\n"
	"                  the figures as charts, the logs' records inside it (a LOG may\n"
	"                  be such a page: its logs are read)\n", NULL
};

int cmd_report(int argc, char **argv)
{
	struct report *r = report_new(2);       /* 95% */
	char **logs = calloc((size_t)argc + 1, sizeof(*logs));
	const char *baseline = NULL, *html = NULL;
	if (!r || !logs)
		return 2;
	const struct option opts[] = { { "-c", take_level, &r->ci },
				       { "--baseline", take_string, &baseline },
				       { "--html", take_string, &html }, { NULL, NULL, NULL } };
	int nlogs = parse_options(argc, argv, opts, logs);
	char **given = logs;
	logs = html_logs_expand(logs, &nlogs);  /* a page stands for its logs */
	if (logs != given)
		free(given);
	if (logs_ready(logs, nlogs, true)) {
		report_free(r);
		free(logs);
		return 2;
	}
	struct mlog *ids = NULL;
	struct mgroup *g = NULL;
	int rc, bare = 0, ng = machine_setup(logs, nlogs, &ids, &g);
	if (ng >= 0)
		ng = machine_bare_first(logs, ids, nlogs, g, ng, &bare);
	if (ng < 0)
		rc = 2;
	else if (html)
		rc = html_report(html, logs, nlogs, g, ng, bare,
				 baseline && ng > 1 ? machine_find(g, ng, baseline) : 0, r);
	else if (ng > 1)
		rc = report_machines(g, ng, logs, baseline, r->ci);
	else
		rc = report_one(r, logs, bare ? bare : nlogs, baseline);
	if (rc < 2 && bare < nlogs && !html) {
		int os = report_os(logs, nlogs, bare, r->ci);
		rc = os > rc ? os : rc;
	}
	if (rc < 2 && !html)
		report_anatomy(logs, nlogs);
	report_free(r);
	free(ids);
	free(g);
	free(logs);
	return rc;
}
