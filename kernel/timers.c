/* Finding, starting and calibrating the timers (see timers.h); the "timer",
 * "hpet_comparator" and "calibration" records. */
#include "timers.h"
#include "problem.h"
#include "clock.h"
#include "acpi_tables.h"
#include "console.h"
#include "cpu.h"
#include "irq.h"
#include "pit.h"
#include "pmtimer.h"
#include "record.h"
#include "lib.h"

struct timers timers;

/* The PIT exists if channel 2 counts (some recent platforms gate its clock off). */
static const char *probe_pit(void)
{
	pit_stop();                         /* the BIOS left channel 0 at 18.2 Hz */
	pit_ch2_start(0xffff);
	uint16_t first = pit_ch2_read();
	for (int i = 0; i < 10000; i++)
		if (pit_ch2_read() != first)
			return NULL;
	return "PIT channel 2 does not count";
}

/* Did the ACPI parser turn down an HPET table (an acpi_problem record says why)? */
static bool hpet_table_refused(void)
{
	for (unsigned i = 0; i < acpi.n_problems; i++)
		if (!memcmp(acpi.problems[i].signature, "HPET", 4))
			return true;
	return false;
}

/* The PM timer's probe waits for one of its ticks, and it runs free (ACPI 6.5,
 * 4.8.3.3): under QEMU -icount that wait lasts a different time at each boot. */
static void find_pmtimer(void)
{
	if (acpi.hw_reduced)
		timers.pmtimer_why = "hardware-reduced ACPI (FADT flag HW_REDUCED_ACPI): no PM timer";
	else if (!acpi.pm_timer_addr)
		timers.pmtimer_why = "no PM timer block in the FADT";
	else if (!pmtimer_init(acpi.pm_timer_space, acpi.pm_timer_addr, acpi.pm_timer_32bit))
		timers.pmtimer_why = "the PM timer block does not count";
	timers.pmtimer = !timers.pmtimer_why;
}

/* hpet_init starts the HPET's main counter. */
static void find_hpet(void)
{
	if (!acpi.has_hpet && hpet_table_refused())
		timers.hpet_why = "the ACPI HPET table is unusable (see the acpi_problem record)";
	else if (!acpi.has_hpet)
		timers.hpet_why = "no ACPI HPET table";
	else if (!irq.lapic)
		timers.hpet_why = irq.lapic_problem;
	else
		timers.hpet_why = hpet_init(acpi.hpet_addr, &timers.hpet_caps);
	timers.hpet = !timers.hpet_why;
	if (timers.hpet)
		timers.hpet_hz = (FS_PER_S + timers.hpet_caps.period_fs / 2) / timers.hpet_caps.period_fs;
}

/* The PM timer before the HPET: the HPET's counter, started after the PM timer's
 * probe, keeps one phase against the code from boot to boot (calibration.c). */
static void find_timers(void)
{
	timers.pit_why = probe_pit();
	timers.pit = !timers.pit_why;
	timers.lapic = irq.lapic;
	timers.lapic_why = irq.lapic_problem;
	timers.tscdl = irq.lapic && cpu.has_tsc_deadline;
	timers.tscdl_why = !irq.lapic ? irq.lapic_problem :
			   "the CPU has no TSC-deadline mode (CPUID.1:ECX[24])";
	find_pmtimer();
	find_hpet();
}

static void emit_timer(const char *name, bool present, const char *why, uint64_t hz,
		       unsigned width, const char *modes, const char *delivery)
{
	struct record r;
	REC_BEGIN(&r, timer);
	REC_STR(&r, timer, timer, name);
	REC_BOOL(&r, timer, present, present);
	if (!present) {
		REC_STR(&r, timer, reason, why);
		record_emit(&r);
		struct problem p;
		problem_begin(&p, PROBLEM_SKIP, NULL);
		SKIP_STR(&p, timer, name);
		problem_end(&p, why);
		return;
	}
	REC_U64(&r, timer, freq_hz, hz);
	REC_U64(&r, timer, width_bits, width);
	REC_STR(&r, timer, modes, modes);
	REC_STR(&r, timer, delivery, delivery);
	if (!strcmp(name, "hpet")) {
		REC_U64(&r, timer, period_fs, timers.hpet_caps.period_fs);
		REC_U64(&r, timer, comparators, timers.hpet_caps.timers);
		REC_U64(&r, timer, min_tick, acpi.hpet_min_tick);
	} else if (!strcmp(name, "lapic") || !strcmp(name, "tscdl")) {
		REC_STR(&r, timer, apic, irq.lapic_mode == LAPIC_X2APIC ? "x2apic" : "xapic");
	} else if (!strcmp(name, "pmtimer")) {
		if (acpi.pm_timer_space == ACPI_GAS_SYSTEM_MEMORY)
			REC_HEX(&r, timer, address, acpi.pm_timer_addr);
		else
			REC_U64(&r, timer, port, acpi.pm_timer_port);
	}
	record_emit(&r);
	kprintf("timer %-8s %llu Hz, %u bits, modes %s, delivery %s\n", name,
		(unsigned long long)hz, width, modes, delivery);
}

