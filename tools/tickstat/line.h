/* tickstat report's lines, which wrap at R_WIDTH (report.h): items added with their
 * separator move to a new line, indented, when they would not fit; a wrapped line
 * ends with its separator's ';' or ','. */
#ifndef TICKSTAT_LINE_H
#define TICKSTAT_LINE_H

#include <stddef.h>

struct line {
	char buf[2048];
	size_t len, col;
	int indent;
};

void line_start(struct line *l, const char *text, int indent);
void line_add(struct line *l, const char *sep, const char *item);
void line_end(struct line *l);

#endif
