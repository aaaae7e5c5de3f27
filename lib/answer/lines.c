/* Lines that wrap between items (see lines.h). */
#include "lines.h"
#include "format.h"

size_t columns(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

void line_start(struct line *l, lines_out_fn *out, void *ctx, const char *text, int indent)
{
	l->out = out;
	l->ctx = ctx;
	l->len = (size_t)format(l->buf, sizeof(l->buf), "%s", text);
	l->len = l->len < sizeof(l->buf) ? l->len : sizeof(l->buf) - 1;
	l->col = columns(l->buf);
	l->indent = indent;
}

static void append(struct line *l, const char *sep, const char *item)
{
	size_t room = sizeof(l->buf) - l->len;
	int n = format(l->buf + l->len, room, "%s%s", sep, item);
	l->len += (size_t)n < room ? (size_t)n : room - 1;
}

void line_add(struct line *l, const char *sep, const char *item)
{
	/* + 1: a wrapped line ends with the separator's first character */
	if (l->col + columns(sep) + columns(item) + 1 > LINES_WIDTH && l->col > (size_t)l->indent) {
		if (sep[0] == ';' || sep[0] == ',')
			append(l, (char[]){ sep[0], 0 }, "");
		l->out(l->ctx, l->buf);
		l->len = (size_t)format(l->buf, sizeof(l->buf), "%*s", l->indent, "");
		l->col = (size_t)l->indent;
		sep = "";
	}
	append(l, sep, item);
	l->col += columns(sep) + columns(item);
}

void line_end(struct line *l)
{
	if (l->col > (size_t)l->indent || l->len)
		l->out(l->ctx, l->buf);
	l->len = l->col = 0;
}
