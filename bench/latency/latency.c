/* latency: from a programmed deadline to the first instruction of the handler.
 *
 * Each shot: the deadline is converted to a TSC value, and bench/core/entry.S reads the
 * TSC as the handler's third instruction; latency = that read - the deadline's TSC
 * value. The deadline is the earliest the timer could have reached it, so that no
 * shot counts early: for the TSC-deadline timer the value written; for the APIC
 * one-shot and the PIT an ordered TSC read before the arming write plus the count
 * (the latency then holds up to the write's own time, whose mean the record gives
 * as arm_bracket; the PIT starts on its next input clock edge: up to 838 ns more);
 * for the HPET converted back from its comparator after the interrupt
 * (hpet_deadline). A midpoint of the bracket, tried first, came after the match
 * when free TCG's vCPU lost the host inside it.
 *
 * Each CPU waits for its shot in each state of wait= in turn (bench/core/idlewait.h);
 * where MWAIT stamps the wake before the handler (ECX[0]), each run also has the
 * wake's stamp minus the deadline. An IPI from another CPU is the last wake source
 * (bench/latency/latipi.c). */
#include "cmdline.h"
#include "latency_words.h"
#include "bench.h"
#include "plan.h"
#include "latency.h"
#include "idlecaps.h"
#include "problem.h"
#include "handler.h"
#include "hist.h"
#include "source.h"
#include "clock.h"
#include "timers.h"
#include "console.h"
#include "cpu.h"
#include "hpet.h"
#include "lapic.h"
#include "pit.h"
#include "record.h"
#include "run.h"
#include "alloc.h"
#include "format.h"
#include "idt.h"
#include "irq.h"
#include "lib.h"
#include "smp.h"

#define SHOT_TIMEOUT_MS 200

/* missed: the HPET counter had reached the comparator by the time it was written,
 * so no interrupt may come (the comparator matches on equality): an SMI, or a
 * descheduled vCPU, longer than the delay fell between the read and the write.
 * cmp: the HPET's comparator value, from which its deadline is converted back. */
struct shot { uint64_t deadline, bracket, cmp; bool missed; };

static struct shot arm(unsigned timer, uint64_t delay_cycles, uint32_t delay_us)
{
	uint64_t a, b;
	switch (timer) {
	case TIMER_TSCDL:
		a = rdtsc_ordered();
		tscdl_arm(a + delay_cycles);
		return (struct shot){ .deadline = a + delay_cycles };
	case TIMER_LAPIC: {
		uint32_t count = (uint32_t)mul_div(timers.lapic_hz, delay_us, 1000000);
		a = rdtsc_ordered();
		lapic_write(APIC_TMICT, count);
		b = rdtsc_ordered();
		return (struct shot){ .deadline = a + mul_div(count, clock_tsc_hz(), timers.lapic_hz),
				      .bracket = b - a };
	}
	case TIMER_HPET: {
		uint64_t ticks = mul_div(timers.hpet_hz, delay_us, 1000000);
		a = rdtsc_ordered();
		uint64_t now = hpet_read();
		b = rdtsc_ordered();
		hpet_arm(birq.hpet_n, now + ticks);
		return (struct shot){ .bracket = b - a, .cmp = now + ticks,
				      .missed = hpet_reached(now + ticks) };
	}
	default: {
		uint16_t count = (uint16_t)mul_div(PIT_HZ, delay_us, 1000000);
		a = rdtsc_ordered();
		pit_oneshot(count);
		b = rdtsc_ordered();
		return (struct shot){ .deadline = a + mul_div(count, clock_tsc_hz(), PIT_HZ),
				      .bracket = b - a };
	}
	}
}

/* The HPET's deadline as its comparator holds it: the TSC value at which the
 * counter reached cmp, converted back from a read of the counter just after the
 * interrupt, so that the conversion spans the latency, not the delay, whose length
 * times the calibration's error would move it (79 ppb under -icount: a second's
 * shot 79 cycles early). The read happened after the ordered TSC read before it,
 * and the counter's phase at the read is unknown (its value is truncated to a
 * tick), so the deadline taken is the earliest it could be: that TSC read less one
 * tick more than the counter had gone past cmp. It is never after the match (a
 * midpoint was, once, when TCG's vCPU lost the host inside the bracket); the
 * latency then holds up to one HPET tick and the read's own time more than the
 * delivery (docs/METHOD.md). Before, the deadline was the arming read's midpoint
 * plus the delay, up to a tick after the comparator matched: 63 of 250 shots came
 * "early" under -icount. An interrupt taken while the counter was still before cmp
 * is not this shot's (the late one of a missed shot: TCG with two vCPUs): its
 * deadline lies ahead, so it counts early; unsigned, the counter's distance had
 * wrapped and such a shot gave a latency of 4 x 10^13 cycles. */
