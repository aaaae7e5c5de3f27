/* ftq's arithmetic (lib/run/ftq.c) on synthetic TSC sequences: the quantum ends
 * compared across the 64-bit wrap, the folding of units into the run's totals and
 * its series, and the kernel's loop (bench/core/workload.c) replayed on a clock that
 * wraps mid-run with an interrupt in one quantum: the quanta keep their absolute
 * ends, the interrupted one loses its units, no quantum is lost or doubled. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "ftq.h"

static void before_across_the_wrap(void **state)
{
	assert_true(ftq_before(10, 20));
	assert_false(ftq_before(20, 20));
	assert_false(ftq_before(21, 20));
	assert_true(ftq_before(UINT64_MAX - 5, 10));      /* the end lies past the wrap */
	assert_false(ftq_before(4, UINT64_MAX - 5));      /* the clock has wrapped past it */
}

static void fold_totals_and_series(void **state)
{
	static struct ftq_sum s;
	ftq_reset(&s);
	for (uint32_t k = 0; k < FTQ_SERIES_MAX + 10; k++)
		ftq_fold(&s, 100 + k % 7);
	assert_int_equal(s.quanta, FTQ_SERIES_MAX + 10);
	assert_int_equal(ftq_kept(&s), FTQ_SERIES_MAX);
	assert_int_equal(s.min, 100);
	assert_int_equal(s.max, 106);
	assert_int_equal(s.series[8], 101);
	uint64_t sum = 0;
	for (uint32_t k = 0; k < FTQ_SERIES_MAX + 10; k++)
		sum += 100 + k % 7;
	assert_int_equal(s.work, sum);
}

/* The loop of workload_ftq on a clock that advances `unit` a unit and, once, an
 * interrupt's `hole` cycles; it starts 2.5 quanta before the wrap. */
static void loop_across_the_wrap(void **state)
{
	static struct ftq_sum s;
	const uint64_t quantum = 1000, unit = 10, hole = 300;
	uint64_t now = UINT64_MAX - 2500 + 1, start = now, end = start;
	bool interrupted = false;
	ftq_reset(&s);
	for (int k = 0; k < 6; k++) {
		uint32_t units = 0;
		end += quantum;
		while (ftq_before(now, end)) {
			now += unit;
			units++;
			if (k == 3 && !interrupted && units == 50) {
				now += hole;
				interrupted = true;
			}
		}
		ftq_fold(&s, units);
	}
	assert_int_equal(s.quanta, 6);
	for (int k = 0; k < 6; k++)
		assert_int_equal(s.series[k], k == 3 ? 70 : 100);   /* 300 cycles: 30 units */
	assert_int_equal(s.work, 570);
	assert_int_equal(now - start, 6000);    /* ends stay absolute across the wrap */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(before_across_the_wrap),
		cmocka_unit_test(fold_totals_and_series),
		cmocka_unit_test(loop_across_the_wrap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
