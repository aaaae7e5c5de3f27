/* The platform's timers and clocks, found, started, checked and calibrated against
 * each other once at boot; "timer" and "calibration" records describe them. */
#ifndef BENCH_TIMERS_H
#define BENCH_TIMERS_H

#include <stdbool.h>
#include <stdint.h>
#include "cmdline.h"
#include "hpet.h"

struct timers {
	bool pit, lapic, tscdl, hpet, pmtimer;
	const char *pit_why, *lapic_why, *tscdl_why, *hpet_why, *pmtimer_why;   /* when absent */
	struct hpet_caps hpet_caps;
	uint64_t hpet_hz;               /* rounded; hpet_caps.period_fs is exact */

	const char *tsc_reference;      /* whose rate the clock (kernel/clock.h) took */      /* "hpet", "pmtimer", "pit", "cpuid" */
	uint64_t tsc_hz_pit, tsc_hz_hpet, tsc_hz_pmtimer, tsc_hz_cpuid;   /* 0: not measured */
	uint64_t tsc_spread_ppm;        /* (max - min) / chosen over the measured ones */
	uint64_t lapic_hz;              /* timer ticks per second at divide-by-1 */
	const char *lapic_hz_source;    /* "tsc" (measured) or "cpuid" (leaf 0x15 crystal) */
};

extern struct timers timers;

/* Find the timers (after irq_init), calibrate (sets the clock), emit the records. */
void timers_init(void);

/* The first HPET comparator that can run periodic, or -1. */
int hpet_periodic_comparator(void);

/* Calibrations (bench/calibrate.c): TSC ticks per second against each reference,
 * 0 when the reference is absent or the measurement failed. */
uint64_t calibrate_tsc_pit(void);
uint64_t calibrate_tsc_hpet(void);
uint64_t calibrate_tsc_pmtimer(void);
uint64_t calibrate_tsc_cpuid(void);
uint64_t calibrate_lapic(uint64_t tsc_hz);

#endif