static uint64_t hpet_deadline(const struct shot *s)
{
	uint64_t a = rdtsc_ordered();
	int64_t past = counter_since(hpet_read(), s->cmp, hpet_counter_mask);
	uint64_t ticks = past < 0 ? (uint64_t)-past : (uint64_t)past + 1;
	uint64_t cycles = mul_div(ticks * timers.hpet_caps.period_fs, clock_tsc_hz(), FS_PER_S);
	return past < 0 ? a + cycles : a - cycles;
}

static const struct idle_state spin_state = { IDLE_SPIN, 0, false, "spin" };

/* Wait for the shot on st until d has passed: in the run's state, or spinning (the
 * first shot of a run always spins: a timer that never fires is seen before
 * anything halts on it). True when it came. */
static bool await(struct part *p, const struct bench_irq_state *st, uint64_t before,
		  bool idle, const struct deadline *d)
{
	struct idle_waiter spin = { &spin_state, 0, 0 };
	p->waiter.wake_tsc = 0;
	return idle_wait(idle ? &p->waiter : &spin, &st->count, before, d);
}

static struct part *parts[SMP_MAX_CPUS];
static struct idle_state states[IDLE_MAX_STATES];     /* wait='s, resolved */

/* The run every CPU takes part in, written by the boot CPU before smp_call. */
static struct {
	unsigned timer, cpus;
	const struct config *cfg;
	const struct idle_state *state;
	unsigned samples;
} job;

static struct smp_barrier start_line;

/* One shot, bounded: the delay plus SHOT_TIMEOUT_MS. A halted wait on the PIT or the
 * HPET has the local APIC timer as its backstop, armed before the shot so that its
 * programming falls outside the measured interval (kernel/clock.h: the local timers
 * wake a halt by themselves). False when the shot never came. */
static bool take_shot(struct part *p, const struct bench_irq_state *st, uint64_t delay,
		      bool idle, struct shot *s)
{
	bool local = job.timer == TIMER_LAPIC || job.timer == TIMER_TSCDL;
	struct deadline d = deadline_in_cycles(delay + clock_cycles_ms(SHOT_TIMEOUT_MS));
	bool backstop = idle && !local && clock_backstop(&d);
	if (idle && !local && !backstop)
		idle = false;           /* nothing could wake a halt: spin instead */
	uint64_t before = st->count;
	*s = arm(job.timer, delay, latency_settings.delay_us);
	bool came = await(p, st, before, idle, &d);
	if (came && job.timer == TIMER_HPET)
		s->deadline = hpet_deadline(s);
	if (backstop)
		clock_backstop_stop();
	return came || s->missed;
}

/* selftest=lost-irq: the PIT's and the HPET's interrupts reach no handler any more
 * (the dispatcher acknowledges them as unexpected), so the next halted shot has
 * only its backstop to end the wait: it must end in an error, not a hang. */
static void lose_interrupts(void)
{
	bench_irq_uninstall(VEC_PIC_BASE + 0);
	bench_irq_uninstall(VEC_PIT_IOAPIC);
	bench_irq_uninstall(VEC_HPET);
}

/* The shots of one run on this CPU, its interrupts served with state st. */
static void shoot(struct part *p, const struct bench_irq_state *st)
{
	uint64_t delay = mul_div(clock_tsc_hz(), latency_settings.delay_us, 1000000);
	latency_part_reset(p, job.state);
	p->met = job.cpus == 1 || smp_meet(&start_line, job.cpus, clock_bound(clock_cycles_ms(1000)));
	idle_snap_take(&p->before);
	for (unsigned i = 0; i < job.samples; i++) {
		struct shot s;
		if (i == 1 && kernel_config.selftest == SELFTEST_LOST_IRQ)
			lose_interrupts();
		if (!take_shot(p, st, delay, job.state->kind != IDLE_SPIN && i > 0, &s))
			return;
		if (s.missed) {
			p->missed++;            /* no deadline to measure from */
			continue;
		}
		p->brackets += s.bracket;
		if ((int64_t)(st->last_tsc - s.deadline) < 0) {
			p->early++;
			continue;
		}
		uint64_t wake = p->waiter.wake_tsc;
		latency_part_add(p, st->last_tsc - s.deadline, wake - s.deadline,
				 wake && (int64_t)(wake - s.deadline) >= 0);
		idle_wake_clock(&p->aperf, &p->mperf);
	}
	idle_snap_take(&p->after);
	p->fired = true;
}

