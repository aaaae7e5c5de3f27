/* CRC-32 (lib/c/crc32.c) against the zlib/IEEE check values. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "crc32.h"

static void check_value(void **state)
{
	assert_int_equal(crc32_update(0, "123456789", 9), 0xcbf43926u);
	assert_int_equal(crc32_update(0, "", 0), 0);
	assert_int_equal(crc32_update(0, "a", 1), 0xe8b7be43u);
	assert_int_equal(crc32_update(0, "The quick brown fox jumps over the lazy dog", 43),
			 0x414fa339u);
}

static void incremental_equals_whole(void **state)
{
	const char *s = "{\"type\":\"boot\",\"seq\":0";
	size_t n = strlen(s);
	for (size_t cut = 0; cut <= n; cut++)
		assert_int_equal(crc32_update(crc32_update(0, s, cut), s + cut, n - cut),
				 crc32_update(0, s, n));
}

static void all_bytes(void **state)
{
	unsigned char b[256];
	for (int i = 0; i < 256; i++)
		b[i] = (unsigned char)i;
	assert_int_equal(crc32_update(0, b, sizeof(b)), 0x29058c73u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(check_value),
		cmocka_unit_test(incremental_equals_whole),
		cmocka_unit_test(all_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
