/* What the report's parts (bench/report.c, shares.c, idlereport.c) have in common:
 * one line of the report, to the console and kept for the end screen (trailing
 * spaces cut); a "report" record of one figure: what kind, a name unique in the run
 * (LAVA's test case: tools/lava), its value and unit first, then the caller's
 * fields and record_emit(). */
#ifndef BENCH_REPORTLINE_H
#define BENCH_REPORTLINE_H

#include <stdint.h>
#include "qrscreen.h"
#include "record.h"

void report_say(enum qrscreen_text kind, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void report_figure_begin(struct record *r, const char *what, const char *name,
			 int64_t value, const char *unit);

#endif
