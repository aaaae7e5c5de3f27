/* The command line's words (lib/run/words.c with the kernel's table, kernel/cmdline.c,
 * and the benchmarks', bench/core/config.c and bench/NAME/NAME_words.c): accepted
 * words, refused words and the messages that name them; the benchmarks' names one
 * list. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "cmdline.h"
#include "config.h"
#include "latency_words.h"
#include "tick_words.h"

/* The whole line, into every table, as kmain parses it. */
static bool parse(const char *line, struct words_error *e)
{
	return cmdline_parse(line, bench_tables, bench_tables_n, e);
}

static void defaults(void **state)
{
	struct words_error e;
	assert_true(parse("", &e));
	assert_int_equal(kernel_config.console, CONSOLE_AUTO);
	assert_int_equal(kernel_config.baud, 115200);
	assert_int_equal(bench_config.benches, 0);
	assert_int_equal(kernel_config.selftest, SELFTEST_NONE);
	assert_false(kernel_config.help);
	assert_true(parse(NULL, &e));
	assert_true(parse("   \t  ", &e));
}

static void accepted(void **state)
{
	struct words_error e;
	assert_true(parse("bench=none  console=com2 baud=9600 selftest=pf help", &e));
	assert_int_equal(bench_config.benches, BENCH_NONE);
	assert_int_equal(kernel_config.console_addr, 0x2f8);
	assert_int_equal(kernel_config.baud, 9600);
	assert_int_equal(kernel_config.selftest, SELFTEST_PF);
	assert_true(kernel_config.help);
	assert_true(parse("console=mmio32:0xFE032000", &e));
	assert_int_equal(kernel_config.console, CONSOLE_MMIO32);
	assert_int_equal(kernel_config.console_addr, 0xfe032000);
	assert_true(parse("console=none", &e));
	assert_int_equal(kernel_config.console, CONSOLE_NONE);
	assert_true(parse("console=auto", &e));
	assert_int_equal(kernel_config.console, CONSOLE_AUTO);
	assert_true(parse("console=com3", &e));
	assert_int_equal(kernel_config.console, CONSOLE_IO);
	assert_int_equal(kernel_config.console_addr, 0x3e8);
	assert_true(parse("bench=none,none", &e));
}

static void refuse(const char *line, const char *word, const char *fragment)
{
	struct words_error e;
	assert_false(parse(line, &e));
	assert_string_equal(e.word, word);
	if (!strstr(e.message, fragment))
		fail_msg("message \"%s\" lacks \"%s\"", e.message, fragment);
}

static void refused(void **state)
{
	refuse("bench=none frobnicate=1", "frobnicate=1", "unknown option; known options: console, baud,");
	refuse("hz", "hz", "bad value for hz");
	refuse("tick=1", "tick=1", "unknown option");
	refuse("bench=fast", "bench=fast", "bad value for bench; accepts a comma list of none|fire|readcost|armcost|latency|tick|storm");
	refuse("hz=0", "hz=0", "accepts a comma list of up to 8 integers 1..100000");
	refuse("hz=100,,1000", "hz=100,,1000", "bad value for hz");
	refuse("hz=100,", "hz=100,", "bad value for hz");
	refuse("hz=1,2,3,4,5,6,7,8,9", "hz=1,2,3,4,5,6,7,8,9", "up to 8 integers");
	refuse("timer=rtc", "timer=rtc", "accepts a comma list of pit|lapic|tscdl|hpet");
	refuse("apic=x3apic", "apic=x3apic", "accepts auto|xapic|x2apic");
	refuse("ms=0", "ms=0", "accepts an integer 1..600000");
	refuse("bench=", "bench=", "bad value for bench");
	refuse("bench=none,", "bench=none,", "bad value for bench");
	refuse("baud=115201", "baud=115201", "accepts an integer 0..115200");
	refuse("baud=12x", "baud=12x", "bad value for baud");
	refuse("baud=99999999999999999999999", "baud=99999999999999999999999", "bad value");
	refuse("console=io:0x10000", "console=io:0x10000", "accepts auto|com1|com2");
	refuse("console=mmio:", "console=mmio:", "bad value for console");
	refuse("console=mmio:0", "console=mmio:0", "bad value for console");
	refuse("selftest=boom", "selftest=boom", "accepts none|fault|de|ud|gp|pf|df|nmi|spurious");
	refuse("help=1", "help=1", "accepts no value");
	refuse("suite=slow", "suite=slow", "accepts quick|default|full");
	refuse("workload=idle", "workload=idle", "accepts a comma list of spin|matrix|memwalk");
	refuse("wait=poll", "wait=poll", "accepts a comma list of up to 8 of spin|hlt|mwait|mwait:Cn (n 1..7)");
	refuse("wait=mwait:C8", "wait=mwait:C8", "bad value for wait");
	refuse("wait=mwait:C1.16", "wait=mwait:C1.16", "bad value for wait");
	refuse("wait=mwait:C1.", "wait=mwait:C1.", "bad value for wait");
	refuse("wait=tpause:C0.3", "wait=tpause:C0.3", "bad value for wait");
	refuse("wait=hlt,", "wait=hlt,", "bad value for wait");
	refuse("wait=hlt,hlt,hlt,hlt,hlt,hlt,hlt,hlt,hlt", "wait=hlt,hlt,hlt,hlt,hlt,hlt,hlt,hlt,hlt",
	       "up to 8");
	refuse("runs=0", "runs=0", "accepts an integer 1..1000");
	refuse("cpus=0", "cpus=0", "accepts all or an integer 1..256");
	refuse("cpus=257", "cpus=257", "bad value for cpus");
	refuse("cpus=al", "cpus=al", "bad value for cpus");
	refuse("bench=ipi,", "bench=ipi,", "bad value for bench");
}

