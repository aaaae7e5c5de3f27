/* The log's QR pages (docs/FORMAT.md, "QR pages"): the raw DEFLATE stream of every
 * record line, cut into pages, each with a header (magic "TQ", format, run id, page
 * k of n, payload length) and a CRC-32 trailer, so that pages read in any order, or
 * several concatenated by one zbar scan, reassemble into the log. */
#ifndef KERNEL_QRPAGES_H
#define KERNEL_QRPAGES_H

#include <stddef.h>
#include <stdint.h>

#define QRPAGE_FORMAT   1
#define QRPAGE_HEADER   14              /* "TQ", format, 0, run id, k, n, length */
#define QRPAGE_TRAILER  4               /* CRC-32 of header and payload */
#define QRPAGE_OVERHEAD (QRPAGE_HEADER + QRPAGE_TRAILER)
#define QRPAGE_MAX      65535u

struct qrpages {
	const uint8_t *stream;          /* the compressed log */
	size_t len;
	uint32_t run_id;
	size_t per_page;                /* payload bytes per page (the last: the rest) */
	unsigned count;
};

/* Cut len bytes into pages of at most page_bytes each (header and trailer included).
 * Returns the page count, 0 when the pages would be too small or too many. */
unsigned qrpages_plan(struct qrpages *p, const uint8_t *stream, size_t len,
		      uint32_t run_id, size_t page_bytes);
/* Page k (1..count) into out (room for page_bytes); returns its length. */
size_t qrpages_page(const struct qrpages *p, unsigned k, uint8_t *out);

/* The run id: the CRC-32 of the first line of log (the boot record). */
uint32_t qrpages_run_id(const uint8_t *log, size_t len);

#endif
