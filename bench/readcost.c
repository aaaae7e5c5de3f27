/* readcost: what one read of each clock costs.
 *
 * Interval: from an rdtsc_ordered() (LFENCE; RDTSC) to the next rdtsc_ordered(),
 * with one read of the clock between them and nothing else; the LFENCE of the
 * second read waits until the clock's value has arrived. From each sample the
 * overhead is subtracted (clamped at 0): the minimum, in this run, of
 * COST_OVERHEAD_PAIRS back-to-back rdtsc_ordered() pairs, i.e. one LFENCE and one
 * RDTSC. The figure is thus the clock read's own cost plus whatever it does to the
 * fence that follows. Interrupts are off throughout. docs/METHOD.md, "readcost".
 *
 * Clocks: rdtsc, rdtsc_ordered, rdtscp (CPUID.80000001H:EDX[27]), hpet (main
 * counter, one 64-bit MMIO load), pmtimer (one IN from the FADT's port), pit
 * (channel 0 latched: one OUT, two IN), lapic (APIC_TMCCT of a running, masked
 * timer: an MMIO load in xAPIC mode, RDMSR 0x839 in x2APIC mode). */
#include "bench.h"
#include "plan.h"
#include "cost.h"
#include "cpu.h"
#include "hpet.h"
#include "irq.h"
#include "lapic.h"
#include "pit.h"
#include "pmtimer.h"
#include "timers.h"

static struct cost_table table;

static uint64_t loop_1000(void)
{
	uint64_t a = rdtsc();
	__asm__ volatile("movl $1000, %%ecx\n1:\tdecl %%ecx\n\tjnz 1b" : : : "ecx", "cc");
	return rdtsc() - a;
}

void bench_probe_speed(struct platform_speed *s)
{
	s->rdtsc_cycles = s->loop_cycles = UINT64_MAX;
	for (int i = 0; i < RDTSC_PROBE_PAIRS; i++) {
		uint64_t a = rdtsc(), b = rdtsc();
		if (b - a < s->rdtsc_cycles)
			s->rdtsc_cycles = b - a;
	}
	for (int i = 0; i < RDTSC_PROBE_LOOPS; i++) {
		uint64_t c = loop_1000();
		if (c < s->loop_cycles)
			s->loop_cycles = c;
	}
}

static void skip_absent(struct cost_table *t)
{
	if (!cpu.has_rdtscp)
		cost_skip(t, "rdtscp", "the CPU has no RDTSCP (CPUID.80000001H:EDX[27])");
	if (!timers.hpet)
		cost_skip(t, "hpet", timers.hpet_why);
	if (!timers.pmtimer)
		cost_skip(t, "pmtimer", timers.pmtimer_why);
	if (!timers.pit)
		cost_skip(t, "pit", timers.pit_why);
	if (!timers.lapic)
		cost_skip(t, "lapic", timers.lapic_why);
}

static void sample_tsc(struct cost_table *t, uint64_t ovh)
{
	struct hist *h = cost_op_begin(t, "rdtsc", NULL);
	COST_SAMPLE(h, ovh, (void)rdtsc());
	cost_op_end(t);
	h = cost_op_begin(t, "rdtsc_ordered", NULL);
	COST_SAMPLE(h, ovh, (void)rdtsc_ordered());
	cost_op_end(t);
	if (cpu.has_rdtscp) {
		h = cost_op_begin(t, "rdtscp", NULL);
		COST_SAMPLE(h, ovh, (void)rdtscp(NULL));
		cost_op_end(t);
	}
}

static void sample_platform(struct cost_table *t, uint64_t ovh)
{
	struct hist *h;
	if (timers.hpet) {
		h = cost_op_begin(t, "hpet", NULL);
		COST_SAMPLE(h, ovh, (void)hpet_read());
		cost_op_end(t);
	}
	if (timers.pmtimer) {
		h = cost_op_begin(t, "pmtimer", NULL);
		COST_SAMPLE(h, ovh, (void)pmtimer_read());
		cost_op_end(t);
	}
	if (timers.pit) {
		h = cost_op_begin(t, "pit", NULL);
		COST_SAMPLE(h, ovh, (void)pit_read());
		cost_op_end(t);
	}
}

/* The APIC timer counting down (masked), read in the mode in use: two loops, so
 * the mode test stays outside the interval. */
static void sample_lapic(struct cost_table *t, uint64_t ovh)
{
	if (!timers.lapic)
		return;
	lapic_timer_masked(0xffffffffu);
	if (irq.lapic_mode == LAPIC_X2APIC) {
		struct hist *h = cost_op_begin(t, "lapic", "x2apic");
		COST_SAMPLE(h, ovh, (void)x2apic_read(APIC_TMCCT));
	} else {
		struct hist *h = cost_op_begin(t, "lapic", "xapic");
		COST_SAMPLE(h, ovh, (void)xapic_read(APIC_TMCCT));
	}
	lapic_timer_stop();
	cost_op_end(t);
}

static void readcost_run(const struct config *cfg)
{
	struct cost_table *t = &table;
	cost_begin(t, "readcost", cfg->runs);
	skip_absent(t);
	for (unsigned run = 0; run < cfg->runs; run++) {
		cost_run_begin(t, run);
		sample_tsc(t, t->overhead);
		sample_platform(t, t->overhead);
		sample_lapic(t, t->overhead);
	}
	cost_print(t);
}

const struct bench_ops readcost_ops = { tsc_calibrated, plan_cost_ms, readcost_run };
