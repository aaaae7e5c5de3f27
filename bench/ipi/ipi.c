/* ipi: what an interprocessor interrupt costs to send and how long it takes to
 * arrive, from the boot CPU to itself (the baseline) and to each online AP.
 *
 * send: from an rdtsc_ordered() before the ICR write to one after it, less the
 * measurer's overhead (the minimum of back-to-back rdtsc_ordered() pairs, as
 * readcost). xAPIC: the ICR2 and ICR MMIO writes and the delivery-status poll;
 * x2APIC: the one WRMSR to 0x830 (not serialising: the LFENCE of the closing read
 * waits for it to execute, not for the message to leave).
 * latency: from the same opening read to the target's first instruction, which
 * reads the TSC (bench/core/entry.S); across CPUs only when tsc_sync trusted the pair.
 * The target waits in each state of wait= in turn: hlt (parked in HLT, the
 * default: the figure includes the wake-up), spin (a PAUSE loop with interrupts
 * on), an MWAIT hint or TPAUSE (bench/core/idlewait.h). Samples are
 * IPI_GAP_US apart, so the target is back in its wait. The boot CPU keeps
 * interrupts off, except for the self-IPI latency, where it spins with them on.
 * docs/METHOD.md, "ipi". */
#include "cmdline.h"
#include "bench.h"
#include "plan.h"
#include "problem.h"
#include "console.h"
#include "cpu.h"
#include "handler.h"
#include "hist.h"
#include "irq.h"
#include "lapic.h"
#include "lib.h"
#include "record.h"
#include "smp.h"
#include "clock.h"
#include "timers.h"
#include "idlecaps.h"
#include "idlewait.h"

#define IPI_SAMPLES     1000
#define IPI_GAP_US      50
#define IPI_TIMEOUT_MS  100
#define OVERHEAD_PAIRS  10000

static struct hist send_h, lat_h;
static volatile bool spin_stop;

static uint64_t overhead(void)
{
	uint64_t best = ~0ull;
	for (unsigned i = 0; i < OVERHEAD_PAIRS; i++) {
		uint64_t t0 = rdtsc_ordered(), d = rdtsc_ordered() - t0;
		if (d < best)
			best = d;
	}
	return best;
}

/* One IPI: returns the TSC before the send; *cost: the bracket less ovh. */
static inline bool send_one(uint32_t to, bool x2, uint64_t ovh, uint64_t *t0, uint64_t *cost)
{
	bool ok = true;
	*t0 = rdtsc_ordered();
	if (x2)
		x2apic_send_ipi(to, VEC_IPI_BENCH);
	else
		ok = xapic_send_ipi(to, VEC_IPI_BENCH);
	uint64_t d = rdtsc_ordered() - *t0;
	*cost = d > ovh ? d - ovh : 0;
	return ok;
}

static bool wait_entry(uint64_t count, uint64_t timeout)
{
	uint64_t start = rdtsc();
	while (birq.count == count)
		if (rdtsc() - start > timeout)
			return false;
		else
			cpu_relax();
	return true;
}

static void gap(void)
{
	uint64_t start = rdtsc(), cycles = mul_div(clock_tsc_hz(), IPI_GAP_US, 1000000);
	while (rdtsc() - start < cycles)
		cpu_relax();
}

/* The AP waits in a state other than HLT (its own park, kernel/smp.c) until stopped. */
static void park_target(void *arg)
{
	struct idle_waiter w = { arg, 0, 0 };
	idle_park(&w, &birq.count, &spin_stop, IPI_TIMEOUT_MS, NULL, NULL);
}

/* ovh: the overhead taken off each sample (send), or NO_OVERHEAD (latency). */
#define NO_OVERHEAD (~0ull)
static void emit(struct hist *h, const char *what, unsigned run, uint32_t to,
		 const char *wait, uint64_t ovh)
{
	const char *extra[] = { FIELD(stats, apic, STR),
				irq.lapic_mode == LAPIC_X2APIC ? "x2apic" : "xapic",
				FIELD(stats, wait, STR), wait, NULL };
	struct hist_num nums[] = { { FIELD(stats, from, U64), smp.cpu[0].apic_id },
				   { FIELD(stats, to, U64), to },
				   { FIELD(stats, overhead, U64), ovh }, { NULL, 0 } };
	if (ovh == NO_OVERHEAD)
		nums[2].key = NULL;
	hist_emit_nums(h, "ipi", what, run, extra, nums);
}

/* An error makes the run's status error (FORMAT.md), as every benchmark's does. */
static void ipi_problem(enum problem_kind kind, const char *what, uint32_t to, const char *reason)
{
	struct problem p;
	problem_begin(&p, kind, "ipi");
	PROBLEM_STR(&p, what, what);
	PROBLEM_U64(&p, to, to);
	problem_end(&p, reason);
}

/* To itself: the send cost with interrupts off (the IPI is taken after the
 * bracket), then the latency with interrupts on. */
