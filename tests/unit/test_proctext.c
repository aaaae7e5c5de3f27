/* linux/proctext.c on real files (tests/unit/linux/README.md says where each comes
 * from): /proc/interrupts and /proc/softirqs of 1, 2, 4 and 256 CPUs, the 4-CPU
 * machine again once CPU 2 went offline (its column gone from /proc/interrupts, not
 * from /proc/softirqs, which lists the possible CPUs), a file without its LOC line,
 * an arm64 machine's (IPIn lines, the timer a device line, Err system-wide); CPU
 * lists, the default CPU, the kernel's command line, /proc/cpuinfo. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "proctext.h"

static char *slurp(const char *name)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", LINUX_FIXTURES, name);
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	static char buf[1 << 20];
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	return strdup(buf);
}

/* The count of label in file's column for cpu; fails the test when absent. */
static uint64_t count_of(const char *file, unsigned cpu, const char *label)
{
	static struct proc_counts c;
	char *text = slurp(file);
	assert_true(proc_counts_parse(text, cpu, &c));
	free(text);
	uint64_t v = 0;
	assert_true(proc_count(&c, label, &v));
	return v;
}

static bool has_column(const char *file, unsigned cpu)
{
	static struct proc_counts c;
	char *text = slurp(file);
	bool ok = proc_counts_parse(text, cpu, &c);
	free(text);
	return ok;
}

static void one_cpu(void **state)
{
	static struct proc_counts c;
	char *text = slurp("interrupts-1cpu");
	assert_true(proc_counts_parse(text, 0, &c));
	free(text);
	assert_int_equal(c.n, 25);                      /* 6 devices, 19 named lines */
	assert_string_equal(c.line[0].label, "0");
	assert_int_equal(c.line[0].count, 316);         /* the PIT's IRQ 0 before the APIC */
	assert_int_equal(count_of("interrupts-1cpu", 0, "LOC"), 928);
	assert_int_equal(count_of("interrupts-1cpu", 0, "MCP"), 1);
	assert_false(has_column("interrupts-1cpu", 1));
	assert_int_equal(count_of("softirqs-1cpu", 0, "TIMER"), 156);
	assert_int_equal(count_of("softirqs-1cpu", 0, "RCU"), 228);
}

/* A 2-CPU KVM guest: each CPU's column, a device line, ERR and MIS (one
 * system-wide count) left out. */
static void two_cpus(void **state)
{
	assert_int_equal(count_of("interrupts-2cpu", 0, "LOC"), 403429);
	assert_int_equal(count_of("interrupts-2cpu", 1, "LOC"), 460193);
	assert_int_equal(count_of("interrupts-2cpu", 1, "RES"), 96667);
	assert_int_equal(count_of("interrupts-2cpu", 1, "36"), 152524);
	static struct proc_counts c;
	char *text = slurp("interrupts-2cpu");
	assert_true(proc_counts_parse(text, 1, &c));
	free(text);
	uint64_t v;
	assert_false(proc_count(&c, "ERR", &v));
	assert_false(proc_count(&c, "MIS", &v));
	assert_int_equal(count_of("softirqs-2cpu", 0, "TIMER"), 48538);
	assert_int_equal(count_of("softirqs-2cpu", 1, "RCU"), 138501);
	assert_false(has_column("softirqs-2cpu", 2));
}

/* 256 CPUs (QEMU 10 with x2APIC and interrupt remapping): lines of 260 fields, the
 * last CPU's column, none past it. */
static void many_cpus(void **state)
{
	assert_int_equal(count_of("interrupts-256cpu", 0, "LOC"), 21133);
	assert_int_equal(count_of("interrupts-256cpu", 254, "LOC"), 2160);
	assert_int_equal(count_of("interrupts-256cpu", 255, "LOC"), 2080);
	assert_false(has_column("interrupts-256cpu", 256));
	assert_int_equal(count_of("softirqs-256cpu", 0, "TIMER"), 2289);
	assert_int_equal(count_of("softirqs-256cpu", 255, "TIMER"), 6);
}

/* Without its LOC line the file still parses; the timer's count is absent. */
static void no_loc_line(void **state)
{
	static struct proc_counts c;
	char *text = slurp("interrupts-2cpu-no-loc");
	assert_true(proc_counts_parse(text, 1, &c));
	free(text);
	uint64_t v;
	assert_false(proc_count(&c, "LOC", &v));
	assert_true(proc_count(&c, "RES", &v));
	assert_int_equal(v, 96667);
}

/* arm64: no LOC (the timer is device line 11, arch_timer), IPIn lines, Err left out. */
static void arm64(void **state)
{
	static struct proc_counts c;
	char *text = slurp("interrupts-arm64-2cpu");
	assert_true(proc_counts_parse(text, 1, &c));
	free(text);
	uint64_t v;
	assert_false(proc_count(&c, "LOC", &v));
	assert_false(proc_count(&c, "Err", &v));
	assert_int_equal(count_of("interrupts-arm64-2cpu", 1, "11"), 719);
	assert_int_equal(count_of("interrupts-arm64-2cpu", 0, "IPI1"), 153);
	assert_int_equal(count_of("interrupts-arm64-2cpu", 1, "IPI0"), 31);
	assert_int_equal(c.n, 11);
	assert_int_equal(count_of("softirqs-arm64-2cpu", 1, "SCHED"), 256);
}

