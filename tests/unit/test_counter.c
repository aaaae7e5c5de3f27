/* counter_since (lib/c/lib.h): a counter's distance from then to now within half a
 * wrap either way, at 32 and 64 bits. The HPET's shots rest on it (bench/latency/latency.c):
 * an interrupt taken before the counter reached the comparator must come out
 * negative, not as a wrapped distance of nearly 2^64 ticks. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "lib.h"

#define W32 0xffffffffull
#define W64 UINT64_MAX

static void forward_and_back_at_64_bits(void **state)
{
	assert_int_equal(counter_since(100, 90, W64), 10);
	assert_int_equal(counter_since(90, 100, W64), -10);
	assert_int_equal(counter_since(7, 7, W64), 0);
	assert_int_equal(counter_since(5, UINT64_MAX - 4, W64), 10);   /* across the wrap */
	assert_int_equal(counter_since(UINT64_MAX - 4, 5, W64), -10);
}

static void forward_and_back_at_32_bits(void **state)
{
	assert_int_equal(counter_since(5, 0xfffffffbu, W32), 10);     /* a 32-bit HPET's wrap */
	assert_int_equal(counter_since(0xfffffffbu, 5, W32), -10);
	/* bits above the width are ignored: a 32-bit counter read into 64 bits */
	assert_int_equal(counter_since(0x100000005ull, 0xfffffffbu, W32), 10);
}

/* Half a wrap is the edge: up to mask / 2 ahead counts forward, beyond it back. */
static void half_a_wrap(void **state)
{
	assert_int_equal(counter_since(W32 / 2, 0, W32), (int64_t)(W32 / 2));
	assert_int_equal(counter_since(W32 / 2 + 1, 0, W32), -(int64_t)(W32 / 2 + 1));
	assert_true(counter_since(INT64_MAX, 0, W64) == INT64_MAX);
	assert_true(counter_since((uint64_t)INT64_MAX + 1, 0, W64) == INT64_MIN);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(forward_and_back_at_64_bits),
		cmocka_unit_test(forward_and_back_at_32_bits),
		cmocka_unit_test(half_a_wrap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
