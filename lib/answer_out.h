/* Where the answer's lines go (lib/answer.h): the caller's function, each line of
 * a kind. */
#ifndef LIB_ANSWER_OUT_H
#define LIB_ANSWER_OUT_H

#include "lines.h"

enum answer_kind {
	ANSWER_DETAIL,                  /* the details: the full report only */
	ANSWER_MAIN,                    /* the answer */
	ANSWER_VERDICT,                 /* the answer's verdict table */
	ANSWER_SUMMARY,                 /* a headline verdict (the end screen's text code) */
};
typedef void answer_say_fn(void *ctx, enum answer_kind kind, const char *line);

struct answer_out {
	answer_say_fn *say;
	void *ctx;
	enum answer_kind kind;          /* of the lines said now */
};

/* One line of the current kind (trailing spaces cut). */
void answer_say(struct answer_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A wrapping line (lib/lines.h) that ends in the current kind. */
void answer_line_start(struct answer_out *o, struct line *l, const char *text, int indent);

#endif
