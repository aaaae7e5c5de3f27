/* The table of benchmarks and the suite loop (see bench.h). */
#include "bench.h"
#include "cmdline.h"
#include "problem.h"
#include "clock.h"
#include "timers.h"
#include "console.h"
#include "lib.h"
#include "record.h"
#include "format.h"
#include "smp.h"
#include "plan.h"
#include "progress.h"
#include "cpu.h"

const char *tsc_calibrated(void)
{
	return clock_tsc_hz() ? NULL : "the TSC could not be calibrated";
}

unsigned bench_cpu_counts(const char *bench, const char *option, const struct uint_list *list,
			  unsigned *counts)
{
	unsigned n = 0;
	for (unsigned i = 0; i < list->n; i++) {
		unsigned c = list->v[i] ? list->v[i] : smp.online;
		bool dup = false;
		for (unsigned j = 0; j < n; j++)
			dup |= counts[j] == c;
		if (c > smp.online) {
			char why[96];
			format(why, sizeof(why), "%s=%u but %u CPUs are online", option, c,
			       smp.online);
			struct problem p;
			problem_begin(&p, PROBLEM_SKIP, bench);
			SKIP_U64(&p, cpus, c);
			problem_end(&p, why);
		} else if (!dup) {
			counts[n++] = c;
		}
	}
	return n;
}

struct bench {
	const char *name;
	const struct bench_ops *ops;
};
static const struct bench benches[] = {
#define BENCH(name, summary) { #name, &name##_ops },
#define BENCH_WITH_WORDS BENCH
#include "benches.def"
#undef BENCH
#undef BENCH_WITH_WORDS
};

static void skip(const char *name, const char *why)
{
	struct problem p;
	problem_begin(&p, PROBLEM_SKIP, name);
	problem_end(&p, why);
}

/* "[k/N] name: about X; about Y left in the run (...)" (lib/run/progress.h), and why
 * when Y is more than the step before said. */
static void say_step(struct progress *p, unsigned k, unsigned n, const char *name,
		     uint64_t plan, uint64_t left, uint64_t done, uint64_t took_ms)
{
	struct progress_step s;
	char one[24], rest[24], before[24], why[112] = "";
	progress_step(p, plan, left, done, took_ms, &s);
	progress_duration(one, sizeof(one), s.own_s);
	progress_duration(rest, sizeof(rest), s.left_s);
	if (s.up_from_s) {
		progress_duration(before, sizeof(before), s.up_from_s);
		format(why, sizeof(why), "; up from %s: the benchmarks so far took %llu.%llu times "
		       "their estimate", before, (unsigned long long)(s.over_tenths / 10),
		       (unsigned long long)(s.over_tenths % 10));
	}
	kprintf("[%u/%u] %s: about %s; about %s left in the run (estimated from the configured "
		"work%s%s)\n", k, n, name, one, rest, done ? " and the time so far" : "", why);
}

/* Why row i does not run: NULL when it runs, "" when the line did not select it. */
static const char *why_not(size_t i)
{
	return config_wants_bench(benches[i].name) ? benches[i].ops->valid() : "";
}

uint64_t bench_plan_ms(const struct config *cfg)
{
	uint64_t ms = 0;
	for (size_t i = 0; i < ARRAY_SIZE(benches); i++)
		if (!why_not(i))
			ms += benches[i].ops->plan_ms(cfg);
	return ms;
}

void bench_run_suite(const struct config *cfg)
{
	if (kernel_config.selftest == SELFTEST_HPET_WRAP)
		timers_hpet_wrap_soon();
	const char *why[ARRAY_SIZE(benches)];
	struct progress progress = { 0 };
	uint64_t left = bench_plan_ms(cfg), planned_done = 0, t0 = rdtsc();
	unsigned n = 0, k = 0;
	for (size_t i = 0; i < ARRAY_SIZE(benches); i++) {
		why[i] = why_not(i);
		n += !why[i];
	}
	for (size_t i = 0; i < ARRAY_SIZE(benches); i++) {
		const struct bench *b = &benches[i];
		if (why[i] && *why[i])
			skip(b->name, why[i]);
		if (why[i])
			continue;
		uint64_t plan = b->ops->plan_ms(cfg);
		say_step(&progress, ++k, n, b->name, plan, left, planned_done,
			 clock_ns(rdtsc() - t0) / 1000000);
		b->ops->run(cfg);
		planned_done += plan;
		left -= plan;
	}
}
