/* tick on several CPUs at once (tick_cpus=): the boot CPU and the first APs run the
 * same workload the same number of iterations, the off and on runs in lock-step,
 * off, on, off, on, … on every CPU together. In the on runs (enum mp_kind):
 *   - the local APIC timer (periodic, one-shot) and the TSC deadline: every CPU
 *     programs its own at the same rate;
 *   - the HPET periodic through the I/O APIC: spread, a comparator and an I/O APIC
 *     input for each CPU, started in phase (skipped when the HPET has too few);
 *   - the PIT, and the HPET by legacy replacement, FSB or one-shot: a single
 *     interrupt, routed to one CPU (irq_cpu=), which starts and stops the timer
 *     itself; the others work untouched.
 *
 * Interval of each CPU's run: as tick's (bench/tick/tick.c), from an ordered TSC read
 * before its workload's first iteration to one after its last. The CPUs start
 * together: they meet at a barrier (outside the interval) after their timer has
 * fired once; they do not end together. The boot CPU coordinates: it starts its own
 * timer (bench_entry, birq: its path as with one CPU), posts the run to each AP
 * (smp_call), runs its part, waits for them (smp_wait) and only then prints, so no
 * serial output falls inside another CPU's interval. An AP's interrupt is
 * bench_entry_ap on VEC_TIMER_AP, its state its own birq_ap[] slot
 * (handler.h). docs/METHOD.md, "tick on several CPUs". */
#include "bench.h"
#include "tick.h"
#include "handler.h"
#include "alloc.h"
#include "console.h"
#include "cpu.h"
#include "format.h"
#include "idt.h"
#include "irq.h"
#include "lapic.h"
#include "lib.h"
#include "record.h"
#include "run.h"
#include "smp.h"
#include "clock.h"
#include "timers.h"

_Static_assert(BENCH_MAX_CPUS >= SMP_MAX_CPUS, "a birq_ap slot per CPU");

#define BARRIER_MS      1000    /* the CPUs must meet within this, once their timers fired */
#define PREPARE_MS      10000   /* an AP's spin calibration (slow where RDTSC traps) */

/* How the CPUs of a run get their interrupts. */
enum mp_kind {
	MP_LOCAL,       /* each its own local APIC timer: periodic, one-shot, TSC deadline */
	MP_SPREAD,      /* each its own HPET comparator, periodic, through the I/O APIC */
	MP_ONE,         /* one timer (PIT, HPET legacy, MSI, one-shot), one CPU takes it
			 * (irq_cpu=): bench_entry and birq serve it there; the others
			 * run their workload untouched */
};

/* One CPU's part of a run; the boot CPU reads it after smp_wait(). */
struct part {
	unsigned index;                 /* in smp.cpu[] */
	struct spin_view view;
	struct matrices *mat;           /* NULL on the boot CPU: its own */
	const volatile uint64_t *count; /* the handler entries that reach this CPU */
	uint64_t cycles, interrupts, millihz;   /* millihz: its timer's rate, 0 none */
	struct counters a, b;
	const char *error;
	const char *cannot;             /* its timer would not start here: a skip */
	bool ready;                     /* an AP: it finished tick_mp_prepare's calibration */
	uint64_t sums[3];               /* cycles off, cycles on, interrupts */
};

static struct part *parts[SMP_MAX_CPUS];

/* The run posted to every CPU, written by the boot CPU before smp_call. */
static struct {
	const struct tick_config *t;
	bool on;
	unsigned n;
	enum mp_kind kind;
	unsigned birq_cpu;              /* whose interrupts bench_entry and birq serve */
	uint64_t millihz;               /* MP_SPREAD: the rate of every comparator */
	uint64_t meet;                  /* the start line's bound (measure) */
	char meet_why[80];
} job;

static struct smp_barrier start_line;

static enum mp_kind kind_of(const struct timer_source *s)
{
	if (s->timer_bit == TIMER_LAPIC || s->timer_bit == TIMER_TSCDL)
		return MP_LOCAL;
	if (s->timer_bit == TIMER_HPET && !strcmp(s->mode, "periodic") &&
	    s->delivery_bit == DELIVERY_IOAPIC)
		return MP_SPREAD;
	return MP_ONE;
}

