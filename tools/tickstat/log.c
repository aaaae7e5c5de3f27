/* The record parser and the log checker (docs/FORMAT.md, "Lines" and "Records";
 * JSON is RFC 8259, of which records use strings, integers, booleans and arrays of
 * unsigned integers; the line itself is lib/record/rec_*.c's). */
#include "log.h"
#include <isa-l/crc.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

uint32_t log_crc(const void *data, size_t len)
{
	return crc32_gzip_refl(0, (const unsigned char *)data, (uint64_t)len);
}

/* stat, or fstat of standard input for "-" and the name records give it (the file a
 * redirection reads). */
static int stat_log(const char *path, struct stat *st)
{
	bool in = !strcmp(path, "-") || !strcmp(path, log_name("-"));
	return in ? fstat(0, st) : stat(path, st);
}

bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	if (!strcmp(a, b))
		return true;
	return !stat_log(a, &sa) && !stat_log(b, &sb) && S_ISREG(sa.st_mode) &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