/* CPU 2 went offline between two reads: CPU 3's column moved, its count did not;
 * CPU 2's column is gone (the run that lost its CPU cannot be counted). softirqs
 * lists the possible CPUs and keeps it. */
static void cpu_offline_between_reads(void **state)
{
	static struct proc_counts before, after, delta;
	char *a = slurp("interrupts-4cpu"), *b = slurp("interrupts-4cpu-cpu2-offline");
	assert_true(proc_counts_parse(a, 3, &before));
	assert_true(proc_counts_parse(b, 3, &after));
	proc_counts_delta(&before, &after, &delta);
	uint64_t v;
	assert_true(proc_count(&delta, "LOC", &v));
	assert_int_equal(v, 735 - 692);
	assert_true(proc_count(&delta, "CAL", &v));
	assert_int_equal(v, 154 - 144);
	assert_true(proc_counts_parse(a, 2, &before));
	assert_false(proc_counts_parse(b, 2, &after));
	free(a), free(b);
	assert_int_equal(count_of("softirqs-4cpu-cpu2-offline", 2, "TIMER"), 91);
	assert_int_equal(count_of("softirqs-4cpu-cpu2-offline", 3, "TIMER") -
			 count_of("softirqs-4cpu", 3, "TIMER"), 53 - 51);
}

/* A source only in the second read counts from 0; one only in the first is left out. */
static void delta_by_label(void **state)
{
	struct proc_counts a = { 2, { { "LOC", 10 }, { "40", 5 } } };
	struct proc_counts b = { 2, { { "LOC", 25 }, { "41", 3 } } };
	static struct proc_counts d;
	proc_counts_delta(&a, &b, &d);
	assert_int_equal(d.n, 2);
	assert_string_equal(d.line[0].label, "LOC");
	assert_int_equal(d.line[0].count, 15);
	assert_string_equal(d.line[1].label, "41");
	assert_int_equal(d.line[1].count, 3);
	assert_int_equal(proc_count_others(&d, "LOC"), 3);
	assert_int_equal(proc_count_others(&d, NULL), 18);
}

static void cpu_lists(void **state)
{
	struct cpu_set s, none, full, iso;
	assert_true(cpu_list_parse("0-3,8,10-11\n", &s));
	assert_true(cpu_set_has(&s, 0) && cpu_set_has(&s, 3) && cpu_set_has(&s, 8));
	assert_false(cpu_set_has(&s, 4) || cpu_set_has(&s, 9));
	assert_int_equal(cpu_set_last(&s), 11);
	assert_true(cpu_list_parse("", &none));
	assert_int_equal(cpu_set_last(&none), -1);
	assert_true(cpu_list_parse("4095", &s));
	assert_int_equal(cpu_set_last(&s), 4095);
	assert_false(cpu_list_parse("(null)\n", &s));   /* nohz_full without nohz_full= */
	assert_false(cpu_list_parse("3-1", &s));
	assert_false(cpu_list_parse("4096", &s));
	/* the default CPU: the last nohz_full, else the last isolated, else the last */
	struct cpu_set online;
	cpu_list_parse("0-7", &online);
	cpu_list_parse("", &full);
	cpu_list_parse("", &iso);
	assert_int_equal(cpu_default(&online, &full, &iso), 7);
	cpu_list_parse("2-3", &iso);
	assert_int_equal(cpu_default(&online, &full, &iso), 3);
	cpu_list_parse("1,5", &full);
	assert_int_equal(cpu_default(&online, &full, &iso), 5);
	cpu_list_parse("9", &full);                     /* not online */
	assert_int_equal(cpu_default(&online, &full, &iso), 3);
}

static void command_line_and_config(void **state)
{
	char v[32];
	const char *line = "BOOT_IMAGE=/vmlinuz nohz=off skew_tick=1 quiet -- nohz=on bench=tick";
	assert_true(cmdline_param(line, "nohz", v, sizeof(v)));
	assert_string_equal(v, "off");
	assert_true(cmdline_param(line, "skew_tick", v, sizeof(v)));
	assert_string_equal(v, "1");
	assert_true(cmdline_param(line, "quiet", v, sizeof(v)));
	assert_string_equal(v, "");
	assert_false(cmdline_param(line, "bench", v, sizeof(v)));      /* init's */
	assert_false(cmdline_param(line, "nohz_full", v, sizeof(v)));
	const char *config = "# CONFIG_HZ_100 is not set\nCONFIG_HZ_250=y\nCONFIG_HZ=250\n";
	assert_true(config_value(config, "CONFIG_HZ", v, sizeof(v)));
	assert_string_equal(v, "250");
	assert_false(config_value(config, "CONFIG_HZ_100", v, sizeof(v)));
	char *info = slurp("cpuinfo-2cpu");
	assert_true(cpuinfo_value(info, 1, "microcode", v, sizeof(v)));
	assert_string_equal(v, "0x1000065");
	assert_false(cpuinfo_value(info, 2, "microcode", v, sizeof(v)));
	free(info);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_cpu),
		cmocka_unit_test(two_cpus),
		cmocka_unit_test(many_cpus),
		cmocka_unit_test(no_loc_line),
		cmocka_unit_test(arm64),
		cmocka_unit_test(cpu_offline_between_reads),
		cmocka_unit_test(delta_by_label),
		cmocka_unit_test(cpu_lists),
		cmocka_unit_test(command_line_and_config),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
