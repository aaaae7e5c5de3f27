/* The answer and the details on the page (html_page.h): lib's answer as it came, its
 * lines (paragraphs: "CPU", "warning", ...) and its tables' rows, laid out as HTML;
 * with several columns, a table per kind of lib's tables, a row per row and column
 * of theirs and a column per machine, the cells lib's own text. */
#include "html_page.h"
#include "svg.h"

#include <stdlib.h>
#include <string.h>

/* ---- a column's answer, captured ---------------------------------------------------- */

static struct html_event *new_event(struct html_column *c)
{
	if (c->nev == c->cap_ev) {
		int cap = c->cap_ev ? c->cap_ev * 2 : 64;
		struct html_event *more = realloc(c->ev, (size_t)cap * sizeof(*more));
		if (!more)
			return NULL;
		c->ev = more, c->cap_ev = cap;
	}
	struct html_event *e = &c->ev[c->nev++];
	memset(e, 0, sizeof(*e));
	return e;
}

/* Every line but the text code's (the end screen's headline verdicts). */
static void say_event(void *ctx, enum answer_kind kind, const char *line)
{
	if ((kind & ANSWER_KIND) == ANSWER_SUMMARY)
		return;
	struct html_event *e = new_event(ctx);
	if (e)
		e->kind = kind, e->text = strdup(line);
}

static void row_event(void *ctx, enum answer_kind kind, const char *label,
		      const char *const *cells, int n)
{
	struct html_event *e = new_event(ctx);
	if (!e || !(e->cells = calloc((size_t)n + 1, sizeof(char *))))
		return;
	e->kind = kind, e->row = true, e->text = strdup(label), e->ncells = n;
	for (int i = 0; i < n; i++)
		e->cells[i] = strdup(cells[i]);
}

static bool column_blocks_fill(struct html_column *c);

struct terminal { struct report *r; char **names; int n; };

static void print_terminal(void *arg)
{
	struct terminal *t = arg;
	report_print(t->r, t->names, t->n);
}

/* The terminal's page less its header and lib's lines (as many as the events: a
 * row is a line there). */
static char *host_part(char *page, int answer_lines)
{
	char *p = strstr(page, "\n\n");
	p = p ? p + 2 : page + strlen(page);
	for (int i = 0; i < answer_lines && *p; i++) {
		char *nl = strchr(p, '\n');
		p = nl ? nl + 1 : p + strlen(p);
	}
	return p;
}

bool html_column_fill(struct html_column *c, char **names, int nlogs)
{
	struct terminal t = { c->r, names, nlogs };
	int lines = 0;
	c->host = html_capture(print_terminal, &t);
	answer_print_rows(c->r, say_event, row_event, NULL, c);
	for (int i = 0; i < c->nev; i++)
		lines++;
	if (c->host) {           /* the header kept, lib's lines out */
		char *host = host_part(c->host, lines), *blank = strstr(c->host, "\n\n");
		size_t head = blank ? (size_t)(blank - c->host) + 2 : 0;
		memmove(c->host + head, host, strlen(host) + 1);
	}
	return c->host != NULL && column_blocks_fill(c);
}

void html_column_free(struct html_column *c)
{
	for (int i = 0; i < c->nev; i++) {
		for (int k = 0; k < c->ev[i].ncells; k++)
			free(c->ev[i].cells[k]);
		free(c->ev[i].cells);
		free(c->ev[i].text);
	}
	free(c->ev);
	free(c->blocks);
	free(c->host);
}

/* ---- blocks: paragraphs, lines and tables ----------------------------------------- */

static enum answer_kind kind_of(const struct html_event *e) { return e->kind & ANSWER_KIND; }

/* lib's "%-8s" head before a paragraph's text at column 9 ("warning  an ..."):
 * its length, or 0. */
static size_t lib_head(const char *line)
{
	size_t n = strcspn(line, " ");
	return n && n < 8 && strlen(line) > 9 && line[7] == ' ' && line[8] == ' ' &&
	       line[9] != ' ' ? n : 0;
}

