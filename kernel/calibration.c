/* The calibration: every TSC reference present measured or read (kernel/calibrate.c),
 * the vote (lib/run/tscvote.h) sets the clock, the APIC timer measured against the
 * TSC and cross-checked with CPUID 0x15; the "calibration" record and a "skip" for
 * each reference present whose measurement failed (docs/METHOD.md, "Calibration"). */
#include "timers.h"
#include "clock.h"
#include "console.h"
#include "cpu.h"
#include "format.h"
#include "hpet.h"
#include "lib.h"
#include "problem.h"
#include "record.h"

/* The fastest rate given so far: measured ones if any, else the nominal ones (a
 * window's bound in wall time comes from another reference when one is there). */
static uint64_t fastest_known(void)
{
	uint64_t measured = 0, nominal = 0;
	for (unsigned i = 0; i < TSC_REF_COUNT; i++) {
		uint64_t *max = i <= REF_PIT ? &measured : &nominal;
		if (timers.tsc_refs[i].hz > *max)
			*max = timers.tsc_refs[i].hz;
	}
	return measured ? measured : nominal;
}

static void read_stated_rates(struct tsc_ref *r)
{
	r[REF_HYPERVISOR].hz = tsc_hz_hypervisor();
	r[REF_CPUID15].hz = tsc_hz_cpuid15();
	r[REF_PLATFORM_INFO].hz = tsc_hz_platform_info();
	r[REF_CPUID16].hz = tsc_hz_cpuid16();
}

/* HPET and PM timer before the PIT: the PIT's window is bounded by their rates.
 * The PM timer runs free (ACPI 6.5, 4.8.3.3): its window ends on one of its ticks,
 * whose phase against the kernel's code varies from boot to boot under QEMU
 * -icount. The HPET's counter is restarted after it, so that its phase against
 * the code stays the kernel's own whatever that window took (docs/FORMAT.md,
 * "Repeatability"; timers.c probes the PM timer before starting the HPET). */
static void measure_references(struct tsc_ref *r)
{
	const char **why = timers.tsc_ref_why;
	if (timers.hpet)
		why[REF_HPET] = calibrate_tsc_hpet(fastest_known(), &r[REF_HPET].hz);
	if (timers.pmtimer)
		why[REF_PMTIMER] = calibrate_tsc_pmtimer(fastest_known(), &r[REF_PMTIMER].hz);
	if (timers.hpet)
		hpet_restart();
	if (timers.pit)
		why[REF_PIT] = calibrate_tsc_pit(fastest_known(), &r[REF_PIT].hz);
}

/* (largest - smallest) / chosen over the PIT, HPET, PM timer and CPUID 0x15. */
static uint64_t spread_ppm(const struct tsc_ref *r, uint64_t chosen)
{
	static const unsigned spread_refs[] = { REF_PIT, REF_HPET, REF_PMTIMER, REF_CPUID15 };
	uint64_t lo = ~0ull, hi = 0;
	for (unsigned i = 0; i < 4; i++) {
		uint64_t hz = r[spread_refs[i]].hz;
		if (hz) {
			lo = hz < lo ? hz : lo;
			hi = hz > hi ? hz : hi;
		}
	}
	return hi ? mul_div(hi - lo, 1000000, chosen) : 0;
}

/* An APIC timer of unknown rate cannot be programmed: absent (a timer record and a
 * skip say why), and so is the TSC-deadline timer without a TSC rate. */
static void lapic_unmeasured(const char *why)
{
	if (timers.lapic) {
		timers.lapic = false;
		timers.lapic_why = why;
	}
	if (timers.tscdl && !clock_calibrated()) {
		timers.tscdl = false;
		timers.tscdl_why = "no reference to calibrate the TSC against";
	}
}

static void calibrate(void)
{
	struct tsc_ref *r = timers.tsc_refs;
	memcpy(r, tsc_ref_table, sizeof(tsc_ref_table));
	read_stated_rates(r);
	measure_references(r);
	tsc_vote(r, TSC_REF_COUNT, &timers.tsc_vote);
	timers.tsc_reference = "";
	if (timers.tsc_vote.chosen < 0) {
		lapic_unmeasured("no TSC rate to measure the APIC timer against");
		return;
	}
	timers.tsc_reference = r[timers.tsc_vote.chosen].name;
	clock_set_tsc_hz(timers.tsc_vote.hz);       /* the time base from here on */
	timers.tsc_spread_ppm = spread_ppm(r, timers.tsc_vote.hz);
	if (timers.lapic) {
		timers.lapic_hz = calibrate_lapic(clock_tsc_hz());
		timers.lapic_hz_source = "tsc";
		timers.lapic_hz_cpuid = crystal_hz_cpuid15();
		if (!timers.lapic_hz)
			lapic_unmeasured("the APIC timer did not count down");
	}
}

