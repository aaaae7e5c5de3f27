/* The PMU plans (lib/run/pmuplan.c) from the CPUID of real CPUs: which events go to which
 * counter, the exact MSR writes that start and stop them, what is left out and
 * said, what refuses; and the per-run differences of readings across a wrap at the
 * counters' widths (counter_delta, lib/run/tscvote.c). No platform here has a PMU
 * (QEMU TCG reports CPUID.0AH as 0, Bochs none, this KVM no vPMU), so these are the
 * figures a real CPU gives. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>
#include "pmuplan.h"
#include "tscvote.h"

#define EN_OS (1ull << 22 | 1ull << 17)

static void assert_writes(const struct pmu_write *got, unsigned n_got,
			  const struct pmu_write *want, unsigned n_want)
{
	assert_int_equal(n_got, n_want);
	for (unsigned i = 0; i < n_want; i++) {
		assert_int_equal(got[i].msr, want[i].msr);
		assert_int_equal(got[i].value, want[i].value);
	}
}

static void assert_counter(const struct pmu_plan *p, unsigned i, enum pmu_event e, uint32_t msr,
			   unsigned width)
{
	assert_true(i < p->n);
	assert_int_equal(p->c[i].event, e);
	assert_int_equal(p->c[i].msr, msr);
	assert_int_equal(p->c[i].width, width);
}

/* Skylake (Core i7-6700K): CPUID.0AH EAX 0x07300404 (version 4, 4 counters of 48
 * bits, 7 events), EBX 0 (all available), EDX 0x603 (3 fixed counters of 48 bits). */
static void intel_skylake(void **state)
{
	struct pmu_plan p;
	assert_true(pmu_plan_intel(0x16, 0x07300404, 0, 0x603, &p));
	assert_string_equal(p.kind, "intel");
	assert_int_equal(p.version, 4);
	assert_int_equal(p.counters, 4);
	assert_int_equal(p.width, 48);
	assert_int_equal(p.fixed, 3);
	assert_int_equal(p.n, 4);
	assert_counter(&p, 0, PMU_INSTRUCTIONS, 0x309, 48);     /* IA32_FIXED_CTR0 */
	assert_counter(&p, 1, PMU_CYCLES, 0x30a, 48);           /* IA32_FIXED_CTR1 */
	assert_counter(&p, 2, PMU_LLC_REFERENCES, 0xc1, 48);    /* IA32_PMC0 */
	assert_counter(&p, 3, PMU_LLC_MISSES, 0xc2, 48);        /* IA32_PMC1 */
	const struct pmu_write start[] = {
		{ 0x38f, 0 },                                   /* global off while set up */
		{ 0x186, 0 }, { 0xc1, 0 }, { 0x187, 0 }, { 0xc2, 0 },
		{ 0x38d, 0 }, { 0x309, 0 }, { 0x30a, 0 },
		{ 0x186, 0x4f2e | EN_OS }, { 0x187, 0x412e | EN_OS },
		{ 0x38d, 0x11 },                                /* fixed 0 and 1, ring 0 */
		{ 0x38f, 0x0000000300000003ull },               /* PMC0-1, FIXED_CTR0-1 */
	};
	assert_writes(p.start, p.n_start, start, sizeof(start) / sizeof(start[0]));
	const struct pmu_write stop[] = { { 0x38f, 0 }, { 0x186, 0 }, { 0x187, 0 }, { 0x38d, 0 } };
	assert_writes(p.stop, p.n_stop, stop, sizeof(stop) / sizeof(stop[0]));
	assert_string_equal(p.note, "");
	assert_string_equal(p.why, "");
}

/* Core 2 Duo (version 2: 2 counters of 40 bits, EDX 0x503: 3 fixed of 40 bits). */
static void intel_core2(void **state)
{
	struct pmu_plan p;
	assert_true(pmu_plan_intel(0xd, 0x07280202, 0, 0x503, &p));
	assert_int_equal(p.n, 4);
	assert_counter(&p, 0, PMU_INSTRUCTIONS, 0x309, 40);
	assert_counter(&p, 3, PMU_LLC_MISSES, 0xc2, 40);
}

/* Version 1 (Core Duo): no fixed counters, no IA32_PERF_GLOBAL_CTRL; two counters
 * take instructions and cycles, the LLC events find none left and say so. */