static uint64_t workload(struct part *p)
{
	const struct tick_config *t = job.t;
	switch (t->workload) {
	case WORKLOAD_SPIN: return spin_measure(&p->view, t->iterations, p->count);
	case WORKLOAD_MATRIX:
		return p->mat ? workload_matrix_on(p->mat, t->iterations) :
				workload_matrix(t->iterations);
	default: return workload_memwalk(t->iterations);
	}
}

/* Meet the others, then the run proper. The first CPU at the start line may wait
 * for the others' timers to give their first two interrupts (source_wait_first) and
 * a second more; under a hypervisor ten seconds (clock_bound). */
static void measure(struct part *p)
{
	if (!smp_meet(&start_line, job.n, job.meet) && !p->error)
		p->error = job.meet_why;
	tick_read_counters(&p->a, false);
	uint64_t before = *p->count;
	p->cycles = workload(p);
	p->interrupts = *p->count - before;
	tick_read_counters(&p->b, false);
	tick_spin_done(job.t, &p->view, job.on, p->cycles);
}

/* On the AP: its own local APIC timer at job.t->hz; NULL, or why it cannot run at
 * that rate (the boot CPU's start of the same timer said so first). */
static const char *ap_local_start(struct part *p)
{
	const struct tick_config *t = job.t;
	struct bench_irq_state *s = &birq_ap[p->index].s;
	uint64_t count;
	const char *why = source_period(t->source->timer_bit, t->hz, &count, &p->millihz);
	if (why)
		return why;
	if (t->source->timer_bit == TIMER_TSCDL) {
		bench_irq_ap_reset(p->index, REARM_TSCDL);
		s->period = count;
		tscdl_setup(VEC_TIMER_AP);
		s->next = rdtsc() + count;
		tscdl_arm(s->next);
		return NULL;
	}
	bool oneshot = !strcmp(t->source->mode, "oneshot");
	bench_irq_ap_reset(p->index, oneshot ? REARM_LAPIC : REARM_NONE);
	s->period = count;
	if (oneshot)
		lapic_timer_oneshot(VEC_TIMER_AP, (uint32_t)count);
	else
		lapic_timer_periodic(VEC_TIMER_AP, (uint32_t)count);
	return NULL;
}

/* On the AP, in an on run: its timer going and its first interrupt in; or NULL
 * at once when the run gives it none. */
static const char *ap_timer_start(struct part *p)
{
	p->millihz = 0;
	if (job.kind == MP_LOCAL) {
		p->cannot = ap_local_start(p);
		if (p->cannot)
			return NULL;
	} else if (job.kind == MP_SPREAD) {
		p->millihz = job.millihz;       /* the boot CPU started its comparator */
	} else if (job.birq_cpu == p->index) {
		p->cannot = job.t->source->start(job.t->hz, &p->millihz);
		if (p->cannot)
			return NULL;
	} else {
		return NULL;
	}
	return source_wait_first(job.t->source, p->count, job.t->hz) ? NULL :
	       "no interrupt arrived on this CPU";
}

static void ap_timer_stop(const struct part *p)
{
	if (job.kind == MP_LOCAL) {
		if (job.t->source->timer_bit == TIMER_TSCDL)
			tscdl_stop();
		lapic_timer_stop();
	} else if (job.kind == MP_ONE && job.birq_cpu == p->index) {
		job.t->source->stop();
	}
}

static void ap_part(void *arg)
{
	struct part *p = arg;
	p->error = job.on ? ap_timer_start(p) : NULL;
	measure(p);
	if (job.on)
		ap_timer_stop(p);
}

static void ap_prepare(void *arg)
{
	struct part *p = arg;
	bench_irq_ap_bind(p->index);
	spin_calibrate(&p->view);
}

void tick_mp_prepare(unsigned cpus, uint64_t capacity)
{
	for (unsigned i = 0; i < cpus && i < smp.online; i++) {
		if (!parts[i])
			parts[i] = alloc(sizeof(struct part), 128);
		if (!parts[i] || (!parts[i]->view.holes && !spin_view_init(&parts[i]->view, capacity)))
			continue;               /* tick_mp_config reports it */
		parts[i]->index = i;
		bench_irq_ap_reset(i, REARM_NONE);
		if (i == 0) {
			spin_calibrate(&parts[0]->view);
			parts[0]->ready = true;
		} else {
			if (!parts[i]->mat)
				parts[i]->mat = workload_matrices_alloc();
			parts[i]->ready = smp_call(&smp.cpu[i], ap_prepare, parts[i]) &&
					   smp_wait(&smp.cpu[i], clock_cycles_ms(PREPARE_MS));
		}
		if (parts[i]->ready)
			tick_spin_emit_calibration(&parts[i]->view, smp.cpu[i].apic_id);
	}
}

