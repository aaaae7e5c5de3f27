/* A sentence of a report section, wrapped at 80 columns between its words (lib/
 * lines.h), to standard output: os_vs_bare_print.c's and anatomy_print.c's prose. */
#ifndef TICKSTAT_SAY_H
#define TICKSTAT_SAY_H

/* A figure kept whole where say() wraps: its spaces made unit separators, in place. */
char *whole(char *figure);
/* The sentence (printf's format), its leading spaces kept, the lines after the
 * first indented by indent. */
void say(int indent, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
