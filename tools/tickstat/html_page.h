/* The HTML report's page as its sections write it (html.c assembles it): its
 * columns, lib's answer of each as events and blocks, and what the sections share
 * (html_page.c). */
#ifndef TICKSTAT_HTML_PAGE_H
#define TICKSTAT_HTML_PAGE_H

#include <stdbool.h>
#include <stdio.h>
#include "machines.h"
#include "os_vs_bare.h"
#include "report.h"
#include "tickstat.h"

/* lib's answer of a column as it came: lines and table rows, in order. */
struct html_event {
	enum answer_kind kind;
	bool row;                        /* a table row (cells), else a line */
	char *text;                      /* the line, or the row's label */
	char **cells;
	int ncells;
};

/* Lines and rows of lib's answer, grouped: a paragraph ("warning  text", its later
 * lines indented), lines kept as they are, or a table (its title lines, head row,
 * rows); key: what the same block of another column has. */
enum html_block_style { BLOCK_PARA, BLOCK_PRE, BLOCK_TABLE };
struct html_block {
	enum html_block_style style;
	enum answer_kind kind;
	int from, to, head;              /* events [from, to); a table's head row */
	char name[64];                   /* a paragraph's head ("CPU", "reads (ns)") */
	char key[128];
};

struct html_column {
	char key[16];                    /* "M1"; "" for the only column */
	const struct mgroup *group;      /* its machine (NULL: one column of logs) */
	struct report *r;
	char **logs;
	int nlogs;
	struct html_event *ev;           /* lib's answer */
	int nev, cap_ev;
	struct html_block *blocks;
	int nblocks;
	char *host;                      /* the terminal's sections after the answer */
};

struct html_page {
	FILE *f;                         /* the section being written */
	int ci;
	char **logs;                     /* every log given, in order */
	int nlogs;
	struct html_column col[M_MAX_GROUPS];
	int ncol;
	int baseline;
	char *machines;                  /* the table across machines (several) */
	struct os_adds *os;              /* tickbench-linux's logs, or NULL */
	char *os_text;
};

/* Gather a column's answer (lib's lines and rows) and the terminal's text. */
bool html_column_fill(struct html_column *c, char **names, int nlogs);
void html_column_free(struct html_column *c);

/* What fn(arg) prints to standard output, as a string (malloc'd; NULL when it
 * cannot). */
char *html_capture(void (*fn)(void *), void *arg);

/* Sections (html_answer.c, html_figures.c, html_hists.c, html_more.c,
 * html_anatomy.c). */
void html_answer(struct html_page *p);
void html_details(struct html_page *p);
void html_shares(struct html_page *p);
void html_timers(struct html_page *p);
void html_holes(struct html_page *p);
void html_direct(struct html_page *p);
void html_cpus(struct html_page *p);
void html_idle(struct html_page *p);
void html_osadds(struct html_page *p);
void html_anatomy(struct html_page *p);
void html_machines(struct html_page *p);
void html_latency_cdf(struct html_page *p);     /* in html_timers */

/* "ns", or "TSC cycles" where a column's logs have no tsc_hz. */
const char *html_unit(const struct html_page *p);

/* Shared by the sections: a column's heading (its key and machine), the terminal's
 * text blocks whose first line starts with one of titles (a block: lines up to a
 * blank one), each under its column's name; a note under a chart. */
void html_column_name(FILE *f, const struct html_column *c);
void html_text_blocks(struct html_page *p, const char *const *titles);
void html_note(FILE *f, const char *text);
/* "M1 " before a series' name where there are several columns. */
void html_series_name(char *buf, size_t size, const struct html_page *p, int col,
		      const char *name);

#endif
