/* TSC calibration against the PIT, the HPET and the ACPI PM timer, and the local
 * APIC timer's rate against the TSC. Each window spans from a TSC read next to a
 * reference read to a TSC read next to the reference read that ends it; the
 * reference read is bracketed by two TSC reads and taken at their midpoint. */
#include "timers.h"
#include "cpu.h"
#include "hpet.h"
#include "lapic.h"
#include "pit.h"
#include "pmtimer.h"

#define WINDOW_MS 50
#define PIT_WINDOW_TICKS (PIT_HZ / 1000 * WINDOW_MS)        /* 59650 < 65536 */
#define GIVE_UP_CYCLES (1ull << 40)                          /* minutes at any rate */

struct pair { uint64_t tsc, ref; };

static struct pair read_hpet(void)
{
	uint64_t a = rdtsc_ordered(), ref = hpet_read(), b = rdtsc_ordered();
	return (struct pair){ a + (b - a) / 2, ref };
}

static struct pair read_pmtimer(void)
{
	uint64_t a = rdtsc_ordered(), ref = pmtimer_read(), b = rdtsc_ordered();
	return (struct pair){ a + (b - a) / 2, ref };
}

/* PIT channel 2 in mode 0: from the gate opening to the output going high. */
uint64_t calibrate_tsc_pit(void)
{
	if (!timers.pit)
		return 0;
	pit_ch2_start(PIT_WINDOW_TICKS);
	uint64_t t0 = rdtsc_ordered(), t1;
	while (!pit_ch2_done())
		if ((t1 = rdtsc_ordered()) - t0 > GIVE_UP_CYCLES)
			return 0;
	t1 = rdtsc_ordered();
	return mul_div(t1 - t0, PIT_HZ, PIT_WINDOW_TICKS);
}

uint64_t calibrate_tsc_hpet(void)
{
	if (!timers.hpet)
		return 0;
	uint64_t ticks = 1000000000000ull * WINDOW_MS / timers.hpet_caps.period_fs;
	struct pair p0 = read_hpet(), p1;
	do
		p1 = read_hpet();
	while (p1.ref - p0.ref < ticks && p1.tsc - p0.tsc < GIVE_UP_CYCLES);
	uint64_t elapsed_fs = (p1.ref - p0.ref) * timers.hpet_caps.period_fs;
	return elapsed_fs ? mul_div(p1.tsc - p0.tsc, FS_PER_S, elapsed_fs) : 0;
}

uint64_t calibrate_tsc_pmtimer(void)
{
	if (!timers.pmtimer)
		return 0;
	uint32_t ticks = PMTIMER_HZ / 1000 * WINDOW_MS;
	struct pair p0 = read_pmtimer(), p1;
	do
		p1 = read_pmtimer();
	while (pmtimer_delta((uint32_t)p0.ref, (uint32_t)p1.ref) < ticks &&
	       p1.tsc - p0.tsc < GIVE_UP_CYCLES);
	uint32_t d = pmtimer_delta((uint32_t)p0.ref, (uint32_t)p1.ref);
	return d ? mul_div(p1.tsc - p0.tsc, PMTIMER_HZ, d) : 0;
}

/* CPUID leaf 0x15: TSC = crystal * EBX / EAX, when the crystal frequency (ECX) is
 * given (SDM vol. 2A, CPUID, leaf 15H). */
uint64_t calibrate_tsc_cpuid(void)
{
	if (cpu.max_leaf < 0x15)
		return 0;
	struct cpuid_regs r = cpuid(0x15, 0);
	if (!r.eax || !r.ebx || !r.ecx)
		return 0;
	return (uint64_t)r.ecx * r.ebx / r.eax;
}

/* The APIC timer counting down from the top with its interrupt masked. */
uint64_t calibrate_lapic(uint64_t tsc_hz)
{
	lapic_write(APIC_LVTT, APIC_LVT_MASKED);
	lapic_write(APIC_TDCR, APIC_TDR_DIV_1);
	lapic_write(APIC_TMICT, 0xffffffff);
	uint64_t window = tsc_hz / 1000 * WINDOW_MS;
	uint64_t t0 = rdtsc_ordered();
	uint32_t c0 = lapic_timer_current();
	uint64_t t1;
	while ((t1 = rdtsc_ordered()) - t0 < window)
		;
	uint32_t c1 = lapic_timer_current();
	lapic_timer_stop();
	return c0 > c1 ? mul_div(c0 - c1, tsc_hz, t1 - t0) : 0;
}
