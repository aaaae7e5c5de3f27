/* Where the answer's lines go (lib/answer/answer.h): the caller's function, each line of
 * a kind (the end screen's own, kernel/qrscreen.h, one for one). */
#ifndef LIB_ANSWER_OUT_H
#define LIB_ANSWER_OUT_H

#include "lines.h"

enum answer_kind {
	ANSWER_DETAIL,                  /* the details: the full report only */
	ANSWER_MAIN,                    /* the answer */
	ANSWER_VERDICT,                 /* the answer's verdict table */
	ANSWER_SUMMARY,                 /* a headline verdict (the end screen's text code) */
	ANSWER_WARNING,                 /* the answer's warnings */
	ANSWER_KIND = 0x0f,             /* the kind, less the flag: */
	ANSWER_HEAD = 0x10,             /* OR'ed: the line heads a table (its title or head
					   row), which a page that goes on with it repeats */
};
typedef void answer_say_fn(void *ctx, enum answer_kind kind, const char *line);
/* A table's row as its cells, for a caller that lays tables out itself (tickstat's
 * HTML page): the head row with ANSWER_HEAD in kind, then each row; given one, the
 * rows are not said as lines. */
typedef void answer_row_fn(void *ctx, enum answer_kind kind, const char *label,
			   const char *const *cells, int ncells);

struct answer_out {
	answer_say_fn *say;
	void *ctx;
	enum answer_kind kind;          /* of the lines said now */
	answer_row_fn *row;             /* NULL: rows are lines */
};

/* One line of the current kind (trailing spaces cut). */
void answer_say(struct answer_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A wrapping line (lib/answer/lines.h) that ends in the current kind. */
void answer_line_start(struct answer_out *o, struct line *l, const char *text, int indent);

#endif