/* A block from event i into b; returns the event after it. */
static int block_at(const struct html_column *c, int i, struct html_block *b)
{
	const struct html_event *e = &c->ev[i];
	int k = i;
	memset(b, 0, sizeof(*b));
	b->from = i, b->kind = kind_of(e);
	while (k < c->nev && !c->ev[k].row && (c->ev[k].kind & ANSWER_HEAD))
		k++;
	if (k < c->nev && c->ev[k].row) {       /* title lines, then the rows */
		b->style = BLOCK_TABLE, b->head = k;
		for (k++; k < c->nev && c->ev[k].row && !(c->ev[k].kind & ANSWER_HEAD); k++)
			;
		const char *title = b->head > i ? c->ev[i].text : "";
		snprintf(b->name, sizeof(b->name), "%s|%.*s", c->ev[b->head].text,
			 (int)strcspn(title, ",("), title);
		return b->to = k;
	}
	size_t head = lib_head(e->text), colon = strcspn(e->text, ":");
	bool titled = k > i;                    /* head lines with no table: a part's title */
	for (k = titled ? k : i + 1; k < c->nev && !c->ev[k].row && !(c->ev[k].kind & ANSWER_HEAD) &&
	     c->ev[k].text[0] == ' ' && kind_of(&c->ev[k]) == b->kind; k++)
		;
	if (!titled && (head || (k == i + 1 && e->text[colon] && colon < 40))) {
		b->style = BLOCK_PARA;
		snprintf(b->name, sizeof(b->name), "%.*s", (int)(head ? head : colon), e->text);
	} else {
		b->style = BLOCK_PRE;
		snprintf(b->name, sizeof(b->name), "%.40s", e->text);
	}
	return b->to = k;
}

/* The column's blocks, each keyed by its kind, name and how many came before. */
static bool column_blocks_fill(struct html_column *c)
{
	c->blocks = calloc((size_t)c->nev + 1, sizeof(*c->blocks));
	if (!c->blocks)
		return false;
	for (int i = 0; i < c->nev; c->nblocks++) {
		struct html_block *b = &c->blocks[c->nblocks];
		int same = 0;
		i = block_at(c, i, b);
		for (int j = 0; j < c->nblocks; j++)
			same += !strcmp(c->blocks[j].name, b->name) && c->blocks[j].kind == b->kind;
		snprintf(b->key, sizeof(b->key), "%d %d %s", b->kind, same, b->name);
	}
	return true;
}

static bool wanted(const struct html_block *b, bool details)
{
	if (b->style != BLOCK_TABLE && (!strncmp(b->name, "=====", 5) ||
					 !strcmp(b->name, "tickbench")))
		return false;    /* the answer's banner, the details' opening: the headings */
	return details ? b->kind == ANSWER_DETAIL :
	       b->kind == ANSWER_MAIN || b->kind == ANSWER_VERDICT || b->kind == ANSWER_WARNING;
}

/* A paragraph's text without its head, its lines joined; a block of lines as they are. */
static void block_text(FILE *f, const struct html_column *c, const struct html_block *b)
{
	if (b->style == BLOCK_PRE) {
		for (int i = b->from; i < b->to; i++) {
			html_text(f, c->ev[i].text);
			fputc('\n', f);
		}
		return;
	}
	const char *rest = c->ev[b->from].text + strlen(b->name);
	html_text(f, rest + strspn(rest, ": "));
	for (int i = b->from + 1; i < b->to; i++) {
		fputc(' ', f);
		html_text(f, c->ev[i].text + strspn(c->ev[i].text, " "));
	}
}

static void para_write(FILE *f, const struct html_column *c, const struct html_block *b)
{
	if (b->style == BLOCK_PRE) {
		fputs("<pre class=\"lib\">", f);
		block_text(f, c, b);
		fputs("</pre>\n", f);
		return;
	}
	fputs(b->kind == ANSWER_WARNING ? "<div class=\"warn\"><b>" : "<p class=\"para\"><b>", f);
	html_text(f, b->name);
	fputs(c->ev[b->from].text[strlen(b->name)] == ':' ? ":</b> " : "</b> ", f);
	block_text(f, c, b);
	fputs(b->kind == ANSWER_WARNING ? "</div>\n" : "</p>\n", f);
}

static bool numeric(const char *s)
{
	s += (*s == '+' || *s == '-');
	return *s >= '0' && *s <= '9';
}

static void cell(FILE *f, const char *tag, const char *text)
{
	fprintf(f, "<%s%s>", tag, !strcmp(tag, "td") && numeric(text) ? " class=\"num\"" : "");
	html_text(f, text);
	fprintf(f, "</%s>", tag);
}

static void title_text(FILE *f, const struct html_column *c, const struct html_block *b)
{
	for (int i = b->from; i < b->head; i++) {
		if (i > b->from)
			fputc(' ', f);
		html_text(f, c->ev[i].text);
	}
}

static void table_write(FILE *f, const struct html_column *c, const struct html_block *b)
{
	const struct html_event *h = &c->ev[b->head];
	fprintf(f, "<table class=\"answer\" data-kind=\"%d\">\n", b->kind);
	if (b->head > b->from) {
		fputs("<caption>", f);
		title_text(f, c, b);
		fputs("</caption>\n", f);
	}
	fputs("<thead><tr>", f);
	cell(f, "th", h->text);
	for (int k = 0; k < h->ncells; k++)
		cell(f, "th", h->cells[k]);
	fputs("</tr></thead>\n<tbody>\n", f);
	for (int i = b->head + 1; i < b->to; i++) {
		fputs("<tr>", f);
		cell(f, "th", c->ev[i].text);
		for (int k = 0; k < c->ev[i].ncells; k++)
			cell(f, "td", c->ev[i].cells[k]);
		fputs("</tr>\n", f);
	}
	fputs("</tbody></table>\n", f);
}

