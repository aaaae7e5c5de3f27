/* latency: from a programmed deadline to the first instruction of the handler.
 *
 * Each shot: the deadline is converted to a TSC value when the timer is armed, and
 * bench/entry.S reads the TSC as the handler's third instruction; latency = that
 * read - the deadline's TSC value. For the TSC-deadline timer the deadline is a TSC
 * value. For the others it is "now" plus the programmed delay, where "now" is the
 * midpoint of two ordered TSC reads around the arming write (APIC, PIT) or around
 * the counter read the comparator is computed from (HPET); half the bracket, whose
 * mean the record gives as arm_bracket, bounds that error. The PIT starts counting
 * on its next input clock edge after the count is written: up to 838 ns more. */
#include "bench.h"
#include "handler.h"
#include "hist.h"
#include "source.h"
#include "timers.h"
#include "console.h"
#include "cpu.h"
#include "hpet.h"
#include "lapic.h"
#include "pit.h"
#include "record.h"
#include "run.h"

#define SHOT_TIMEOUT_MS 200

struct shot { uint64_t deadline, bracket; };

static const char *const names[] = { "pit", "lapic", "tscdl", "hpet" };

static struct shot arm(unsigned timer, uint64_t delay_cycles, uint32_t delay_us)
{
	uint64_t a, b;
	switch (timer) {
	case TIMER_TSCDL:
		a = rdtsc_ordered();
		tscdl_arm(a + delay_cycles);
		return (struct shot){ a + delay_cycles, 0 };
	case TIMER_LAPIC: {
		uint32_t count = (uint32_t)mul_div(timers.lapic_hz, delay_us, 1000000);
		a = rdtsc_ordered();
		lapic_write(APIC_TMICT, count);
		b = rdtsc_ordered();
		return (struct shot){ a + (b - a) / 2 + mul_div(count, timers.tsc_hz, timers.lapic_hz), b - a };
	}
	case TIMER_HPET: {
		uint64_t ticks = mul_div(timers.hpet_hz, delay_us, 1000000);
		a = rdtsc_ordered();
		uint64_t now = hpet_read();
		b = rdtsc_ordered();
		hpet_arm(birq.hpet_n, now + ticks);
		uint64_t fs = ticks * timers.hpet_caps.period_fs;
		return (struct shot){ a + (b - a) / 2 + mul_div(fs, timers.tsc_hz, FS_PER_S), b - a };
	}
	default: {
		uint16_t count = (uint16_t)mul_div(PIT_HZ, delay_us, 1000000);
		a = rdtsc_ordered();
		pit_oneshot(count);
		b = rdtsc_ordered();
		return (struct shot){ a + (b - a) / 2 + mul_div(count, timers.tsc_hz, PIT_HZ), b - a };
	}
	}
}

/* Wait for the shot: spin with interrupts on, or halt. The first shot of a run is
 * always awaited spinning, with a timeout, so a timer that never fires is reported
 * instead of halting the machine for good. */
static bool await(uint64_t before, bool halt)
{
	if (halt) {
		while (birq.count == before)
			wait_for_interrupt();
		return true;
	}
	uint64_t t0 = rdtsc(), limit = tsc_cycles_ms(SHOT_TIMEOUT_MS);
	irq_enable();
	while (birq.count == before && rdtsc() - t0 < limit)
		cpu_relax();
	irq_disable();
	return birq.count != before;
}

static void emit(unsigned timer, const char *delivery, const struct config *cfg, unsigned run,
		 const struct hist *h, uint64_t early, uint64_t bracket_sum)
{
	struct record r;
	record_begin(&r, "stats");
	record_str(&r, "bench", "latency");
	record_str(&r, "what", names[timer]);
	record_str(&r, "mode", "oneshot");
	record_str(&r, "delivery", delivery);
	record_str(&r, "wait", cfg->wait == WAIT_HLT ? "hlt" : "spin");
	record_u64(&r, "delay_us", cfg->delay_us);
	record_u64(&r, "run", run);
	record_u64(&r, "early", early);
	record_u64(&r, "arm_bracket", h->n + early ? bracket_sum / (h->n + early) : 0);
	hist_fields(&r, h);
	record_emit(&r);
}

