/* What the HTML report's sections share (html_page.h). */
#include "html_page.h"
#include "svg.h"

#include <stdlib.h>

char *html_capture(void (*fn)(void *), void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len), *saved = stdout;
	if (!m)
		return NULL;
	fflush(stdout);
	stdout = m;
	fn(arg);
	stdout = saved;
	if (fclose(m)) {
		free(buf);
		return NULL;
	}
	return buf;
}

void html_column_name(FILE *f, const struct html_column *c)
{
	char label[256];
	if (!c->group) {
		html_text(f, c->key[0] ? c->key : "the logs");
		return;
	}
	const struct mlog *m = c->group->who;
	machine_label(label, sizeof(label), c->group, 200);
	fprintf(f, "<span class=\"machine\"><b>");
	html_text(f, c->key);
	fputs("</b> ", f);
	html_text(f, label);
	if (m->id[0]) {
		snprintf(label, sizeof(label), "id %s, build %s%s%s, microcode %s, BIOS %s",
			 m->id, m->version, m->firmware[0] ? ", " : "", m->firmware,
			 m->microcode[0] ? m->microcode : "?", m->bios_version[0] ? m->bios_version : "?");
		fputs("<br><small>", f);
		html_text(f, label);
		fputs("</small>", f);
	}
	fputs("</span>", f);
}

void html_series_name(char *buf, size_t size, const struct html_page *p, int col,
		      const char *name)
{
	bool key = p->ncol > 1;
	snprintf(buf, size, "%s%s%s", key ? p->col[col].key : "", key && name[0] ? " " : "", name);
}

void html_note(FILE *f, const char *text)
{
	fputs("<p class=\"note\">", f);
	html_text(f, text);
	fputs("</p>\n", f);
}

const char *html_unit(const struct html_page *p)
{
	for (int i = 0; i < p->ncol; i++)
		if (p->col[i].r->cycles_only)
			return "TSC cycles";
	return "ns";
}