/* One column: its blocks as they came. */
static void column_write(FILE *f, const struct html_column *c, bool details)
{
	for (int i = 0; i < c->nblocks; i++) {
		const struct html_block *b = &c->blocks[i];
		if (!wanted(b, details))
			continue;
		if (b->style == BLOCK_TABLE)
			table_write(f, c, b);
		else
			para_write(f, c, b);
	}
}

/* ---- several columns: one table per kind of block --------------------------------- */

static const struct html_block *find_block(const struct html_column *c, const char *key)
{
	for (int i = 0; i < c->nblocks; i++)
		if (!strcmp(c->blocks[i].key, key))
			return &c->blocks[i];
	return NULL;
}

static bool key_seen(const struct html_page *p, int col, const char *key)
{
	for (int j = 0; j < col; j++)
		if (find_block(&p->col[j], key))
			return true;
	return false;
}

static void column_heads(FILE *f, const struct html_page *p, const char *corner)
{
	fputs("<thead><tr>", f);
	cell(f, "th", corner);
	for (int i = 0; i < p->ncol; i++) {
		fputs("<th>", f);
		html_column_name(f, &p->col[i]);
		fputs("</th>", f);
	}
	fputs("</tr></thead>\n", f);
}

/* The paragraphs of one key: a row, each column's text a cell. */
static void para_row(FILE *f, const struct html_page *p, const struct html_block *b0)
{
	fputs("<tr>", f);
	cell(f, "th", b0->name);
	for (int i = 0; i < p->ncol; i++) {
		const struct html_block *b = find_block(&p->col[i], b0->key);
		fputs(b0->kind == ANSWER_WARNING ? "<td class=\"warn\">" : "<td>", f);
		if (b && b->style == BLOCK_PRE)
			fputs("<pre class=\"lib\">", f);
		if (b)
			block_text(f, &p->col[i], b);
		else
			fputs("-", f);
		if (b && b->style == BLOCK_PRE)
			fputs("</pre>", f);
		fputs("</td>", f);
	}
	fputs("</tr>\n", f);
}

/* The cell of a row label and a column head in one column's table of key, or NULL. */
static const char *cell_of(const struct html_column *c, const char *key, const char *label,
			   const char *head)
{
	const struct html_block *b = find_block(c, key);
	if (!b)
		return NULL;
	const struct html_event *h = &c->ev[b->head];
	for (int k = 0; k < h->ncells; k++) {
		if (strcmp(h->cells[k], head))
			continue;
		for (int i = b->head + 1; i < b->to; i++)
			if (!strcmp(c->ev[i].text, label) && k < c->ev[i].ncells)
				return c->ev[i].cells[k];
	}
	return NULL;
}

static bool cell_seen(const struct html_page *p, int col, const char *key, const char *label,
		      const char *head)
{
	for (int j = 0; j < col; j++)
		if (cell_of(&p->col[j], key, label, head))
			return true;
	return false;
}

/* Some column has a figure there (not "-"): a row of none is left out. */
static bool any_figure(const struct html_page *p, const char *key, const char *label,
		       const char *head)
{
	for (int i = 0; i < p->ncol; i++) {
		const char *v = cell_of(&p->col[i], key, label, head);
		if (v && strcmp(v, "-"))
			return true;
	}
	return false;
}

/* A row per row and column of the columns' tables, in order of first appearance. */
static void pivot_rows(FILE *f, const struct html_page *p, const char *key)
{
	for (int col = 0; col < p->ncol; col++) {
		const struct html_column *c = &p->col[col];
		const struct html_block *b = find_block(c, key);
		for (int row = b ? b->head + 1 : 0; b && row < b->to; row++)
			for (int k = 0; k < c->ev[b->head].ncells; k++) {
				const char *label = c->ev[row].text, *head = c->ev[b->head].cells[k];
				char name[256];
				if (cell_seen(p, col, key, label, head) || !any_figure(p, key, label, head))
					continue;
				snprintf(name, sizeof(name), "%s%s%s", label, label[0] ? ", " : "", head);
				fputs("<tr data-label=\"", f);
				html_text(f, label);
				fputs("\" data-head=\"", f);
				html_text(f, head);
				fputs("\">", f);
				cell(f, "th", name);
				for (int i = 0; i < p->ncol; i++) {
					const char *v = cell_of(&p->col[i], key, label, head);
					cell(f, "td", v ? v : "-");
				}
				fputs("</tr>\n", f);
			}
	}
}

