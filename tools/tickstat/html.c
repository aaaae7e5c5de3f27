/* tickstat report --html (html.h): the page, its sections in the order a person
 * needs them, written whole to its file or not at all. */
#include "html.h"
#include "html_logs.h"
#include "html_page.h"
#include "svg.h"
#if __has_include("version.h")      /* build/version.h: git describe (mk/tickstat.mk) */
#include "version.h"
#else
#define TICKBENCH_VERSION "unknown"
#endif

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

/* A section: its id, heading and writer (to p->f); a writer that writes nothing
 * leaves the section out, heading and all. */
struct html_section {
	const char *id, *heading;
	void (*write)(struct html_page *p);
};

/* The sections in order: the answer first, then the figures behind it, the
 * details last. */
static const struct html_section sections[] = {
	{ "answer",   "The answer",                                   html_answer },
	{ "shares",   "CPU share lost at each HZ",                    html_shares },
	{ "timers",   "Each timer: read, arm, latency, direct cost",  html_timers },
	{ "holes",    "Hole sizes",                                   html_holes },
	{ "direct",   "Direct against indirect cost",                 html_direct },
	{ "cpus",     "1 against N CPUs",                             html_cpus },
	{ "idle",     "Idle",                                         html_idle },
	{ "osadds",   "What the OS adds to a tick",                   html_osadds },
	{ "anatomy",  "The tick, function by function",               html_anatomy },
	{ "machines", "Machines against the baseline",                html_machines },
	{ "details",  "The details",                                  html_details },
};
#define NSECTIONS (sizeof(sections) / sizeof(sections[0]))

/* Print, on a screen and on paper: no colour carries a figure alone. */
static const char style[] =
"body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:0 16px;"
"color:#111;background:#fff}\n"
"h1{font-size:1.5em;margin:.6em 0 .2em}h2{font-size:1.25em;border-bottom:2px solid #0072b2;"
"margin-top:1.6em}h3{font-size:1.05em;margin:1.2em 0 .3em}\n"
"nav ol{columns:3;margin:.4em 0;padding-left:1.4em}.made{color:#444;margin:.2em 0}\n"
"table{border-collapse:collapse;margin:.5em 0 .8em}caption{text-align:left;font-weight:600;"
"padding:.2em 0;caption-side:top}\n"
"th,td{border:1px solid #bbb;padding:.2em .5em;text-align:left;vertical-align:top}"
"th{background:#eef3f8}td.num{font-variant-numeric:tabular-nums;white-space:nowrap}\n"
"p.para{margin:.25em 0}p.para b{display:inline-block;min-width:5.5em}\n"
".warn{background:#fff4e0;border-left:4px solid #d55e00;padding:.3em .6em;margin:.4em 0}\n"
".method,.note{color:#333;font-size:.92em;margin:.2em 0 .8em}\n"
"pre{background:#f6f6f6;padding:.5em;overflow-x:auto;font-size:13px;line-height:1.3}\n"
"figure.chart{margin:.5em 0}svg.chart{max-width:100%;height:auto;font:12px sans-serif}\n"
"svg .title{font-weight:600;font-size:13px}svg .grid{stroke:#ddd}"
"svg .axis{font-size:12px}svg .ci{stroke-width:1.5}svg .line{stroke-width:2}\n"
"svg .tick,svg .legend{fill:#222}\n"
"@media print{body{max-width:none;font-size:11pt}nav,.data{display:none}"
"section,figure,table{break-inside:avoid}h2{break-after:avoid}}\n";

/* ---- the head and the header ------------------------------------------------------ */

static void page_head(FILE *f, const struct html_page *p)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'\">\n<meta name=\"viewport\" content=\"width=device-width, "
	      "initial-scale=1\">\n<meta name=\"generator\" content=\"tickstat " TICKBENCH_VERSION
	      "\">\n<title>tickbench report:", f);
	for (int i = 0; i < p->nlogs; i++) {
		fputc(' ', f);
		html_text(f, log_name(p->logs[i]));
	}
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", style);
}

static void made_line(FILE *f, const struct html_page *p)
{
	char when[64];
	time_t now = time(NULL);
	struct tm tm;
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M UTC", gmtime_r(&now, &tm));
	fputs("<p class=\"made\">From ", f);
	for (int i = 0; i < p->nlogs; i++) {
		fputs(i ? ", <code>" : "<code>", f);
		html_text(f, log_name(p->logs[i]));
		fputs("</code>", f);
	}
	fprintf(f, "; made by tickstat %s on %s. Its records are inside it (<a href=\"#data\">"
		"The data</a>): <code>tickstat report</code> and <code>tickstat check</code> read "
		"this file as they read the logs.</p>\n", TICKBENCH_VERSION, when);
}