static void run_self(unsigned run, bool x2, uint64_t ovh, uint64_t timeout)
{
	uint32_t me = smp.cpu[0].apic_id;
	uint64_t t0, cost;
	hist_reset(&send_h);
	hist_reset(&lat_h);
	for (unsigned i = 0; i < IPI_SAMPLES; i++) {
		uint64_t n = birq.count;
		bool ok = send_one(me, x2, ovh, &t0, &cost);
		irq_enable();
		if (!ok || !wait_entry(n, timeout)) {
			irq_disable();
			return ipi_problem(PROBLEM_ERROR, "self", me, "the self-IPI never arrived");
		}
		irq_disable();
		hist_add(&send_h, cost);
	}
	irq_enable();
	for (unsigned i = 0; i < IPI_SAMPLES; i++) {
		uint64_t n = birq.count;
		send_one(me, x2, ovh, &t0, &cost);
		if (!wait_entry(n, timeout))
			break;
		hist_add(&lat_h, bench_entry_tsc - t0);
	}
	irq_disable();
	emit(&send_h, "send", run, me, "self", ovh);
	emit(&lat_h, "self", run, me, "self", NO_OVERHEAD);
	kprintf("ipi %u->%u (self): send p50 %llu cycles, latency p50 %llu cycles\n", me, me,
		(unsigned long long)hist_permille(&send_h, 500),
		(unsigned long long)hist_permille(&lat_h, 500));
}

static void run_ap(unsigned run, struct cpu *c, const struct idle_state *s, bool x2,
		   uint64_t ovh, uint64_t timeout)
{
	const char *wait = s->name;
	bool parked = s->kind != IDLE_HLT;
	uint64_t t0, cost;
	hist_reset(&send_h);
	hist_reset(&lat_h);
	spin_stop = false;
	if (parked && !smp_call(c, park_target, (void *)s))
		return ipi_problem(PROBLEM_ERROR, "latency", c->apic_id, "the AP took no job");
	for (unsigned i = 0; i < IPI_SAMPLES; i++) {
		gap();
		uint64_t n = birq.count;
		bool ok = send_one(c->apic_id, x2, ovh, &t0, &cost);
		if (!ok || !wait_entry(n, timeout)) {
			ipi_problem(PROBLEM_ERROR, "latency", c->apic_id, "the IPI never reached the AP's handler");
			break;
		}
		hist_add(&send_h, cost);
		hist_add(&lat_h, bench_entry_tsc - t0);
	}
	spin_stop = true;
	if (parked)
		lapic_send_ipi(c->apic_id, VEC_IPI_BENCH);      /* out of its wait */
	smp_wait(c, timeout);
	emit(&send_h, "send", run, c->apic_id, wait, ovh);
	if (c->tsc_trusted)
		emit(&lat_h, "latency", run, c->apic_id, wait, NO_OVERHEAD);
	else if (run == 0)
		ipi_problem(PROBLEM_SKIP, "latency", c->apic_id, "tsc_sync did not trust this pair's TSCs");
	kprintf("ipi %u->%u (%s): send p50 %llu cycles, latency p50 %llu cycles%s\n",
		smp.cpu[0].apic_id, c->apic_id, wait,
		(unsigned long long)hist_permille(&send_h, 500),
		(unsigned long long)hist_permille(&lat_h, 500),
		c->tsc_trusted ? "" : " (TSCs not trusted: not reported)");
}

static const char *ipi_valid(void)
{
	if (!irq.lapic)
		return "no local APIC";
	return tsc_calibrated();
}

static void ipi_run(const struct config *cfg)
{
	bool x2 = irq.lapic_mode == LAPIC_X2APIC;
	uint64_t timeout = clock_cycles_ms(IPI_TIMEOUT_MS), inject = birq.inject_cycles;
	irq_disable();
	bench_irq_install(VEC_IPI_BENCH, bench_eoi_lapic(), REARM_NONE);
	if (kernel_config.selftest == SELFTEST_LOST_IRQ)
		bench_irq_uninstall(VEC_IPI_BENCH);     /* no IPI is taken: errors, status error */
	birq.inject_cycles = 0;
	struct idle_state states[IDLE_MAX_STATES];
	unsigned n_states = smp.online > 1 ? idle_states(cfg, "ipi", states, IDLE_MAX_STATES) : 0;
	for (unsigned run = 0; run < cfg->runs; run++) {
		uint64_t ovh = overhead();
		run_self(run, x2, ovh, timeout);
		for (unsigned k = 0; k < n_states; k++)
			for (unsigned i = 1; i < smp.online; i++)
				run_ap(run, &smp.cpu[i], &states[k], x2, ovh, timeout);
	}
	bench_irq_uninstall(VEC_IPI_BENCH);
	birq.inject_cycles = inject;
}

#define IPI_RUN_MS  5            /* 3 x 1000 IPIs to one CPU */

/* The estimate of its run (bench/core/plan.h). */
static uint64_t plan_ipi_ms(const struct config *cfg)
{
	return (uint64_t)cfg->runs * smp.online * IPI_RUN_MS;
}

const struct bench_ops ipi_ops = { ipi_valid, plan_ipi_ms, ipi_run };
