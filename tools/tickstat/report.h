/* tickstat report: the one-page answer from one or more logs (docs/TICKSTAT.md,
 * "Report"). The figures, and the lines the kernel also prints, are lib/'s answer
 * (lib/answer/answer.h: gathered record by record, printed with its details); tickstat
 * adds what needs the host on the same structures: several logs and boots pooled
 * (boots.h), the paired shift and the clusters, periodic against one-shot, 1
 * against N CPUs, direct against indirect, the work models and ftq's spectrum
 * (report_print.c, report_work.c), several machines (machines.h). */
#ifndef TICKSTAT_REPORT_H
#define TICKSTAT_REPORT_H

#include <stdbool.h>
#include "answer.h"
#include "boots.h"
#include "figure_double.h"
#include "lines.h"
#include "stats.h"

#define R_WIDTH LINES_WIDTH

/* A line of the page to standard output (lib/answer/lines.h's function). */
void stdout_line(void *ctx, const char *line);

/* report_print.c: the page: the logs, then lib's answer, then the host's sections. */
void report_print(struct report *r, char **logs, int nlogs);
/* "    WHAT: +0.84 % +/- 0.06 % of the CPU (95 %, 1 boot x 10 runs, t over runs)", or
 * "    WHAT: no difference proven (needed: 1 boot x 37 runs): +0.01 % +/- 0.03 %
 * (...)": mean(b) - mean(a) of two sets of shares (ppm), the test of the answer's
 * verdicts (lib/answer/estimate.h's verdict_of); boot_cost as boot_cost() gives it. */
void print_share_verdict(const char *what, const struct dataset *a, const struct dataset *b,
			 double boot_cost, int ci);
/* report_work.c: the work models, misses per tick, ftq and the 1 % crossing. */
void report_print_work(struct report *r);
/* The tick_data_kib at which the share of the CPU crosses ppm, interpolated
 * linearly between the two points of kib[], share[] (n points, kib ascending)
 * that bracket it. Returns 0 when found, -1 when the first point already crosses
 * it, 1 when no point does. */
int share_crossing(const double *kib, const double *share, size_t n, double ppm, double *at);

#endif
