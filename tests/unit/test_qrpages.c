/* lib/endscreen/qrpages.c: the page layout of docs/FORMAT.md ("QR pages"): header fields,
 * payloads that tile the stream, the CRC trailer, the run id, the limits. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "crc32.h"
#include "qrpages.h"

static uint32_t le16(const uint8_t *b) { return b[0] | (uint32_t)b[1] << 8; }
static uint32_t le32(const uint8_t *b) { return le16(b) | le16(b + 2) << 16; }

static void pages_tile_the_stream(void **state)
{
	uint8_t stream[1000], page[256], joined[1000];
	for (size_t i = 0; i < sizeof(stream); i++)
		stream[i] = (uint8_t)(i * 7);
	struct qrpages p;
	assert_int_equal(qrpages_plan(&p, stream, sizeof(stream), 0x1a2b3c4d, 118), 10);
	size_t at = 0;
	for (unsigned k = 1; k <= p.count; k++) {
		size_t n = qrpages_page(&p, k, page);
		size_t len = le16(page + 12);
		assert_memory_equal(page, "TQ\x01\x00", 4);
		assert_int_equal(le32(page + 4), 0x1a2b3c4d);
		assert_int_equal(le16(page + 8), k);
		assert_int_equal(le16(page + 10), 10);
		assert_int_equal(len, 100);
		assert_int_equal(n, QRPAGE_HEADER + len + QRPAGE_TRAILER);
		assert_true(n <= 118);
		assert_int_equal(le32(page + QRPAGE_HEADER + len),
				 crc32_update(0, page, QRPAGE_HEADER + len));
		memcpy(joined + at, page + QRPAGE_HEADER, len);
		at += len;
	}
	assert_int_equal(at, sizeof(stream));
	assert_memory_equal(joined, stream, sizeof(stream));
}

static void last_page_holds_the_rest(void **state)
{
	uint8_t stream[250] = { 0 }, page[256];
	struct qrpages p;
	assert_int_equal(qrpages_plan(&p, stream, sizeof(stream), 1, 118), 3);
	qrpages_page(&p, 3, page);
	assert_int_equal(le16(page + 12), 50);
	assert_int_equal(qrpages_plan(&p, stream, 0, 1, 118), 1);   /* an empty stream: one page */
	assert_int_equal(qrpages_page(&p, 1, page), QRPAGE_OVERHEAD);
}

static void limits(void **state)
{
	static uint8_t stream[70000];
	struct qrpages p;
	assert_int_equal(qrpages_plan(&p, stream, 10, 1, QRPAGE_OVERHEAD), 0);
	assert_int_equal(qrpages_plan(&p, stream, 10, 1, QRPAGE_OVERHEAD + 1), 10);
	assert_int_equal(qrpages_plan(&p, stream, sizeof(stream), 1, QRPAGE_OVERHEAD + 1), 0);
}

static void run_id_is_the_first_lines_crc(void **state)
{
	const char *log = "{\"type\":\"boot\",\"seq\":0}\n{\"type\":\"end\"}\n";
	assert_int_equal(qrpages_run_id((const uint8_t *)log, strlen(log)),
			 crc32_update(0, log, strlen("{\"type\":\"boot\",\"seq\":0}")));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pages_tile_the_stream),
		cmocka_unit_test(last_page_holds_the_rest),
		cmocka_unit_test(limits),
		cmocka_unit_test(run_id_is_the_first_lines_crc),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
