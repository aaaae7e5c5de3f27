/* The command-line parser (kernel/cmdline.c): accepted words, refused words and
 * the messages that name them. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "cmdline.h"

static void defaults(void **state)
{
	struct config c;
	struct cmdline_error e;
	assert_true(cmdline_parse("", &c, &e));
	assert_int_equal(c.console, CONSOLE_AUTO);
	assert_int_equal(c.baud, 115200);
	assert_int_equal(c.benches, 0);
	assert_int_equal(c.selftest, SELFTEST_NONE);
	assert_false(c.help);
	assert_true(cmdline_parse(NULL, &c, &e));
	assert_true(cmdline_parse("   \t  ", &c, &e));
}

static void accepted(void **state)
{
	struct config c;
	struct cmdline_error e;
	assert_true(cmdline_parse("bench=none  console=com2 baud=9600 selftest=pf help", &c, &e));
	assert_int_equal(c.benches, BENCH_NONE);
	assert_int_equal(c.console_addr, 0x2f8);
	assert_int_equal(c.baud, 9600);
	assert_int_equal(c.selftest, SELFTEST_PF);
	assert_true(c.help);
	assert_true(cmdline_parse("console=mmio32:0xFE032000", &c, &e));
	assert_int_equal(c.console, CONSOLE_MMIO32);
	assert_int_equal(c.console_addr, 0xfe032000);
	assert_true(cmdline_parse("console=io:1016 console=none", &c, &e));
	assert_int_equal(c.console, CONSOLE_NONE);
	assert_true(cmdline_parse("console=com3 console=auto", &c, &e));
	assert_int_equal(c.console, CONSOLE_AUTO);
	assert_true(cmdline_parse("console=com3", &c, &e));
	assert_int_equal(c.console, CONSOLE_IO);
	assert_int_equal(c.console_addr, 0x3e8);
	assert_true(cmdline_parse("bench=none,none", &c, &e));
}

static void refuse(const char *line, const char *word, const char *fragment)
{
	struct config c;
	struct cmdline_error e;
	assert_false(cmdline_parse(line, &c, &e));
	assert_string_equal(e.word, word);
	if (!strstr(e.message, fragment))
		fail_msg("message \"%s\" lacks \"%s\"", e.message, fragment);
}

static void refused(void **state)
{
	refuse("bench=none frobnicate=1", "frobnicate=1", "unknown option; known options: suite, bench,");
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
	refuse("wait=poll", "wait=poll", "accepts a comma list of up to 8 of spin|hlt|mwait|mwait:Cn");
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
	struct config c;
	struct cmdline_error e;
	assert_true(cmdline_parse("", &c, &e));
	assert_int_equal(c.cpus, 0);                /* all */
	assert_true(cmdline_parse("cpus=2 bench=ipi selftest=ap-no-start", &c, &e));
	assert_int_equal(c.cpus, 2);
	assert_int_equal(c.selftest, SELFTEST_AP_NO_START);
	assert_true(config_wants_bench(&c, "ipi"));
	assert_false(config_wants_bench(&c, "tick"));
	assert_true(cmdline_parse("selftest=ap-fault", &c, &e));
	assert_int_equal(c.selftest, SELFTEST_AP_FAULT);
	assert_true(cmdline_parse("cpus=all", &c, &e));
	assert_int_equal(c.cpus, 0);
	assert_true(config_given(&c, "cpus"));
}

/* wait=: a list of idle states, each as written (resolved against CPUID later). */
static void wait_list(void **state)
{
	struct config c;
	struct cmdline_error e;
	assert_true(cmdline_parse("", &c, &e));
	assert_int_equal(c.wait.n, 1);
	assert_int_equal(c.wait.v[0].kind, IDLE_HLT);
	assert_true(cmdline_parse("wait=spin,hlt,mwait,mwait:C3.2,tpause:C0.1", &c, &e));
	assert_int_equal(c.wait.n, 5);
	assert_int_equal(c.wait.v[0].kind, IDLE_SPIN);
	assert_int_equal(c.wait.v[2].kind, IDLE_MWAIT);
	assert_true(c.wait.v[2].mwait_all);
	assert_int_equal(c.wait.v[3].kind, IDLE_MWAIT);
	assert_false(c.wait.v[3].mwait_all);
	assert_int_equal(c.wait.v[3].cstate, 3);
	assert_int_equal(c.wait.v[3].sub, 2);
	assert_int_equal(c.wait.v[4].kind, IDLE_TPAUSE);
	assert_int_equal(c.wait.v[4].sub, 1);
	assert_true(config_given(&c, "wait"));
}

