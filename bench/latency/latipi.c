/* latency's last wake source: an IPI from the boot CPU to an AP idle in a state, a
 * wake the AP cannot foresee (Intel's wult measures it with a NIC's interrupt; no
 * power unit pre-wakes for it as for a timer it was told of).
 *
 * Interval: from an rdtsc_ordered() on the boot CPU before the ICR write to the
 * AP's handler's TSC read (bench/core/entry.S, its third instruction), and where MWAIT
 * stamps the wake (ECX[0]) to the AP's first instruction after MWAIT: the send, the
 * delivery, the exit from the state and, for the handler's stamp, the interrupt
 * entry. Two CPUs' TSCs are subtracted, so only pairs tsc_sync trusted count. The
 * AP waits in the state through bench/core/idlewait.h, its local APIC timer armed as the
 * backstop of each wait; the boot CPU sends every delay_us (it keeps interrupts
 * off and polls the AP's count) and stops the AP with a flag and one more IPI.
 * docs/METHOD.md, "latency", "The IPI wake source". */
#include "latency_words.h"
#include "latency.h"
#include "problem.h"
#include "clock.h"
#include "console.h"
#include "cpu.h"
#include "handler.h"
#include "irq.h"
#include "lapic.h"
#include "smp.h"

/* An IPI must reach the AP's handler within this: a PC takes microseconds; QEMU's
 * TCG, its two vCPUs looping on MWAIT (a no-op there with several CPUs), took up to
 * 172 ms here on a loaded host. */
#define IPI_TIMEOUT_MS  1000

static struct part part;                /* the AP's samples (one AP at a time) */
static volatile bool stop;

static void wake_clock(void *arg)
{
	struct part *p = arg;
	idle_wake_clock(&p->aperf, &p->mperf);
}

/* On the AP: wait in the state for each IPI until the boot CPU says stop. */
static void target(void *arg)
{
	struct part *p = arg;
	idle_snap_take(&p->before);
	idle_park(&p->waiter, &birq.count, &stop, IPI_TIMEOUT_MS, wake_clock, p);
	idle_snap_take(&p->after);
}

/* to: the AP concerned, -1 none. */
static void problem(enum problem_kind kind, const struct idle_state *s, int64_t to,
		    const char *why)
{
	struct problem p;
	problem_begin(&p, kind, "latency");
	PROBLEM_STR(&p, what, "ipi");
	PROBLEM_STR(&p, wait, s->name);
	if (to >= 0)
		PROBLEM_U64(&p, cpu, (uint64_t)to);
	problem_end(&p, why);
}

/* One IPI, delay_us after the last: false when the AP's handler never ran. */
static bool one_ipi(struct cpu *c, bool x2, uint64_t gap)
{
	struct deadline d = deadline_in_cycles(gap);
	while (!deadline_passed(&d))
		cpu_relax();
	uint64_t n = birq.count;
	uint64_t t0 = rdtsc_ordered();
	if (x2)
		x2apic_send_ipi(c->apic_id, VEC_IPI_BENCH);
	else if (!xapic_send_ipi(c->apic_id, VEC_IPI_BENCH))
		return false;
	d = deadline_in_ms(IPI_TIMEOUT_MS);
	while (birq.count == n)
		if (deadline_passed(&d))
			return false;
		else
			cpu_relax();
	uint64_t wake = part.waiter.wake_tsc;
	latency_part_add(&part, birq.last_tsc - t0, wake - t0, wake > t0);
	return true;
}

/* One run of samples IPIs to c; the AP parked again after it. */
static const char *one_run(struct cpu *c, const struct idle_state *s, unsigned samples,
			   uint64_t gap)
{
	bool x2 = irq.lapic_mode == LAPIC_X2APIC;
	const char *why = NULL;
	latency_part_reset(&part, s);
	part.index = c->index;
	stop = false;
	if (!smp_call(c, target, &part))
		return "the AP took no job";
	for (unsigned i = 0; i < samples && !why; i++)
		if (!one_ipi(c, x2, gap))
			why = "the IPI never reached the AP's handler within 1 s";
	stop = true;
	lapic_send_ipi(c->apic_id, VEC_IPI_BENCH);
	if (!smp_wait(c, clock_cycles_ms(2 * IPI_TIMEOUT_MS)))
		why = why ? why : "the AP did not leave its wait";
	part.fired = !why;
	return why;
}

/* Every run to one AP in state s, then its rows on the console. */
static void runs_to(const struct config *cfg, struct cpu *c, const struct idle_state *s,
		    unsigned samples)
{
	uint64_t gap = clock_cycles_us(latency_settings.delay_us);
	hist_reset(&part.all);
	hist_reset(&part.wake_all);
	for (unsigned run = 0; run < cfg->runs; run++) {
		kprintf("latency ipi %u->%u every %u us wait %s run %u/%u\n", smp.cpu[0].apic_id,
			c->apic_id, latency_settings.delay_us, s->name, run + 1, cfg->runs);
		const char *why = one_run(c, s, samples, gap);
		if (why)
			return problem(PROBLEM_ERROR, s, c->apic_id, why);
		struct latency_key k = { "ipi", "fixed", "ipi", c->apic_id, 1, latency_settings.delay_us, run,
					 (int)smp.cpu[0].apic_id };
		latency_emit(&k, &part);
	}
	latency_print_header();
	latency_print_row("ipi", &part, false, true);
	if (part.wake_all.n)
		latency_print_row("ipi", &part, true, true);
}

void latency_ipi_runs(const struct config *cfg, const struct idle_state *s, unsigned samples,
		      bool first)
{
	if (smp.online < 2) {
		if (first)
			problem(PROBLEM_SKIP, s, -1,
				"one CPU online: the IPI wake source needs another to send it");
		return;
	}
	irq_disable();
	bench_irq_install(VEC_IPI_BENCH, bench_eoi_lapic(), REARM_NONE);
	for (unsigned i = 1; i < smp.online; i++) {
		struct cpu *c = &smp.cpu[i];
		if (c->tsc_trusted)
			runs_to(cfg, c, s, samples);
		else
			problem(PROBLEM_SKIP, s, c->apic_id,
				"tsc_sync did not trust this pair's TSCs");
	}
	bench_irq_uninstall(VEC_IPI_BENCH);
}