/* The first lines of the terminal's page, up to its first blank line, of each column:
 * the logs, records and boots, the command line. */
static void column_headers(FILE *f, const struct html_page *p)
{
	for (int i = 0; i < p->ncol; i++) {
		const char *text = p->col[i].host ? p->col[i].host : "";
		const char *end = strstr(text, "\n\n");
		fputs("<p class=\"made\">", f);
		if (p->ncol > 1) {
			html_column_name(f, &p->col[i]);
			fputs(": ", f);
		}
		char *head = strndup(text, end ? (size_t)(end - text) : strlen(text));
		for (char *line = head, *nl; line && *line; line = nl ? nl + 1 : line + strlen(line)) {
			nl = strchr(line, '\n');
			if (nl)
				*nl = 0;
			html_text(f, line);
			fputs(nl ? "<br>" : "", f);
		}
		free(head);
		fputs("</p>\n", f);
	}
}

static void nav(FILE *f, char *const *bodies)
{
	fputs("<nav><ol>", f);
	for (size_t i = 0; i < NSECTIONS; i++)
		if (bodies[i])
			fprintf(f, "<li><a href=\"#%s\">%s</a></li>", sections[i].id,
				sections[i].heading);
	fputs("<li><a href=\"#data\">The data</a></li></ol></nav>\n", f);
}

/* ---- the sections -------------------------------------------------------------- */

/* Each section's body, or NULL where it has nothing. */
static bool write_bodies(struct html_page *p, char **bodies)
{
	for (size_t i = 0; i < NSECTIONS; i++) {
		size_t len = 0;
		FILE *m = open_memstream(&bodies[i], &len);
		if (!m)
			return false;
		p->f = m;
		sections[i].write(p);
		if (fclose(m))
			return false;
		if (!len) {
			free(bodies[i]);
			bodies[i] = NULL;
		}
	}
	return true;
}

static void data_section(FILE *f, const struct html_page *p)
{
	fputs("<section id=\"data\" class=\"data\"><h2>The data</h2>\n<p>Every intact record of "
	      "the logs above, as in the log, one a line: <code>tickstat report</code>, "
	      "<code>check</code> and the rest read this file's logs by their names. A record "
	      "an HTML page cannot carry as it is (one holding <code>&lt;/script</code> or "
	      "<code>&lt;!--</code>) is left out, and said.</p>\n", f);
	html_logs_write(f, p->logs, p->nlogs);
	fputs("</section>\n", f);
}

static void page(FILE *f, struct html_page *p, char **bodies)
{
	page_head(f, p);
	fputs("<header><h1>tickbench report</h1>\n", f);
	made_line(f, p);
	column_headers(f, p);
	nav(f, bodies);
	fputs("</header>\n<main>\n", f);
	for (size_t i = 0; i < NSECTIONS; i++)
		if (bodies[i])
			fprintf(f, "<section id=\"%s\"><h2>%s</h2>\n%s</section>\n", sections[i].id,
				sections[i].heading, bodies[i]);
	data_section(f, p);
	fputs("</main>\n</body>\n</html>\n", f);
}

/* The whole page to path, or nothing: a page cut short (a full disk) is removed,
 * where it is a file (never a device: /dev/full). */
static int write_file(const char *path, const char *data, size_t len)
{
	struct stat st;
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "tickstat: report: cannot write %s: %s\n", path, strerror(errno));
		return 2;
	}
	errno = 0;
	bool regular = !fstat(fileno(f), &st) && S_ISREG(st.st_mode);
	bool ok = fwrite(data, 1, len, f) == len && fflush(f) == 0 &&
		  (!regular || fsync(fileno(f)) == 0);
	int err = errno;
	ok = (fclose(f) == 0) && ok;
	if (ok)
		return 0;
	fprintf(stderr, "tickstat: report: cannot write %s: %s\n", path,
		strerror(err ? err : errno ? errno : EIO));
	if (regular)
		unlink(path);
	return 2;
}

