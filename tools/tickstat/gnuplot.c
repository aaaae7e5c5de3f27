/* gnuplot for tickstat plot (see gnuplot.h). */
#include "gnuplot.h"
#include "tickstat.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Text from a log or the command line inside a gnuplot '...' string: a quote is
 * doubled, and a control character (a newline would end the command) is a space. */
void put_quoted(FILE *g, const char *s)
{
	for (; *s; s++)
		if (*s == '\'')
			fputs("''", g);
		else
			fputc((unsigned char)*s < ' ' ? ' ' : *s, g);
}

FILE *open_gnuplot(const char *out, int width, int height)
{
	const char *ext = strrchr(out, '.');
	bool script = ext && !strcmp(ext, ".gp");
	if (!ext || (strcmp(ext, ".png") && strcmp(ext, ".svg") && !script))
		usage_error("plot: -o FILE must end in .png, .svg or .gp");
	FILE *g = script ? fopen(out, "w") : popen("gnuplot", "w");
	if (!g)
		return NULL;
	if (strcmp(ext, ".svg"))
		fprintf(g, "set terminal pngcairo size %d,%d font ',10' noenhanced\n", width, height);
	else
		fprintf(g, "set terminal svg size %d,%d dynamic font ',10' noenhanced\n", width, height);
	fprintf(g, "set output '");
	char png[4096];
	snprintf(png, sizeof(png), "%.*s.png", (int)(ext - out), out);
	put_quoted(g, script ? png : out);
	fprintf(g, "'\nset grid\n");
	return g;
}
