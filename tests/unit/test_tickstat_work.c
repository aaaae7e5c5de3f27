/* tickstat's side of a tick that does work: ftq's pairing by work (the off run's
 * cycles for the on run's work), the per-tick event counts a pair carries, work
 * models in the configuration key, the 1 % crossing of a tick_data_kib sweep, and
 * the spectrum's peak (FFTW) on synthetic ftq series: a dip every 10 quanta of
 * 100 us is a comb at 1000 Hz and its harmonics, with or without noise, with a
 * bin grid that does not hold 1000 Hz, and a flat series has none. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "configuration.h"
#include "pairs.h"
#include "schema.h"
#include "../../tools/tickstat/report.h"
#include "../../tools/tickstat/spectrum.h"
#include "../../tools/tickstat/tickstat.h"

/* An ftq run record: lapic at 1000 Hz, data_kib of handler data, run index run. */
static struct rec ftq_rec(unsigned data_kib, unsigned run, bool on, uint64_t cycles,
			  uint64_t irqs, uint64_t work, uint64_t llc_misses)
{
	struct rec r = { .file = "a", .type = "run" };
	const char *keys[] = { "bench", "timer", "hz", "workload", "tick_data_kib", "run",
			       "timer_on", "cycles", "interrupts", "work", "pmu_llc_misses" };
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		field_name(&r.f[i], keys[i]);
	r.f[0].v = (struct value){ .kind = V_STRING, .s = "tick" };
	r.f[1].v = (struct value){ .kind = V_STRING, .s = "lapic" };
	r.f[2].v = (struct value){ .kind = V_INT, .u = 1000 };
	r.f[3].v = (struct value){ .kind = V_STRING, .s = "ftq" };
	r.f[4].v = (struct value){ .kind = V_INT, .u = data_kib };
	r.f[5].v = (struct value){ .kind = V_INT, .u = run };
	r.f[6].v = (struct value){ .kind = V_BOOL, .b = on };
	r.f[7].v = (struct value){ .kind = V_INT, .u = cycles };
	r.f[8].v = (struct value){ .kind = V_INT, .u = irqs };
	r.f[9].v = (struct value){ .kind = V_INT, .u = work };
	r.f[10].v = (struct value){ .kind = V_INT, .u = llc_misses };
	r.nfields = 11;
	return r;
}

/* ftq's runs last the same: 1 % of the work lost is 1 % of the CPU, whatever the
 * cycles say; the pair carries the off run's event counts; another tick_data_kib
 * is another configuration and does not pair. */
static void ftq_pairs_by_work(void **state)
{
	struct lost_pairs lp = { 0 };
	struct run_pair p;
	struct rec off = ftq_rec(16, 0, false, 30000000, 0, 1000000, 500);
	struct rec other = ftq_rec(64, 0, true, 30000010, 30, 990000, 9999);
	struct rec on = ftq_rec(16, 0, true, 30000010, 30, 990000, 3500);
	assert_false(lost_pair(&lp, &off, &p));
	assert_false(lost_pair(&lp, &other, &p));
	assert_true(lost_pair(&lp, &on, &p));
	assert_true(fabs(p.off - 30000000.0 * 990000 / 1000000) < 1e-6);
	assert_true(fabs(lost_ppm(&p) - (30000010 / (30000000 * 0.99) - 1) * 1e6) < 1e-6);
	assert_true(p.off_work == 1000000 && p.on_work == 990000);
	assert_int_equal(p.npmu, 1);
	assert_string_equal(p.pmu[0].key, "pmu_llc_misses");
	assert_true(p.pmu[0].off == 500);           /* 3000 more over 30 ticks: 100 a tick */
	lost_free(&lp);
}

/* The work model's fields are of the configuration (lib/record/schema.def), tick_cpus and
 * inject a measurement, cpu the identity. */
static bool role_is(const char *type, const char *name, enum schema_role role)
{
	const struct schema_field *f = schema_field(schema_type(type, strlen(type)), name,
						    strlen(name));
	return f && f->role == role;
}