/* On an AP: its own local timer (one-shot, or TSC deadline) on VEC_TIMER_AP. */
static void ap_shoot(void *arg)
{
	struct part *p = arg;
	bench_irq_ap_bind(p->index);
	bench_irq_ap_reset(p->index, REARM_NONE);
	if (job.timer == TIMER_TSCDL)
		tscdl_setup(VEC_TIMER_AP);
	else
		lapic_write(APIC_LVTT, APIC_LVT_TIMER_ONESHOT | VEC_TIMER_AP);
	shoot(p, &birq_ap[p->index].s);
	if (job.timer == TIMER_TSCDL)
		tscdl_stop();
	lapic_timer_stop();
}

static void emit(const struct part *p, const char *delivery, unsigned run)
{
	struct latency_key k = { timer_names[job.timer], "oneshot", delivery,
				 smp.cpu[p->index].apic_id, job.cpus, latency_settings.delay_us, run, -1 };
	latency_emit(&k, p);
}

/* A "skip" or "error" of latency for timer on cpus CPUs; p: the CPU it concerns. */
static void latency_problem(enum problem_kind kind, unsigned timer, unsigned cpus,
			    const struct part *part, const char *why)
{
	struct problem p;
	problem_begin(&p, kind, "latency");
	PROBLEM_STR(&p, timer, timer_names[timer]);
	PROBLEM_STR(&p, wait, job.state->name);
	if (part)
		PROBLEM_U64(&p, cpu, smp.cpu[part->index].apic_id);
	PROBLEM_U64(&p, cpus, cpus);
	problem_end(&p, why);
}

/* Every shot came, none could be measured: a skip of this timer at this delay. */
static const char *no_sample(const struct part *p)
{
	static char why[160];
	format(why, sizeof(why), "no shot could be measured at delay_us=%u: %llu came before "
	       "their deadline, %llu were armed after the counter had passed them",
	       latency_settings.delay_us, (unsigned long long)p->early, (unsigned long long)p->missed);
	latency_problem(PROBLEM_SKIP, job.timer, job.cpus, p, why);
	return why;
}

/* One run on job.cpus CPUs at once (the boot CPU and the first APs); the records
 * after all have finished: a CPU's stats, or an error saying what went wrong there.
 * False when some CPU failed. */
static bool one_run(const char *delivery, unsigned run)
{
	bool posted[SMP_MAX_CPUS] = { true };
	for (unsigned i = 1; i < job.cpus; i++)
		posted[i] = smp_call(&smp.cpu[i], ap_shoot, parts[i]);
	shoot(parts[0], &birq);
	/* an AP's run is bounded by its shots' bounds (and the meeting's second) */
	uint64_t timeout = clock_cycles_ms(job.samples * ((uint64_t)latency_settings.delay_us / 1000 +
						     SHOT_TIMEOUT_MS) + 2000);
	bool ok = true;
	for (unsigned i = 0; i < job.cpus; i++) {
		const struct part *p = parts[i];
		const char *why = !posted[i] ? "its mailbox was busy" :
			i && !smp_wait(&smp.cpu[i], timeout) ? "it did not finish its run in time" :
			!p->met ? "the CPUs did not meet at the start within 1 s (10 s under a hypervisor)" :
			!p->fired ? "a shot did not fire within 200 ms" : NULL;
		if (why)
			latency_problem(PROBLEM_ERROR, job.timer, job.cpus, p, why);
		else if (!p->run.n)
			why = no_sample(p);
		else
			emit(p, delivery, run);
		ok &= !why;
	}
	return ok;
}

