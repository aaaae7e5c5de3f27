/* The logs a page carries (html_logs.c): written into it, and read back by check
 * and report. */
#ifndef TICKSTAT_HTML_LOGS_H
#define TICKSTAT_HTML_LOGS_H

#include <stdio.h>

/* The logs inside a page. */
void html_logs_write(FILE *f, char **logs, int nlogs);
/* Replace each argument that names such a page by the logs inside it, read into
 * memory (log_read then reads them by their names); returns the new array (or argv
 * itself when none is a page) and its length in *n. */
char **html_logs_expand(char **argv, int *n);

#endif
