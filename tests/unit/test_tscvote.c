/* The calibration's vote and wrap-safe counter deltas (lib/run/tscvote.c) on
 * synthetic references: all agree, one liar, two clusters, a chain, a single
 * reference, stated rates only, none. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "tscvote.h"

#define GHZ3 3000000000ull

static void delta_24_bits(void **state)
{
	assert_int_equal(counter_delta(0x000010, 0x000020, 24), 0x10);
	assert_int_equal(counter_delta(0xfffff0, 0x000010, 24), 0x20);   /* across the wrap */
	assert_int_equal(counter_delta(0x123456, 0x123456, 24), 0);
	/* bits above the width (a 24-bit timer read through a 32-bit port) are ignored */
	assert_int_equal(counter_delta(0xabfffff0, 0x12000010, 24), 0x20);
}

static void delta_32_bits(void **state)
{
	assert_int_equal(counter_delta(0xfffffff0u, 0x00000010u, 32), 0x20);
	assert_int_equal(counter_delta(0x80000000u, 0x7fffffffu, 32), 0xffffffffu);
	/* a 32-bit HPET read as 64 bits: the upper half reads 0 */
	assert_int_equal(counter_delta(0x00000000fffffc00ull, 0x0000000000000400ull, 32), 0x800);
}

static void delta_64_bits(void **state)
{
	assert_int_equal(counter_delta(~0ull - 5, 10, 64), 16);
	assert_int_equal(counter_delta(100, 1100, 64), 1000);
	assert_true(counter_delta(1, 0, 64) == ~0ull);
}

static void ppm(void **state)
{
	assert_int_equal(ppm_off(GHZ3 + 3000, GHZ3), 1);
	assert_int_equal(ppm_off(GHZ3 - 30000, GHZ3), -10);
	assert_int_equal(ppm_off(GHZ3 * 2, GHZ3), 1000000);
	assert_int_equal(ppm_off(GHZ3, GHZ3), 0);
}

static void agreement_is_the_sum_of_tolerances(void **state)
{
	struct tsc_ref a = { "a", 1000000000, 300 }, b = { "b", 1000500000, 200 };
	assert_true(tsc_refs_agree(&a, &b));              /* 500 ppm apart, 300 + 200 */
	b.hz = 1000500001;
	assert_false(tsc_refs_agree(&a, &b));
	assert_false(tsc_refs_agree(&b, &a));             /* symmetric */
	b.hz = 0;
	assert_false(tsc_refs_agree(&a, &b));             /* absent agrees with nothing */
}

static void all_agree(void **state)
{
	struct tsc_ref r[] = {
		{ "hpet", GHZ3 + 100, 500 }, { "pmtimer", GHZ3 - 200, 500 },
		{ "pit", GHZ3 + 900, 500 }, { "cpuid16", GHZ3, 10000 },
	};
	struct tsc_vote v;
	tsc_vote(r, 4, &v);
	assert_int_equal(v.chosen, 0);
	assert_int_equal(v.hz, GHZ3 + 100);
	assert_int_equal(v.present, 4);
	assert_int_equal(v.agreeing, 4);
	for (int i = 0; i < 4; i++)
		assert_true(v.agrees[i]);
}

/* The most trusted reference lies: the majority's rate is taken and the liar named. */
static void one_liar(void **state)
{
	struct tsc_ref r[] = {
		{ "hpet", GHZ3 + GHZ3 / 20, 500 }, { "pmtimer", GHZ3 + 300, 500 },
		{ "pit", GHZ3 - 400, 500 }, { "cpuid15", 0, 1000 }, { "cpuid16", GHZ3, 10000 },
	};
	struct tsc_vote v;
	tsc_vote(r, 5, &v);
	assert_int_equal(v.chosen, 1);
	assert_int_equal(v.hz, GHZ3 + 300);
	assert_int_equal(v.present, 4);
	assert_int_equal(v.agreeing, 3);
	assert_false(v.agrees[0]);
	assert_int_equal(v.ppm[0], ppm_off(GHZ3 + GHZ3 / 20, GHZ3 + 300));
	assert_true(v.ppm[0] > 49000 && v.ppm[0] < 50000);
	assert_false(v.agrees[3]);                        /* absent: neither */
	assert_int_equal(v.ppm[3], 0);
}

