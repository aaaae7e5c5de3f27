/* Where the answer's lines go (see answer_out.h). */
#include "answer_out.h"
#include "format.h"
#include <stdarg.h>

void answer_say(struct answer_out *o, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vformat(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof(line))
		n = (int)sizeof(line) - 1;
	while (n > 0 && line[n - 1] == ' ')
		line[--n] = 0;
	o->say(o->ctx, o->kind, line);
}

static void say_line(void *ctx, const char *line)
{
	answer_say(ctx, "%s", line);
}

void answer_line_start(struct answer_out *o, struct line *l, const char *text, int indent)
{
	line_start(l, say_line, o, text, indent);
}
