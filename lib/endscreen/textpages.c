/* The end screen's text pages (see textpages.h). */
#include "textpages.h"
#include "lib.h"

size_t textpages_fold(const char *s, size_t cols)
{
	size_t n = strlen(s);
	if (n <= cols)
		return n;
	for (size_t i = cols; i > 0; i--)
		if (s[i] == ' ')
			return i;
	return cols;
}

unsigned textpages_rows(const char *s, unsigned cols)
{
	unsigned rows = 0;
	do {
		size_t room = rows && cols > TEXTPAGES_INDENT ? cols - TEXTPAGES_INDENT : cols;
		s += textpages_fold(s, room ? room : 1);
		while (*s == ' ')
			s++;
		rows++;
	} while (*s);
	return rows;
}

/* The head that line i goes on with: [*head, *end) of the table i is a row of, or
 * false when i is a head, or no head of its group comes before it in its section. */
static bool head_of(const struct textline *l, unsigned i, unsigned *head, unsigned *end)
{
	if (l[i].head)
		return false;
	unsigned j = i;
	while (j > 0 && !l[j].section && !l[j - 1].head && l[j - 1].group == l[i].group)
		j--;
	if (j == 0 || l[j].section || l[j - 1].group != l[i].group)
		return false;
	*end = j;
	while (j > 0 && !l[j].section && l[j - 1].head && l[j - 1].group == l[i].group)
		j--;
	*head = j;
	return true;
}

static unsigned rows_of(const struct textline *l, unsigned from, unsigned to, unsigned cols)
{
	unsigned rows = 0;
	for (unsigned i = from; i < to; i++)
		rows += textpages_rows(l[i].text, cols);
	return rows;
}

/* The rows of the section that line i starts. */
static unsigned section_rows(const struct textline *l, unsigned n, unsigned i, unsigned cols)
{
	unsigned j = i + 1;
	while (j < n && !l[j].section)
		j++;
	return rows_of(l, i, j, cols);
}

/* A table's head and its first row: the rows they take together. */
static unsigned head_and_row(const struct textline *l, unsigned n, unsigned i, unsigned cols)
{
	unsigned j = i + 1;
	while (j < n && l[j].head && l[j].group == l[i].group && !l[j].section)
		j++;
	if (j < n && l[j].group == l[i].group && !l[j].section)
		j++;
	return rows_of(l, i, j, cols);
}

/* Does line i start the next page, used rows of this one taken? When it does not
 * fit, or starts a table or a section that would fit a page whole but not here. */
static bool breaks_before(const struct textline *l, unsigned n, unsigned i, unsigned used,
			  unsigned cols, unsigned rows)
{
	unsigned whole = 0;
	if (l[i].head && !(i > 0 && l[i - 1].head && l[i - 1].group == l[i].group))
		whole = head_and_row(l, n, i, cols);
	if (l[i].section && section_rows(l, n, i, cols) > whole)
		whole = section_rows(l, n, i, cols);
	if (whole && used + whole > rows && whole <= rows)
		return true;
	return used + textpages_rows(l[i].text, cols) > rows;
}

/* A break before line i that would leave a table's head last on the page moves
 * before the head, when the head and its first row fit a page. */
static unsigned keep_head(const struct textline *l, unsigned n, unsigned first, unsigned i,
			  unsigned cols, unsigned rows)
{
	unsigned h = i;
	if (i == n)
		return i;
	while (h > first && !l[h].section && l[h - 1].head && l[h - 1].group == l[i].group)
		h--;
	return h > first && !l[i].section && h < i && head_and_row(l, n, h, cols) <= rows ? h : i;
}

/* One page from line p->first on: as many lines as fit below the repeated head (the
 * first always, clipped if taller than the page). */
static void fill(const struct textline *l, unsigned n, unsigned cols, unsigned rows,
		 struct textpage *p)
{
	unsigned used = 0, i = p->first;
	p->room = rows;
	if (head_of(l, i, &p->head, &p->head_end))
		used = rows_of(l, p->head, p->head_end, cols);
	if (used >= rows) {             /* a head as tall as the page: not repeated */
		p->head = p->head_end = 0;
		used = 0;
	}
	for (; i < n && (i == p->first || !breaks_before(l, n, i, used, cols, rows)); i++)
		used += textpages_rows(l[i].text, cols);
	p->end = keep_head(l, n, p->first, i, cols, rows);
}

unsigned textpages_pinned_rows(const struct textline *lines, unsigned n, unsigned cols,
			       unsigned rows)
{
	unsigned pinned = 0;
	for (unsigned i = 0; i < n; i++)
		pinned += lines[i].pinned ? textpages_rows(lines[i].text, cols) : 0;
	return pinned && pinned + 1 + TEXTPAGES_ROOM <= rows ? pinned + 1 : 0;
}

bool textpages_holds_pinned(const struct textline *l, const struct textpage *p)
{
	for (unsigned i = p->head; i < p->head_end; i++)
		if (l[i].pinned)
			return true;
	for (unsigned i = p->first; i < p->end; i++)
		if (l[i].pinned)
			return true;
	return false;
}

/* The page from line `first` on: the pinned lines first where it holds none of them,
 * filled below them; else the whole page its own. */
static void fill_page(const struct textline *l, unsigned n, unsigned cols, unsigned rows,
		      unsigned pinned, struct textpage *p)
{
	unsigned first = p->first;
	fill(l, n, cols, rows - pinned, p);
	p->pinned = pinned && !textpages_holds_pinned(l, p);
	if (!pinned || p->pinned)
		return;
	struct textpage whole = { .first = first };
	fill(l, n, cols, rows, &whole);
	if (textpages_holds_pinned(l, &whole))
		*p = whole;
}

unsigned textpages_plan(const struct textline *lines, unsigned n, unsigned cols,
			unsigned rows, struct textpage *pages)
{
	unsigned count = 0;
	rows = rows ? rows : 1;
	unsigned pinned = textpages_pinned_rows(lines, n, cols, rows);
	for (unsigned i = 0; i < n && count < TEXTPAGES_MAX; count++) {
		pages[count] = (struct textpage){ .first = i };
		fill_page(lines, n, cols, rows, pinned, &pages[count]);
		i = pages[count].end;
	}
	return count;
}