/* A reference present whose measurement failed: a skip naming it. */
static void report_failures(void)
{
	for (unsigned i = 0; i < TSC_REF_COUNT; i++) {
		if (!timers.tsc_ref_why[i])
			continue;
		struct problem p;
		problem_begin(&p, PROBLEM_SKIP, NULL);
		SKIP_STR(&p, what, "calibration");
		SKIP_STR(&p, reference, timers.tsc_refs[i].name);
		problem_end(&p, timers.tsc_ref_why[i]);
	}
}

/* The disagreeing references' names, comma-separated ("" when none). */
static void disagreeing_names(char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < TSC_REF_COUNT; i++)
		if (timers.tsc_refs[i].hz && !timers.tsc_vote.agrees[i] && len < size)
			len += format(buf + len, size - len, "%s%s", len ? "," : "",
				      timers.tsc_refs[i].name);
}

/* "disagreeing" and, for each, off_ppm_NAME: its distance from the rate taken. */
static void record_disagreements(struct record *rec)
{
	char names[128], key[32];
	disagreeing_names(names, sizeof(names));
	REC_STR(rec, calibration, disagreeing, names);
	for (unsigned i = 0; i < TSC_REF_COUNT; i++)
		if (timers.tsc_refs[i].hz && !timers.tsc_vote.agrees[i]) {
			format(key, sizeof(key), FAMILY(calibration, off_ppm_NAME, I64, "off_ppm_%s"),
			       timers.tsc_refs[i].name);
			record_i64(rec, key, timers.tsc_vote.ppm[i]);
		}
}

static void record_lapic(struct record *rec)
{
	REC_U64(rec, calibration, lapic_hz, timers.lapic_hz);
	REC_STR(rec, calibration, lapic_hz_source,
		timers.lapic_hz_source ? timers.lapic_hz_source : "");
	REC_U64(rec, calibration, lapic_hz_cpuid, timers.lapic_hz_cpuid);
	if (timers.lapic_hz && timers.lapic_hz_cpuid)
		REC_I64(rec, calibration, lapic_cpuid_off_ppm,
			ppm_off(timers.lapic_hz_cpuid, timers.lapic_hz));
}

static void emit_record(void)
{
	const struct tsc_ref *r = timers.tsc_refs;
	struct record rec;
	REC_BEGIN(&rec, calibration);
	if (clock_calibrated())             /* absent when nothing gave a rate */
		REC_U64(&rec, calibration, tsc_hz, clock_tsc_hz());
	REC_STR(&rec, calibration, reference, timers.tsc_reference);
	REC_U64(&rec, calibration, tsc_hz_pit, r[REF_PIT].hz);
	REC_U64(&rec, calibration, tsc_hz_hpet, r[REF_HPET].hz);
	REC_U64(&rec, calibration, tsc_hz_pmtimer, r[REF_PMTIMER].hz);
	REC_U64(&rec, calibration, tsc_hz_cpuid, r[REF_CPUID15].hz);
	REC_U64(&rec, calibration, spread_ppm, timers.tsc_spread_ppm);
	REC_BOOL(&rec, calibration, tsc_invariant, cpu.has_tsc_invariant);
	record_lapic(&rec);
	REC_U64(&rec, calibration, tsc_hz_hypervisor, r[REF_HYPERVISOR].hz);
	REC_U64(&rec, calibration, tsc_hz_cpuid16, r[REF_CPUID16].hz);
	REC_U64(&rec, calibration, tsc_hz_platform_info, r[REF_PLATFORM_INFO].hz);
	REC_U64(&rec, calibration, references, timers.tsc_vote.present);
	REC_U64(&rec, calibration, agreeing, timers.tsc_vote.agreeing);
	record_disagreements(&rec);
	record_emit(&rec);
}

static void print_summary(void)
{
	char names[128];
	const char *from = timers.tsc_reference[0] ? timers.tsc_reference : "nothing";
	kprintf("calibration: TSC %llu Hz from %s, %u of %u references agreeing",
		(unsigned long long)clock_tsc_hz(), from, timers.tsc_vote.agreeing,
		timers.tsc_vote.present);
	for (unsigned i = 0; i < TSC_REF_COUNT; i++)
		if (timers.tsc_refs[i].hz)
			kprintf(" %s %llu", timers.tsc_refs[i].name,
				(unsigned long long)timers.tsc_refs[i].hz);
	disagreeing_names(names, sizeof(names));
	kprintf("%s%s; APIC timer %llu Hz (CPUID 0x15 crystal %llu)\n",
		names[0] ? "; disagreeing: " : "", names,
		(unsigned long long)timers.lapic_hz, (unsigned long long)timers.lapic_hz_cpuid);
}

void calibration_run(void)
{
	calibrate();
	report_failures();
	emit_record();
	print_summary();
}
