/* CRC-32 with the zlib/IEEE 802.3 polynomial (reflected 0xedb88320, initial and
 * final XOR 0xffffffff): crc32(0, "123456789", 9) == 0xcbf43926. */
#ifndef KERNEL_CRC32_H
#define KERNEL_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* Continue a CRC over more bytes; start with crc = 0 (as zlib's crc32()). */
uint32_t crc32_update(uint32_t crc, const void *data, size_t len);

#endif