/* tick_mode, irq_cpu and latency_cpus: defaults, values, and what is refused. */
static void several_cpu_options(void **state)
{
	struct config c;
	struct cmdline_error e;
	assert_true(cmdline_parse("", &c, &e));
	assert_int_equal(c.tick_modes, 1u << TICK_MODE_PERIODIC);
	assert_int_equal(c.irq_cpu, 0);
	assert_int_equal(c.latency_cpus.n, 1);
	assert_int_equal(c.latency_cpus.v[0], 1);
	assert_true(cmdline_parse("tick_mode=oneshot,periodic irq_cpu=3 latency_cpus=1,all", &c, &e));
	assert_int_equal(c.tick_modes, (1u << TICK_MODE_PERIODIC) | (1u << TICK_MODE_ONESHOT));
	assert_int_equal(c.irq_cpu, 3);
	assert_int_equal(c.latency_cpus.n, 2);
	assert_int_equal(c.latency_cpus.v[1], 0);   /* all */
	assert_false(cmdline_parse("tick_mode=tickless", &c, &e));
	assert_string_equal(e.word, "tick_mode=tickless");
	assert_non_null(strstr(e.message, "oneshot"));
	assert_false(cmdline_parse("irq_cpu=256", &c, &e));
	assert_false(cmdline_parse("latency_cpus=0", &c, &e));
}

static void timer_options(void **state)
{
	struct config c;
	struct cmdline_error e;
	assert_true(cmdline_parse("", &c, &e));
	assert_int_equal(c.hz.n, 1);
	assert_int_equal(c.hz.v[0], 1000);
	assert_int_equal(c.ms, 1000);
	assert_int_equal(c.apic, APIC_AUTO);
	assert_true(config_wants_bench(&c, "fire"));
	assert_false(config_wants_bench(&c, "none"));
	assert_false(config_wants_bench(&c, "nonexistent"));
	assert_true(cmdline_parse("hz=100,250,1000,10000 timer=hpet,pit delivery=msi apic=x2apic ms=5 bench=none",
				  &c, &e));
	assert_int_equal(c.hz.n, 4);
	assert_int_equal(c.hz.v[3], 10000);
	assert_int_equal(c.timers, 1u << TIMER_HPET | 1u << TIMER_PIT);
	assert_int_equal(c.deliveries, 1u << DELIVERY_MSI);
	assert_int_equal(c.apic, APIC_X2APIC);
	assert_int_equal(c.ms, 5);
	assert_false(config_wants_bench(&c, "fire"));
}

static void defaults_do_not_count_as_given(void **state)
{
	struct config c;
	struct cmdline_error e;
	assert_true(cmdline_parse("runs=7", &c, &e));
	assert_true(config_given(&c, "runs"));
	assert_false(config_given(&c, "hz"));
	assert_true(cmdline_apply_default(&c, "hz=100,250"));
	assert_false(config_given(&c, "hz"));
	assert_int_equal(c.hz.n, 2);
	assert_false(cmdline_apply_default(&c, "hz=oops"));
	assert_false(config_given(&c, "nonexistent"));
}

static void dump_option(void **state)
{
	struct config c;
	struct cmdline_error e;
	assert_true(cmdline_parse("bench=none", &c, &e));
	assert_int_equal(c.dumps, 0);
	assert_true(cmdline_parse("bench=none dump=acpi", &c, &e));
	assert_int_equal(c.dumps, DUMP_ACPI);
	assert_true(cmdline_parse("bench=none dump=smbios,acpi", &c, &e));
	assert_int_equal(c.dumps, DUMP_ACPI | DUMP_SMBIOS);
	refuse("dump=dsdt", "dump=dsdt", "bad value for dump; accepts a comma list of acpi|smbios");
	refuse("dump=", "dump=", "bad value for dump");
	refuse("dump", "dump", "bad value for dump");
}

/* order= and seed=: random by default, the seed in 53 bits (a JSON reader keeps it
 * exact), given or not (the kernel takes the TSC's when not). */
static void order_and_seed(void **state)
{
	struct config c;
	struct cmdline_error e;
	assert_true(cmdline_parse("bench=tick", &c, &e));
	assert_int_equal(c.order, ORDER_RANDOM);
	assert_false(config_given(&c, "seed"));
	assert_true(cmdline_parse("order=fixed seed=9007199254740991", &c, &e));
	assert_int_equal(c.order, ORDER_FIXED);
	assert_true(c.seed == 9007199254740991ull && config_given(&c, "seed"));
	assert_true(cmdline_parse("seed=0x10", &c, &e));
	assert_true(c.seed == 16);
	refuse("seed=9007199254740992", "seed=9007199254740992",
	       "bad value for seed; accepts an integer 0..9007199254740991");
	refuse("order=shuffled", "order=shuffled", "accepts random|fixed");
}

static void long_word_is_cut_not_overflowed(void **state)
{
	char line[600];
	memset(line, 'k', sizeof(line) - 1);
	line[sizeof(line) - 1] = 0;
	struct config c;
	struct cmdline_error e;
	assert_false(cmdline_parse(line, &c, &e));
	assert_int_equal(strlen(e.word), sizeof(e.word) - 1);
}