static void print_row(unsigned timer, const struct hist *h)
{
	static const unsigned permille[] = { 500, 900, 990, 999 };
	kprintf("  %-5s", names[timer]);
	for (unsigned i = 0; i < 4; i++) {
		uint64_t c = hist_permille(h, permille[i]);
		kprintf(" %9llu (%7llu ns)", (unsigned long long)c,
			(unsigned long long)mul_div(c, 1000000000, timers.tsc_hz));
	}
	kprintf(" max %llu cycles\n", (unsigned long long)h->max);
}

/* One run: samples shots; false when a shot never came. */
static bool one_run(unsigned timer, const char *delivery, const struct config *cfg,
		    unsigned run, unsigned samples, struct hist *all)
{
	static struct hist h;
	uint64_t delay = mul_div(timers.tsc_hz, cfg->delay_us, 1000000), early = 0, brackets = 0;
	hist_reset(&h);
	for (unsigned i = 0; i < samples; i++) {
		uint64_t before = birq.count;
		struct shot s = arm(timer, delay, cfg->delay_us);
		if (!await(before, cfg->wait == WAIT_HLT && i > 0))
			return false;
		brackets += s.bracket;
		if ((int64_t)(birq.last_tsc - s.deadline) < 0) {
			early++;
			continue;
		}
		hist_add(&h, birq.last_tsc - s.deadline);
		hist_add(all, birq.last_tsc - s.deadline);
	}
	emit(timer, delivery, cfg, run, &h, early, brackets);
	return true;
}

static void problem(const char *type, unsigned timer, const char *why)
{
	kprintf("latency %s: %s: %s\n", names[timer], type, why);
	struct record r;
	record_begin(&r, type);
	record_str(&r, "bench", "latency");
	record_str(&r, "timer", names[timer]);
	record_str(&r, "reason", why);
	record_emit(&r);
}

void latency_run(const struct config *cfg)
{
	static struct hist all[4];
	uint64_t samples = (uint64_t)cfg->ms * 1000 / (2 * cfg->delay_us);
	samples = samples < 10 ? 10 : samples > 100000 ? 100000 : samples;
	if (cfg->delay_us > 50000)
		kprintf("latency: the PIT's 16-bit count holds at most 54925 us; it is skipped\n");
	for (unsigned timer = 0; timer < 4; timer++) {
		hist_reset(&all[timer]);
		if (!(cfg->timers & (1u << timer)))
			continue;
		if (!timer_present(timer)) {
			problem("skip", timer, "the timer is not present");
			continue;
		}
		if (timer == TIMER_PIT && cfg->delay_us > 50000) {
			problem("skip", timer, "delay_us is beyond the PIT's 16-bit count");
			continue;
		}
		const char *delivery, *why = source_oneshot_route(timer, &delivery);
		for (unsigned run = 0; !why && run < cfg->runs; run++) {
			kprintf("latency %s delay %u us wait %s run %u/%u\n", names[timer],
				cfg->delay_us, cfg->wait == WAIT_HLT ? "hlt" : "spin", run + 1, cfg->runs);
			if (!one_run(timer, delivery, cfg, run, (unsigned)samples, &all[timer])) {
				problem("error", timer, "a shot did not fire within 200 ms");
				run_set_status(RUN_ERROR);
				break;
			}
		}
		source_oneshot_unroute(timer);
		if (why)
			problem("skip", timer, why);
	}
	kprintf("latency, deadline to handler, cycles (ns):\n  timer       p50                 p90"
		"                 p99               p99.9\n");
	for (unsigned timer = 0; timer < 4; timer++)
		if (all[timer].n)
			print_row(timer, &all[timer]);
}