static void emit_hpet_comparators(void)
{
	for (unsigned n = 0; n < timers.hpet_caps.timers; n++) {
		struct record r;
		REC_BEGIN(&r, hpet_comparator);
		REC_U64(&r, hpet_comparator, index, n);
		REC_BOOL(&r, hpet_comparator, periodic, timers.hpet_caps.timer[n].periodic);
		REC_BOOL(&r, hpet_comparator, wide, timers.hpet_caps.timer[n].wide);
		REC_BOOL(&r, hpet_comparator, fsb, timers.hpet_caps.timer[n].fsb);
		REC_HEX(&r, hpet_comparator, ioapic_routes, timers.hpet_caps.timer[n].routes);
		record_emit(&r);
	}
}

int hpet_periodic_comparator(void)
{
	for (unsigned n = 0; n < timers.hpet_caps.timers; n++)
		if (timers.hpet_caps.timer[n].periodic)
			return (int)n;
	return -1;
}

static const char *hpet_deliveries(void)
{
	bool fsb = false;
	for (unsigned n = 0; n < timers.hpet_caps.timers; n++)
		fsb |= timers.hpet_caps.timer[n].fsb;
	if (timers.hpet_caps.legacy_capable)
		return fsb ? "ioapic,legacy,msi" : "ioapic,legacy";
	return fsb ? "ioapic,msi" : "ioapic";
}

void timers_init(void)
{
	find_timers();
	calibration_run();                          /* sets the clock */
	clock_set_lapic_hz(timers.lapic_hz);        /* the backstop of halted waits */
	emit_timer("tsc", clock_tsc_hz() != 0, "no reference to calibrate the TSC against",
		   clock_tsc_hz(), 64, "clock", "none");
	emit_timer("pit", timers.pit, timers.pit_why, PIT_HZ, 16, "periodic,oneshot",
		   irq.pic ? (irq.lapic && irq.ioapics ? "pic,ioapic" : "pic") :
		   irq.ioapics ? "ioapic" : "none");
	emit_timer("lapic", timers.lapic, timers.lapic_why, timers.lapic_hz, 32,
		   "periodic,oneshot", "local");
	emit_timer("tscdl", timers.tscdl, timers.tscdl_why, clock_tsc_hz(), 64, "oneshot", "local");
	emit_timer("hpet", timers.hpet, timers.hpet_why, timers.hpet_hz,
		   timers.hpet_caps.counter_64bit ? 64 : 32,
		   hpet_periodic_comparator() >= 0 ? "periodic,oneshot" : "oneshot",
		   hpet_deliveries());
	if (timers.hpet)
		emit_hpet_comparators();
	emit_timer("pmtimer", timers.pmtimer, timers.pmtimer_why, PMTIMER_HZ,
		   pmtimer_mask == 0xffffffffu ? 32 : 24, "clock", "none");
}

/* selftest=hpet-wrap: what 43 s of use at 100 MHz leave, in a moment: every
 * comparator written from now on holds a high half, and a 32-bit counter wraps. */
void timers_hpet_wrap_soon(void)
{
	if (!timers.hpet) {
		struct problem p;
		problem_begin(&p, PROBLEM_SKIP, NULL);
		SKIP_STR(&p, what, "selftest");
		SKIP_STR(&p, selftest, "hpet-wrap");
		problem_end(&p, timers.hpet_why);
		return;
	}
	uint64_t value = (1ull << 32) - timers.hpet_hz / 100;
	hpet_set_counter(value);
	kprintf("selftest: the HPET's main counter moved to %llu, 10 ms before 2^32 ticks\n",
		(unsigned long long)value);
}
