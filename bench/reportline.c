/* The report's lines and figure records (see reportline.h). */
#include "reportline.h"
#include <stdarg.h>

void report_say(enum qrscreen_text kind, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	qrscreen_vsay(kind, fmt, ap);
	va_end(ap);
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