static void intel_version_1(void **state)
{
	struct pmu_plan p;
	assert_true(pmu_plan_intel(0xa, 0x07280201, 0, 0x603, &p));
	assert_int_equal(p.fixed, 0);                   /* EDX means nothing before version 2 */
	assert_int_equal(p.n, 2);
	assert_counter(&p, 0, PMU_INSTRUCTIONS, 0xc1, 40);
	assert_counter(&p, 1, PMU_CYCLES, 0xc2, 40);
	const struct pmu_write start[] = {
		{ 0x186, 0 }, { 0xc1, 0 }, { 0x187, 0 }, { 0xc2, 0 },
		{ 0x186, 0xc0 | EN_OS }, { 0x187, 0x3c | EN_OS },
	};
	assert_writes(p.start, p.n_start, start, sizeof(start) / sizeof(start[0]));
	assert_string_equal(p.note, "llc_references: no counter left; llc_misses: no counter left");
}

/* EBX bit 4 set (and a 4-event vector, leaving bit 4 out anyway): LLC misses are not
 * counted, the rest is, and the note names the bit. */
static void intel_event_unavailable(void **state)
{
	struct pmu_plan p;
	assert_true(pmu_plan_intel(0x16, 0x07300404, 1u << 4, 0x603, &p));
	assert_int_equal(p.n, 3);
	assert_int_equal(pmu_index(&p, PMU_LLC_MISSES), -1);
	assert_int_equal(pmu_index(&p, PMU_LLC_REFERENCES), 2);
	assert_string_equal(p.note, "llc_misses: not available (CPUID.0AH EBX bit 4)");
	assert_true(pmu_plan_intel(0x16, 0x04300404, 0, 0x603, &p));   /* EBX length 4 */
	assert_int_equal(pmu_index(&p, PMU_LLC_MISSES), -1);
}

/* What QEMU TCG and -icount report (leaf 0AH all 0), and a CPU without the leaf. */
static void intel_none(void **state)
{
	struct pmu_plan p;
	assert_false(pmu_plan_intel(0xd, 0, 0, 0, &p));
	assert_string_equal(p.why, "Intel architectural performance monitoring: CPUID.0AH "
			    "reports version 0 with 0 counters");
	assert_int_equal(p.n_start, 0);
	assert_false(pmu_plan_intel(0x9, 0x07300404, 0, 0x603, &p));
	assert_string_equal(p.why, "Intel architectural performance monitoring: CPUID has no "
			    "leaf 0AH (the highest basic leaf is 0x9)");
}

/* Zen 2 (EPYC 7002, family 17h): PerfCtrExtCore (Fn8000_0001 ECX 0x75c237ff, bit 23),
 * no leaf 8000_0022h: six counters at C001_0200h, five events. */
static void amd_zen2(void **state)
{
	struct pmu_amd_cpuid id = { .family = 0x17, .ext1_ecx = 0x75c237ff };
	struct pmu_plan p;
	assert_true(pmu_plan_amd(&id, &p));
	assert_string_equal(p.kind, "amd");
	assert_int_equal(p.version, 1);
	assert_int_equal(p.counters, 6);
	assert_int_equal(p.n, 5);
	assert_counter(&p, 0, PMU_INSTRUCTIONS, 0xc0010201, 48);
	assert_counter(&p, 1, PMU_CYCLES, 0xc0010203, 48);
	assert_counter(&p, 2, PMU_L1D_MISSES, 0xc0010205, 48);
	assert_counter(&p, 3, PMU_L2_MISSES, 0xc0010207, 48);
	assert_counter(&p, 4, PMU_L1I_MISSES, 0xc0010209, 48);
	const struct pmu_write start[] = {
		{ 0xc0010200, 0 }, { 0xc0010201, 0 }, { 0xc0010202, 0 }, { 0xc0010203, 0 },
		{ 0xc0010204, 0 }, { 0xc0010205, 0 }, { 0xc0010206, 0 }, { 0xc0010207, 0 },
		{ 0xc0010208, 0 }, { 0xc0010209, 0 },
		{ 0xc0010200, 0x0c0 | EN_OS }, { 0xc0010202, 0x076 | EN_OS },
		{ 0xc0010204, 0xc860 | EN_OS }, { 0xc0010206, 0x0964 | EN_OS },
		{ 0xc0010208, 0x1060 | EN_OS },
	};
	assert_writes(p.start, p.n_start, start, sizeof(start) / sizeof(start[0]));
	const struct pmu_write stop[] = { { 0xc0010200, 0 }, { 0xc0010202, 0 }, { 0xc0010204, 0 },
					  { 0xc0010206, 0 }, { 0xc0010208, 0 } };
	assert_writes(p.stop, p.n_stop, stop, sizeof(stop) / sizeof(stop[0]));
	assert_string_equal(p.note, "");
}

