/* A small snprintf for the kernel: integers, strings, characters; no floating point.
 * Conversions: %d %i %u %x %X %p %c %s %%, flags '-' '0', a width (or '*'), a
 * precision for %s (or '.*'), length modifiers l, ll, z. */
#ifndef KERNEL_FORMAT_H
#define KERNEL_FORMAT_H

#include <stdarg.h>
#include <stddef.h>

/* Like vsnprintf: writes at most size bytes including the NUL, returns the length
 * the whole output would have had. */
int vformat(char *buf, size_t size, const char *fmt, va_list ap);
int format(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
