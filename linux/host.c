/* The kernel's services to the shared code, from Linux, and its files (see host.h). */
#define _GNU_SOURCE
#include "host.h"
#include "alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* kernel/alloc.h: zeroed, aligned, NULL when it does not fit (never freed: the
 * buffers live as long as the program). */
void *alloc(size_t size, size_t align)
{
	void *p = NULL;
	if (posix_memalign(&p, align < sizeof(void *) ? sizeof(void *) : align, size ? size : 1))
		return NULL;
	return memset(p, 0, size);
}

/* arch/x86/cpu.h: RDMSR and WRMSR are privileged; under Linux every MSR is "absent". */
int rdmsr_safe(uint32_t msr, uint64_t *value)
{
	(void)msr;
	*value = 0;
	return -1;
}

int wrmsr_safe(uint32_t msr, uint64_t value)
{
	(void)msr, (void)value;
	return -1;
}

char *read_file(const char *path)
{
	gzFile f = gzopen(path, "rb");         /* reads plain files as they are */
	if (!f)
		return NULL;
	size_t cap = 65536, len = 0;
	char *buf = malloc(cap + 1);
	int got = 0;
	while (buf && (got = gzread(f, buf + len, (unsigned)(cap - len))) > 0) {
		len += (size_t)got;
		if (len < cap)
			continue;
		cap *= 2;
		char *more = realloc(buf, cap + 1);
		if (!more)
			free(buf);
		buf = more;
	}
	if (buf && got < 0) {
		free(buf);
		buf = NULL;
	}
	gzclose(f);
	if (buf)
		buf[len] = 0;
	return buf;
}

const char *read_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	buf[0] = 0;
	if (f) {
		if (!fgets(buf, (int)size, f))
			buf[0] = 0;
		fclose(f);
	}
	buf[strcspn(buf, "\n")] = 0;
	return buf;
}
