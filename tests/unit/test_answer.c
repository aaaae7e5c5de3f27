/* lib/'s answer (answer.h) on a hand-made log whose figures are worked by hand:
 * the lines the kernel and tickstat report print, and the figures the kernel
 * writes as "report" records.
 *
 * lapic periodic spin, 3 runs each at HZ=100 and HZ=1000, off runs of 1000000
 * cycles: the on runs lose 100, 200, 300 ppm at HZ=100 (mean 200 ppm = 0.020 %,
 * s = 100, t(0.975, 2) s / sqrt(3) = 248.4 ppm: "0.020 % +/- 0.025 %") and 1000,
 * 2000, 3000 ppm at HZ=1000 ("0.20 % +/- 0.25 %"). HZ=1000 against HZ=100: 1800
 * ppm, pooled s = sqrt((2 x 100^2 + 2 x 1000^2) / 4) = 710.6, t(0.975, 4) s
 * sqrt(2/3) = 1610.97 ppm: proven, "+0.18 % +/- 0.16 %". Each run's holes: 10
 * interrupts in 500 cycles beyond the step, 50 ns each at 1 GHz (exact). rdtsc's
 * runs read 20, 22, 24 cycles: 22 ns +/- t(0.975, 2) 2 / sqrt(3) = 4.97: "22 +/- 5".
 * The lapic's latency at p50 1000, 1100, 1200: "1.10k +/- 0.25k". */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "answer.h"
#include "crc32.h"
#include "student.h"

static char str[8192], lines[64][256], said[16384];
static uint64_t arr[4097];
static int nlines, kinds[64];
static uint64_t seq;
static struct answer_figure figures[64];
static char names[64][192], keys[64][24][24];   /* the figures' strings, kept */
static int nfigures;
static struct report *rep;

static uint32_t crc(const void *data, size_t len) { return crc32_update(0, data, len); }

/* A record of type and fields ("\"k\":v,..."), numbered, sealed and taken. */
static void take(const char *type, const char *fields)
{
	static struct rec r;
	char line[1024];
	const struct rec_scratch s = { str, arr, crc, NULL };
	int n = snprintf(line, sizeof(line), "{\"type\":\"%s\",\"seq\":%llu%s%s", type,
			 (unsigned long long)seq++, *fields ? "," : "", fields);
	snprintf(line + n, sizeof(line) - (size_t)n, ",\"crc\":\"%08x\"}", crc(line, (size_t)n));
	const char *e = rec_parse(&r, line, strlen(line), &s);
	if (e)
		fail_msg("%s: %s", line, e);
	r.file = "hand";
	report_take(&r, rep);
}

static void say(void *ctx, enum answer_kind kind, const char *line)
{
	if (nlines < 64) {
		kinds[nlines] = kind;
		snprintf(lines[nlines++], sizeof(lines[0]), "%s", line);
	}
	strncat(said, line, sizeof(said) - strlen(said) - 2);
	strcat(said, "\n");
}

/* A figure (its strings live only during the call: kept here). */
static void figure(void *ctx, const struct answer_figure *f)
{
	if (nfigures == 64 || !f->name)
		return;
	struct answer_figure *k = &figures[nfigures];
	*k = *f;
	snprintf(names[nfigures], sizeof(names[0]), "%s", f->name);
	k->name = names[nfigures];
	for (int i = 0; i < f->nfields; i++) {
		snprintf(keys[nfigures][i], sizeof(keys[0][0]), "%s", f->f[i].key);
		k->f[i].key = keys[nfigures][i];
		k->f[i].s = NULL;
	}
	nfigures++;
}

static void tick_runs(unsigned hz, unsigned ppm_step)
{
	char fields[512];
	for (unsigned run = 0; run < 3; run++)
		for (int on = 0; on < 2; on++) {
			snprintf(fields, sizeof(fields), "\"bench\":\"tick\",\"cpu\":0,\"cpus\":1,"
				 "\"timer\":\"lapic\",\"mode\":\"periodic\",\"delivery\":\"local\","
				 "\"hz\":%u,\"workload\":\"spin\",\"run\":%u,\"timer_on\":%s,"
				 "\"cycles\":%u,\"interrupts\":%u,\"handler\":\"floor\","
				 "\"gap_interrupts\":10,\"gap_cycles\":500", hz, run, on ? "true" : "false",
				 1000000 + (on ? (run + 1) * ppm_step : 0), on ? 10 : 0);
			take("run", fields);
		}
}

