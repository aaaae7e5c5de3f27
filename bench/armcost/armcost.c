/* armcost: what programming and acknowledging each timer costs.
 *
 * Interval: from an rdtsc_ordered() (LFENCE; RDTSC) to the next rdtsc_ordered(),
 * with one programming or acknowledging operation between them, less the overhead
 * of the pair (as readcost; clamped at 0). The operations are writes: the LFENCE
 * of the second read waits for the write instruction to complete (OUT, and WRMSR
 * where it serialises), not for an MMIO store to reach the device, so an xAPIC or
 * HPET store may still be in flight when the interval ends. docs/METHOD.md,
 * "armcost".
 *
 * Operations, each on a timer that cannot interrupt (interrupts off as well):
 *   lapic-tmict   APIC_TMICT <- 0xffffffff, LVT timer masked (xAPIC store or x2APIC WRMSR)
 *   tscdl-write   IA32_TSC_DEADLINE <- an hour ahead, LVT masked in deadline mode
 *   hpet-cmp      comparator 0 <- a far match, its interrupt disabled (64-bit store)
 *   pit-reload    channel 0 count, low then high byte (two OUT), mode 0
 *   eoi-xapic     APIC_EOI store, nothing in service
 *   eoi-x2apic    WRMSR 0x80b, nothing in service
 *   eoi-8259      non-specific EOI to the master 8259 (one OUT), nothing in service
 * Afterwards every timer is stopped and its interrupt masked. */
#include "bench.h"
#include "plan.h"
#include "cost.h"
#include "cpu.h"
#include "hpet.h"
#include "irq.h"
#include "lapic.h"
#include "pic.h"
#include "pit.h"
#include "clock.h"
#include "timers.h"

#define HPET_CMP_N 0                     /* the comparator whose match is rewritten */

static struct cost_table table;

static const char *x2apic_why(void)
{
	return cpu.has_x2apic ? "the local APIC is in xAPIC mode (apic=xapic)" :
	       "the CPU has no x2APIC (CPUID.1:ECX[21])";
}

static void skip_absent(struct cost_table *t)
{
	if (!timers.lapic) {
		cost_skip(t, "lapic-tmict", timers.lapic_why);
		cost_skip(t, "eoi-xapic", timers.lapic_why);
		cost_skip(t, "eoi-x2apic", timers.lapic_why);
	} else if (irq.lapic_mode == LAPIC_X2APIC) {
		cost_skip(t, "eoi-xapic", "the local APIC is in x2APIC mode");
	} else {
		cost_skip(t, "eoi-x2apic", x2apic_why());
	}
	if (!timers.tscdl)
		cost_skip(t, "tscdl-write", timers.tscdl_why);
	if (!timers.hpet)
		cost_skip(t, "hpet-cmp", timers.hpet_why);
	if (!timers.pit)
		cost_skip(t, "pit-reload", timers.pit_why);
	if (!irq.pic)
		cost_skip(t, "eoi-8259", "no 8259 pair (MADT flag PCAT_COMPAT clear, or hardware-reduced ACPI)");
}

/* The initial count restarts the (masked) one-shot countdown; mode test outside. */
static void sample_lapic(struct cost_table *t, uint64_t ovh)
{
	struct hist *h;
	lapic_timer_masked(0xffffffffu);
	if (irq.lapic_mode == LAPIC_X2APIC) {
		h = cost_op_begin(t, "lapic-tmict", "x2apic");
		COST_SAMPLE(h, ovh, x2apic_write(APIC_TMICT, 0xffffffffu));
		lapic_timer_stop();
		cost_op_end(t);
		h = cost_op_begin(t, "eoi-x2apic", NULL);
		COST_SAMPLE(h, ovh, x2apic_eoi());
	} else {
		h = cost_op_begin(t, "lapic-tmict", "xapic");
		COST_SAMPLE(h, ovh, xapic_write(APIC_TMICT, 0xffffffffu));
		lapic_timer_stop();
		cost_op_end(t);
		h = cost_op_begin(t, "eoi-xapic", NULL);
		COST_SAMPLE(h, ovh, xapic_eoi());
	}
	cost_op_end(t);
}

/* Deadline mode masked, an hour ahead; then disarmed (0) and the LVT masked again. */
static void sample_tscdl(struct cost_table *t, uint64_t ovh)
{
	uint64_t far = rdtsc() + 3600 * clock_tsc_hz();
	tscdl_setup_masked();
	struct hist *h = cost_op_begin(t, "tscdl-write", NULL);
	COST_SAMPLE(h, ovh, tscdl_arm(far));
	tscdl_stop();
	lapic_timer_stop();
	cost_op_end(t);
}

/* Comparator 0 with its interrupt disabled; the match 2^31 ticks ahead (over 20 s
 * at QEMU's 100 MHz, 150 s at 14.318 MHz), so a 32-bit comparator cannot wrap to
 * it either. The write is what a one-shot re-arm does (hpet_arm's second store). */
static void sample_hpet(struct cost_table *t, uint64_t ovh)
{
	hpet_stop(HPET_CMP_N);
	uint64_t far = hpet_read() + (1ull << 31);
	struct hist *h = cost_op_begin(t, "hpet-cmp", NULL);
	COST_SAMPLE(h, ovh, hpet_write_cmp(HPET_CMP_N, far));
	hpet_stop(HPET_CMP_N);
	cost_op_end(t);
}

/* Mode 0 (interrupt on terminal count) with 65535: each reload restarts a 55 ms
 * countdown, far longer than the gap between reloads; IRQ0 is masked at the 8259
 * and the I/O APIC anyway. pit_stop() then holds the output low. */
static void sample_pit(struct cost_table *t, uint64_t ovh)
{
	pit_oneshot(0xffff);
	struct hist *h = cost_op_begin(t, "pit-reload", NULL);
	COST_SAMPLE(h, ovh, pit_reload(0xffff));
	pit_stop();
	cost_op_end(t);
}

static void sample_8259(struct cost_table *t, uint64_t ovh)
{
	struct hist *h = cost_op_begin(t, "eoi-8259", NULL);
	COST_SAMPLE(h, ovh, pic_eoi(0));
	cost_op_end(t);
}

static void armcost_run(const struct config *cfg)
{
	struct cost_table *t = &table;
	cost_begin(t, "armcost", cfg->runs);
	skip_absent(t);
	for (unsigned run = 0; run < cfg->runs; run++) {
		cost_run_begin(t, run);
		if (timers.lapic)
			sample_lapic(t, t->overhead);
		if (timers.tscdl)
			sample_tscdl(t, t->overhead);
		if (timers.hpet)
			sample_hpet(t, t->overhead);
		if (timers.pit)
			sample_pit(t, t->overhead);
		if (irq.pic)
			sample_8259(t, t->overhead);
	}
	cost_print(t);
}

const struct bench_ops armcost_ops = { tsc_calibrated, plan_cost_ms, armcost_run };
