/* Helpers the commands share: usage errors, reading several logs, configuration
 * keys. */
#include "tickstat.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void usage_error(const char *fmt, ...)
{
	va_list ap;
	fputs("tickstat: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\n(tickstat --help for usage)\n", stderr);
	exit(2);
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
	if (worst == 1)
		fprintf(stderr, "tickstat: %lu problem(s) in the logs; damaged records were "
			"refused and the figures use only the %lu intact ones\n",
			rep->problems, rep->records);
	return worst;
}

bool is_config_field(const struct field *f)
{
	return f->v.kind == V_STRING || !strcmp(f->key, "hz") ||
	       (f->v.kind == V_INT && !strcmp(f->key, "cpus"));
}

void config_key(const struct rec *r, char *buf, size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "%s", r->type);
	for (size_t i = 0; i < r->nfields && n < size; i++) {
		const struct field *f = &r->f[i];
		if (f->v.kind == V_STRING)
			n += (size_t)snprintf(buf + n, size - n, " %s=%s", f->key, f->v.s);
		else if ((!strcmp(f->key, "hz") || !strcmp(f->key, "cpus")) && f->v.kind == V_INT)
			n += (size_t)snprintf(buf + n, size - n, " %s=%llu", f->key,
					      (unsigned long long)f->v.u);
	}
}
