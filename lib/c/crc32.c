/* Bitwise CRC-32 (see crc32.h). Records are short and written between measurements,
 * so the table-free form is fast enough and has no state to initialise. */
#include "crc32.h"

uint32_t crc32_update(uint32_t crc, const void *data, size_t len)
{
	const unsigned char *p = data;
	crc = ~crc;
	while (len--) {
		crc ^= *p++;
		for (int bit = 0; bit < 8; bit++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return ~crc;
}