static void help_lines(void **state)
{
	char buf[4 * CMDLINE_HELP_MAX];
	assert_true(cmdline_help_lines() >= 5);
	for (size_t i = 0; i < cmdline_help_lines(); i++) {
		cmdline_help_line(i, buf, sizeof(buf));
		assert_non_null(strstr(buf, "(default "));
		/* the kernel's buffer holds it whole: none is cut */
		assert_true(strlen(buf) < CMDLINE_HELP_MAX);
	}
}

/* The help word's screen text: a heading, then each option's line folded to the
 * width of an 80-column screen; the folds lose no character but spaces. */
static char folded[8192];
static unsigned folded_lines;

static void strcat_nospace(char *dst, const char *src)
{
	dst += strlen(dst);
	for (; *src; src++)
		if (*src != ' ')
			*dst++ = *src;
	*dst = 0;
}

static void collect(const char *line)
{
	assert_true(strlen(line) <= CMDLINE_HELP_WIDTH);
	if (folded_lines++ == 0)
		return;                         /* the heading */
	if (line[2] != ' ')                     /* an option's first line, not a fold */
		strcat(folded, "\n");
	assert_true(strlen(folded) + strlen(line) < sizeof(folded));
	strcat_nospace(folded, line);
}

static void help_folded(void **state)
{
	char buf[CMDLINE_HELP_MAX], want[sizeof(folded)] = "";
	cmdline_print_help(collect);
	assert_true(folded_lines > cmdline_help_lines());
	for (size_t i = 0; i < cmdline_help_lines(); i++) {
		cmdline_help_line(i, buf, sizeof(buf));
		strcat(want, "\n");
		strcat_nospace(want, buf);
	}
	assert_string_equal(folded, want);
}

/* tick's work models: four lists swept, inject= the old name of tick_work=, presets
 * by name, the ftq workload and its quantum; tick_model= with one of the four
 * lists is refused (one of them would go unused). */
static void work_model_options(void **state)
{
	struct config c;
	struct cmdline_error e;
	assert_true(cmdline_parse("", &c, &e));
	assert_int_equal(c.tick_work.n, 1);
	assert_int_equal(c.tick_work.v[0], 0);
	assert_int_equal(c.tick_pages.n, 1);
	assert_int_equal(c.tick_models, 0);
	assert_int_equal(c.ftq_us, 100);
	assert_true(cmdline_parse("tick_data_kib=0,16,64 tick_code_kib=0,8 tick_pages=0,32 "
				  "workload=spin,ftq ftq_us=250", &c, &e));
	assert_int_equal(c.tick_data_kib.n, 3);
	assert_int_equal(c.tick_data_kib.v[2], 64);
	assert_int_equal(c.tick_code_kib.v[1], 8);
	assert_int_equal(c.tick_pages.v[1], 32);
	assert_int_equal(c.workloads, 1u << WORKLOAD_SPIN | 1u << WORKLOAD_FTQ);
	assert_int_equal(c.ftq_us, 250);
	assert_true(cmdline_parse("inject=2000", &c, &e));
	assert_int_equal(c.tick_work.n, 1);
	assert_int_equal(c.tick_work.v[0], 2000);
	assert_true(config_given(&c, "inject"));
	assert_true(cmdline_parse("tick_model=linux-tick,floor", &c, &e));
	assert_int_equal(c.tick_models, 1u << TICK_MODEL_LINUX_TICK | 1u << TICK_MODEL_FLOOR);
	refuse("tick_model=linux-tick tick_data_kib=16", "tick_model", "tick_data_kib= cannot");
	refuse("inject=5 tick_model=tsafrir-2007", "tick_model", "inject= cannot");
	refuse("tick_code_kib=65", "tick_code_kib=65", "0..64");
	refuse("tick_pages=4097", "tick_pages=4097", "0..4096");
	refuse("tick_model=bsd", "tick_model=bsd", "floor|linux-tick|linux-lazy-rcu|tsafrir-2007");
	refuse("ftq_us=5", "ftq_us=5", "10..100000");
}

/* Every work word, and none other, asks tick's handler for work: handler=auto then
 * takes the full handler and handler=floor is refused (bench/tick.c). */
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
	struct config c;
	struct cmdline_error e;
	for (size_t i = 0; i < sizeof(work) / sizeof(work[0]); i++) {
		assert_true(cmdline_parse(work[i], &c, &e));
		if (!config_handler_work(&c))
			fail_msg("\"%s\" asks no work of the handler", work[i]);
	}
	for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++) {
		assert_true(cmdline_parse(none[i], &c, &e));
		if (config_handler_work(&c))
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
		struct config c;
		struct cmdline_error e;
		if (!cmdline_parse(line + strlen(call), &c, &e))
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
		cmocka_unit_test(help_lines),
		cmocka_unit_test(help_folded),
		cmocka_unit_test(work_model_options),
		cmocka_unit_test(handler_work_words),
		cmocka_unit_test(grub_menu_words),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
