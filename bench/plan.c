/* Each benchmark's estimate (see plan.h), its loops counted as the benchmark runs
 * them. The allowances for the CPU's own work are rough (no PC measured them here;
 * under QEMU TCG a cost run took 80 ms against its 10): the suite's scaling by the
 * time taken so far corrects them. */
#include "latency_words.h"
#include "plan.h"
#include "bench.h"
#include "source.h"
#include "smp.h"
#include "timers.h"
#include "tickwork.h"
#include "lib.h"

#define SETUP_MS          20            /* a source started and its first interrupt */
#define COST_RUN_MS       10            /* a cost run: 1000 samples of each operation */
#define IPI_RUN_MS        5             /* 3 x 1000 IPIs to one CPU */
#define STORM_RATES       8             /* rates a storm climbs through, typically */

static unsigned selected(const struct config *cfg, bool periodic_only)
{
	unsigned n = 0;
	for (unsigned i = 0; i < timer_sources_count; i++)
		n += source_selected(&timer_sources[i], cfg) &&
		     (!periodic_only || !strcmp(timer_sources[i].mode, "periodic") ||
		      timer_sources[i].timer_bit == TIMER_TSCDL);
	return n;
}

/* The CPU counts of tick_cpus= or latency_cpus= that can run: all is every online
 * CPU, a count twice runs once (bench_cpu_counts). */
static unsigned counts(const struct uint_list *list)
{
	unsigned c[WORDS_LIST_MAX], n = 0;
	for (unsigned i = 0; i < list->n; i++) {
		unsigned v = list->v[i] ? list->v[i] : smp.online;
		bool dup = v > smp.online;
		for (unsigned j = 0; j < n; j++)
			dup |= c[j] == v;
		if (!dup)
			c[n++] = v;
	}
	return n ? n : 1;
}

static unsigned workloads(const struct config *cfg, unsigned from)
{
	unsigned n = 0;
	for (unsigned w = from; w < 3; w++)
		n += (cfg->workloads >> w) & 1;
	return n;
}

uint64_t plan_fire_ms(const struct config *cfg)
{
	return (uint64_t)selected(cfg, false) * cfg->hz.n * (cfg->ms + SETUP_MS);
}

uint64_t plan_cost_ms(const struct config *cfg)
{
	return (uint64_t)cfg->runs * COST_RUN_MS;
}

/* Each run's shots span about ms (bench/latency.c: ms / (2 delay_us) shots), per
 * timer, CPU count and state of wait= (a word of several states counts once). */
uint64_t plan_latency_ms(const struct config *cfg)
{
	unsigned timers = 0;
	for (unsigned t = 0; t < 4; t++)
		timers += (cfg->timers >> t) & 1 && timer_present(t);
	return (uint64_t)counts(&latency_settings.latency_cpus) * cfg->wait.n * timers * cfg->runs *
	       (cfg->ms + SETUP_MS);
}

/* Off and on runs of ms each, per configuration (each work model one) and CPU
 * count, plus the workload's calibration (about ms) once for all its models. */
uint64_t plan_tick_ms(const struct config *cfg)
{
	uint64_t configs = tick_planned_configs(cfg), models = tick_model_count(&tick_settings);
	return (configs * counts(&tick_settings.tick_cpus) * cfg->runs * 2 + configs / models) *
	       (cfg->ms + SETUP_MS / 4);
}

uint64_t plan_storm_ms(const struct config *cfg)
{
	return (uint64_t)selected(cfg, true) * STORM_RATES * (cfg->ms + SETUP_MS) + cfg->ms;
}

uint64_t plan_ipi_ms(const struct config *cfg)
{
	return (uint64_t)cfg->runs * smp.online * IPI_RUN_MS;
}

uint64_t plan_interference_ms(const struct config *cfg)
{
	uint64_t runs = (uint64_t)cfg->hz.n * cfg->runs * 2 + 1;  /* and the calibration */
	return workloads(cfg, WORKLOAD_MATRIX) * runs * cfg->ms;
}

/* A window of ms at each HZ and without a tick, per state of wait= (a word that
 * names several states counts once: the estimate errs short) and run. */
uint64_t plan_idle_ms(const struct config *cfg)
{
	return (uint64_t)cfg->wait.n * cfg->runs * (cfg->hz.n + 1) * (cfg->ms + SETUP_MS);
}
