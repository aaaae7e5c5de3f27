/* The answer's tables and paragraphs (answer_print.h's files print with them): a
 * table's head row and a row per series, each column as wide as its widest cell, or
 * each row given to the caller's row function; a paragraph folded at its words. */
#ifndef LIB_ANSWER_TABLE_H
#define LIB_ANSWER_TABLE_H

#include <stdbool.h>
#include "answer_out.h"

#define MAX_HZ     16                   /* the HZ columns of a table */
#define CELL       64

/* A table: a head row and a row per series, a label and a cell per column. */
struct table {
	int columns, rows, label;
	int widths[MAX_HZ];
	char head[MAX_HZ][CELL];
	char (*cells)[MAX_HZ][CELL];    /* cells[row][column] */
	char (*labels)[CELL * 2];
};

bool answer_table_new(struct table *t, int rows);
void answer_table_free(struct table *t);
void answer_table_print(struct answer_out *o, struct table *t, const char *corner);
void answer_say_words(struct line *l, const char *text);

/* "HEAD     text", the text folded at its words below the head's column. */
void answer_say_paragraph(struct answer_out *o, const char *head, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
