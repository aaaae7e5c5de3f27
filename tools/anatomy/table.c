/* The anatomy's table of kinds and layers (table.h). */
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void add(struct pattern **v, size_t *n, const char *word, const char *what)
{
	*v = realloc(*v, (*n + 1) * sizeof(**v));
	if (!*v)
		abort();
	struct pattern *p = &(*v)[(*n)++];
	p->len = strlen(word);
	p->prefix = p->len && word[p->len - 1] == '*';
	p->len -= (size_t)p->prefix;
	p->text = strndup(word, p->len);
	p->what = what;
}

static const char *declared(const struct table *t, const char *name)
{
	for (size_t i = 0; i < t->n_info; i++)
		if (!strcmp(t->info[i].name, name))
			return t->info[i].name;
	return NULL;
}

static void declare(struct table *t, const char *name, const char *description)
{
	t->info = realloc(t->info, (t->n_info + 1) * sizeof(*t->info));
	if (!t->info)
		abort();
	t->info[t->n_info].name = strdup(name);
	t->info[t->n_info++].description = strdup(description);
}

/* The words of line (cut at '#'), in place; how many (at most max). */
static size_t words(char *line, char **w, size_t max)
{
	size_t n = 0;
	char *hash = strchr(line, '#');
	if (hash)
		*hash = 0;
	for (char *tok = strtok(line, " \t\r\n"); tok && n < max; tok = strtok(NULL, " \t\r\n"))
		w[n++] = tok;
	return n;
}

/* The rest of a "layer NAME DESCRIPTION" line after its name. */
static const char *description_of(const char *line, const char *name)
{
	const char *p = strstr(line, name) + strlen(name);
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static const char *parse_line(struct table *t, char *line, char *err, size_t size,
			      unsigned lineno)
{
	char copy[1024], *w[64];
	snprintf(copy, sizeof(copy), "%s", line);
	copy[strcspn(copy, "\r\n")] = 0;
	size_t n = words(line, w, 64);
	if (!n)
		return NULL;
	if (!strcmp(w[0], "layer") && n >= 2) {
		if (!declared(t, w[1]))
			declare(t, w[1], description_of(copy, w[1]));
		return NULL;
	}
	if (!strcmp(w[0], "kind") && n >= 3) {
		t->kind_names = realloc(t->kind_names, (t->n_kind_names + 1) * sizeof(char *));
		if (!t->kind_names)
			abort();
		const char *kind = t->kind_names[t->n_kind_names++] = strdup(w[1]);
		for (size_t i = 2; i < n; i++)
			add(&t->kinds, &t->n_kinds, w[i], kind);
		return NULL;
	}
	const char *layer = declared(t, w[0]);
	if (!layer || n < 2) {
		snprintf(err, size, "line %u: \"%s\" is no declared layer followed by patterns "
			 "(nor a kind or layer line)", lineno, w[0]);
		return err;
	}
	for (size_t i = 1; i < n; i++)
		add(&t->layers, &t->n_layers, w[i], layer);
	return NULL;
}

const char *table_parse(struct table *t, const char *text, char *err, size_t size)
{
	*t = (struct table){ 0 };
	unsigned lineno = 0;
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n");
		char line[1024];
		snprintf(line, sizeof(line), "%.*s", (int)len, p);
		const char *why = parse_line(t, line, err, size, ++lineno);
		if (why)
			return why;
		p += len + (p[len] == '\n');
	}
	return NULL;
}

const char *table_read(struct table *t, const char *path, char *err, size_t size)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, size, "cannot read %s", path);
		return err;
	}
	static char text[1 << 20];
	size_t n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = 0;
	return table_parse(t, text, err, size);
}

/* The pattern that fits name best: its own exact name, else the longest prefix. */
static const char *best(const struct pattern *v, size_t n, const char *name)
{
	const struct pattern *fit = NULL;
	for (size_t i = 0; i < n; i++) {
		const struct pattern *p = &v[i];
		if (!p->prefix && !strcmp(p->text, name))
			return p->what;
		if (p->prefix && !strncmp(p->text, name, p->len) && (!fit || p->len > fit->len))
			fit = p;
	}
	return fit ? fit->what : NULL;
}

const char *table_kind(const struct table *t, const char *name)
{
	return name ? best(t->kinds, t->n_kinds, name) : NULL;
}

const char *table_layer(const struct table *t, const char *name)
{
	if (name && !strcmp(name, FUNCTION_USER))
		return LAYER_USER;
	const char *layer = name ? best(t->layers, t->n_layers, name) : NULL;
	return layer ? layer : LAYER_OTHER;
}

const char *table_description(const struct table *t, const char *layer)
{
	for (size_t i = 0; i < t->n_info; i++)
		if (!strcmp(t->info[i].name, layer))
			return t->info[i].description;
	return "";
}

void table_free(struct table *t)
{
	for (size_t i = 0; i < t->n_kinds; i++)
		free(t->kinds[i].text);
	for (size_t i = 0; i < t->n_layers; i++)
		free(t->layers[i].text);
	for (size_t i = 0; i < t->n_info; i++)
		free(t->info[i].name), free(t->info[i].description);
	for (size_t i = 0; i < t->n_kind_names; i++)
		free(t->kind_names[i]);
	free(t->kinds), free(t->layers), free(t->info), free(t->kind_names);
	*t = (struct table){ 0 };
}