/* Each column's title of a table (its method and runs may differ). */
static void pivot_caption(FILE *f, const struct html_page *p, const char *key)
{
	fputs("<caption>", f);
	for (int i = 0; i < p->ncol; i++) {
		const struct html_block *b = find_block(&p->col[i], key);
		if (!b || b->head == b->from)
			continue;
		fputs("<b>", f);
		html_text(f, p->col[i].key);
		fputs("</b>: ", f);
		title_text(f, &p->col[i], b);
		fputs("<br>", f);
	}
	fputs("</caption>\n", f);
}

static void columns_write(FILE *f, const struct html_page *p, bool details)
{
	bool paras = false;
	for (int col = 0; col < p->ncol; col++)         /* the paragraphs, one table */
		for (int i = 0; i < p->col[col].nblocks; i++) {
			const struct html_block *b = &p->col[col].blocks[i];
			if (b->style == BLOCK_TABLE || !wanted(b, details) || key_seen(p, col, b->key))
				continue;
			if (!paras)
				fputs("<table class=\"answer columns paras\">\n", f), column_heads(f, p, "");
			paras = true;
			para_row(f, p, b);
		}
	if (paras)
		fputs("</table>\n", f);
	for (int col = 0; col < p->ncol; col++)         /* then a table per table */
		for (int i = 0; i < p->col[col].nblocks; i++) {
			const struct html_block *b = &p->col[col].blocks[i];
			if (b->style != BLOCK_TABLE || !wanted(b, details) || key_seen(p, col, b->key))
				continue;
			fprintf(f, "<table class=\"answer columns\" data-kind=\"%d\">\n", b->kind);
			pivot_caption(f, p, b->key);
			column_heads(f, p, p->col[col].ev[b->head].text);
			pivot_rows(f, p, b->key);
			fputs("</table>\n", f);
		}
}

/* ---- the sections -------------------------------------------------------------------- */

/* The details' paragraph on how each figure is made, under the answer's tables. */
static void method_note(FILE *f, const struct html_column *c)
{
	for (int i = 0; i < c->nblocks; i++) {
		const struct html_block *b = &c->blocks[i];
		if (b->style != BLOCK_PARA || b->kind != ANSWER_DETAIL || strcmp(b->name, "figures"))
			continue;
		fputs("<p class=\"method\">How each figure is made: ", f);
		block_text(f, c, b);
		fputs("</p>\n", f);
		return;
	}
}

/* lib's answer (or its details): one column's as it came, several side by side. */
static bool lib_part(struct html_page *p, bool details)
{
	if (p->ncol == 1)
		column_write(p->f, &p->col[0], details);
	else if (p->ncol > 1)
		columns_write(p->f, p, details);
	return p->ncol > 0;
}

void html_answer(struct html_page *p)
{
	if (lib_part(p, false))
		method_note(p->f, &p->col[0]);
}

void html_details(struct html_page *p)
{
	static const char *const notes[] = { "note", NULL };
	if (lib_part(p, true))
		html_text_blocks(p, notes);
}

/* ---- the terminal's text blocks, under their columns ---------------------------------- */

static bool starts_any(const char *line, const char *const *titles)
{
	for (int i = 0; titles[i]; i++)
		if (!strncmp(line, titles[i], strlen(titles[i])))
			return true;
	return false;
}

/* The blocks of one column's text whose first line starts with a title. */
static void column_blocks(FILE *f, const struct html_page *p, int col, const char *const *titles,
			  bool *any)
{
	const char *t = p->col[col].host;
	const char *body = t ? strstr(t, "\n\n") : NULL;
	for (const char *b = body ? body + 2 : "", *end; *b; b = end + (*end != 0)) {
		b += strspn(b, "\n");
		end = strstr(b, "\n\n");
		end = end ? end + 1 : b + strlen(b);
		if (!*b || !starts_any(b, titles))
			continue;
		if (!*any && p->ncol > 1) {
			fputs("<h3>", f);
			html_column_name(f, &p->col[col]);
			fputs("</h3>\n", f);
		}
		*any = true;
		char *text = strndup(b, (size_t)(end - b));
		fputs("<pre class=\"terminal\">", f);
		html_text(f, text ? text : "");
		fputs("</pre>\n", f);
		free(text);
	}
}

void html_text_blocks(struct html_page *p, const char *const *titles)
{
	for (int i = 0; i < p->ncol; i++) {
		bool any = false;
		column_blocks(p->f, p, i, titles, &any);
	}
}

void html_machines(struct html_page *p)
{
	if (!p->machines || p->ncol < 2)
		return;
	html_note(p->f, "Each headline figure of each machine, with its interval, and its "
		  "difference to the baseline machine with the verdict, as tickstat report "
		  "prints them:");
	fputs("<pre class=\"terminal\">", p->f);
	html_text(p->f, p->machines);
	fputs("</pre>\n", p->f);
}
