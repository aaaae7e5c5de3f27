/* Suites: the defaults of the options a command line does not give. quick fits in
 * about a minute of QEMU TCG on a 2-core machine (make run); default takes minutes
 * on a real PC; full, longer; soak, a long steady tick. */
#include "config.h"

static const char *const quick[] = {
	"bench=readcost,armcost,latency,tick,storm,ipi,interference", "hz=100,1000",
	"runs=3", "ms=50", "workload=spin,matrix,memwalk", "tick_cpus=1,all",
	"latency_cpus=1,all", NULL
};
static const char *const normal[] = {
	"bench=fire,readcost,armcost,latency,tick,storm,ipi,interference",
	"hz=100,250,1000,10000", "runs=10", "ms=200", "workload=spin,matrix,memwalk",
	"tick_cpus=1,all", "latency_cpus=1,all", NULL
};
static const char *const full[] = {
	"bench=fire,readcost,armcost,latency,tick,storm,ipi,interference",
	"hz=100,250,1000,2000,5000,10000,20000", "runs=30", "ms=500",
	"workload=spin,matrix,memwalk", "tick_cpus=1,all", "latency_cpus=1,all", NULL
};

/* soak: a long steady tick, to prove nothing is lost and the records stay valid to
 * the last line; its length is 2 x runs x ms (off and on runs alternate). */
static const char *const soak[] = {
	"bench=tick", "timer=lapic", "hz=10000", "workload=spin", "runs=300", "ms=1000",
	"tick_cpus=1", NULL
};

bool suite_apply(void)
{
	bool valid = true;
	uint32_t suite = bench_config.suite;
	const char *const *words = suite == SUITE_SOAK ? soak : suite == SUITE_FULL ? full :
				   suite == SUITE_DEFAULT ? normal : quick;
	for (; *words; words++)
		valid &= words_default(bench_tables, bench_tables_n, *words);
	return valid;
}
