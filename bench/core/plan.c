/* What the benchmarks' estimates share (see plan.h); each benchmark counts its own
 * loops as it runs them, beside its row. The allowances for the CPU's own work are
 * rough (no PC measured them here; under QEMU TCG a cost run took 80 ms against its
 * 10): the suite's scaling by the time taken so far corrects them. */
#include "plan.h"
#include "source.h"
#include "smp.h"
#include "timers.h"
#include "lib.h"

#define COST_RUN_MS       10            /* a cost run: 1000 samples of each operation */

unsigned plan_sources(const struct config *cfg, bool periodic_only)
{
	unsigned n = 0;
	for (unsigned i = 0; i < timer_sources_count; i++)
		n += source_selected(&timer_sources[i], cfg) &&
		     (!periodic_only || !strcmp(timer_sources[i].mode, "periodic") ||
		      timer_sources[i].timer_bit == TIMER_TSCDL);
	return n;
}

unsigned plan_cpu_counts(const struct uint_list *list)
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

uint64_t plan_cost_ms(const struct config *cfg)
{
	return (uint64_t)cfg->runs * COST_RUN_MS;
}
