/* The QR pages' bytes (see qrpages.h); integers little-endian. */
#include "qrpages.h"
#include "crc32.h"
#include "lib.h"

unsigned qrpages_plan(struct qrpages *p, const uint8_t *stream, size_t len,
		      uint32_t run_id, size_t page_bytes)
{
	if (page_bytes <= QRPAGE_OVERHEAD)
		return 0;
	size_t per = page_bytes - QRPAGE_OVERHEAD;
	size_t count = len ? (len + per - 1) / per : 1;
	if (count > QRPAGE_MAX)
		return 0;
	*p = (struct qrpages){ stream, len, run_id, per, (unsigned)count };
	return p->count;
}

static void put16(uint8_t *b, uint32_t v) { b[0] = (uint8_t)v; b[1] = (uint8_t)(v >> 8); }

static void put32(uint8_t *b, uint32_t v)
{
	put16(b, v);
	put16(b + 2, v >> 16);
}

size_t qrpages_page(const struct qrpages *p, unsigned k, uint8_t *out)
{
	size_t at = (size_t)(k - 1) * p->per_page;
	size_t n = p->len - at < p->per_page ? p->len - at : p->per_page;
	out[0] = 'T';
	out[1] = 'Q';
	out[2] = QRPAGE_FORMAT;
	out[3] = 0;
	put32(out + 4, p->run_id);
	put16(out + 8, k);
	put16(out + 10, p->count);
	put16(out + 12, (uint32_t)n);
	memcpy(out + QRPAGE_HEADER, p->stream + at, n);
	put32(out + QRPAGE_HEADER + n, crc32_update(0, out, QRPAGE_HEADER + n));
	return QRPAGE_HEADER + n + QRPAGE_TRAILER;
}

uint32_t qrpages_run_id(const uint8_t *log, size_t len)
{
	size_t n = 0;
	while (n < len && log[n] != '\n')
		n++;
	return crc32_update(0, log, n);
}
