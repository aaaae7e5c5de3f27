/* The kernel's services to the shared code, from Linux (see host.h). */
#define _GNU_SOURCE
#include "host.h"
#include "alloc.h"
#include "cpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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

static uint64_t clock_ns(clockid_t clock)
{
	struct timespec t;
	clock_gettime(clock, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* The clock read between two TSC reads; the pair with the least TSC between them. */
static void tsc_and_clock(clockid_t clock, uint64_t *tsc, uint64_t *ns)
{
	uint64_t best = UINT64_MAX;
	for (int i = 0; i < 8; i++) {
		uint64_t a = rdtsc_ordered(), t = clock_ns(clock), b = rdtsc_ordered();
		if (b - a < best) {
			best = b - a;
			*tsc = a + (b - a) / 2;
			*ns = t;
		}
	}
}

void tsc_and_monotonic(uint64_t *tsc, uint64_t *ns) { tsc_and_clock(CLOCK_MONOTONIC, tsc, ns); }

uint64_t tsc_measure_hz(void)
{
	uint64_t tsc[2], ns[2];
	struct timespec wait = { 0, 200000000 };
	tsc_and_clock(CLOCK_MONOTONIC_RAW, &tsc[0], &ns[0]);
	nanosleep(&wait, NULL);
	tsc_and_clock(CLOCK_MONOTONIC_RAW, &tsc[1], &ns[1]);
	return ns[1] > ns[0] ? mul_div(tsc[1] - tsc[0], 1000000000u, ns[1] - ns[0]) : 0;
}