static void smp_options(void **state)
{
	struct words_error e;
	assert_true(parse("", &e));
	assert_int_equal(kernel_config.cpus, 0);                /* all */
	assert_true(parse("cpus=2 bench=ipi selftest=ap-no-start", &e));
	assert_int_equal(kernel_config.cpus, 2);
	assert_int_equal(kernel_config.selftest, SELFTEST_AP_NO_START);
	assert_true(config_wants_bench("ipi"));
	assert_false(config_wants_bench("tick"));
	assert_true(parse("selftest=ap-fault", &e));
	assert_int_equal(kernel_config.selftest, SELFTEST_AP_FAULT);
	assert_true(parse("cpus=all", &e));
	assert_int_equal(kernel_config.cpus, 0);
	assert_true(kernel_given("cpus"));
}

/* wait=: a list of idle states, each as written (resolved against CPUID later). */
static void wait_list(void **state)
{
	struct words_error e;
	assert_true(parse("", &e));
	assert_int_equal(bench_config.wait.n, 1);
	assert_int_equal(bench_config.wait.v[0].kind, IDLE_HLT);
	assert_true(parse("wait=spin,hlt,mwait,mwait:C3.2,tpause:C0.1", &e));
	assert_int_equal(bench_config.wait.n, 5);
	assert_int_equal(bench_config.wait.v[0].kind, IDLE_SPIN);
	assert_int_equal(bench_config.wait.v[2].kind, IDLE_MWAIT);
	assert_true(bench_config.wait.v[2].mwait_all);
	assert_int_equal(bench_config.wait.v[3].kind, IDLE_MWAIT);
	assert_false(bench_config.wait.v[3].mwait_all);
	assert_int_equal(bench_config.wait.v[3].cstate, 3);
	assert_int_equal(bench_config.wait.v[3].sub, 2);
	assert_int_equal(bench_config.wait.v[4].kind, IDLE_TPAUSE);
	assert_int_equal(bench_config.wait.v[4].sub, 1);
	assert_true(config_given("wait"));
}

/* tick_mode, irq_cpu and latency_cpus: defaults, values, and what is refused. */
static void several_cpu_options(void **state)
{
	struct words_error e;
	assert_true(parse("", &e));
	assert_int_equal(tick_settings.tick_modes, 1u << TICK_MODE_PERIODIC);
	assert_int_equal(tick_settings.irq_cpu, 0);
	assert_int_equal(latency_settings.latency_cpus.n, 1);
	assert_int_equal(latency_settings.latency_cpus.v[0], 1);
	assert_true(parse("tick_mode=oneshot,periodic irq_cpu=3 latency_cpus=1,all", &e));
	assert_int_equal(tick_settings.tick_modes, (1u << TICK_MODE_PERIODIC) | (1u << TICK_MODE_ONESHOT));
	assert_int_equal(tick_settings.irq_cpu, 3);
	assert_int_equal(latency_settings.latency_cpus.n, 2);
	assert_int_equal(latency_settings.latency_cpus.v[1], 0);   /* all */
	assert_false(parse("tick_mode=tickless", &e));
	assert_string_equal(e.word, "tick_mode=tickless");
	assert_non_null(strstr(e.message, "oneshot"));
	assert_false(parse("irq_cpu=256", &e));
	assert_false(parse("latency_cpus=0", &e));
}

