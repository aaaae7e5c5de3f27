/* The platform's timers and clocks, found, started, checked and calibrated against
 * each other once at boot; "timer" and "calibration" records describe them. */
#ifndef KERNEL_TIMERS_H
#define KERNEL_TIMERS_H

#include <stdbool.h>
#include <stdint.h>
#include "hpet.h"
#include "tscvote.h"

/* The TSC calibration's references in the order of trust: measured ones first. */
enum tsc_ref_index {
	REF_HPET, REF_PMTIMER, REF_PIT,                 /* measured over 50 ms */
	REF_HYPERVISOR, REF_CPUID15,                    /* stated rates */
	REF_PLATFORM_INFO, REF_CPUID16,                 /* nominal base frequencies */
	TSC_REF_COUNT
};
extern const struct tsc_ref tsc_ref_table[TSC_REF_COUNT];   /* names, tolerances */

struct timers {
	bool pit, lapic, tscdl, hpet, pmtimer;
	const char *pit_why, *lapic_why, *tscdl_why, *hpet_why, *pmtimer_why;   /* when absent */
	struct hpet_caps hpet_caps;
	uint64_t hpet_hz;               /* rounded; hpet_caps.period_fs is exact */

	struct tsc_ref tsc_refs[TSC_REF_COUNT];   /* each reference's TSC rate, 0: absent */
	const char *tsc_ref_why[TSC_REF_COUNT];  /* present, but its measurement failed */
	struct tsc_vote tsc_vote;       /* the vote over tsc_refs (lib/run/tscvote.h) */
	const char *tsc_reference;      /* the name of the one the clock took, "" none */
	uint64_t tsc_spread_ppm;        /* (max - min) / chosen over pit, hpet, pmtimer, cpuid */
	uint64_t lapic_hz;              /* timer ticks per second at divide-by-1, measured */
	const char *lapic_hz_source;    /* "tsc" (measured against it) */
	uint64_t lapic_hz_cpuid;        /* CPUID 0x15's crystal, 0 when not given */
};

extern struct timers timers;

/* Find the timers (after irq_init), calibrate (sets the clock), emit the records. */
void timers_init(void);

/* selftest=hpet-wrap: the HPET's main counter to 10 ms before 2^32 ticks. */
void timers_hpet_wrap_soon(void);

/* The first HPET comparator that can run periodic, or -1. */
int hpet_periodic_comparator(void);

/* Calibrate the TSC (sets the clock) and the APIC timer; the "calibration" record
 * (kernel/calibration.c). */
void calibration_run(void);

/* Measurements (kernel/calibrate.c): the TSC's rate against each reference in *hz,
 * within a window bounded at the fastest rate known so far (0: none known); NULL,
 * or why the measurement failed (*hz is then 0). */
const char *calibrate_tsc_hpet(uint64_t fastest_hz, uint64_t *hz);
const char *calibrate_tsc_pmtimer(uint64_t fastest_hz, uint64_t *hz);
const char *calibrate_tsc_pit(uint64_t fastest_hz, uint64_t *hz);
/* Stated and nominal rates, 0 when not given. */
uint64_t tsc_hz_hypervisor(void);
uint64_t tsc_hz_cpuid15(void);
uint64_t tsc_hz_platform_info(void);
uint64_t tsc_hz_cpuid16(void);
uint64_t crystal_hz_cpuid15(void);
/* The APIC timer's ticks per second at divide-by-1, over 50 ms of TSC at tsc_hz. */
uint64_t calibrate_lapic(uint64_t tsc_hz);

#endif
