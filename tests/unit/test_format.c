/* The kernel's formatter (lib/c/format.c) against the C library's snprintf. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "format.h"

#define SAME(...) do { \
	char want[128], got[128]; \
	int nw = snprintf(want, sizeof(want), __VA_ARGS__); \
	int ng = format(got, sizeof(got), __VA_ARGS__); \
	assert_string_equal(got, want); \
	assert_int_equal(ng, nw); \
} while (0)

static void integers(void **state)
{
	SAME("%d %d %d", 0, -1, 2147483647);
	SAME("%d", (int)-2147483647 - 1);
	SAME("%u %x %X", 4294967295u, 0xdeadbeefu, 0xdeadbeefu);
	SAME("%lld %llu", (long long)INT64_MIN, (unsigned long long)UINT64_MAX);
	SAME("%lx %zu", 0x123456789abcdefUL, (size_t)12345);
	SAME("%i", 42);
}

static void widths_and_flags(void **state)
{
	SAME("[%5d] [%-5d] [%05d] [%05d]", 42, 42, 42, -42);
	SAME("[%016llx]", 0x1234ULL);
	SAME("[%*d] [%-*d]", 6, 7, 6, 7);
	SAME("[%8s] [%-8s] [%.3s] [%.*s]", "ab", "ab", "abcdef", 2, "xyz");
	SAME("[%c%c] %%", 'o', 'k');
	SAME("[%3c]", 'z');
}

static void truncation(void **state)
{
	char buf[8];
	int n = format(buf, sizeof(buf), "%s", "0123456789");
	assert_int_equal(n, 10);
	assert_string_equal(buf, "0123456");
	n = format(buf, 1, "%d", 12345);
	assert_int_equal(n, 5);
	assert_string_equal(buf, "");
	n = format(NULL, 0, "%d", 123);
	assert_int_equal(n, 3);
}

static void pointers(void **state)
{
	char got[32];
	format(got, sizeof(got), "%p", (void *)0x1000);
	assert_string_equal(got, "0x1000");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(integers),
		cmocka_unit_test(widths_and_flags),
		cmocka_unit_test(truncation),
		cmocka_unit_test(pointers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
