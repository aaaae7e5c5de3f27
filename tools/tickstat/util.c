/* Helpers the commands share: usage errors, reading several logs, the same file. */
#include "tickstat.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	if (!strcmp(a, b))
		return true;
	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
