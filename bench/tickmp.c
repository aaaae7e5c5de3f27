/* tick on several CPUs at once (tick_cpus=): the boot CPU and the first APs each
 * program their own local APIC timer (periodic, or TSC-deadline re-armed from the
 * handler) at the same rate and run the same workload the same number of iterations;
 * the off and on runs go in lock-step, off, on, off, on, … on every CPU together.
 *
 * Interval of each CPU's run: as tick's (bench/tick.c), from an ordered TSC read
 * before its workload's first iteration to one after its last. The CPUs start
 * together: they meet at a barrier (outside the interval) after their timer has
 * fired once; they do not end together. The boot CPU coordinates: it starts its own
 * timer (bench_entry, birq: its path as with one CPU), posts the run to each AP
 * (smp_call), runs its part, waits for them (smp_wait) and only then prints, so no
 * serial output falls inside another CPU's interval. An AP's interrupt is
 * bench_entry_ap on VEC_LAPIC_TIMER_AP, its state its own birq_ap[] slot
 * (handler.h). docs/METHOD.md, "tick on several CPUs". */
#include "bench.h"
#include "tick.h"
#include "handler.h"
#include "alloc.h"
#include "console.h"
#include "cpu.h"
#include "idt.h"
#include "irq.h"
#include "lapic.h"
#include "lib.h"
#include "record.h"
#include "run.h"
#include "smp.h"
#include "timers.h"

_Static_assert(BENCH_MAX_CPUS >= SMP_MAX_CPUS, "a birq_ap slot per CPU");

#define BARRIER_MS      1000    /* the CPUs must meet within this */
#define FIRST_EXTRA_MS  200     /* as source.c: the first interrupt within 2 periods + this */

/* One CPU's part of a run; the boot CPU reads it after smp_wait(). */
struct part {
	unsigned index;                 /* in smp.cpu[] */
	struct spin_view view;
	struct matrices *mat;           /* NULL on the boot CPU: its own */
	uint64_t cycles, interrupts, millihz;
	struct counters a, b;
	const char *error;
	uint64_t sums[3];               /* cycles off, cycles on, interrupts */
};

static struct part *parts[SMP_MAX_CPUS];

/* The run posted to every CPU, written by the boot CPU before smp_call. */
static struct {
	const struct tick_config *t;
	bool on;
	unsigned n;
} job;

static volatile uint32_t barrier_count, barrier_gen;

/* All job.n CPUs arrive or BARRIER_MS passes: false then. */
static bool barrier(void)
{
	uint32_t gen = __atomic_load_n(&barrier_gen, __ATOMIC_ACQUIRE);
	if (__atomic_add_fetch(&barrier_count, 1, __ATOMIC_ACQ_REL) == job.n) {
		barrier_count = 0;
		__atomic_store_n(&barrier_gen, gen + 1, __ATOMIC_RELEASE);
		return true;
	}
	uint64_t start = rdtsc(), limit = tsc_cycles_ms(BARRIER_MS);
	while (__atomic_load_n(&barrier_gen, __ATOMIC_ACQUIRE) == gen)
		if (rdtsc() - start > limit)
			return false;
		else
			cpu_relax();
	return true;
}

bool tick_mp_source(const struct timer_source *s)
{
	return s->timer_bit == TIMER_TSCDL ||
	       (s->timer_bit == TIMER_LAPIC && !strcmp(s->mode, "periodic"));
}

static uint64_t workload(struct part *p, const volatile uint64_t *count)
{
	const struct tick_config *t = job.t;
	switch (t->workload) {
	case WORKLOAD_SPIN: return workload_spin_count(t->iterations, &p->view, count);
	case WORKLOAD_MATRIX:
		return p->mat ? workload_matrix_on(p->mat, t->iterations) :
				workload_matrix(t->iterations);
	default: return workload_memwalk(t->iterations);
	}
}

/* Meet the others, then the run proper. */
static void measure(struct part *p, const volatile uint64_t *count)
{
	if (!barrier() && !p->error)
		p->error = "the CPUs did not meet at the start of the run within 1 s";
	spin_view_reset(&p->view);
	tick_read_counters(&p->a);
	uint64_t before = *count;
	p->cycles = workload(p, count);
	p->interrupts = *count - before;
	tick_read_counters(&p->b);
}

/* On the AP: its own timer at job.t->hz, and its first interrupt (then one more,
 * halted, as source_wait_first). */
static const char *ap_timer_start(struct part *p)
{
	const struct tick_config *t = job.t;
	struct bench_irq_state *s = &birq_ap[p->index].s;
	if (t->source->timer_bit == TIMER_TSCDL) {
		uint64_t period = (timers.tsc_hz + t->hz / 2) / t->hz;
		bench_irq_ap_reset(p->index, REARM_TSCDL);
		s->period = period;
		p->millihz = timers.tsc_hz * 1000 / period;
		tscdl_setup(VEC_LAPIC_TIMER_AP);
		s->next = rdtsc() + period;
		tscdl_arm(s->next);
	} else {
		uint64_t count = (timers.lapic_hz + t->hz / 2) / t->hz;
		bench_irq_ap_reset(p->index, REARM_NONE);
		p->millihz = timers.lapic_hz * 1000 / count;
		lapic_timer_periodic(VEC_LAPIC_TIMER_AP, (uint32_t)count);
	}
	uint64_t t0 = rdtsc_ordered();
	uint64_t limit = 2 * timers.tsc_hz / t->hz + tsc_cycles_ms(FIRST_EXTRA_MS);
	irq_enable();
	while (!s->count && rdtsc_ordered() - t0 < limit)
		cpu_relax();
	irq_disable();
	if (!s->count)
		return "no interrupt arrived on this CPU";
	wait_for_interrupt();
	return NULL;
}