/* A "skip" (the configuration cannot run on t->cpus CPUs) or an "error" (CPU i
 * failed its part: i < t->cpus) of tick, and a console line. */
static void mp_problem(enum problem_kind kind, const struct tick_config *t, unsigned i,
		       const char *why)
{
	tick_problem(kind, t, i < t->cpus ? smp.cpu[i].apic_id : UINT32_MAX, why);
}

static void emit_part(const struct tick_config *t, unsigned i, unsigned run)
{
	struct part *p = parts[i];
	uint32_t id = smp.cpu[i].apic_id;
	if (p->error) {
		mp_problem(PROBLEM_ERROR, t, i, p->error);
		return;
	}
	tick_emit_run(t, id, run, job.on, p->millihz, p->cycles, p->interrupts, &p->view,
		      NULL, &p->a, &p->b);
	if (job.on && t->workload == WORKLOAD_SPIN) {
		tick_emit_spin_stats(t, id, run, "gap", &p->view.gap_hist, 0);
		if (p->millihz)
			tick_emit_spin_stats(t, id, run, "interval", &p->view.interval_hist,
					     mul_div(clock_tsc_hz(), 1000, p->millihz));
	}
	p->sums[job.on] += p->cycles;
	if (job.on)
		p->sums[2] += p->interrupts;
}

/* The boot CPU's side of starting an on run: false (with a record) when the timer
 * would not start. */
static bool boot_start(const struct tick_config *t)
{
	const struct timer_source *s = t->source;
	struct part *p0 = parts[0];
	if (job.kind == MP_ONE && job.birq_cpu != 0) {
		source_route_to(smp.cpu[job.birq_cpu].apic_id);
		return true;                    /* that CPU starts it */
	}
	if (job.kind != MP_SPREAD)
		return source_start_checked("tick", s, t->hz, &p0->millihz);
	uint32_t ids[SMP_MAX_CPUS];
	for (unsigned i = 0; i < t->cpus; i++) {
		ids[i] = smp.cpu[i].apic_id;
		bench_irq_ap_reset(i, REARM_NONE);
	}
	const char *why = source_hpet_spread(t->cpus, ids, t->hz, &job.millihz);
	p0->millihz = job.millihz;
	if (why) {
		source_hpet_spread_stop();
		mp_problem(PROBLEM_SKIP, t, t->cpus, why);
		return false;
	}
	if (!source_wait_first(t->source, p0->count, t->hz)) {
		source_hpet_spread_stop();
		mp_problem(PROBLEM_ERROR, t, 0, "no interrupt arrived on this CPU");
		return false;
	}
	return true;
}

/* The boot CPU's side of ending an on run, once every CPU has finished. */
static void boot_stop(const struct tick_config *t)
{
	if (job.kind == MP_SPREAD)
		source_hpet_spread_stop();
	else if (job.kind == MP_ONE && job.birq_cpu != 0)
		source_route_to(smp.cpu[0].apic_id);
}

/* The re-arm an AP's own timer needs (MP_LOCAL, MP_SPREAD). */
static enum bench_rearm ap_rearm(const struct timer_source *s)
{
	if (s->timer_bit == TIMER_TSCDL)
		return REARM_TSCDL;
	return s->timer_bit == TIMER_LAPIC && !strcmp(s->mode, "oneshot") ? REARM_LAPIC :
	       REARM_NONE;
}

/* One run on every CPU at once; false when the timer would not start (the boot
 * CPU's side reported it, or a skip here for the AP that was to start it). */
