/* tick's spin workload (bench/core/spin_loop.S, bench/core/spin.c): the measuring loop itself,
 * run on the host's CPU (its RDTSC), stores exactly the steps above its threshold
 * until the buffer is full and counts the rest, keeping a reserve of slots for holes
 * after which the count moved (a signal stands for the interrupt); the calibration's
 * threshold holds the rule (2 x p99.9 - mean, never below the 99.9th percentile); and the figures
 * worked out from the holes (which held an interrupt, Σ (hole - step) with the step's
 * fraction, the intervals, a TSC whose low half wrapped inside a hole) are the ones
 * worked by hand here. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include <signal.h>
#include <sys/time.h>
#include "spin.h"

#define SLOTS 64
static struct spin_hole slots[SLOTS];
static volatile uint64_t count = 7;

static struct spin_run run_with_reserve(uint64_t iterations, uint32_t threshold,
				       uint32_t reserve)
{
	struct spin_run r = { .iterations = iterations, .count = &count, .holes = slots,
			      .capacity = SLOTS, .threshold = threshold, .reserve = reserve };
	memset(slots, 0, sizeof(slots));
	spin_run(&r);
	return r;
}

static struct spin_run run_of(uint64_t iterations, uint32_t threshold)
{
	return run_with_reserve(iterations, threshold, 0);
}

/* Threshold 0: every step is a hole (two RDTSC never read the same value), the
 * buffer takes the first SLOTS, the rest are dropped, each slot as the loop saw it. */
static void every_step_a_hole(void **state)
{
	struct spin_run r = run_of(1000, 0);
	assert_int_equal(r.stored, SLOTS);
	assert_int_equal(r.dropped, 1000 - SLOTS);
	assert_true(r.end - r.start >= 1000);
	for (unsigned i = 0; i < SLOTS; i++) {
		assert_true(slots[i].cycles > 0);
		assert_int_equal(slots[i].count, 7);
		/* the opening read, its high half from the closing one's */
		uint32_t lo = slots[i].start_lo, wrapped = (uint32_t)(lo + slots[i].cycles) < lo;
		uint64_t opened = (uint64_t)(slots[i].end_hi - wrapped) << 32 | lo;
		assert_true(opened >= r.start && opened + slots[i].cycles <= r.end);
	}
	/* each hole opens after the last one closed: the bookkeeping lies in no step */
	for (unsigned i = 1; i < SLOTS; i++)
		assert_true((uint32_t)(slots[i].start_lo - slots[i - 1].start_lo) >
			    slots[i - 1].cycles);
}

/* Holes that hold no interrupt (the count never moves) leave the reserve empty. */
static void reserve_kept_from_holes_without_an_interrupt(void **state)
{
	struct spin_run r = run_with_reserve(1000, 0, 16);
	assert_int_equal(r.stored, SLOTS - 16);
	assert_int_equal(r.dropped, 1000 - (SLOTS - 16));
}

static void count_up(int sig)
{
	(void)sig;
	count++;
}

/* A signal every 20 us stands for the interrupt: every step is a hole, the slots
 * before the reserve fill at once, and the reserve's take only holes after which
 * the count had moved, each the first such hole since the last. */
static void reserve_holds_the_holes_with_an_interrupt(void **state)
{
	struct sigaction sa = { .sa_handler = count_up };
	struct itimerval every = { { 0, 20 }, { 0, 20 } }, stop = { 0 };
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &every, NULL);
	struct spin_run r = run_with_reserve(20000000, 0, 16);
	setitimer(ITIMER_REAL, &stop, NULL);
	assert_int_equal(r.stored, SLOTS);
	assert_int_equal(r.dropped, 20000000 - SLOTS);
	for (unsigned i = SLOTS - 16; i < SLOTS; i++)
		assert_true(slots[i].count != slots[i - 1].count);
}

static void no_hole_under_the_largest_threshold(void **state)
{
	struct spin_run r = run_of(100000, UINT32_MAX);
	assert_int_equal(r.stored, 0);
	assert_int_equal(r.dropped, 0);
	assert_true(r.end - r.start >= 100000);
}