/* Every run of one timer on job.cpus CPUs, then its rows on the console. */
static void runs_of(unsigned timer)
{
	const struct config *cfg = job.cfg;
	for (unsigned i = 0; i < job.cpus; i++) {
		hist_reset(&parts[i]->all);
		hist_reset(&parts[i]->wake_all);
	}
	const char *delivery, *why = source_oneshot_route(timer, &delivery);
	for (unsigned run = 0; !why && run < cfg->runs; run++) {
		kprintf("latency %s delay %u us wait %s on %u CPU(s) run %u/%u\n", timer_names[timer],
			latency_settings.delay_us, job.state->name, job.cpus, run + 1, cfg->runs);
		if (!one_run(delivery, run))
			break;
	}
	source_oneshot_unroute(timer);
	if (why) {
		latency_problem(PROBLEM_SKIP, timer, job.cpus, NULL, why);
		return;
	}
	latency_print_header();
	for (unsigned i = 0; i < job.cpus; i++) {
		if (parts[i]->all.n)
			latency_print_row(timer_names[timer], parts[i], false, job.cpus > 1);
		if (parts[i]->wake_all.n)
			latency_print_row(timer_names[timer], parts[i], true, job.cpus > 1);
	}
}

/* Why timer cannot be measured on job.cpus CPUs at once, or NULL. */
static const char *cannot_run(unsigned timer)
{
	if (!timer_present(timer))
		return "the timer is not present";
	if (timer == TIMER_PIT && latency_settings.delay_us > 50000)
		return "delay_us is beyond the PIT's 16-bit count (54925 us)";
	bool local = timer == TIMER_LAPIC || timer == TIMER_TSCDL;
	if (job.cpus > 1 && !local)
		return "on several CPUs at once, latency measures the local timers (lapic, "
		       "tscdl); the PIT and the HPET are measured on the boot CPU (latency_cpus=1)";
	if (local && !idle_lapic_wakes(job.state, cpu.has_arat))
		return "no ARAT (CPUID.06H:EAX[2] clear): the local APIC timer may stop in this "
		       "deep state and nothing else would wake the CPU; the PIT and the HPET "
		       "wake it instead";
	for (unsigned i = 0; i < job.cpus; i++) {
		if (!parts[i] && !(parts[i] = alloc(sizeof(struct part), 64)))
			return "no memory for a CPU's histograms";
		parts[i]->index = i;
	}
	return NULL;
}

/* Every timer of timer= on job.cpus CPUs in job.state. */
static void timers_in_state(void)
{
	for (unsigned timer = 0; timer < 4; timer++) {
		if (!(job.cfg->timers & (1u << timer)))
			continue;
		job.timer = timer;
		const char *why = cannot_run(timer);
		if (why)
			latency_problem(PROBLEM_SKIP, timer, job.cpus, NULL, why);
		else
			runs_of(timer);
	}
}

static void latency_run(const struct config *cfg)
{
	unsigned counts[WORDS_LIST_MAX];
	unsigned n_counts = bench_cpu_counts("latency", "latency_cpus", &latency_settings.latency_cpus, counts);
	unsigned n_states = idle_states(cfg, "latency", states, IDLE_MAX_STATES);
	uint64_t samples = (uint64_t)cfg->ms * 1000 / (2 * latency_settings.delay_us);
	job.cfg = cfg;
	job.samples = (unsigned)(samples < 10 ? 10 : samples > 100000 ? 100000 : samples);
	idt_set_gate(VEC_TIMER_AP, bench_entry_ap, 0);
	for (unsigned c = 0; c < n_counts; c++) {
		job.cpus = counts[c];
		for (unsigned i = 0; i < n_states; i++) {
			job.state = &states[i];
			timers_in_state();
			if (job.cpus == 1)
				latency_ipi_runs(cfg, job.state, job.samples, i == 0);
		}
	}
}

/* Each run's shots span about ms ( ms / (2 delay_us) shots), per
 * timer, CPU count and state of wait= (a word of several states counts once). */
static uint64_t plan_latency_ms(const struct config *cfg)
{
	unsigned timers = 0;
	for (unsigned t = 0; t < 4; t++)
		timers += (cfg->timers >> t) & 1 && timer_present(t);
	return (uint64_t)plan_cpu_counts(&latency_settings.latency_cpus) * cfg->wait.n * timers *
	       cfg->runs * (cfg->ms + PLAN_SETUP_MS);
}

const struct bench_ops latency_ops = { tsc_calibrated, plan_latency_ms, latency_run };
