/* libFuzzer target for the compressor (lib/endscreen/deflate.c): whatever the input, the
 * output fits deflate_bound() and zlib's raw inflate gives the input back, the
 * stream ending exactly where deflate_compress() said. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "deflate.h"

static struct deflate_work work;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t cap = deflate_bound(size);
	uint8_t *packed = malloc(cap), *back = malloc(size + 1);
	size_t len = deflate_compress(data, size, packed, cap, &work);
	if (len == 0)
		abort();
	z_stream z = { 0 };
	if (inflateInit2(&z, -15) != Z_OK)
		abort();
	z.next_in = packed;
	z.avail_in = (uInt)len;
	z.next_out = back;
	z.avail_out = (uInt)(size + 1);
	if (inflate(&z, Z_FINISH) != Z_STREAM_END || z.total_out != size || z.avail_in != 0 ||
	    memcmp(back, data, size) != 0)
		abort();
	inflateEnd(&z);
	free(packed);
	free(back);
	return 0;
}
