/* lib/run/energy.c, arch/x86/rapl.c and arch/x86/cstate.c driven by what real CPUs give:
 * synthetic MSR sequences (a 32-bit wrap inside a run, a unit change, a counter
 * stuck at 0, one that jumps), the units of the power-unit MSR, and the model
 * tables. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "energy.h"
#include "rapl.h"
#include "cstate.h"

#define GHZ 1000000000ull

/* A Skylake's MSR_RAPL_POWER_UNIT, 0xa0e03: power 1/8 W, energy 2^-14 J (61 uJ),
 * time 2^-10 s. An EPYC's C0010299H, 0x41003: energy 2^-16 J. */
static void units(void **state)
{
	assert_int_equal(ENERGY_ESU(0xa0e03), 14);
	assert_int_equal(ENERGY_ESU(0x41003), 16);
	assert_int_equal(energy_nj(1, 14), 61035);              /* 61.035 uJ */
	assert_int_equal(energy_nj(16384, 14), 1000000000);     /* 1 J */
	assert_int_equal(energy_nj(1000, ENERGY_ESU_DRAM_FIXED), 15258789);
	assert_int_equal(energy_nj(0xffffffffull, 16), 65535999984741ull);
	/* half the range at 1000 W: 2^31 x 61 uJ = 131 kJ, 131 s; 2^-16 J: 32.8 s */
	assert_int_equal(energy_read_interval_ms(14), 131072);
	assert_int_equal(energy_read_interval_ms(16), 32768);
	assert_int_equal(energy_read_interval_ms(31), 1);
}

/* A run at 10 W (163840 units of 2^-14 J a second) read every 100 ms, starting
 * 50000 units below the wrap: the wrap inside the run costs nothing. */
static void wrap_inside_a_run(void **state)
{
	struct energy_counter c;
	uint32_t raw = 0xffffffffu - 50000;
	energy_start(&c, raw, 14);
	for (int i = 0; i < 10; i++) {
		raw += 16384;                                   /* 1 J in 100 ms */
		assert_true(energy_add(&c, raw, 14, GHZ / 10, GHZ));
	}
	assert_int_equal(raw, 163840 - 50001);          /* it did wrap */
	assert_true(energy_valid(&c));
	assert_int_equal(c.reads, 11);
	assert_int_equal(energy_uj(&c), 10000000);      /* 10 J */
	assert_int_equal(energy_power_uw(energy_uj(&c), GHZ, GHZ), 10000000);   /* 10 W */
}

/* The unit changed between two reads (firmware rewrote it): the delta across the
 * change has no meaning, the run is not to be used. */
static void unit_change(void **state)
{
	struct energy_counter c;
	energy_start(&c, 1000, 14);
	energy_add(&c, 2000, 14, GHZ / 10, GHZ);
	assert_true(energy_valid(&c));
	energy_add(&c, 3000, 16, GHZ / 10, GHZ);
	assert_true(c.unit_changed);
	assert_false(energy_valid(&c));
}

/* QEMU's TCG reads MSRs it does not implement as 0: a counter that never moves is
 * no energy figure (0 W would be a lie), and neither is one stuck anywhere else. */
static void stuck_counter(void **state)
{
	struct energy_counter c;
	energy_start(&c, 0, 0);
	for (int i = 0; i < 5; i++)
		energy_add(&c, 0, 0, GHZ / 10, GHZ);
	assert_false(c.moved);
	assert_false(energy_valid(&c));
	assert_int_equal(energy_uj(&c), 0);
	energy_start(&c, 0x12345678, 14);
	energy_add(&c, 0x12345678, 14, GHZ, GHZ);
	assert_false(energy_valid(&c));
}

/* A jump of 2^31 units (131 kJ) in 1 ms is no package's: a missed wrap or a bogus
 * counter, flagged; 1000 W for 1 ms (16384 units) is still plausible. */
static void implausible_jump(void **state)
{
	struct energy_counter c;
	energy_start(&c, 0, 14);
	assert_true(energy_add(&c, 16384, 14, GHZ / 1000, GHZ));
	assert_false(energy_add(&c, 16384 + (1u << 31), 14, GHZ / 1000, GHZ));
	assert_int_equal(c.implausible, 1);
	assert_false(energy_valid(&c));
}