static bool run_all(const struct tick_config *t, unsigned run, bool on)
{
	job.t = t;
	job.on = on;
	job.n = t->cpus;
	job.kind = kind_of(t->source);
	job.birq_cpu = job.kind == MP_ONE && t->irq_cpu < t->cpus ? t->irq_cpu : 0;
	job.meet = clock_bound(clock_cycles_ms(BARRIER_MS)) + (on ? 2 * source_first_bound(t->hz) : 0);
	format(job.meet_why, sizeof(job.meet_why), "the CPUs did not meet at the start of the "
	       "run within %llu ms", (unsigned long long)(clock_ns(job.meet) / 1000000));
	for (unsigned i = 0; i < t->cpus; i++) {
		parts[i]->error = parts[i]->cannot = NULL;
		parts[i]->millihz = 0;
		parts[i]->count = i == job.birq_cpu ? &birq.count : &birq_ap[i].s.count;
	}
	struct part *p0 = parts[0];
	if (on && job.kind != MP_ONE && bench_irq_ap_gate(ap_rearm(t->source)) != t->handler) {
		mp_problem(PROBLEM_ERROR, t, t->cpus, "no floor handler for the APs' timer");
		return false;
	}
	if (on && !boot_start(t))
		return false;
	for (unsigned i = 1; i < t->cpus; i++)
		if (!smp_call(&smp.cpu[i], ap_part, parts[i]))
			parts[i]->error = "its mailbox was busy";
	measure(p0);
	if (on && job.kind != MP_SPREAD && job.birq_cpu == 0)
		t->source->stop();
	uint64_t timeout = clock_bound(clock_cycles_ms(BARRIER_MS) + 20 * p0->cycles);
	for (unsigned i = 1; i < t->cpus; i++)
		if (!smp_wait(&smp.cpu[i], timeout) && !parts[i]->error)
			parts[i]->error = "it did not finish its run in time";
	if (on)
		boot_stop(t);
	for (unsigned i = 0; i < t->cpus; i++)
		if (parts[i]->cannot) {
			mp_problem(PROBLEM_SKIP, t, t->cpus, parts[i]->cannot);
			return false;
		}
	for (unsigned i = 0; i < t->cpus; i++)
		emit_part(t, i, run);
	return true;
}

/* Why t cannot run on t->cpus CPUs at once, or NULL. */
static const char *cannot_run(const struct tick_config *t)
{
	static char why[128];
	if (t->workload == WORKLOAD_FTQ)
		return "ftq runs on the boot CPU alone (tick_cpus=1)";
	if (tick_model_has_footprint(&t->model))
		return "the work models' footprints run in the boot CPU's handler alone "
		       "(tick_cpus=1)";
	for (unsigned i = 0; i < t->cpus; i++) {
		if (!parts[i] || !parts[i]->view.holes ||
		    (i && !parts[i]->mat && t->workload == WORKLOAD_MATRIX))
			return "no memory for a CPU's part of the run";
		if (!parts[i]->ready)
			return "an AP did not finish its spin calibration within 10 s";
	}
	if (kind_of(t->source) == MP_ONE && t->irq_cpu && t->irq_cpu < t->cpus &&
	    t->source->delivery_bit == DELIVERY_PIC)
		return "the 8259 interrupts the boot CPU only; irq_cpu= needs the I/O APIC";
	unsigned most = source_hpet_spread_max();
	if (kind_of(t->source) == MP_SPREAD && most < t->cpus) {
		format(why, sizeof(why), "%u CPUs need as many periodic HPET comparators, each "
		       "with an I/O APIC input no other uses; this HPET offers %u", t->cpus, most);
		return why;
	}
	return NULL;
}

void tick_mp_config(const struct tick_config *t, unsigned runs)
{
	const char *why = cannot_run(t);
	if (why) {
		mp_problem(PROBLEM_SKIP, t, t->cpus, why);
		return;
	}
	if (kind_of(t->source) == MP_ONE && t->irq_cpu >= t->cpus)
		kprintf("tick: irq_cpu=%u, but %u CPUs run: the boot CPU takes the interrupt\n",
			t->irq_cpu, t->cpus);
	for (unsigned i = 0; i < t->cpus; i++) {
		parts[i]->sums[0] = parts[i]->sums[1] = parts[i]->sums[2] = 0;
		birq_ap[i].s.inject_cycles = t->model.work;     /* tick_work= */
	}
	for (unsigned run = 0; run < runs; run++, tick_pair++)
		if (!run_all(t, run, false) || !run_all(t, run, true))
			return;             /* reported; no figures for a run cut short */
	for (unsigned i = 0; i < t->cpus; i++)
		tick_print_result(t, smp.cpu[i].apic_id, parts[i]->sums);
}