static void timer_options(void **state)
{
	struct words_error e;
	assert_true(parse("", &e));
	assert_int_equal(bench_config.hz.n, 1);
	assert_int_equal(bench_config.hz.v[0], 1000);
	assert_int_equal(bench_config.ms, 1000);
	assert_int_equal(kernel_config.apic, APIC_AUTO);
	assert_true(config_wants_bench("fire"));
	assert_false(config_wants_bench("none"));
	assert_false(config_wants_bench("nonexistent"));
	assert_true(parse("hz=100,250,1000,10000 timer=hpet,pit delivery=msi apic=x2apic ms=5 bench=none",
			  &e));
	assert_int_equal(bench_config.hz.n, 4);
	assert_int_equal(bench_config.hz.v[3], 10000);
	assert_int_equal(bench_config.timers, 1u << TIMER_HPET | 1u << TIMER_PIT);
	assert_int_equal(bench_config.deliveries, 1u << DELIVERY_MSI);
	assert_int_equal(kernel_config.apic, APIC_X2APIC);
	assert_int_equal(bench_config.ms, 5);
	assert_false(config_wants_bench("fire"));
}

static void defaults_do_not_count_as_given(void **state)
{
	struct words_error e;
	assert_true(parse("runs=7", &e));
	assert_true(config_given("runs"));
	assert_false(config_given("hz"));
	assert_true(words_default(bench_tables, bench_tables_n, "hz=100,250"));
	assert_false(config_given("hz"));
	assert_int_equal(bench_config.hz.n, 2);
	assert_false(words_default(bench_tables, bench_tables_n, "hz=oops"));
	assert_false(config_given("nonexistent"));
}

static void dump_option(void **state)
{
	struct words_error e;
	assert_true(parse("bench=none", &e));
	assert_int_equal(kernel_config.dumps, 0);
	assert_true(parse("bench=none dump=acpi", &e));
	assert_int_equal(kernel_config.dumps, DUMP_ACPI);
	assert_true(parse("bench=none dump=smbios,acpi", &e));
	assert_int_equal(kernel_config.dumps, DUMP_ACPI | DUMP_SMBIOS);
	refuse("dump=dsdt", "dump=dsdt", "bad value for dump; accepts a comma list of acpi|smbios");
	refuse("dump=", "dump=", "bad value for dump");
	refuse("dump", "dump", "bad value for dump");
}

/* order= and seed=: random by default, the seed in 53 bits (a JSON reader keeps it
 * exact), given or not (the kernel takes the TSC's when not). */
static void order_and_seed(void **state)
{
	struct words_error e;
	assert_true(parse("bench=tick", &e));
	assert_int_equal(tick_settings.order, ORDER_RANDOM);
	assert_false(config_given("seed"));
	assert_true(parse("order=fixed seed=9007199254740991", &e));
	assert_int_equal(tick_settings.order, ORDER_FIXED);
	assert_true(bench_config.seed == 9007199254740991ull && config_given("seed"));
	assert_true(parse("seed=0x10", &e));
	assert_true(bench_config.seed == 16);
	refuse("seed=9007199254740992", "seed=9007199254740992",
	       "bad value for seed; accepts an integer 0..9007199254740991");
	refuse("order=shuffled", "order=shuffled", "accepts random|fixed");
}

static void long_word_is_cut_not_overflowed(void **state)
{
	char line[600];
	memset(line, 'k', sizeof(line) - 1);
	line[sizeof(line) - 1] = 0;
	struct words_error e;
	assert_false(parse(line, &e));
	assert_int_equal(strlen(e.word), sizeof(e.word) - 1);
}

/* The help word's screen text: a heading, then each table's head and each word's line
 * folded to the width of an 80-column screen; the folds lose no character but
 * spaces, and every word of every table is there. */
static char folded[32768];
static unsigned folded_lines;

static void strcat_nospace(char *dst, const char *src)
{
	dst += strlen(dst);
	for (; *src; src++)
		if (*src != ' ')
			*dst++ = *src;
	*dst = 0;
}

