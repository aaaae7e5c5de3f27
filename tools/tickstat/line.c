/* Lines that wrap at R_WIDTH (line.h). */
#include "line.h"
#include "report.h"

#include <stdio.h>

void line_start(struct line *l, const char *text, int indent)
{
	l->len = (size_t)snprintf(l->buf, sizeof(l->buf), "%s", text);
	l->col = columns(l->buf);
	l->indent = indent;
}

void line_add(struct line *l, const char *sep, const char *item)
{
	/* + 1: a wrapped line ends with the separator's first character */
	if (l->col + columns(sep) + columns(item) + 1 > R_WIDTH && l->col > (size_t)l->indent) {
		printf("%s%s\n", l->buf, sep[0] == ';' || sep[0] == ',' ? (char[]){ sep[0], 0 } : "");
		l->len = (size_t)snprintf(l->buf, sizeof(l->buf), "%*s", l->indent, "");
		l->col = (size_t)l->indent;
		sep = "";
	}
	if (l->len < sizeof(l->buf))
		l->len += (size_t)snprintf(l->buf + l->len, sizeof(l->buf) - l->len, "%s%s", sep, item);
	l->col += columns(sep) + columns(item);
}

void line_end(struct line *l)
{
	if (l->col > (size_t)l->indent || l->len)
		printf("%s\n", l->buf);
	l->len = l->col = 0;
}