static void ap_timer_stop(void)
{
	if (job.t->source->timer_bit == TIMER_TSCDL)
		tscdl_stop();
	lapic_timer_stop();
}

static void ap_part(void *arg)
{
	struct part *p = arg;
	bench_irq_ap_bind(p->index);
	p->error = job.on ? ap_timer_start(p) : NULL;
	measure(p, &birq_ap[p->index].s.count);
	if (job.on)
		ap_timer_stop();
}

static void ap_prepare(void *arg)
{
	struct part *p = arg;
	workload_spin_calibrate(&p->view);
}

void tick_mp_prepare(unsigned cpus, uint64_t inject)
{
	idt_set_gate(VEC_LAPIC_TIMER_AP, bench_entry_ap, 0);
	for (unsigned i = 0; i < cpus && i < smp.online; i++) {
		if (!parts[i])
			parts[i] = alloc(sizeof(struct part), 128);
		if (!parts[i])
			continue;               /* tick_mp_config reports it */
		parts[i]->index = i;
		birq_ap[i].s.inject_cycles = inject;
		if (i == 0) {
			workload_spin_calibrate(&parts[0]->view);
			continue;
		}
		if (!parts[i]->mat)
			parts[i]->mat = workload_matrices_alloc();
		if (smp_call(&smp.cpu[i], ap_prepare, parts[i]))
			smp_wait(&smp.cpu[i], tsc_cycles_ms(1000));
	}
}

static void emit_error(const struct tick_config *t, unsigned i, const char *why)
{
	kprintf("tick %s %s %u Hz cpu %u: error: %s\n", t->source->timer, t->source->mode,
		t->hz, i, why);
	struct record r;
	record_begin(&r, "error");
	record_str(&r, "bench", "tick");
	record_str(&r, "timer", t->source->timer);
	record_str(&r, "mode", t->source->mode);
	record_u64(&r, "hz", t->hz);
	record_u64(&r, "cpu", smp.cpu[i].apic_id);
	record_u64(&r, "cpus", t->cpus);
	record_str(&r, "reason", why);
	record_emit(&r);
	run_set_status(RUN_ERROR);
}

static void emit_part(const struct tick_config *t, unsigned i, unsigned run)
{
	struct part *p = parts[i];
	uint32_t id = smp.cpu[i].apic_id;
	if (p->error) {
		emit_error(t, i, p->error);
		return;
	}
	tick_emit_run(t, id, run, job.on ? p->millihz : 0, p->cycles, p->interrupts, &p->view, &p->a, &p->b);
	if (job.on && t->workload == WORKLOAD_SPIN) {
		tick_emit_spin_stats(t, id, run, "gap", &p->view.gap_hist, 0);
		tick_emit_spin_stats(t, id, run, "interval", &p->view.interval_hist,
				     mul_div(timers.tsc_hz, 1000, p->millihz));
	}
	p->sums[job.on] += p->cycles;
	if (job.on)
		p->sums[2] += p->interrupts;
}

/* One run on every CPU at once; false when the boot CPU's timer would not start. */
static bool run_all(const struct tick_config *t, unsigned run, bool on)
{
	job.t = t;
	job.on = on;
	job.n = t->cpus;
	struct part *p0 = parts[0];
	p0->error = NULL;
	if (on && !source_start_checked("tick", t->source, t->hz, &p0->millihz))
		return false;
	for (unsigned i = 1; i < t->cpus; i++)
		if (!smp_call(&smp.cpu[i], ap_part, parts[i]))
			parts[i]->error = "its mailbox was busy";
	measure(p0, &birq.count);
	if (on)
		t->source->stop();
	uint64_t timeout = tsc_cycles_ms(BARRIER_MS) + 20 * p0->cycles;
	for (unsigned i = 1; i < t->cpus; i++)
		if (!smp_wait(&smp.cpu[i], timeout) && !parts[i]->error)
			parts[i]->error = "it did not finish its run in time";
	for (unsigned i = 0; i < t->cpus; i++)
		emit_part(t, i, run);
	return true;
}

void tick_mp_config(const struct tick_config *t, unsigned runs)
{
	for (unsigned i = 0; i < t->cpus; i++)
		if (!parts[i] || (i && !parts[i]->mat && t->workload == WORKLOAD_MATRIX)) {
			emit_error(t, i, "no memory for its part of the run");
			return;
		}
	for (unsigned i = 0; i < t->cpus; i++)
		parts[i]->sums[0] = parts[i]->sums[1] = parts[i]->sums[2] = 0;
	for (unsigned run = 0; run < runs; run++)
		if (!run_all(t, run, false) || !run_all(t, run, true))
			break;
	for (unsigned i = 0; i < t->cpus; i++)
		tick_print_result(t, i, parts[i]->sums);
}
