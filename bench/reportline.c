/* The report's lines and figure records (see reportline.h). */
#include "reportline.h"
#include "console.h"
#include "format.h"
#include <stdarg.h>

void report_say(enum qrscreen_text kind, const char *fmt, ...)
{
	char line[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vformat(line, sizeof(line), fmt, ap);
	va_end(ap);
	while (n > 0 && line[n - 1] == ' ')
		line[--n] = 0;
	kprintf("%s\n", line);
	qrscreen_keep(kind, line);
}

void report_figure_begin(struct record *r, const char *what, const char *name,
			 int64_t value, const char *unit)
{
	record_begin(r, "report");
	record_str(r, "what", what);
	record_str(r, "name", name);
	record_i64(r, "value", value);
	record_str(r, "unit", unit);
}
