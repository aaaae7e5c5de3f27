/* Helpers the commands share: usage errors, reading several logs, configuration
 * keys. */
#include "tickstat.h"
#include "stats.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *usage_command;

void usage_error(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "tickstat: %s%s", usage_command ? usage_command : "",
		usage_command ? ": " : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n(tickstat %s%s--help for usage)\n", usage_command ? usage_command : "",
		usage_command ? " " : "");
	exit(2);
}

const char *option_value(int argc, char **argv, int *i)
{
	if (*i + 1 >= argc)
		usage_error("%s needs a value", argv[*i]);
	return argv[++*i];
}

int level_option(int argc, char **argv, int *i)
{
	int ci = conf_index(option_value(argc, argv, i));
	if (ci < 0)
		usage_error("-c takes 80, 90, 95, 98, 99 or 99.5, not %s", argv[*i]);
	return ci;
}

int read_logs(char **paths, int n, rec_fn fn, void *ctx, struct log_report *rep)
{
	int worst = 0;
	if (n == 0)
		usage_error("no LOG given");
	for (int i = 0; i < n; i++) {
		int rc = log_read(paths[i], fn, ctx, rep);
		if (rc > worst)
			worst = rc;
	}
	if (worst == 1 && rep->refused)
		fprintf(stderr, "tickstat: %lu problem(s) in the logs, %lu damaged record(s) "
			"refused: the figures use only the %lu intact ones\n", rep->problems,
			rep->refused, rep->records);
	else if (worst == 1 && rep->records)
		fprintf(stderr, "tickstat: %lu problem(s) in the logs (not whole): the figures "
			"use their %lu intact records\n", rep->problems, rep->records);
	return worst;
}

/* tick's work model (docs/FORMAT.md, "run"): tick_work, tick_data_kib,
 * tick_code_kib, tick_pages; tick_model, a string, is a key field anyway. */
bool is_model_field(const char *key)
{
	return key[0] == 't' && !strncmp(key, "tick_", 5) &&
	       (!strcmp(key + 5, "work") || !strcmp(key + 5, "data_kib") ||
		!strcmp(key + 5, "code_kib") || !strcmp(key + 5, "pages"));
}

bool is_config_field(const struct field *f)
{
	return f->v.kind == V_STRING || (f->key[0] == 'h' && !strcmp(f->key, "hz")) ||
	       (f->v.kind == V_INT && f->key[0] == 'c' && !strcmp(f->key, "cpus")) ||
	       (f->v.kind == V_INT && is_model_field(f->key));
}


/* A field of the configuration key: the strings, hz, cpus and the work model. */
static bool key_field(const struct field *f)
{
	return f->v.kind == V_STRING || (f->v.kind == V_INT &&
		((f->key[0] == 'h' && !strcmp(f->key, "hz")) ||
		 (f->key[0] == 'c' && !strcmp(f->key, "cpus")) || is_model_field(f->key)));
}

/* A key field's value as text: the string, or the integer written into num. */
static const char *key_text(const struct field *f, char num[24])
{
	if (f->v.kind == V_STRING)
		return f->v.s;
	char *d = num + 23;
	uint64_t u = f->v.u;
	*d = 0;
	do
		*--d = (char)('0' + u % 10);
	while (u /= 10);
	if (f->v.neg)
		*--d = '-';
	return d;
}

/* Append " key=" and text to buf[*n..size) (cut short at size - 1). */
static void append(char *buf, size_t size, size_t *n, const char *key, const char *text)
{
	const char *parts[] = { " ", key, "=", text };
	for (int i = 0; i < 4; i++) {
		size_t len = strlen(parts[i]);
		if (len > size - 1 - *n)
			len = size - 1 - *n;
		memcpy(buf + *n, parts[i], len);
		*n += len;
	}
	buf[*n] = 0;
}

/* Built by hand, not with snprintf: summary calls this once per record. */
void config_key(const struct rec *r, char *buf, size_t size)
{
	size_t n = 0;
	char num[24];
	for (const char *p = r->type; *p && n + 1 < size; p++)
		buf[n++] = *p;
	buf[n] = 0;
	for (size_t i = 0; i < r->nfields; i++)
		if (key_field(&r->f[i]))
			append(buf, size, &n, r->f[i].key, key_text(&r->f[i], num));
}

/* Match p against " key=text"; the rest of p after it, or NULL. */
static const char *match_part(const char *p, const char *key, const char *text)
{
	if (*p++ != ' ')
		return NULL;
	while (*key && *p == *key)
		p++, key++;
	if (*key || *p++ != '=')
		return NULL;
	while (*text && *p == *text)
		p++, text++;
	return *text ? NULL : p;
}

bool config_key_is(const struct rec *r, const char *key)
{
	char num[24];
	size_t tl = strlen(r->type);
	if (strncmp(key, r->type, tl))
		return false;
	const char *p = key + tl;
	for (size_t i = 0; p && i < r->nfields; i++)
		if (key_field(&r->f[i]))
			p = match_part(p, r->f[i].key, key_text(&r->f[i], num));
	return p && !*p;
}

bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	if (!strcmp(a, b))
		return true;
	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
