/* The answer's tables and paragraphs (see answer_table.h). */
#include "answer_table.h"
#include "alloc_hook.h"
#include "format.h"
#include "lib.h"

#include <stdarg.h>
/* ---- tables --------------------------------------------------------------------- */

bool answer_table_new(struct table *t, int rows)
{
	memset(t, 0, sizeof(*t));
	t->cells = heap_resize(NULL, 0, (size_t)(rows + 1) * sizeof(*t->cells));
	t->labels = heap_resize(NULL, 0, (size_t)(rows + 1) * sizeof(*t->labels));
	return t->cells && t->labels;
}

void answer_table_free(struct table *t)
{
	heap_free(t->cells), heap_free(t->labels);
}

static void print_row(struct answer_out *o, const struct table *t, const char *label,
		      const char (*cells)[CELL])
{
	char line[512];
	if (o->row) {
		const char *texts[MAX_HZ];
		for (int c = 0; c < t->columns; c++)
			texts[c] = cells[c];
		o->row(o->ctx, o->kind, label, texts, t->columns);
		return;
	}
	int n = format(line, sizeof(line), "%-*s", t->label, label);
	for (int c = 0; c < t->columns; c++)
		n += format(line + n, sizeof(line) > (size_t)n ? sizeof(line) - (size_t)n : 0,
			    "  %-*s", t->widths[c], cells[c]);
	answer_say(o, "%s", line);
}

/* The head row (its label, e.g. "timer"), then the rows. */
void answer_table_print(struct answer_out *o, struct table *t, const char *corner)
{
	for (int c = 0; c < t->columns; c++) {
		t->widths[c] = (int)strlen(t->head[c]);
		for (int r = 0; r < t->rows; r++) {
			int len = (int)strlen(t->cells[r][c]);
			t->widths[c] = len > t->widths[c] ? len : t->widths[c];
		}
	}
	t->label = (int)strlen(corner);
	for (int r = 0; r < t->rows; r++) {
		int len = (int)strlen(t->labels[r]);
		t->label = len > t->label ? len : t->label;
	}
	o->kind |= ANSWER_HEAD;
	print_row(o, t, corner, t->head);
	o->kind &= ~ANSWER_HEAD;
	for (int r = 0; r < t->rows; r++)
		print_row(o, t, t->labels[r], t->cells[r]);
}

/* The end of the word at w (up to a space or the end). */
static size_t word_length(const char *w)
{
	size_t n = 0;
	while (w[n] && w[n] != ' ')
		n++;
	return n;
}

/* A paragraph, folded at its words, after the line's start; a number stays with the
 * word after it ("95 %", "1 CPU"): no figure is cut from its unit. */
void answer_say_words(struct line *l, const char *text)
{
	char word[160];
	for (const char *w = text; *w;) {
		size_t n = word_length(w);
		const char *digit = *w == '(' || *w == '+' || *w == '-' ? w + 1 : w;
		if (*digit >= '0' && *digit <= '9' && w[n] == ' ')
			n += 1 + word_length(w + n + 1);
		format(word, sizeof(word), "%.*s", (int)n, w);
		line_add(l, l->len ? " " : "", word);
		w += n + (w[n] == ' ');
	}
	line_end(l);
}

/* "HEAD     text", the text folded at its words below the head's column. */
void answer_say_paragraph(struct answer_out *o, const char *head, const char *fmt, ...)
{
	char text[640], start[16];
	struct line l;
	va_list ap;
	va_start(ap, fmt);
	vformat(text, sizeof(text), fmt, ap);
	va_end(ap);
	format(start, sizeof(start), "%-8s", head);
	answer_line_start(o, &l, start, 9);
	answer_say_words(&l, text);
}
