/* What the kernel gives the shared code (bench/, kernel/record.c, arch/x86/cpu.c),
 * here from Linux: memory (kernel/alloc.h's alloc), MSRs (arch/x86/cpu.h's
 * rdmsr_safe and wrmsr_safe: refused, they are the OS's), the TSC's rate and its line
 * against CLOCK_MONOTONIC; and the files that say what runs. */
#ifndef LINUX_HOST_H
#define LINUX_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The whole file, NUL-terminated, from malloc (free it); NULL when unreadable.
 * /proc files have no size: read to the end. A .gz file is inflated. */
char *read_file(const char *path);
/* The first line of a file (without its newline) into buf; "" when unreadable. */
const char *read_line(const char *path, char *buf, size_t size);

/* The TSC's rate against CLOCK_MONOTONIC_RAW over 200 ms, in Hz. */
uint64_t tsc_measure_hz(void);
/* The TSC and CLOCK_MONOTONIC (ns) read together: the monotonic read between two
 * TSC reads, the TSC their middle; the tightest of a few tries. */
void tsc_and_monotonic(uint64_t *tsc, uint64_t *ns);

#endif