static void stats(const char *bench, const char *what, unsigned p50)
{
	char fields[256];
	snprintf(fields, sizeof(fields), "\"bench\":\"%s\",\"what\":\"%s\",%s\"cpus\":1,"
		 "\"p50\":%u,\"p99\":%u,\"p999\":%u,\"max\":%u,\"n\":100", bench, what,
		 strcmp(bench, "latency") ? "" : "\"wait\":\"hlt\",\"stamp\":\"handler\",", p50,
		 p50, p50, p50);
	take("stats", fields);
}

static int setup(void **state)
{
	rep = report_new(CONF_95);
	take("boot", "\"cmdline\":\"bench=readcost,latency,tick\"");
	take("platform", "\"vendor\":\"GenuineIntel\",\"brand\":\"Hand CPU\",\"hypervisor\":false,"
	     "\"emulator\":\"\",\"tsc_invariant\":true");
	take("calibration", "\"tsc_hz\":1000000000,\"reference\":\"hpet\",\"spread_ppm\":5");
	take("cpus", "\"online\":1");
	for (unsigned k = 0; k < 3; k++)
		stats("readcost", "rdtsc", 20 + 2 * k);
	for (unsigned k = 0; k < 3; k++)
		stats("latency", "lapic", 1000 + 100 * k);
	take("spin", "\"steps\":16384,\"cycles\":131072,\"above_step\":3,\"p999_cycles\":9,"
	     "\"step_instructions\":8");
	tick_runs(100, 100);
	tick_runs(1000, 1000);
	report_end(rep, "pass");
	answer_print(rep, say, figure, NULL);
	return 0;
}

static int teardown(void **state)
{
	report_free(rep);
	return 0;
}

/* A report of the test's own in place of setup's, begun with a boot of bench=tick. */
static void new_report(void)
{
	report_free(rep);
	nlines = 0;
	said[0] = 0;
	rep = report_new(CONF_95);
	take("boot", "\"cmdline\":\"bench=tick\"");
}

/* The line that starts with start (of the given kind, -1: any). */
static const char *line_of(const char *start, int kind)
{
	for (int i = 0; i < nlines; i++)
		if (!strncmp(lines[i], start, strlen(start)) && (kind < 0 || kinds[i] == kind))
			return lines[i];
	fail_msg("no line \"%s\" in:\n%s", start, said);
	return NULL;
}

static void shares_and_verdict(void **state)
{
	const char *row = line_of("lapic periodic spin", ANSWER_DETAIL);
	assert_non_null(strstr(row, "0.020 % +/- 0.025 %"));
	assert_non_null(strstr(row, "0.20 % +/- 0.25 %"));
	row = line_of("lapic periodic spin", ANSWER_VERDICT);
	assert_non_null(strstr(row, "+0.18 % +/- 0.16 %"));
	assert_non_null(strstr(line_of("lapic spin HZ=1000: ", ANSWER_SUMMARY), "+0.18 % +/- 0.16 %"));
}

static void costs_and_timers(void **state)
{
	assert_string_equal(line_of("reads", ANSWER_MAIN), "reads (ns): rdtsc 22.0");
	const char *row = line_of("lapic ", ANSWER_MAIN);
	assert_non_null(strstr(row, "1.10k +/- 0.25k"));        /* latency p50 */
	assert_non_null(strstr(row, "50.0 (exact)"));           /* direct */
	assert_null(strstr(said, "warning"));                   /* nothing to warn of */
	assert_non_null(strstr(line_of("direct ", ANSWER_DETAIL), "the floor handler"));
	assert_null(strstr(said, "cycles = instructions"));     /* a step above the mean */
}

static const struct answer_figure *figure_named(const char *name)
{
	for (int i = 0; i < nfigures; i++)
		if (figures[i].name && !strcmp(figures[i].name, name))
			return &figures[i];
	fail_msg("no figure %s", name);
	return NULL;
}