/* Zen 4 (family 19h): PerfMonV2 (Fn8000_0022 EAX[0]), EBX[3:0] = 6 counters:
 * PerfCntrGlobalCtl off first, on last with the five counters' bits. */
static void amd_zen4_perfmon_v2(void **state)
{
	struct pmu_amd_cpuid id = { .family = 0x19, .ext1_ecx = 1u << 23, .has_ext22 = true,
				    .ext22_eax = 0x7, .ext22_ebx = 0x1106 };
	struct pmu_plan p;
	assert_true(pmu_plan_amd(&id, &p));
	assert_int_equal(p.version, 2);
	assert_int_equal(p.counters, 6);
	assert_int_equal(p.start[0].msr, 0xc0000301);
	assert_int_equal(p.start[0].value, 0);
	assert_int_equal(p.start[p.n_start - 1].msr, 0xc0000301);
	assert_int_equal(p.start[p.n_start - 1].value, 0x1f);
	assert_int_equal(p.stop[0].msr, 0xc0000301);
}

/* Legacy counters only (no PerfCtrExtCore: K8, family 0Fh) and a family whose
 * cache events tickbench does not know (15h, Bulldozer): instructions and cycles,
 * said in the note. */
static void amd_legacy_and_unknown_family(void **state)
{
	struct pmu_amd_cpuid k8 = { .family = 0xf };
	struct pmu_plan p;
	assert_true(pmu_plan_amd(&k8, &p));
	assert_int_equal(p.counters, 4);
	assert_int_equal(p.n, 2);
	assert_counter(&p, 0, PMU_INSTRUCTIONS, 0xc0010004, 48);
	assert_counter(&p, 1, PMU_CYCLES, 0xc0010005, 48);
	const struct pmu_write start[] = {
		{ 0xc0010000, 0 }, { 0xc0010004, 0 }, { 0xc0010001, 0 }, { 0xc0010005, 0 },
		{ 0xc0010000, 0x0c0 | EN_OS }, { 0xc0010001, 0x076 | EN_OS },
	};
	assert_writes(p.start, p.n_start, start, sizeof(start) / sizeof(start[0]));
	struct pmu_amd_cpuid bulldozer = { .family = 0x15, .ext1_ecx = 1u << 23 };
	assert_true(pmu_plan_amd(&bulldozer, &p));
	assert_int_equal(p.n, 2);
	assert_string_equal(p.note, "family 0x15: its cache events are not known to tickbench; "
			    "instructions and cycles only");
}

/* PerfMonV2 with fewer counters than Zen's events: the first ones, said. */
static void amd_few_counters(void **state)
{
	struct pmu_amd_cpuid id = { .family = 0x19, .has_ext22 = true, .ext22_eax = 1,
				    .ext22_ebx = 3 };
	struct pmu_plan p;
	assert_true(pmu_plan_amd(&id, &p));
	assert_int_equal(p.n, 3);
	assert_int_equal(pmu_index(&p, PMU_L2_MISSES), -1);
	assert_string_equal(p.note, "fewer counters than events: the last left out");
	id.ext22_ebx = 0;
	assert_false(pmu_plan_amd(&id, &p));
	assert_true(strstr(p.why, "reports none") != NULL);
}

/* A run's readings: before and after on every counter, one of them wrapping at its
 * 48 bits, another at 40; bits above the width ignored. */
static void run_deltas_across_wraps(void **state)
{
	const struct { uint64_t before, after; unsigned width; uint64_t want; } r[] = {
		{ 0x0000ffffffffff00ull, 0x0000000000000100ull, 48, 0x200 },
		{ 0x000000fffffffff0ull, 0x0000000000000010ull, 40, 0x20 },
		{ 0x0000000012345678ull, 0x0000000012345678ull, 48, 0 },
		{ 0xffff000000000010ull, 0x0000000000000020ull, 48, 0x10 },
	};
	for (unsigned i = 0; i < sizeof(r) / sizeof(r[0]); i++)
		assert_int_equal(counter_delta(r[i].before, r[i].after, r[i].width), r[i].want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(intel_skylake),
		cmocka_unit_test(intel_core2),
		cmocka_unit_test(intel_version_1),
		cmocka_unit_test(intel_event_unavailable),
		cmocka_unit_test(intel_none),
		cmocka_unit_test(amd_zen2),
		cmocka_unit_test(amd_zen4_perfmon_v2),
		cmocka_unit_test(amd_legacy_and_unknown_family),
		cmocka_unit_test(amd_few_counters),
		cmocka_unit_test(run_deltas_across_wraps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
