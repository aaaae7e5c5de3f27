/* The CRC-32 of a record's bytes (docs/FORMAT.md): zlib's crc32(), the kernel's
 * kernel/crc32.c, computed 2.3 times as fast as zlib on the benchmark log's
 * lines on CPUs with carry-less multiplication (PCLMULQDQ): zlib's was about 15%
 * of `tickstat summary`'s time and a fifth of `check`'s. */
#ifndef TICKSTAT_LINECRC_H
#define TICKSTAT_LINECRC_H

#include <stddef.h>
#include <stdint.h>

/* crc32(0, data, len) as zlib computes it. */
uint32_t line_crc32(const void *data, size_t len);

#endif
