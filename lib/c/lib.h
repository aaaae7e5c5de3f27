/* The few C library functions the kernel needs. On the host (unit tests, fuzzers)
 * the same sources use the C library's. */
#ifndef LIB_LIB_H
#define LIB_LIB_H

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

/* Little-endian fields of firmware tables, read byte-wise (no alignment assumed). */
static inline uint16_t le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static inline uint32_t le32(const uint8_t *p) { return (uint32_t)le16(p) | (uint32_t)le16(p + 2) << 16; }
static inline uint64_t le64(const uint8_t *p) { return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32; }

/* The bytes of an ACPI table or SMBIOS entry point add up to 0 (mod 256). */
static inline bool checksum_ok(const uint8_t *p, size_t len)
{
	uint8_t sum = 0;
	while (len--)
		sum = (uint8_t)(sum + *p++);
	return sum == 0;
}

/* How far a counter of width mask (2^32 - 1, 2^64 - 1, ...) has gone from then to
 * now, taken within half a wrap either way: negative when now is still before then. */
static inline int64_t counter_since(uint64_t now, uint64_t then, uint64_t mask)
{
	uint64_t ahead = (now - then) & mask;
	return (int64_t)(ahead <= mask / 2 ? ahead : ahead - mask - 1);   /* two's complement */
}

#endif
