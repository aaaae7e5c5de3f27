/* lib/run/progress.c, the progress lines' arithmetic: the run under TCG (the cost
 * benchmarks take 8 times their 10 ms a run, as bench/core/plan.c says QEMU TCG does) made
 * the time left grow from step to step, "[1/6] ... about 11 s left" then 12, 13, 15:
 * each step whose time left is more than the step before said gives what that was
 * and how far the finished benchmarks ran over; every other step's is no more. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "progress.h"

static void grows_only_with_its_reason(void **state)
{
	static const uint64_t plan[] = { 30, 30, 1000, 6000, 4000, 30 };
	static const uint64_t took[] = { 240, 240, 2500, 6500, 4200, 200 };
	struct progress p = { 0 };
	uint64_t left = 0, done = 0, so_far = 0, said = 0;
	unsigned ups = 0;
	for (unsigned i = 0; i < 6; i++)
		left += plan[i];
	for (unsigned i = 0; i < 6; i++) {
		struct progress_step s;
		progress_step(&p, plan[i], left, done, so_far, &s);
		printf("[%u/6] about %llu s; about %llu s left%s\n", i + 1,
		       (unsigned long long)s.own_s, (unsigned long long)s.left_s,
		       s.up_from_s ? " (up: the benchmarks so far over their estimate)" : "");
		assert_true(s.own_s >= 1 && s.left_s >= s.own_s);
		if (said && s.left_s > said) {
			assert_int_equal(s.up_from_s, said);
			assert_int_equal(s.over_tenths, so_far * 10 / done);
			ups++;
		} else {
			assert_int_equal(s.up_from_s, 0);
		}
		said = s.left_s;
		done += plan[i];
		so_far += took[i];
		left -= plan[i];
	}
	assert_int_equal(ups, 3);           /* 11 s, then 12, 13 and 15: each said why */
}

/* On time: the rest only shrinks, and the first step has nothing to explain. */
static void on_time(void **state)
{
	struct progress p = { 0 };
	struct progress_step s;
	progress_step(&p, 4000, 10000, 0, 0, &s);
	assert_int_equal(s.own_s, 4);
	assert_int_equal(s.left_s, 10);
	assert_int_equal(s.up_from_s, 0);
	progress_step(&p, 6000, 6000, 4000, 4000, &s);
	assert_int_equal(s.left_s, 6);
	assert_int_equal(s.up_from_s, 0);
}

/* How a duration is said, in the progress lines and grub.cfg's titles: whole
 * seconds to the nearest, 1 at least; minutes from 2 on. */
static void said(void **state)
{
	static const struct { uint64_t ms; const char *text; } cases[] = {
		{ 0, "1 s" }, { 1499, "1 s" }, { 1500, "2 s" }, { 119499, "119 s" },
		{ 119500, "2 min 0 s" }, { 5749000, "95 min 49 s" },
	};
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char text[24];
		progress_duration(text, sizeof(text), progress_seconds(cases[i].ms));
		assert_string_equal(text, cases[i].text);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(grows_only_with_its_reason),
		cmocka_unit_test(on_time),
		cmocka_unit_test(said),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