/* The page to path: 0, or 2 with the reason on standard error. */
static int html_write(struct html_page *p, const char *path)
{
	char *bodies[NSECTIONS] = { 0 }, *text = NULL;
	size_t len = 0;
	int rc = 2;
	FILE *m = open_memstream(&text, &len);
	if (m && write_bodies(p, bodies)) {
		page(m, p, bodies);
		if (fclose(m) == 0)
			rc = write_file(path, text, len);
		m = NULL;
	}
	if (m)
		fclose(m);
	if (rc == 2 && !text)
		fprintf(stderr, "tickstat: report: out of memory for the page\n");
	for (size_t i = 0; i < NSECTIONS; i++)
		free(bodies[i]);
	free(text);
	return rc;
}

/* ---- the columns ------------------------------------------------------------------ */

static bool one_column(struct html_page *p, struct report *r, char **logs, int n, int *rc)
{
	struct log_report rep = { 0 };
	struct html_column *c = &p->col[p->ncol++];
	*rc = read_logs(logs, n, report_take, r, &rep);
	r->logs = n;
	c->r = r, c->logs = logs, c->nlogs = n;
	return *rc < 2;
}

static bool machine_columns(struct html_page *p, struct mgroup *g, int ng, char **logs, int *rc)
{
	*rc = machine_reports(g, ng, logs, p->ci);
	for (int i = 0; i < ng && *rc < 2; i++) {
		struct html_column *c = &p->col[p->ncol++];
		snprintf(c->key, sizeof(c->key), "%s", g[i].key);
		c->group = &g[i], c->r = g[i].rep, c->nlogs = g[i].nlogs;
		if (!(c->logs = calloc((size_t)g[i].nlogs + 1, sizeof(char *))))
			return false;
		for (int k = 0; k < g[i].nlogs; k++)
			c->logs[k] = logs[g[i].logs[k]];
	}
	return *rc < 2;
}

struct machines_args { struct mgroup *g; int ng, baseline, ci; };

static void print_machines(void *arg)
{
	struct machines_args *m = arg;
	machines_print(m->g, m->ng, m->baseline, m->ci);
}

struct os_args { struct os_adds *a; int ci; };

static void print_os(void *arg)
{
	struct os_args *o = arg;
	os_adds_print(o->a, o->ci);
}

/* tickbench-linux's logs, paths[bare .. n), read beside the bare ones (quietly). */
static int os_column(struct html_page *p, char **paths, int n, int bare)
{
	struct log_report quiet = { .quiet = true }, rep = { 0 };
	int rc = 0, read = bare ? bare : n;
	if (!(p->os = calloc(1, sizeof(*p->os))))
		return 2;
	for (int i = 0; i < read; i++)
		log_read(paths[i], os_adds_take, p->os, &quiet);
	if (read < n)
		rc = read_logs(paths + read, n - read, os_adds_take, p->os, &rep);
	struct os_args o = { p->os, p->ci };
	p->os_text = rc < 2 ? html_capture(print_os, &o) : NULL;
	return rc;
}

static void page_free(struct html_page *p, bool groups)
{
	for (int i = 0; i < p->ncol; i++) {
		html_column_free(&p->col[i]);
		if (groups)
			free(p->col[i].logs);
	}
	free(p->machines);
	if (p->os)
		os_adds_free(p->os);
	free(p->os);
	free(p->os_text);
}

int html_report(const char *path, char **logs, int nlogs, struct mgroup *g, int ng, int bare,
		int baseline, struct report *r)
{
	struct html_page *p = calloc(1, sizeof(*p));
	int rc = 2, os = 0, n = bare ? bare : nlogs;
	if (!p)
		return 2;
	p->ci = r->ci, p->logs = logs, p->nlogs = nlogs, p->baseline = baseline;
	bool ok = ng > 1 ? machine_columns(p, g, ng, logs, &rc) : one_column(p, r, logs, n, &rc);
	for (int i = 0; ok && i < p->ncol; i++)
		ok = html_column_fill(&p->col[i], p->col[i].logs, p->col[i].nlogs);
	if (ok && ng > 1) {
		struct machines_args m = { g, ng, baseline, p->ci };
		p->machines = html_capture(print_machines, &m);
	}
	if (ok && bare < nlogs)
		os = os_column(p, logs, nlogs, bare);
	rc = os > rc ? os : rc;
	if (ok && rc < 2)
		rc = html_write(p, path) ? 2 : rc;
	else
		rc = 2;
	page_free(p, ng > 1);
	if (ng > 1)
		machine_reports_free(g, ng);
	free(p);
	return rc;
}
