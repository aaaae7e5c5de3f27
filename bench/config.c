/* The benchmarks' shared words and the list of benchmarks (see config.h). */
#include "config.h"
#include "format.h"
#include "lib.h"
#include "splitmix.h"
#include "tick_words.h"
#include "latency_words.h"

#define AT(field) offsetof(struct config, field)

/* bench='s names: none, then benches.def's. */
static const char *const bench_names[] = {
	"none",
#define BENCH(name, summary) #name,
#define BENCH_WITH_WORDS BENCH
#include "benches.def"
#undef BENCH
#undef BENCH_WITH_WORDS
	NULL
};
const char *const *const bench_name = bench_names + 1;
const unsigned bench_count = ARRAY_SIZE(bench_names) - 2;

const char *const bench_summary[] = {
#define BENCH(name, summary) summary,
#define BENCH_WITH_WORDS BENCH
#include "benches.def"
#undef BENCH
#undef BENCH_WITH_WORDS
};

static const char *const suite_names[] = { "quick", "default", "full", "soak", NULL };
const char *const workload_names[] = { "spin", "matrix", "memwalk", "ftq", NULL };
const char *const timer_names[] = { "pit", "lapic", "tscdl", "hpet", NULL };
static const char *const delivery_names[] = { "pic", "ioapic", "msi", "legacy", "local", NULL };

static const struct word words[] = {
	{ "suite", WORD_ENUM, suite_names, 0, 0, AT(suite), "quick",
	  "quick (about a minute in QEMU), default (minutes on a PC), full, soak "
	  "(the local APIC tick at 10 kHz for about 10 minutes: runs=300 ms=1000): the "
	  "defaults of bench, hz, runs, ms, workload, tick_cpus and latency_cpus when "
	  "they are not given (docs/OPTIONS.md, Suites)" },
	{ "bench", WORD_SET, bench_names, 0, 0, AT(benches), "the suite's",
	  "benchmarks to run (each is named below with what it measures; docs/METHOD.md "
	  "says how); none: boot, report the platform and end, alone" },
	{ "runs", WORD_UINT, NULL, 1, 1000, AT(runs), "the suite's",
	  "repetitions of each configuration" },
	{ "seed", WORD_UINT64, NULL, 0, RECORD_SEED_MAX, AT(seed), "the TSC at boot",
	  "order=random's seed, in the boot record: the same seed gives the same order; "
	  "without it the TSC when the kernel started, mixed by splitmix64 and cut to "
	  "53 bits" },
	{ "workload", WORD_SET, workload_names, 0, 0, AT(workloads), "the suite's",
	  "tick's and interference's fixed work: spin (TSC-reading loop), matrix "
	  "(integer matrix multiply), memwalk (dependent pointer chase); ftq (tick): "
	  "fixed time quanta, the work done in each counted" },
	{ "ftq_us", WORD_UINT, NULL, 10, 100000, AT(ftq_us), "100",
	  "ftq's quantum, in microseconds" },
	{ "memwalk_kib", WORD_UINT, NULL, 4, 1048576, AT(memwalk_kib), "4096",
	  "memwalk's buffer, in KiB (larger than L2 by default)" },
	{ "wait", WORD_WAIT_LIST, NULL, 0, 0, AT(wait), "hlt",
	  "the idle states to wait in, each in turn: spin (PAUSE loop), hlt, mwait "
	  "(every hint CPUID leaf 5 enumerates; hint 0, mwait:C1, where it enumerates "
	  "none), mwait:Cn.k (MWAIT's C-state n, sub-state k), tpause:C0.1, "
	  "tpause:C0.2 (WAITPKG). latency: how each CPU waits for its shot; ipi: how "
	  "the target AP waits; idle: where every CPU idles" },
	{ "timer", WORD_SET, timer_names, 0, 0, AT(timers), "all",
	  "the interrupt timers to use" },
	{ "delivery", WORD_SET, delivery_names, 0, 0, AT(deliveries),
	  "all (tick: one path per timer)",
	  "interrupt paths: pic (8259), ioapic, msi (HPET FSB), legacy (HPET legacy "
	  "replacement), local (the local APIC timer)" },
	{ "hz", WORD_UINT_LIST, NULL, 1, 100000, AT(hz), "the suite's",
	  "periodic rates, in Hz" },
	{ "ms", WORD_UINT, NULL, 1, 600000, AT(ms), "the suite's",
	  "in TSC-measured milliseconds: the measuring window of each configuration "
	  "(fire), the length of each run's work (tick); sets latency's shot count" },
};

static const struct config initial = {
	.timers = ~0u, .deliveries = ~0u, .hz = { 1, { 1000 } }, .ms = 1000,
	.suite = SUITE_QUICK, .runs = 3, .workloads = ~0u,
	.wait = { 1, { { .kind = IDLE_HLT } } }, .memwalk_kib = 4096, .ftq_us = 100,
};

struct config bench_config;

/* bench=none runs nothing: with another name it would be one of them ignored. */
static bool check(const struct word_table *t, struct words_error *err)
{
	if ((bench_config.benches & BENCH_NONE) && (bench_config.benches & ~BENCH_NONE))
		return words_fail(err, "bench", "bench=none runs no benchmark: it cannot be listed "
				  "with others (bench=none alone, or the others without it)",
				  "", "");
	return true;
}

struct word_table bench_words = {
	.owner = "benchmarks", .words = words, .n = ARRAY_SIZE(words), .settings = &bench_config,
	.initial = &initial, .size = sizeof(initial), .check = check,
};

struct word_table *const bench_tables[] = {
	&bench_words,
#define BENCH(name, summary)
#define BENCH_WITH_WORDS(name, summary) &name##_words,
#include "benches.def"
#undef BENCH
#undef BENCH_WITH_WORDS
};
const size_t bench_tables_n = ARRAY_SIZE(bench_tables);

bool config_given(const char *key)
{
	return words_given(&bench_words, key);
}

bool config_wants_bench(const char *name)
{
	for (unsigned i = 0; i < bench_count; i++)
		if (!strcmp(bench_name[i], name))
			return bench_config.benches ? (bench_config.benches >> (i + 1)) & 1 : true;
	return false;
}

/* The TSC at the kernel's start has counted the firmware's and the loader's time,
 * which differs from boot to boot in its low bits; splitmix64's mix spreads them over
 * every bit. */
void config_choose_seed(uint64_t start_tsc)
{
	if (!config_given("seed"))
		bench_config.seed = splitmix64_mix(start_tsc) & RECORD_SEED_MAX;
}

void config_print_help(bool fold, words_print_fn *print)
{
	char line[512];
	words_print_table(&bench_words, fold, print);
	print("the benchmarks (bench=):", true);
	for (unsigned i = 0; i < bench_count; i++) {
		format(line, sizeof(line), "%-9s %s", bench_name[i], bench_summary[i]);
		words_print_item(line, fold, print);
	}
	for (size_t t = 1; t < bench_tables_n; t++)
		words_print_table(bench_tables[t], fold, print);
}