static int64_t field(const struct answer_figure *f, const char *key)
{
	for (int i = 0; i < f->nfields; i++)
		if (!strcmp(f->f[i].key, key))
			return f->f[i].i;
	fail_msg("%s has no %s", f->name, key);
	return 0;
}

/* The records' figures: ppm toward zero, half widths rounded down, cycles. */
static void figures_for_the_records(void **state)
{
	const struct answer_figure *f = figure_named("share-lapic-periodic-spin-100");
	assert_int_equal(f->value, 200);
	assert_int_equal(field(f, "ci95"), 248);
	f = figure_named("verdict-lapic-periodic-spin-1000-vs-100");
	assert_int_equal(f->value, 1800);
	assert_int_equal(field(f, "ci95"), 1610);     /* 1610.97, rounded down */
	assert_int_equal(field(f, "proven"), 1);
	assert_int_equal(figure_named("direct-lapic")->value, 50);
	assert_int_equal(figure_named("cost-rdtsc")->value, 22);
	assert_int_equal(figure_named("latency_p50-lapic")->value, 1100);
}

/* The end screen keeps a table's title and head row with every page of it: those
 * lines, and only those, carry ANSWER_HEAD. */
static void heads_flagged(void **state)
{
	line_of("CPU lost at each HZ on 1 CPU", ANSWER_DETAIL | ANSWER_HEAD);
	line_of("Idle: wake-up latency", ANSWER_DETAIL | ANSWER_HEAD);
	line_of("timer (ns)", ANSWER_MAIN | ANSWER_HEAD);
	line_of("CPU lost to the tick on 1 CPU", ANSWER_VERDICT | ANSWER_HEAD);
	int heads = 0;
	for (int i = 0; i < nlines; i++) {
		if (!(kinds[i] & ANSWER_HEAD))
			continue;
		heads++;
		if (!strncmp(lines[i], "lapic", 5) || !strncmp(lines[i], "reads", 5))
			fail_msg("a row flagged as a head: %s", lines[i]);
		if (lines[i][0] == ' ' && !strstr(lines[i], "HZ="))
			fail_msg("an indented head that is no head row: %s", lines[i]);
	}
	assert_true(heads >= 6 && heads <= 10);  /* titles (1-2 lines) and 3 head rows */
}

/* Given a row function (tickstat's HTML page), a table's rows come as their cells,
 * one for one in place of the lines setup's answer printed, the head row flagged;
 * every other line as before. */
static char row_text[64][256];
static int nrow_events, row_kinds[64];

static void row_line(void *ctx, enum answer_kind kind, const char *line)
{
	if (nrow_events < 64)
		snprintf(row_text[nrow_events++], sizeof(row_text[0]), "%s", line);
}

static void row_cells(void *ctx, enum answer_kind kind, const char *label,
		      const char *const *cells, int n)
{
	if (nrow_events == 64)
		return;
	int len = snprintf(row_text[nrow_events], sizeof(row_text[0]), "%s", label);
	for (int i = 0; i < n; i++)
		len += snprintf(row_text[nrow_events] + len, sizeof(row_text[0]) - (size_t)len,
				" | %s", cells[i]);
	row_kinds[nrow_events] = kind;
	(*(int *)ctx)++;
	nrow_events++;
}

/* s with every run of spaces (and " | ") made one space. */
static void squeeze(char *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|' && s[-1] == ' ' && s[1] == ' ')
			continue;
		if (*s != ' ' || (out[-1] != ' '))
			*out++ = *s;
	}
	*out = 0;
}

static void rows_given_as_cells(void **state)
{
	int rows = 0, heads = 0;
	char a[260], b[260];
	nrow_events = 0;
	answer_print_rows(rep, row_line, row_cells, NULL, &rows);
	assert_int_equal(nrow_events, nlines);
	for (int i = 0; i < nlines; i++) {
		a[0] = b[0] = ' ';
		squeeze(a + 1, lines[i]);
		squeeze(b + 1, row_text[i]);
		assert_string_equal(a, b);
		heads += strchr(row_text[i], '|') && (row_kinds[i] & ANSWER_HEAD);
	}
	assert_true(rows >= 6);                 /* three tables, a head row and rows each */
	assert_int_equal(heads, 3);
}

