/* fire: does every timer, mode and delivery path interrupt at the rate asked for?
 *
 * Interval: from the TSC read just after an interrupt of the configuration (t0) to
 * the first TSC read at or past t0 + ms= (t1), the CPU halted in between (sti; hlt;
 * for the PIT and the HPET the local APIC timer is armed as a backstop at t0 + ms,
 * kernel/clock.h, so a timer that falls silent cannot halt the CPU for good).
 * The figure is the number of handler entries in (t0, t1], against the number the
 * obtained rate predicts for t1 - t0 cycles (rounded: t1 follows the interrupt that
 * ended the window). */
#include "bench.h"
#include "plan.h"
#include "handler.h"
#include "source.h"
#include "clock.h"
#include "timers.h"
#include "console.h"
#include "cpu.h"
#include "record.h"

static void emit_fire(const struct timer_source *s, uint32_t hz, uint64_t millihz,
		      uint32_t ms, uint64_t cycles, uint64_t n)
{
	uint64_t expected = (mul_div(millihz, cycles, clock_tsc_hz()) + 500) / 1000;
	kprintf("fire %-5s %-8s %-6s %6u Hz: %llu interrupts in %u ms, %llu expected\n",
		s->timer, s->mode, s->delivery, hz, (unsigned long long)n, ms,
		(unsigned long long)expected);
	struct record r;
	REC_BEGIN(&r, fire);
	source_fields(&r, s);
	REC_U64(&r, fire, hz, hz);
	REC_U64(&r, fire, obtained_millihz, millihz);
	REC_U64(&r, fire, ms, ms);
	REC_U64(&r, fire, cycles, cycles);
	REC_U64(&r, fire, interrupts, n);
	REC_U64(&r, fire, expected, expected);
	record_emit(&r);
}

static void fire_one(const struct timer_source *s, uint32_t hz, uint32_t ms)
{
	uint64_t millihz = 0;
	if (!source_start_checked("fire", s, hz, &millihz))
		return;
	uint64_t before = birq.count;
	uint64_t t0 = rdtsc_ordered();
	struct deadline window = { t0, clock_cycles_ms(ms) };
	clock_halt(NULL, 0, &window, !source_is_local(s));      /* a backstop under each hlt */
	uint64_t t1 = rdtsc_ordered();
	uint64_t n = birq.count - before;
	s->stop();
	emit_fire(s, hz, millihz, ms, t1 - t0, n);
}

static void fire_run(const struct config *cfg)
{
	source_report_unserved("fire", cfg, NULL);
	for (unsigned i = 0; i < timer_sources_count; i++)
		if (source_selected(&timer_sources[i], cfg))
			for (unsigned h = 0; h < cfg->hz.n; h++)
				fire_one(&timer_sources[i], cfg->hz.v[h], cfg->ms);
}

/* The estimate of its run (bench/core/plan.h). */
static uint64_t plan_fire_ms(const struct config *cfg)
{
	return (uint64_t)plan_sources(cfg, false) * cfg->hz.n * (cfg->ms + PLAN_SETUP_MS);
}

const struct bench_ops fire_ops = { tsc_calibrated, plan_fire_ms, fire_run };