/* Two clusters of two: the tie goes to the cluster holding the most trusted. */
static void two_clusters(void **state)
{
	struct tsc_ref r[] = {
		{ "hpet", 2000000000, 500 }, { "pmtimer", 2400000000ull, 500 },
		{ "pit", 2000100000, 500 }, { "hypervisor", 2400000000ull, 500 },
	};
	struct tsc_vote v;
	tsc_vote(r, 4, &v);
	assert_int_equal(v.chosen, 0);
	assert_int_equal(v.agreeing, 2);
	assert_true(v.agrees[2]);
	assert_false(v.agrees[1]);
	assert_false(v.agrees[3]);
	assert_int_equal(v.ppm[1], 200000);
	/* three against two: the larger cluster wins though less trusted */
	struct tsc_ref s[] = {
		{ "hpet", 2000000000, 500 }, { "pmtimer", 2400000000ull, 500 },
		{ "pit", 2000100000, 500 }, { "hypervisor", 2400000000ull, 500 },
		{ "cpuid15", 2400100000ull, 1000 },
	};
	tsc_vote(s, 5, &v);
	assert_int_equal(v.chosen, 1);
	assert_int_equal(v.agreeing, 3);
	assert_false(v.agrees[0]);
	assert_int_equal(v.ppm[0], -166666);
}

/* A wide nominal figure bridges two measurements that disagree: the rate is the
 * most trusted of those agreeing with it, never the nominal figure itself. */
static void chain_takes_a_measurement(void **state)
{
	struct tsc_ref r[] = {
		{ "hpet", GHZ3 - GHZ3 / 200, 500 }, { "pit", GHZ3 + GHZ3 / 200, 500 },
		{ "cpuid16", GHZ3, 10000 },
	};
	struct tsc_vote v;
	tsc_vote(r, 3, &v);
	assert_int_equal(v.chosen, 0);
	assert_int_equal(v.hz, GHZ3 - GHZ3 / 200);
	assert_false(v.agrees[1]);
	assert_true(v.agrees[2]);
}

static void single_reference(void **state)
{
	struct tsc_ref r[] = { { "hpet", 0, 500 }, { "cpuid16", 2100000000, 10000 } };
	struct tsc_vote v;
	tsc_vote(r, 2, &v);
	assert_int_equal(v.chosen, 1);
	assert_int_equal(v.hz, 2100000000);
	assert_int_equal(v.present, 1);
	assert_int_equal(v.agreeing, 1);
}

/* A guest with no HPET, no PM timer, no PIT and no crystal leaf: the stated rates
 * alone, the more trusted taken; a measurement and a nominal figure that disagree,
 * one each: the measurement. */
static void stated_rates_only(void **state)
{
	struct tsc_ref r[] = {
		{ "hpet", 0, 500 }, { "hypervisor", 2592000000ull, 500 },
		{ "cpuid", 0, 1000 }, { "cpuid16", 2600000000ull, 10000 },
	};
	struct tsc_vote v;
	tsc_vote(r, 4, &v);
	assert_int_equal(v.chosen, 1);
	assert_int_equal(v.agreeing, 2);              /* 3086 ppm, within 10500 */
	r[1].hz = 2400000000ull;
	tsc_vote(r, 4, &v);
	assert_int_equal(v.chosen, 1);                /* 1 against 1: trust */
	assert_false(v.agrees[3]);
	assert_int_equal(v.ppm[3], 83333);
	r[0].hz = 2600000000ull;                      /* the HPET joins cpuid16 */
	tsc_vote(r, 4, &v);
	assert_int_equal(v.chosen, 0);
	assert_false(v.agrees[1]);
	assert_int_equal(v.ppm[1], -76923);
}

static void none(void **state)
{
	struct tsc_ref r[] = { { "hpet", 0, 500 }, { "pit", 0, 500 } };
	struct tsc_vote v;
	tsc_vote(r, 2, &v);
	assert_int_equal(v.chosen, -1);
	assert_int_equal(v.hz, 0);
	assert_int_equal(v.present, 0);
	assert_int_equal(v.agreeing, 0);
	tsc_vote(r, 0, &v);
	assert_int_equal(v.chosen, -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(delta_24_bits),
		cmocka_unit_test(delta_32_bits),
		cmocka_unit_test(delta_64_bits),
		cmocka_unit_test(ppm),
		cmocka_unit_test(agreement_is_the_sum_of_tolerances),
		cmocka_unit_test(all_agree),
		cmocka_unit_test(one_liar),
		cmocka_unit_test(two_clusters),
		cmocka_unit_test(chain_takes_a_measurement),
		cmocka_unit_test(single_reference),
		cmocka_unit_test(stated_rates_only),
		cmocka_unit_test(none),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
