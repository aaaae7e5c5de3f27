/* The command-line parser (kernel/cmdline.c): accepted words, refused words and
 * the messages that name them. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "cmdline.h"

static void defaults(void **state)
{
	struct config c;
	struct cmdline_error e;
	assert_true(cmdline_parse("", &c, &e));
	assert_int_equal(c.console, CONSOLE_IO);
	assert_int_equal(c.console_addr, 0x3f8);
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
	assert_true(cmdline_parse("bench=none,none", &c, &e));
}

static void refuse(const char *line, const char *word, const char *fragment)
{
	struct config c;
	struct cmdline_error e;
	assert_false(cmdline_parse(line, &c, &e));
	assert_string_equal(e.word, word);
	assert_non_null(strstr(e.message, fragment));
}

static void refused(void **state)
{
	refuse("bench=none frobnicate=1", "frobnicate=1", "unknown option; known options: bench,");
	refuse("hz", "hz", "unknown option");
	refuse("bench=fast", "bench=fast", "bad value for bench; accepts a comma list of none");
	refuse("bench=", "bench=", "bad value for bench");
	refuse("bench=none,", "bench=none,", "bad value for bench");
	refuse("baud=115201", "baud=115201", "accepts an integer 0..115200");
	refuse("baud=12x", "baud=12x", "bad value for baud");
	refuse("baud=99999999999999999999999", "baud=99999999999999999999999", "bad value");
	refuse("console=io:0x10000", "console=io:0x10000", "accepts com1|com2");
	refuse("console=mmio:", "console=mmio:", "bad value for console");
	refuse("console=mmio:0", "console=mmio:0", "bad value for console");
	refuse("selftest=boom", "selftest=boom", "accepts none|fault|de|ud|gp|pf|df");
	refuse("help=1", "help=1", "accepts no value");
}

static void dump_option(void **state)
{
	struct config c;
	struct cmdline_error e;
	assert_true(cmdline_parse("bench=none", &c, &e));
	assert_int_equal(c.dumps, 0);
	assert_true(cmdline_parse("bench=none dump=acpi", &c, &e));
	assert_int_equal(c.dumps, DUMP_ACPI);
	refuse("dump=dsdt", "dump=dsdt", "bad value for dump; accepts a comma list of acpi");
	refuse("dump=", "dump=", "bad value for dump");
	refuse("dump", "dump", "bad value for dump");
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
	char buf[320];
	assert_true(cmdline_help_lines() >= 5);
	for (size_t i = 0; i < cmdline_help_lines(); i++) {
		cmdline_help_line(i, buf, sizeof(buf));
		assert_non_null(strstr(buf, "(default "));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults),
		cmocka_unit_test(accepted),
		cmocka_unit_test(refused),
		cmocka_unit_test(dump_option),
		cmocka_unit_test(long_word_is_cut_not_overflowed),
		cmocka_unit_test(help_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
