/* lib/c/splitmix.c against splitmix64's published outputs (Vigna's splitmix64.c from
 * the state 1234567) and an integer below n worked in Python. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "splitmix.h"

static void published_outputs(void **state)
{
	static const uint64_t want[] = { 6457827717110365317ull, 3203168211198807973ull,
					 9817491932198370423ull, 4593380528125082431ull,
					 16408922859458223821ull };
	uint64_t s = 1234567;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		assert_true(splitmix64_next(&s) == want[i]);
	assert_true(splitmix64_mix(1234567 + 0x9e3779b97f4a7c15ull) == want[0]);
}

/* (output >> 32) * 10 >> 32 from the state 0: 8 4 0 9 1 3 1 7; and never n. */
static void below_n(void **state)
{
	static const uint32_t want[] = { 8, 4, 0, 9, 1, 3, 1, 7 };
	uint64_t s = 0;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		assert_int_equal(splitmix64_below(&s, 10), want[i]);
	for (int i = 0; i < 10000; i++)
		assert_true(splitmix64_below(&s, 3) < 3);
	assert_int_equal(splitmix64_below(&s, 1), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(published_outputs),
		cmocka_unit_test(below_n),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
