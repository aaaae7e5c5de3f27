/* The report's lines, which wrap at LINES_WIDTH columns between items, never inside
 * one (a figure is one item): an item that would not fit moves to a new line,
 * indented; a wrapped line ends with its separator's ';' or ','. Each finished line
 * goes to the caller's function. */
#ifndef LIB_LINES_H
#define LIB_LINES_H

#include <stddef.h>

#define LINES_WIDTH 80

typedef void lines_out_fn(void *ctx, const char *line);

struct line {
	char buf[1024];
	size_t len, col;
	int indent;
	lines_out_fn *out;
	void *ctx;
};

void line_start(struct line *l, lines_out_fn *out, void *ctx, const char *text, int indent);
void line_add(struct line *l, const char *sep, const char *item);
void line_end(struct line *l);

/* Columns a UTF-8 string takes (continuation bytes take none). */
size_t columns(const char *s);

#endif
