/* The table of benchmarks and the suite loop (see bench.h). */
#include "bench.h"
#include "problem.h"
#include "clock.h"
#include "timers.h"
#include "console.h"
#include "lib.h"
#include "record.h"
#include "format.h"
#include "smp.h"

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
			problem_u64(&p, "cpus", c);
			problem_end(&p, why);
		} else if (!dup) {
			counts[n++] = c;
		}
	}
	return n;
}

static const struct bench benches[] = {
	{ "fire", tsc_calibrated, fire_run },
	{ "readcost", tsc_calibrated, readcost_run },
	{ "armcost", tsc_calibrated, armcost_run },
	{ "latency", tsc_calibrated, latency_run },
	{ "tick", tsc_calibrated, tick_run },
	{ "storm", tsc_calibrated, storm_run },
	{ "ipi", ipi_valid, ipi_run },
	{ "interference", interference_valid, interference_run },
	{ "idle", tsc_calibrated, idle_run },
};

static void skip(const char *name, const char *why)
{
	struct problem p;
	problem_begin(&p, PROBLEM_SKIP, name);
	problem_end(&p, why);
}

void bench_run_suite(const struct config *cfg)
{
	if (cfg->selftest == SELFTEST_HPET_WRAP)
		timers_hpet_wrap_soon();
	for (size_t i = 0; i < ARRAY_SIZE(benches); i++) {
		const struct bench *b = &benches[i];
		if (!config_wants_bench(cfg, b->name))
			continue;
		const char *why = b->valid();
		if (why)
			skip(b->name, why);
		else
			b->run(cfg);
	}
}