static void collect(const char *line, bool head)
{
	assert_true(strlen(line) <= WORDS_HELP_WIDTH);
	assert_true(strlen(folded) + strlen(line) + 2 < sizeof(folded));
	assert_true(head == (line[0] != ' '));
	if (head || line[2] != ' ')             /* a head or a word's first line, not a fold */
		strcat(folded, "\n");
	strcat_nospace(folded, line);
	folded_lines++;
}

static void help_folded(void **state)
{
	struct word_table *all[16] = { &kernel_words };
	char want[256];
	memcpy(all + 1, bench_tables, bench_tables_n * sizeof(*all));
	folded[0] = 0;
	for (size_t t = 0; t <= bench_tables_n; t++)
		words_print_table(all[t], true, collect);
	config_print_help(true, collect);
	for (size_t t = 0; t <= bench_tables_n; t++)
		for (size_t i = 0; i < all[t]->n; i++) {
			struct word_doc doc;
			words_doc(&all[t]->words[i], &doc);
			snprintf(want, sizeof(want), "\n%s", doc.key);
			if (!strstr(folded, want))
				fail_msg("the help lacks %s's word %s", all[t]->owner, doc.key);
			assert_non_null(strstr(folded, "(default"));
		}
	for (unsigned i = 0; i < bench_count; i++) {
		snprintf(want, sizeof(want), "\n%s", bench_name[i]);
		if (!strstr(folded, want))
			fail_msg("the help lacks the benchmark %s", bench_name[i]);
	}
}

/* One list of benchmarks (bench/core/benches.def): bench= takes each name and no other
 * (but none); a benchmark with words of its own has the table of its name; every
 * suite's words are valid (each suite names only benchmarks there are). */
static void benchmarks_one_list(void **state)
{
	struct words_error e;
	char line[64];
	for (unsigned i = 0; i < bench_count; i++) {
		snprintf(line, sizeof(line), "bench=%s", bench_name[i]);
		assert_true(parse(line, &e));
		assert_true(config_wants_bench(bench_name[i]));
		for (unsigned j = 0; j < bench_count; j++)
			assert_true(config_wants_bench(bench_name[j]) == (i == j));
		assert_non_null(bench_summary[i]);
	}
	assert_false(parse("bench=frobnicate", &e));
	assert_false(config_wants_bench("none"));
	for (size_t t = 1; t < bench_tables_n; t++) {
		unsigned named = 0;
		for (unsigned i = 0; i < bench_count; i++)
			named += !strcmp(bench_tables[t]->owner, bench_name[i]);
		if (named != 1)
			fail_msg("the word table %s is no benchmark's", bench_tables[t]->owner);
	}
	for (unsigned suite = 0; suite <= SUITE_SOAK; suite++) {
		static const char *const names[] = { "quick", "default", "full", "soak" };
		snprintf(line, sizeof(line), "suite=%s", names[suite]);
		assert_true(parse(line, &e));
		assert_true(suite_apply());
		assert_true(bench_config.benches != 0);
	}
}

/* What a slip of the fingers gets: the nearest key, a word given twice named, bench=none
 * with others refused, wait='s ranges in words. */
static void slips(void **state)
{
	refuse("bnech=none", "bnech=none", "did you mean bench?");
	refuse("hz=100 hz=1000", "hz=1000", "hz is given twice");
	refuse("console=com1 console=com2", "console=com2", "given twice");
	refuse("bench=none,tick", "bench", "bench=none runs no benchmark");
	refuse("wait=mwait:C9", "wait=mwait:C9", "n 1..7");
	refuse("tick_work=5 inject=5", "inject", "old name");
	refuse("xyzzy=1", "xyzzy=1", "known options: console,");
}

/* tick's work models: four lists swept, inject= the old name of tick_work=, presets
 * by name, the ftq workload and its quantum; tick_model= with one of the four
 * lists is refused (one of them would go unused). */
