/* The end screen's text pages (kernel/qrscreen.c draws them): lines folded at
 * spaces into rows of a grid, a line's later rows indented, and cut into pages of a
 * number of rows. A table is never cut from its head: a page that goes on with a
 * table's rows first repeats its head, and a head never ends a page without a row
 * after it. A section (the report's answer, say) that a page holds whole starts a
 * page rather than be cut in two. Pinned lines (the verdict) stay in view: a page
 * that holds none of them shows them all first, then a blank row, where they leave
 * TEXTPAGES_ROOM rows at least. Pure arithmetic on strings, host-tested
 * (tests/unit/test_textpages.c). */
#ifndef LIB_TEXTPAGES_H
#define LIB_TEXTPAGES_H

#include <stdbool.h>
#include <stddef.h>

#define TEXTPAGES_INDENT  2             /* cells before a line's later rows */
#define TEXTPAGES_MAX     64            /* pages at most */
#define TEXTPAGES_ROOM    5             /* rows a page keeps below its pinned lines */

/* One line and where it belongs. A table is its head (one or more head lines in a
 * row) and the lines of the same group after it, up to the next head, the next
 * group or the next section. A section is its first line and those after it up to
 * the next section. */
struct textline {
	const char *text;
	unsigned group;
	bool head;
	bool section;                   /* the line starts a section */
	bool pinned;                    /* the line stays in view on every page */
};

/* Page k shows the pinned lines and a blank row where pinned, then lines [first,
 * end), after the head lines [head, head_end) of the table it goes on with (head ==
 * head_end: none), laid out in `room` rows (the page's, less the pinned lines'
 * where they were kept room for). */
struct textpage {
	unsigned first, end;
	unsigned head, head_end;
	bool pinned;
	unsigned room;
};

/* How much of s the row of cols cells that starts it takes: all of it, or up to its
 * last space within the row (a word longer than the row is cut). */
size_t textpages_fold(const char *s, size_t cols);
/* The rows s takes at cols, its later rows indented by TEXTPAGES_INDENT. */
unsigned textpages_rows(const char *s, unsigned cols);
/* The rows the pinned lines take on a page that shows them first, their blank row
 * after them included; 0 when none are, or they leave fewer than TEXTPAGES_ROOM. */
unsigned textpages_pinned_rows(const struct textline *lines, unsigned n, unsigned cols,
			       unsigned rows);
/* Does page p hold a pinned line of its own (or in the head it repeats)? */
bool textpages_holds_pinned(const struct textline *lines, const struct textpage *p);
/* The pages of lines at cols x rows, at most TEXTPAGES_MAX (the rest left out):
 * their count, 0 when there is no line. */
unsigned textpages_plan(const struct textline *lines, unsigned n, unsigned cols,
			unsigned rows, struct textpage *pages);

#endif
