/* linux/tickgrid.c: the spin loop's holes under Linux told apart on the tick's grid,
 * on holes made here with known answers: the ticks found at the grid's points and
 * their cost, LOC's count capping them (another CPU's ticks under -icount), the
 * holes another task ran in, the off-grid holes split between other interrupts and
 * what lies beneath the OS; the grid carried onto the TSC at other rates and with
 * skew_tick's offset; ftq's quanta around each tick. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "tickgrid.h"

#define MS 1000000u             /* ns, and TSC cycles at 1 GHz */

static struct spin_hole holes[256];
static uint8_t kind[256];
static unsigned n;

static void hole_at(uint64_t start, uint32_t cycles)
{
	holes[n++] = (struct spin_hole){ .cycles = cycles, .start_lo = (uint32_t)start,
					  .end_hi = (uint32_t)((start + cycles) >> 32) };
}

/* A TSC at 1 GHz that reads CLOCK_MONOTONIC's value plus offset, HZ=250. */
static struct tick_grid grid_1ghz(uint64_t offset)
{
	return (struct tick_grid){ .period_ns = 4 * MS, .tsc = { offset, offset + 1000 * MS },
				   .ns = { 0, 1000 * MS } };
}

static void grid_on_the_tsc(void **state)
{
	struct tick_grid g = { .period_ns = 4 * MS, .tsc = { 5000, 5000 + 2500 * MS },
			       .ns = { 1000 * MS, 2000 * MS } };       /* 2.5 GHz */
	assert_int_equal(grid_tsc_at(&g, 1000 * MS), 5000);
	assert_int_equal(grid_tsc_at(&g, 1004 * MS), 5000 + 10 * MS);
	assert_int_equal(grid_ns_at(&g, 5000 + 10 * MS), 1004 * MS);
	assert_int_equal(grid_tsc_at(&g, 1000 * MS - 1000), 5000 - 2500);  /* before the first reading */
	assert_int_equal(grid_point_from(&g, 1001 * MS), 1004 * MS);
	assert_int_equal(grid_point_from(&g, 1004 * MS), 1004 * MS);
	assert_int_equal(grid_tolerance(&g), 125000);                 /* 50 us at 2.5 GHz */
	assert_int_equal(grid_points(&g, 5000, 5000 + 10 * MS), 1);   /* [1000, 1004) ms: 1000 */
	g.offset_ns = 1 * MS;                                       /* skew_tick=1 */
	assert_int_equal(grid_point_from(&g, 1001 * MS + 1), 1005 * MS);
	g.period_ns = 100000;                                      /* HZ=10000: a quarter */
	assert_int_equal(grid_tolerance(&g), 62500);
}

/* 25 ticks of 2600 cycles (step 8) each within 30 cycles of its point, and three
 * holes between them that no count explains. */
static void ticks_on_the_grid(void **state)
{
	struct tick_grid g = grid_1ghz(0);
	struct hole_split s;
	n = 0;
	for (unsigned k = 1; k <= 25; k++) {
		hole_at(k * 4 * MS - 20 + k % 3 * 20, 2600);
		if (k % 10 == 5)
			hole_at(k * 4 * MS + 2 * MS, 500);
	}
	struct run_counts c = { .timer = 25 };
	tick_holes_split(holes, n, 1000, 101 * MS, 8, 1, &g, &c, kind, &s);
	assert_int_equal(s.on_grid, 25);
	assert_int_equal(s.found, 25);
	assert_int_equal(s.ticks, 25);
	assert_int_equal(s.tick_cycles, 25 * (2600 - 8));
	assert_int_equal(s.tick_hist.n, 25);
	assert_int_equal(s.tick_hist.min, 2592);
	assert_int_equal(s.interval_hist.n, 24);
	assert_in_range(s.interval_hist.min, 4 * MS - 40, 4 * MS + 40);
	assert_int_equal(s.beneath, 3);
	assert_int_equal(s.beneath_cycles, 3 * (500 - 8));
	assert_int_equal(s.irqs, 0);
	assert_int_equal(s.shared, 0);
	assert_int_equal(kind[0], HOLE_TICK);
	assert_int_equal(kind[5], HOLE_OFF_GRID);           /* the one after tick 5 */
}

/* The points keep only the hole nearest them, and none beyond the tolerance. */
static void nearest_within_tolerance(void **state)
{
	struct tick_grid g = grid_1ghz(0);
	struct hole_split s;
	n = 0;
	hole_at(4 * MS - 3000, 100);            /* near, but the next is nearer */
	hole_at(4 * MS - 10, 2600);
	hole_at(8 * MS + 60000, 2600);          /* 60 us late: beyond 50 us */
	struct run_counts c = { .timer = 2 };
	tick_holes_split(holes, n, 0, 10 * MS, 8, 1, &g, &c, kind, &s);
	assert_int_equal(s.on_grid, 1);
	assert_int_equal(kind[1], HOLE_TICK);
	assert_int_equal(kind[0], HOLE_OFF_GRID);
	assert_int_equal(kind[2], HOLE_OFF_GRID);
	/* LOC counted 2, one found: the other is an interrupt off the grid */
	assert_int_equal(s.irqs, 1);
	assert_int_equal(s.beneath, 1);
}