static void zero_iterations(void **state)
{
	struct spin_run r = run_of(0, 0);
	assert_int_equal(r.stored, 0);
	assert_int_equal(r.dropped, 0);
	assert_true(r.end >= r.start);
}

/* On this CPU's steps: the threshold is 2 x p99.9 - mean >= p99.9 >= mean. */
static void calibration_rule(void **state)
{
	static struct spin_hole big[16384];
	struct spin_view v = { .holes = big, .capacity = 16384 };
	spin_calibrate(&v);
	uint64_t mean = v.cal.cycles / v.cal.steps;
	assert_int_equal(v.cal.steps, 16384);
	assert_true(v.cal.p999 >= mean);
	assert_int_equal(v.threshold, 2 * v.cal.p999 - mean);
	assert_true(v.cal.above <= v.cal.steps);
	assert_int_equal(v.step_iterations, 16384);
}

static void hole(unsigned i, uint32_t cycles, uint32_t cnt, uint32_t start_lo, uint32_t end_hi)
{
	slots[i] = (struct spin_hole){ cycles, cnt, start_lo, end_hi };
}

/* Holes 0 and 2 hold no handler entry, 1 holds one, 3 two; the step is 25 / 2. */
static void digest_by_hand(void **state)
{
	struct spin_view v = { .holes = slots, .capacity = SLOTS, .step_cycles = 25,
			       .step_iterations = 2, .count_before = 0 };
	hole(0, 40, 0, 1000, 0);
	hole(1, 100, 1, 5000, 0);
	hole(2, 30, 1, 9000, 0);
	hole(3, 200, 3, 15000, 0);
	v.run.stored = 4;
	spin_view_digest(&v);
	assert_int_equal(v.unexplained, 2);
	assert_int_equal(v.unexplained_cycles, 70);
	assert_int_equal(v.gaps, 2);
	assert_int_equal(v.gap_interrupts, 3);
	assert_int_equal(v.gap_cycles, 300 - 25);             /* 100 + 200 - 2 x 12.5 */
	assert_int_equal(spin_view_step(&v), 13);
	assert_int_equal(v.gap_hist.n, 2);
	assert_int_equal(v.gap_hist.min, 100 - 13);
	assert_int_equal(v.gap_hist.max, 200 - 13);
	assert_int_equal(v.interval_hist.n, 1);
	assert_int_equal(v.interval_hist.min, 15000 - 5000);
	/* digested again: the same, not twice as much */
	spin_view_digest(&v);
	assert_int_equal(v.gaps, 2);
	assert_int_equal(v.interval_hist.n, 1);
}

/* A hole over the low half's wrap: its opening read had the high half before. */
static void digest_across_a_wrap(void **state)
{
	struct spin_view v = { .holes = slots, .capacity = SLOTS, .step_cycles = 10,
			       .step_iterations = 1, .count_before = 41 };
	hole(0, 0x200, 42, 0xffffff00u, 5);     /* opened at 4:ffffff00, closed at 5:00000100 */
	hole(1, 0x80, 43, 0x00000300u, 5);      /* opened at 5:00000300 */
	v.run.stored = 2;
	spin_view_digest(&v);
	assert_int_equal(v.gaps, 2);
	assert_int_equal(v.interval_hist.min, 0x400);
	assert_int_equal(v.gap_cycles, 0x200 + 0x80 - 20);
}

/* The handler's count is stored in 32 bits: it may wrap between holes. */
static void digest_count_wraps(void **state)
{
	struct spin_view v = { .holes = slots, .capacity = SLOTS, .count_before = 0xffffffffu };
	hole(0, 50, 1, 100, 0);
	v.run.stored = 1;
	spin_view_digest(&v);
	assert_int_equal(v.gaps, 1);
	assert_int_equal(v.gap_interrupts, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_step_a_hole),
		cmocka_unit_test(reserve_kept_from_holes_without_an_interrupt),
		cmocka_unit_test(reserve_holds_the_holes_with_an_interrupt),
		cmocka_unit_test(no_hole_under_the_largest_threshold),
		cmocka_unit_test(zero_iterations),
		cmocka_unit_test(calibration_rule),
		cmocka_unit_test(digest_by_hand),
		cmocka_unit_test(digest_across_a_wrap),
		cmocka_unit_test(digest_count_wraps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
