/* tickstat report --html FILE (docs/TICKSTAT.md, "The HTML report"): one
 * self-contained page, the answer first, then per section the figures behind it,
 * drawn as inline SVG (svg.h), the details, and the records it was made from
 * (html_logs.c), which check and report read back.
 *
 * A column is what the terminal gives a report of its own: the logs of one machine
 * and build, pooled as boots (machines.h); several machines are columns side by
 * side in every table and series side by side in every chart. The figures are the
 * terminal's: lib's answer (its lines, its tables' cells) and the report's own
 * sections' text, captured as they would print, and the charts drawn from the
 * same structures with lib's estimators (lib/answer/estimate.h). */
#ifndef TICKSTAT_HTML_H
#define TICKSTAT_HTML_H

#include "machines.h"
#include "report.h"

/* tickstat report --html path: the page of the logs (as cmd_report has grouped
 * them: ng machine groups, the bare logs first, logs[bare ..) tickbench-linux's),
 * r the report of one machine's logs; returns report's exit status, 2 when the page
 * cannot be written. */
int html_report(const char *path, char **logs, int nlogs, struct mgroup *g, int ng, int bare,
		int baseline, struct report *r);

#endif
