/* TSC calibration: the TSC's rate against every reference present, voted
 * (lib/run/tscvote.h), and the local APIC timer's rate against the TSC.
 *
 * Measured references (HPET, PM timer, PIT) count the TSC over a 50 ms window of
 * their own ticks. Each window spans from a TSC read next to a reference read to a
 * TSC read next to the reference read that ends it; the reference read is bracketed
 * by two TSC reads, the narrowest of a few brackets is kept (an SMI or a
 * descheduled vCPU widens one) and taken at its midpoint. Every window gives up
 * after BOUND_WINDOWS windows at the fastest rate known so far (docs/METHOD.md,
 * "Calibration"). Nominal references (CPUID 0x15, 0x16, the hypervisor's leaf,
 * MSR_PLATFORM_INFO) are figures the CPU or hypervisor states. */
#include "timers.h"
#include "clock.h"
#include "cpu.h"
#include "hpet.h"
#include "lapic.h"
#include "lib.h"
#include "pit.h"
#include "pmtimer.h"

#define WINDOW_MS 50
#define PIT_WINDOW_TICKS (PIT_HZ / 1000 * WINDOW_MS)        /* 59650 < 65536 */
#define BOUND_WINDOWS 4             /* a window that takes longer is given up */
#define MAX_TSC_HZ 10000000000ull   /* the bound when no rate is known: 10 GHz */
#define BRACKET_TRIES 4

/* The references in the order of trust (tscvote.h breaks ties with it), each with
 * its tolerance: a measurement's error budget is the HPET's stated accuracy (IA-PC
 * HPET 1.0a, 2.2: ±500 ppm over 1 ms or more), which the PM timer's and the PIT's
 * crystals also meet; the hypervisor states the rate it gives in kHz; CPUID 0x15 is
 * a crystal's nominal frequency; 0x16 (MHz) and the platform ratio (× 100 MHz) are
 * the marketing base frequency, a few thousand ppm from the TSC's true rate. */
const struct tsc_ref tsc_ref_table[TSC_REF_COUNT] = {
	[REF_HPET]          = { "hpet", 0, 500 },
	[REF_PMTIMER]       = { "pmtimer", 0, 500 },
	[REF_PIT]           = { "pit", 0, 500 },
	[REF_HYPERVISOR]    = { "hypervisor", 0, 500 },
	[REF_CPUID15]       = { "cpuid", 0, 1000 },
	[REF_PLATFORM_INFO] = { "platform_info", 0, 10000 },
	[REF_CPUID16]       = { "cpuid16", 0, 10000 },
};

struct pair { uint64_t tsc, ref; };

/* The reference read inside the narrowest of BRACKET_TRIES TSC brackets. */
static struct pair read_bracketed(uint64_t (*read)(void))
{
	struct pair best = { 0, 0 };
	uint64_t best_width = ~0ull;
	for (int i = 0; i < BRACKET_TRIES; i++) {
		uint64_t a = rdtsc_ordered(), ref = read(), b = rdtsc_ordered();
		if (b - a < best_width) {
			best_width = b - a;
			best = (struct pair){ a + (b - a) / 2, ref };
		}
	}
	return best;
}

static uint64_t read_hpet(void) { return hpet_read(); }
static uint64_t read_pmtimer(void) { return pmtimer_read(); }

/* How long a window may take, in TSC cycles, at the fastest rate known. */
static uint64_t window_bound(uint64_t fastest_hz)
{
	return mul_div(fastest_hz ? fastest_hz : MAX_TSC_HZ, WINDOW_MS * BOUND_WINDOWS, 1000);
}

/* TSC cycles over at least `ticks` ticks of a counter of `bits` bits; the ticks
 * counted are returned in *elapsed, 0 when the window's bound ran out first. The
 * ticks are summed read to read, each step wrap-safe: right as long as no two reads
 * lie a whole counter lap apart (55 ms for the PIT's 16 bits). */
static uint64_t count_window(uint64_t (*read)(void), unsigned bits, uint64_t ticks,
			     uint64_t fastest_hz, uint64_t *elapsed)
{
	struct deadline d = deadline_in_cycles(window_bound(fastest_hz));
	struct pair p0 = read_bracketed(read), prev = p0, p1;
	*elapsed = 0;
	do {
		p1 = read_bracketed(read);
		*elapsed += counter_delta(prev.ref, p1.ref, bits);
		prev = p1;
	} while (*elapsed < ticks && !deadline_passed(&d));
	if (*elapsed < ticks)
		*elapsed = 0;
	return p1.tsc - p0.tsc;
}

/* The HPET's main counter is 32 or 64 bits wide (HPET_ID_64BIT): a 32-bit counter
 * (AMD FCH) wraps every 2^32 ticks, 5 minutes at 14.318 MHz, and reads 0 in its
 * upper half. */
