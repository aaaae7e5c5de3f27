/* The logs inside an HTML page (html_logs.h; docs/TICKSTAT.md, "The HTML report"):
 * each log's intact records, as in the log, one a line, in a script element of a
 * type no browser runs, named by the log:
 *
 *   <script type="application/x-tickbench-log" data-name="ic.log">
 *   {"type":"boot","seq":0,...,"crc":"..."}
 *   ...
 *   </script>
 *
 * so that the page carries its data and tickstat reads it back: an argument that
 * names such a page stands for the logs inside it, by their names. Inside a script
 * element an HTML parser ends the element at "</script" and changes state at
 * "<!--": a record holding either is left out, and said. */
#include "html_logs.h"
#include "log.h"
#include "svg.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define OPEN   "<script type=\"application/x-tickbench-log\" data-name=\""
#define CLOSE  "</script>"
#define MARK   "<meta name=\"generator\" content=\"tickstat "

struct embed { FILE *f; unsigned long left_out; };

static bool page_safe(const char *s, size_t len)
{
	for (size_t i = 0; i + 4 <= len; i++)
		if (s[i] == '<' && (!strncasecmp(s + i, "</script", len - i < 8 ? len - i : 8) ||
				    !strncmp(s + i, "<!--", 4)))
			return false;
	return true;
}

static void embed_record(const struct rec *r, void *ctx)
{
	struct embed *e = ctx;
	if (!page_safe(r->raw, r->rawlen)) {
		e->left_out++;
		return;
	}
	fwrite(r->raw, 1, r->rawlen, e->f);
	fputc('\n', e->f);
}

void html_logs_write(FILE *f, char **logs, int nlogs)
{
	for (int i = 0; i < nlogs; i++) {
		struct embed e = { f, 0 };
		struct log_report quiet = { .quiet = true };
		fputs(OPEN, f);
		html_text(f, log_name(logs[i]));
		fputs("\">\n", f);
		log_read(logs[i], embed_record, &e, &quiet);
		fputs(CLOSE "\n", f);
		if (!e.left_out)
			continue;
		fprintf(f, "<p class=\"warn\">%lu record%s of <code>", e.left_out,
			e.left_out == 1 ? "" : "s");
		html_text(f, log_name(logs[i]));
		fputs("</code> left out: text a page cannot carry inside a script element</p>\n", f);
		fprintf(stderr, "tickstat: report: %s: %lu record%s left out of the page (they hold "
			"\"</script\" or \"<!--\")\n", log_name(logs[i]), e.left_out,
			e.left_out == 1 ? "" : "s");
	}
}

/* ---- reading them back ---------------------------------------------------------------- */

struct taken { char *name, *data; size_t len; };
static struct taken *taken;
static size_t ntaken;

static const char *taken_log(const char *name, size_t *len)
{
	for (size_t i = 0; i < ntaken; i++)
		if (!strcmp(taken[i].name, name)) {
			*len = taken[i].len;
			return taken[i].data;
		}
	return NULL;
}

/* The text of an attribute's value, its entities undone (html_text's five). */
static char *unescape(const char *s, size_t len)
{
	static const char *const from[] = { "&amp;", "&lt;", "&gt;", "&quot;" }, to[] = "&<>\"";
	char *out = malloc(len + 1), *o = out;
	for (size_t i = 0; out && i < len; i++) {
		int k = 0;
		while (s[i] == '&' && k < 4 && strncmp(s + i, from[k], strlen(from[k])))
			k++;
		if (s[i] == '&' && k < 4) {
			*o++ = to[k];
			i += strlen(from[k]) - 1;
		} else {
			*o++ = s[i];
		}
	}
	if (out)
		*o = 0;
	return out;
}

static char *slurp_file(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : NULL;
	char *data = NULL;
	if (!f)
		return NULL;
	char head[16] = "";
	if (fread(head, 1, 15, f) == 15 && !strncasecmp(head, "<!DOCTYPE html>", 15) &&
	    !fseek(f, 0, SEEK_END)) {
		long size = ftell(f);
		data = size > 0 ? malloc((size_t)size + 1) : NULL;
		rewind(f);
		if (data && fread(data, 1, (size_t)size, f) == (size_t)size)
			data[*len = (size_t)size] = 0;
		else
			free(data), data = NULL;
	}
	fclose(f);
	return data;
}

/* The logs of a page into taken[]; returns how many, 0 when it is not one. */
static int take_page(char *page, size_t len)
{
	int n = 0;
	if (!strstr(page, MARK))
		return 0;
	for (char *p = strstr(page, OPEN); p; p = strstr(p, OPEN)) {
		char *name = p + strlen(OPEN), *quote = strchr(name, '"');
		char *body = quote ? strchr(quote, '\n') : NULL;
		char *end = body ? strstr(body, "\n" CLOSE) : NULL;
		struct taken *more = realloc(taken, (ntaken + 1) * sizeof(*taken));
		if (!end || !more)
			break;
		taken = more;
		taken[ntaken] = (struct taken){ unescape(name, (size_t)(quote - name)), body + 1,
						(size_t)(end - body) };
		if (!taken[ntaken].name)
			break;
		ntaken++, n++;
		p = end;
	}
	(void)len;
	return n;
}

char **html_logs_expand(char **argv, int *n)
{
	char **out = NULL;
	int count = 0;
	for (int i = 0; i < *n; i++) {
		size_t len = 0, first = ntaken;
		char *page = slurp_file(argv[i], &len);
		int k = page ? take_page(page, len) : 0;
		char **more = realloc(out, (size_t)(count + (k ? k : 1) + 1) * sizeof(*out));
		if (!more)
			return argv;
		out = more;
		if (!k)
			out[count++] = argv[i];
		for (int j = 0; j < k; j++)
			out[count++] = taken[first + (size_t)j].name;
		if (!k)
			free(page);             /* a page's text stays: its logs point into it */
	}
	if (!out)
		return argv;
	log_taken = ntaken ? taken_log : NULL;
	out[count] = NULL;
	*n = count;
	return out;
}