static void power(void **state)
{
	/* 120 kJ over 600 s at 3 GHz: 200 W, past 64 bits in the product */
	assert_int_equal(energy_power_uw(120000000000ull, 1800 * GHZ, 3 * GHZ), 200000000);
	assert_int_equal(energy_power_uw(5, 0, GHZ), 0);
}

static void residency(void **state)
{
	assert_int_equal(residency_ppm(500000000, GHZ), 500000);
	assert_int_equal(residency_ppm(GHZ + 20, GHZ), 1000000);   /* read after the TSC */
	assert_int_equal(residency_ppm(7, 0), 0);
	assert_int_equal(residency_ppm(1ull << 50, 1ull << 51), 500000);
}

static void cstate_tables(void **state)
{
	struct cstate_map m = cstate_map_of(true, 6, 0x5e);         /* Skylake */
	assert_int_equal(m.present, 1u << CST_CC3 | 1u << CST_CC6 | 1u << CST_CC7 |
			 1u << CST_PC2 | 1u << CST_PC3 | 1u << CST_PC6 | 1u << CST_PC7);
	assert_int_equal(m.msr[CST_CC6], 0x3fd);
	assert_int_equal(m.msr[CST_PC2], 0x60d);
	assert_int_equal(m.msr[CST_CC1], 0);
	m = cstate_map_of(true, 6, 0x45);                           /* Haswell ULT: PC10 */
	assert_int_equal(m.msr[CST_PC10], 0x632);
	m = cstate_map_of(true, 6, 0x37);                           /* Silvermont */
	assert_int_equal(m.msr[CST_PC6], 0x3fa);
	assert_int_equal(m.msr[CST_CC1], 0x660);
	m = cstate_map_of(true, 6, 0x57);                           /* Knights Landing */
	assert_int_equal(m.msr[CST_CC6], 0x3ff);
	assert_int_equal(cstate_map_of(false, 0x19, 0x21).present, 0);   /* AMD: none */
	assert_int_equal(cstate_map_of(true, 6, 0x0f).present, 0);       /* Core 2 */
	assert_string_equal(cstate_counter_names[CST_PC10], "pc10");
}

static void rapl_tables(void **state)
{
	struct rapl_map m = rapl_map_of(true, false, false, 6, 0x3f);     /* Haswell-EP */
	assert_int_equal(m.unit_msr, 0x606);
	assert_int_equal(m.msr[RAPL_PKG], 0x611);
	assert_int_equal(m.msr[RAPL_DRAM], 0x619);
	assert_true(m.dram_fixed_unit);
	m = rapl_map_of(true, false, false, 6, 0x2d);                   /* Sandy Bridge-EP */
	assert_int_equal(m.msr[RAPL_DRAM], 0x619);
	assert_false(m.dram_fixed_unit);
	m = rapl_map_of(true, false, false, 6, 0x5e);                   /* Skylake client */
	assert_int_equal(m.msr[RAPL_CORE], 0x639);
	assert_int_equal(m.msr[RAPL_DRAM], 0);
	m = rapl_map_of(false, true, true, 0x19, 0x21);                 /* Zen 3 */
	assert_int_equal(m.unit_msr, 0xc0010299);
	assert_int_equal(m.msr[RAPL_PKG], 0xc001029b);
	assert_int_equal(m.msr[RAPL_CORE], 0xc001029a);
	m = rapl_map_of(false, true, false, 0x17, 0x01);                /* no RAPL bit */
	assert_int_equal(m.unit_msr, 0);
	assert_string_equal(m.why, "no RAPL: CPUID.80000007H:EDX[14] clear");
	m = rapl_map_of(true, false, false, 6, 0x17);                   /* Penryn */
	assert_int_equal(m.unit_msr, 0);
	assert_non_null(m.why);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(units),
		cmocka_unit_test(wrap_inside_a_run),
		cmocka_unit_test(unit_change),
		cmocka_unit_test(stuck_counter),
		cmocka_unit_test(implausible_jump),
		cmocka_unit_test(power),
		cmocka_unit_test(residency),
		cmocka_unit_test(cstate_tables),
		cmocka_unit_test(rapl_tables),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
