/* The few C library functions the kernel needs. On the host (unit tests, fuzzers)
 * the same sources use the C library's. */
#ifndef KERNEL_LIB_H
#define KERNEL_LIB_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#if __STDC_HOSTED__
#include <string.h>
#else
void *memset(void *dst, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
#endif

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