const char *calibrate_tsc_hpet(uint64_t fastest_hz, uint64_t *hz)
{
	uint64_t period = timers.hpet_caps.period_fs, elapsed;
	uint64_t ticks = mul_div(1000000000000ull, WINDOW_MS, period);
	uint64_t cycles = count_window(read_hpet, timers.hpet_caps.counter_64bit ? 64 : 32,
				       ticks, fastest_hz, &elapsed);
	*hz = elapsed ? mul_div(cycles, FS_PER_S, elapsed * period) : 0;
	return *hz ? NULL : "the HPET counter did not count a window in time";
}

/* The PM timer is 24 or 32 bits wide (the FADT's TMR_VAL_EXT flag, ACPI 6.5, 5.2.9). */
const char *calibrate_tsc_pmtimer(uint64_t fastest_hz, uint64_t *hz)
{
	uint64_t elapsed;
	uint64_t cycles = count_window(read_pmtimer, pmtimer_mask == 0xffffffffu ? 32 : 24,
				       PMTIMER_HZ / 1000 * WINDOW_MS, fastest_hz, &elapsed);
	*hz = elapsed ? mul_div(cycles, PMTIMER_HZ, elapsed) : 0;
	return *hz ? NULL : "the PM timer did not count a window in time";
}

/* PIT channel 2 counts down from 0xffff in mode 0 and, past its terminal count,
 * on from 0xffff (82C54 datasheet, mode 0): negated, a 16-bit counter that counts
 * up, read like the others (latched, bracketed). The window (59650 ticks) fits in
 * 16 bits. Some platforms gate the PIT's clock off or stop it: the window is then
 * bounded by the rate another reference gave (or a nominal one, or 10 GHz). */
static uint64_t read_pit_up(void) { return (uint16_t)-pit_ch2_read(); }

const char *calibrate_tsc_pit(uint64_t fastest_hz, uint64_t *hz)
{
	uint64_t elapsed;
	pit_ch2_start(0xffff);
	uint64_t cycles = count_window(read_pit_up, 16, PIT_WINDOW_TICKS, fastest_hz, &elapsed);
	*hz = elapsed ? mul_div(cycles, PIT_HZ, elapsed) : 0;
	return *hz ? NULL : "the PIT's channel 2 did not count a window in time";
}

/* CPUID leaf 0x15: TSC = crystal (ECX) * EBX / EAX, when the crystal frequency is
 * given (SDM vol. 2A, CPUID, leaf 15H; without ECX it is a per-model constant that
 * this kernel does not guess). */
uint64_t tsc_hz_cpuid15(void)
{
	if (!cpuid_has_leaf(0x15))
		return 0;
	struct cpuid_regs r = cpuid(0x15, 0);
	return r.eax && r.ebx && r.ecx ? (uint64_t)r.ecx * r.ebx / r.eax : 0;
}

/* The crystal (CPUID 0x15 ECX): the local APIC timer's clock where it is given. */
uint64_t crystal_hz_cpuid15(void)
{
	return cpuid_has_leaf(0x15) ? cpuid(0x15, 0).ecx : 0;
}

/* CPUID leaf 0x16 EAX[15:0]: the processor base frequency in MHz (SDM vol. 2A,
 * leaf 16H, which says the figure is the specification's, not a measured value). */
uint64_t tsc_hz_cpuid16(void)
{
	return cpuid_has_leaf(0x16) ? (uint64_t)(cpuid(0x16, 0).eax & 0xffff) * 1000000 : 0;
}

/* Leaf 0x40000010 EAX: the TSC rate in kHz, where the hypervisor's range reaches it
 * (VMware's convention, also KVM's with QEMU's vmware-cpuid-freq). */
uint64_t tsc_hz_hypervisor(void)
{
	return cpuid_has_leaf(0x40000010) ? (uint64_t)cpuid(0x40000010, 0).eax * 1000 : 0;
}

/* Intel Silvermont and Airmont Atoms: their bus is not always 100 MHz. */
static bool atom_bus_not_100mhz(uint32_t model)
{
	static const uint8_t models[] = { 0x37, 0x4a, 0x4c, 0x4d, 0x5a, 0x5d };
	for (unsigned i = 0; i < sizeof(models); i++)
		if (model == models[i])
			return true;
	return false;
}

/* MSR_PLATFORM_INFO[15:8], the maximum non-turbo ratio, × 100 MHz: the invariant
 * TSC's rate on Intel family 6 from Sandy Bridge (model 0x2a) on, but for the
 * Silvermont/Airmont Atoms, whose bus clock MSR_FSB_FREQ gives (SDM vol. 4, the
 * MSR_PLATFORM_INFO entries of those processors' MSR tables). Read fault-safe: a
 * hypervisor may not give it, and QEMU's TCG reads an unknown MSR as 0. */
uint64_t tsc_hz_platform_info(void)
{
	uint64_t v;
	if (strcmp(cpu.vendor, "GenuineIntel") || cpu.family != 6 || cpu.model < 0x2a ||
	    atom_bus_not_100mhz(cpu.model) || rdmsr_safe(MSR_PLATFORM_INFO, &v))
		return 0;
	return ((v >> 8) & 0xff) * 100000000ull;
}

/* The APIC timer counting down from the top with its interrupt masked, over 50 ms
 * of TSC at the rate the vote took. */
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