static void work_model_options(void **state)
{
	struct words_error e;
	assert_true(parse("", &e));
	assert_int_equal(bench_config.tick_work.n, 1);
	assert_int_equal(bench_config.tick_work.v[0], 0);
	assert_int_equal(tick_settings.tick_pages.n, 1);
	assert_int_equal(tick_settings.tick_models, 0);
	assert_int_equal(bench_config.ftq_us, 100);
	assert_true(parse("tick_data_kib=0,16,64 tick_code_kib=0,8 tick_pages=0,32 "
				  "workload=spin,ftq ftq_us=250", &e));
	assert_int_equal(tick_settings.tick_data_kib.n, 3);
	assert_int_equal(tick_settings.tick_data_kib.v[2], 64);
	assert_int_equal(tick_settings.tick_code_kib.v[1], 8);
	assert_int_equal(tick_settings.tick_pages.v[1], 32);
	assert_int_equal(bench_config.workloads, 1u << WORKLOAD_SPIN | 1u << WORKLOAD_FTQ);
	assert_int_equal(bench_config.ftq_us, 250);
	assert_true(parse("inject=2000", &e));
	assert_int_equal(bench_config.tick_work.n, 1);
	assert_int_equal(bench_config.tick_work.v[0], 2000);
	assert_true(config_given("inject"));
	assert_true(parse("tick_model=linux-tick,floor", &e));
	assert_int_equal(tick_settings.tick_models, 1u << TICK_MODEL_LINUX_TICK | 1u << TICK_MODEL_FLOOR);
	refuse("tick_model=linux-tick tick_data_kib=16", "tick_model", "tick_data_kib= cannot");
	refuse("inject=5 tick_model=tsafrir-2007", "tick_model", "inject= cannot");
	refuse("tick_code_kib=65", "tick_code_kib=65", "0..64");
	refuse("tick_pages=4097", "tick_pages=4097", "0..4096");
	refuse("tick_model=bsd", "tick_model=bsd", "floor|linux-tick|linux-lazy-rcu|tsafrir-2007");
	refuse("ftq_us=5", "ftq_us=5", "10..100000");
}

/* Every work word, and none other, asks tick's handler for work: handler=auto then
 * takes the full handler and handler=floor is refused (bench/tick/tick.c). */
static void handler_work_words(void **state)
{
	static const char *const work[] = {
		"tick_work=5", "inject=5", "tick_work=0,5", "tick_data_kib=0,16",
		"tick_code_kib=8", "tick_pages=32", "tick_model=linux-tick",
		"tick_model=floor,tsafrir-2007", "tick_model=linux-lazy-rcu handler=floor",
	};
	static const char *const none[] = {
		"", "tick_work=0", "inject=0 tick_data_kib=0 tick_code_kib=0 tick_pages=0",
		"tick_model=floor", "handler=floor workload=ftq hz=1000",
	};
	struct words_error e;
	for (size_t i = 0; i < sizeof(work) / sizeof(work[0]); i++) {
		assert_true(parse(work[i], &e));
		if (!tick_handler_work(&bench_config, &tick_settings))
			fail_msg("\"%s\" asks no work of the handler", work[i]);
	}
	for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++) {
		assert_true(parse(none[i], &e));
		if (tick_handler_work(&bench_config, &tick_settings))
			fail_msg("\"%s\" asks work of the handler", none[i]);
	}
}

/* Every menu entry of the ISO's grub.cfg gives words the kernel accepts (the recipes
 * are not booted by the tests: their words are checked here). Run from the top of
 * the tree, as tests/run-all does. */
static void grub_menu_words(void **state)
{
	FILE *f = fopen("iso/grub.cfg", "r");
	assert_non_null(f);
	char line[512];
	unsigned entries = 0;
	while (fgets(line, sizeof(line), f)) {
		const char *call = "\ttickbench ";
		if (strncmp(line, call, strlen(call)))
			continue;
		line[strcspn(line, "\n")] = '\0';
		struct words_error e;
		if (!parse(line + strlen(call), &e))
			fail_msg("grub.cfg: \"%s\": %s: %s", line + 1, e.word, e.message);
		entries++;
	}
	fclose(f);
	assert_true(entries >= 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults),
		cmocka_unit_test(accepted),
		cmocka_unit_test(refused),
		cmocka_unit_test(timer_options),
		cmocka_unit_test(smp_options),
		cmocka_unit_test(several_cpu_options),
		cmocka_unit_test(wait_list),
		cmocka_unit_test(defaults_do_not_count_as_given),
		cmocka_unit_test(dump_option),
		cmocka_unit_test(order_and_seed),
		cmocka_unit_test(long_word_is_cut_not_overflowed),
		cmocka_unit_test(help_folded),
		cmocka_unit_test(benchmarks_one_list),
		cmocka_unit_test(slips),
		cmocka_unit_test(work_model_options),
		cmocka_unit_test(handler_work_words),
		cmocka_unit_test(grub_menu_words),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
