/* Timer sources: each timer in each mode through each delivery path, started at a
 * rate and stopped, its interrupts taken by bench_entry / bench_irq (bench/core/handler.h).
 * fire, tick and storm iterate over timer_sources[]. */
#ifndef BENCH_SOURCE_H
#define BENCH_SOURCE_H

#include <stdbool.h>
#include <stdint.h>
#include "config.h"
#include "problem.h"

struct timer_source {
	const char *timer, *mode, *delivery;
	unsigned timer_bit, delivery_bit;       /* TIMER_*, DELIVERY_* (cmdline.h) */
	/* Program the timer for hz interrupts a second; NULL, or why it cannot. The
	 * rate obtained (after rounding to the timer's ticks) goes to *millihz. */
	const char *(*start)(uint32_t hz, uint64_t *millihz);
	void (*stop)(void);
};

extern const struct timer_source timer_sources[];
extern const unsigned timer_sources_count;

/* The period at hz in the timer's (TIMER_*) own ticks (the PIT's divisor, the APIC
 * timer's count at divide-by-1, TSC cycles, HPET ticks), rounded to the nearest, and
 * the rate it gives in millihertz; NULL, or why the timer cannot run at hz. The one
 * place a rate becomes a count. */
const char *source_period(unsigned timer_bit, uint32_t hz, uint64_t *period, uint64_t *millihz);

/* Is the timer (TIMER_*) present on this platform? */
bool timer_present(unsigned timer_bit);

/* Present on this platform, its delivery path usable, and chosen by timer= and
 * delivery=. */
bool source_selected(const struct timer_source *s, const struct config *cfg);

/* Each timer and mode that timer= asks for and wanted() takes (NULL: every mode),
 * present here, that no path of delivery= serves: a "skip" record of bench that
 * names the paths it takes, rather than nothing run without a word (fire
 * timer=pit delivery=msi). Returns how many. */
unsigned source_report_unserved(const char *bench, const struct config *cfg,
				bool (*wanted)(const struct timer_source *s));

/* One-shot timers for latency: install bench_entry (no re-arm) and route the
 * interrupt; the caller arms each shot with the arch verbs. NULL, or why not. The
 * delivery path used is returned in *delivery. */
const char *source_oneshot_route(unsigned timer_bit, const char **delivery);
void source_oneshot_unroute(unsigned timer_bit);

/* The I/O APIC and FSB paths deliver to the CPU with local APIC apic_id from now on
 * (the boot CPU's id: back to the default). For tick on several CPUs. */
void source_route_to(uint32_t apic_id);

/* The HPET periodic at hz on every CPU of apic_ids[cpus] at once, each through a
 * comparator and an I/O APIC input of its own, in phase; the boot CPU (first) by
 * birq, the APs by their birq_ap slots on VEC_TIMER_AP. NULL, or why not (nothing
 * left running then but what source_hpet_spread_stop ends). */
const char *source_hpet_spread(unsigned cpus, const uint32_t *apic_ids, uint32_t hz,
			       uint64_t *millihz);
/* How many CPUs the HPET can be spread over (0 without an HPET). */
unsigned source_hpet_spread_max(void);
void source_hpet_spread_stop(void);

struct record;
/* The fields that name a source in a record: "timer", "mode", "delivery". */
void source_fields(struct record *r, const struct timer_source *s);

/* A "skip" (the source cannot run at hz) or "error" of bench for s (kernel/problem.h):
 * begun with the fields that name s and hz, for more fields before problem_end(); or
 * whole. */
void source_problem_begin(struct problem *p, enum problem_kind kind, const char *bench,
			  const struct timer_source *s, uint32_t hz);
void source_problem(const char *bench, enum problem_kind kind, const struct timer_source *s,
		    uint32_t hz, const char *why);

/* Start s at hz and wait for its first interrupt: true when it runs. Otherwise s is
 * stopped again and a skip (it cannot run at hz) or an error (no interrupt came
 * within two periods + 200 ms) is emitted for bench. */
bool source_start_checked(const char *bench, const struct timer_source *s, uint32_t hz,
			  uint64_t *millihz);

/* The first interrupt of s after start() (*count leaves 0), busy-waiting with
 * interrupts on; then one more, halted (see source.c); false if either does not
 * arrive within source_first_bound(hz). count: birq's, or an AP's birq_ap slot's. */
/* Two periods at hz + 200 ms (clock_bound: ten times that under a hypervisor). */
uint64_t source_first_bound(uint32_t hz);
bool source_wait_first(const struct timer_source *s, const volatile uint64_t *count, uint32_t hz);

/* The local APIC timer (periodic, one-shot, TSC deadline): it cannot be the backstop
 * of its own halted waits (kernel/clock.h). */
bool source_is_local(const struct timer_source *s);

#endif
