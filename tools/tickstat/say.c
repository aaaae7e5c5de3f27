/* A report section's sentences, wrapped (say.h). */
#include "say.h"
#include "lines.h"
#include "report.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* A figure kept whole where say() wraps: its spaces as unit separators. */
char *whole(char *figure)
{
	for (char *c = figure; *c; c++)
		*c = *c == ' ' ? '\x1f' : *c;
	return figure;
}

/* A sentence wrapped at 80 columns between its words (figures whole()); the lines
 * after the first indented by indent. */
void say(int indent, const char *fmt, ...)
{
	char text[1024], *save = NULL;
	struct line l;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	size_t lead = strspn(text, " ");
	if (!text[lead])
		return;
	for (char *w = strtok_r(text + lead, " ", &save), *first = w; w;
	     w = strtok_r(NULL, " ", &save)) {
		for (char *c = w; *c; c++)
			*c = *c == '\x1f' ? ' ' : *c;
		if (w == first) {
			char head[1024];
			snprintf(head, sizeof(head), "%.*s%s", (int)lead, "        ", w);
			line_start(&l, stdout_line, NULL, head, indent);
		} else {
			line_add(&l, " ", w);
		}
	}
	line_end(&l);
}