/* The warnings are a kind of their own (the end screen's text code carries them),
 * every line of their paragraph. Last: it prints a report of its own. */
static void warnings_a_kind(void **state)
{
	new_report();
	take("platform", "\"vendor\":\"AuthenticAMD\",\"brand\":\"QEMU TCG\",\"hypervisor\":true,"
	     "\"emulator\":\"qemu\",\"tsc_invariant\":false");
	take("calibration", "\"tsc_hz\":1000000000,\"reference\":\"hpet\",\"spread_ppm\":0");
	tick_runs(100, 100);
	tick_runs(1000, 1000);
	report_end(rep, "pass");
	answer_print(rep, say, NULL, NULL);
	const char *first = line_of("warning ", ANSWER_WARNING);
	assert_non_null(strstr(first, "emulator (qemu)"));
	int warned = 0;
	for (int i = 0; i < nlines; i++)
		if (kinds[i] == ANSWER_WARNING) {
			warned++;
			assert_true(!strncmp(lines[i], "warning  ", 9) || !strncmp(lines[i], "         ", 9));
		}
	assert_true(warned >= 2);                     /* the emulator, the TSC: folded */
	assert_non_null(strstr(said, "the TSC is not invariant"));
}

/* A tick run's interrupts against the ticks its rate asks for: fewer than 99 % (lost)
 * and more than 101 % (QEMU 7.2's HPET under -icount fires twice a period) each
 * warned of, with the runs counted; within 1 % + 1 neither. Prints its own report. */
static void ticks_counted_against_their_rate(void **state)
{
	static const unsigned got[] = { 100, 40, 51, 50 };     /* of 50 each */
	new_report();
	take("calibration", "\"tsc_hz\":1000000000,\"reference\":\"hpet\",\"spread_ppm\":0");
	for (unsigned run = 0; run < 4; run++)
		for (int on = 0; on < 2; on++) {
			char fields[512];
			snprintf(fields, sizeof(fields), "\"bench\":\"tick\",\"cpu\":0,\"cpus\":1,"
				 "\"timer\":\"hpet\",\"mode\":\"periodic\",\"delivery\":\"ioapic\","
				 "\"hz\":1000,\"workload\":\"spin\",\"run\":%u,\"timer_on\":%s,"
				 "\"cycles\":%u,\"interrupts\":%u%s", run, on ? "true" : "false",
				 50000000 + (on ? got[run] * 20 : 0), on ? got[run] : 0,
				 on ? ",\"expected\":50" : "");
			take("run", fields);
		}
	report_end(rep, "pass");
	answer_print(rep, say, NULL, NULL);
	char warned[1024] = "";                 /* the warnings' lines unfolded */
	for (int i = 0; i < nlines; i++)
		if (kinds[i] == ANSWER_WARNING)
			strncat(warned, lines[i] + 8, sizeof(warned) - strlen(warned) - 1);
	assert_non_null(strstr(warned, " 1 tick run got over 101 % of their ticks: the timer "
				       "fired more often than its rate"));
	assert_non_null(strstr(warned, " 1 tick run got under 99 % of their ticks"));
}

/* A log of a machine and no configuration (a Linux boot whose runs were cut off):
 * nothing to order, put in order without touching the table it has none of (a
 * memcpy from NULL, UBSan's finding on such a log), and the answer still printed. */
static void a_log_without_configurations(void **state)
{
	new_report();
	take("calibration", "\"tsc_hz\":1000000000,\"reference\":\"hpet\",\"spread_ppm\":0");
	report_end(rep, "pass");
	answer_print(rep, say, NULL, NULL);
	assert_true(nlines > 0);
	assert_null(strstr(said, "HZ="));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shares_and_verdict),
		cmocka_unit_test(costs_and_timers),
		cmocka_unit_test(figures_for_the_records),
		cmocka_unit_test(heads_flagged),
		cmocka_unit_test(rows_given_as_cells),
		cmocka_unit_test(warnings_a_kind),
		cmocka_unit_test(ticks_counted_against_their_rate),
		cmocka_unit_test(a_log_without_configurations),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