/* More holes on the grid than LOC counted (a nohz_full CPU under -icount sees the
 * other CPU's ticks; a hypervisor's work lands at the tick's times): LOC counted 2,
 * and the two that opened nearest their points are this CPU's (not the largest: a
 * host's long preemption reaches a point from far before it). */
static void count_caps_the_ticks(void **state)
{
	struct tick_grid g = grid_1ghz(0);
	struct hole_split s;
	n = 0;
	for (unsigned k = 1; k <= 20; k++)
		if (k == 7 || k == 13)
			hole_at(k * 4 * MS + 5, 2600);
		else if (k == 17)
			hole_at(k * 4 * MS - 40000, 3 * MS);   /* 40 us before, covering it */
		else
			hole_at(k * 4 * MS + 200, 2000);
	struct run_counts c = { .timer = 2 };
	tick_holes_split(holes, n, 0, 81 * MS, 8, 1, &g, &c, kind, &s);
	assert_int_equal(s.on_grid, 20);
	assert_int_equal(s.found, 2);
	assert_int_equal(s.ticks, 2);
	assert_int_equal(kind[6], HOLE_TICK);
	assert_int_equal(kind[12], HOLE_TICK);
	assert_int_equal(kind[16], HOLE_OFF_GRID);
	assert_int_equal(s.beneath, 18);
	assert_int_equal(s.tick_cycles, 2 * (2600 - 8));
}

/* Preempted twice: the two largest holes are shared, a tick's among them still
 * found but its cycles not the tick's; the other interrupts' budget splits the
 * off-grid holes, each part its count's share of their cycles. */
static void shared_and_others(void **state)
{
	struct tick_grid g = grid_1ghz(0);
	struct hole_split s;
	n = 0;
	for (unsigned k = 1; k <= 10; k++)
		hole_at(k * 4 * MS, k == 4 ? 900000 : 2600);       /* tick 4: another task ran */
	hole_at(10 * MS, 800000);                               /* preempted off the grid */
	hole_at(14 * MS, 1008);
	hole_at(18 * MS, 2008);
	hole_at(22 * MS, 3008);
	struct run_counts c = { .timer = 10, .others = 2, .preempted = 2 };
	tick_holes_split(holes, n, 0, 41 * MS, 8, 1, &g, &c, kind, &s);
	assert_int_equal(s.found, 10);
	assert_int_equal(s.ticks, 9);
	assert_int_equal(s.tick_cycles, 9 * (2600 - 8));
	assert_int_equal(s.shared, 2);
	assert_int_equal(s.shared_cycles, 900000 + 800000 - 16);
	assert_int_equal(s.irqs, 2);
	assert_int_equal(s.beneath, 1);
	assert_int_equal(s.irq_cycles + s.beneath_cycles, 1000 + 2000 + 3000);
	assert_int_equal(s.irq_cycles, 4000);
	assert_int_equal(s.off_hist.n, 3);
}

/* The grid is CLOCK_MONOTONIC's: a TSC that reads it plus an offset moves it. */
static void grid_follows_the_clock(void **state)
{
	struct tick_grid g = grid_1ghz(123456789);
	struct hole_split s;
	n = 0;
	for (unsigned k = 1; k <= 5; k++)
		hole_at(123456789 + k * 4 * MS + 5, 2600);
	struct run_counts c = { .timer = 5 };
	tick_holes_split(holes, n, 123456789, 123456789 + 21 * MS, 8, 1, &g, &c, kind, &s);
	assert_int_equal(s.ticks, 5);
	assert_int_equal(s.beneath, 0);
}

/* ftq: 1 ms ticks, 100 us quanta of 1000 units when clean; a tick's quantum does 900
 * and the next 990: 11 us lost per tick, 1 us of it after (the last tick's quantum
 * ends the series: nothing after it). */
static void ftq_around_ticks(void **state)
{
	static uint32_t series[100];
	struct tick_grid g = { .period_ns = MS, .tsc = { 0, 1000 * MS }, .ns = { 0, 1000 * MS } };
	struct ftq_loss l;
	uint64_t start = 50000;                 /* quantum k: [50 + 100k, 150 + 100k) us */
	for (unsigned k = 0; k < 100; k++)
		series[k] = k % 10 == 9 ? 900 : k % 10 == 0 && k ? 990 : 1000;
	ftq_tick_loss(series, 100, start, 100000, &g, 2, &l);
	assert_int_equal(l.ticks, 10);
	assert_int_equal(l.clean, 100 - 10 - 18);       /* quanta 9, 19, ...; 10, 11, 20, ... */
	assert_int_equal(l.lost_cycles, 10 * 10000 + 9 * 1000);
	assert_int_equal(l.lost_after_cycles, 9 * 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(grid_on_the_tsc),
		cmocka_unit_test(ticks_on_the_grid),
		cmocka_unit_test(nearest_within_tolerance),
		cmocka_unit_test(count_caps_the_ticks),
		cmocka_unit_test(shared_and_others),
		cmocka_unit_test(grid_follows_the_clock),
		cmocka_unit_test(ftq_around_ticks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