static void model_fields_are_configuration(void **state)
{
	struct rec r = ftq_rec(16, 0, false, 1, 0, 1, 0);
	struct configuration c;
	configuration_of(&c, &r);
	assert_non_null(strstr(c.text, "tick_data_kib=16"));
	assert_null(strstr(c.text, "cycles="));
	assert_true(role_is("run", "tick_pages", SCHEMA_CONFIG) &&
		    role_is("run", "tick_work", SCHEMA_CONFIG));
	assert_false(role_is("run", "cpu", SCHEMA_CONFIG) ||
		     role_is("run", "inject", SCHEMA_CONFIG));
}

/* 0.2 % at 0 KiB, 0.6 % at 16, 1.4 % at 64: 1 % at 40 KiB; a sweep that starts
 * above 1 % or never gets there says so. */
static void crossing_one_percent(void **state)
{
	double kib[] = { 0, 16, 64 }, share[] = { 2000, 6000, 14000 }, at = 0;
	assert_int_equal(share_crossing(kib, share, 3, 10000, &at), 0);
	assert_true(fabs(at - 40) < 1e-9);
	double high[] = { 12000, 20000, 30000 };
	assert_int_equal(share_crossing(kib, high, 3, 10000, &at), -1);
	assert_true(at == 0);
	double low[] = { 100, 200, 300 };
	assert_int_equal(share_crossing(kib, low, 3, 10000, &at), 1);
}

/* A run of n quanta of 100 us, `base` units each, `dip` fewer in every tenth (a
 * 1000 Hz tick), plus noise of +-noise units (a fixed sequence). */
static double *comb(size_t n, double base, double dip, double noise, unsigned seed)
{
	double *v = malloc(n * sizeof(*v));
	assert_non_null(v);
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		v[i] = base - (i % 10 == 3 ? dip : 0) + noise * ((double)(seed >> 16 & 0x7fff) / 16383.5 - 1);
	}
	return v;
}

static void spectrum_of_a_tick(void **state)
{
	struct peak p;
	double *a = comb(300, 5000, 3, 0, 1), *b = comb(300, 5000, 3, 0, 2);
	const double *two[] = { a, b };
	assert_true(spectrum_peak(two, 2, 300, 100e-6, &p));
	assert_true(p.found);
	assert_true(fabs(p.hz - 1000) < 1);          /* 1000 Hz is bin 30 exactly */
	assert_true(p.rounded_hz == 1000);
	assert_true(fabs(p.resolution_hz - 1e6 / 30000) < 1e-9);
	free(a), free(b);
	/* 1024 quanta: 1000 Hz falls between bins 102 and 103; noise as large as the dip */
	double *c = comb(1024, 5000, 50, 50, 7), *d = comb(1024, 5000, 50, 50, 9);
	const double *noisy[] = { c, d };
	assert_true(spectrum_peak(noisy, 2, 1024, 100e-6, &p));
	assert_true(p.found);
	assert_true(fabs(p.hz - 1000) < p.resolution_hz / 2);
	assert_true(p.rounded_hz == 1000);
	assert_true(p.ratio > 5);
	free(c), free(d);
}

static void spectrum_of_nothing(void **state)
{
	struct peak p;
	double flat[64];
	for (int i = 0; i < 64; i++)
		flat[i] = 4998;
	const double *one[] = { flat };
	assert_true(spectrum_peak(one, 1, 64, 100e-6, &p));
	assert_false(p.found);
	assert_true(spectrum_peak(one, 1, 4, 100e-6, &p));   /* too short */
	assert_false(p.found);
	assert_true(spectrum_round(999.6, 9.77) == 1000);
	assert_true(spectrum_round(1004.9, 33.3) == 1000);
	assert_true(spectrum_round(250.4, 3.3) == 250);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ftq_pairs_by_work),
		cmocka_unit_test(model_fields_are_configuration),
		cmocka_unit_test(crossing_one_percent),
		cmocka_unit_test(spectrum_of_a_tick),
		cmocka_unit_test(spectrum_of_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
