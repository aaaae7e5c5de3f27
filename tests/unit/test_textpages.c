/* lib/endscreen/textpages.c, the end screen's text pages: lines fold at spaces, later rows
 * indented; every line is on exactly one page, in order; no page holds more rows
 * than the screen (a line taller than a page alone excepted); a page never ends on a
 * table's head; a page that goes on with a table's rows repeats its head; a section
 * that a page holds is not cut; every page holds the pinned lines (the verdict), or
 * shows them first; the quick and default suites' reports so at every screen size
 * the kernel takes, the answer whole on a page where it fits one, the verdict on
 * every page. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "textpages.h"

#define L(text, group, head) { text, group, head, false, false }
#define S(text, group)       { text, group, false, true, false }    /* starts a section */

static void folds_at_spaces(void **state)
{
	assert_int_equal(textpages_fold("short", 10), 5);
	assert_int_equal(textpages_fold("one two three", 9), 7);       /* "one two" */
	assert_int_equal(textpages_fold("abcdefghijkl", 5), 5);        /* no space: cut */
	assert_int_equal(textpages_rows("", 10), 1);
	assert_int_equal(textpages_rows("one two three", 9), 2);
	/* the later rows have 8 - 2 cells: "aaaa bbbb cccc dddd" -> 4 rows */
	assert_int_equal(textpages_rows("aaaa bbbb cccc dddd", 8), 4);
}

static unsigned rows_of(const struct textline *l, unsigned from, unsigned to, unsigned cols)
{
	unsigned rows = 0;
	for (unsigned i = from; i < to; i++)
		rows += textpages_rows(l[i].text, cols);
	return rows;
}

/* The invariants of the header comment, on any lines. */
static void check(const struct textline *l, unsigned n, unsigned cols, unsigned rows,
		  const struct textpage *p, unsigned count)
{
	unsigned next = 0, pinned = textpages_pinned_rows(l, n, cols, rows), whole = rows;
	for (unsigned k = 0; k < count; k++) {
		rows = p[k].room;               /* less the pinned lines' where kept for */
		assert_true(rows == whole || (pinned && rows == whole - pinned));
		assert_true(!p[k].pinned || rows == whole - pinned);
		assert_int_equal(p[k].first, next);
		assert_true(p[k].end > p[k].first);
		next = p[k].end;
		assert_true(!p[k].pinned || !textpages_holds_pinned(l, &p[k]));
		assert_true(!pinned || p[k].pinned || textpages_holds_pinned(l, &p[k]));
		unsigned used = rows_of(l, p[k].head, p[k].head_end, cols) +
				rows_of(l, p[k].first, p[k].end, cols);
		assert_true(used <= rows || p[k].end == p[k].first + 1);
		unsigned last = p[k].end - 1;
		if (p[k].end < n && l[last].head && l[p[k].end].group == l[last].group &&
		    !l[p[k].end].section) {
			unsigned h = last, r = p[k].end;  /* a head ends no page, unless with */
			while (h > p[k].first && !l[h].section && l[h - 1].head &&
			       l[h - 1].group == l[last].group)
				h--;                          /* its first row it is taller than one */
			while (r < n && l[r].head && l[r].group == l[last].group && !l[r].section)
				r++;
			r += r < n && l[r].group == l[last].group && !l[r].section;
			assert_true(h == p[k].first || rows_of(l, h, r, cols) > rows);
		}
		unsigned f = p[k].first, j = f;
		while (j > 0 && !l[j].section && !l[j - 1].head && l[j - 1].group == l[f].group)
			j--;
		unsigned h = j;         /* the head of f's table: [h, j) */
		while (h > 0 && !l[h].section && l[h - 1].head && l[h - 1].group == l[f].group)
			h--;
		if (!l[f].head && !l[j].section && h < j && rows_of(l, h, j, cols) < rows) {
			assert_int_equal(p[k].head, h);
			assert_int_equal(p[k].head_end, j);
		} else {
			assert_int_equal(p[k].head, p[k].head_end);
		}
		for (unsigned i = f + 1; i < p[k].end; i++) {   /* a section begun here ends here */
			if (!l[i].section)
				continue;
			unsigned e = i + 1;
			while (e < n && !l[e].section)
				e++;
			assert_true(e <= p[k].end || rows_of(l, i, e, cols) > rows);
		}
	}
	assert_int_equal(next, n);
}

static const char *const words[] = { "pit", "periodic", "spin", "+0.00166", "%", "+/-",
				     "0.00000", "HZ=1000", "vs", "HZ=100", "lapic", "matrix" };

static char *random_line(unsigned max_words)
{
	char *s = calloc(1, 512);
	unsigned n = 1 + (unsigned)rand() % max_words;
	for (unsigned i = 0; i < n; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, words[rand() % (int)(sizeof(words) / sizeof(words[0]))]);
	}
	return s;
}

static void random_tables(void **state)
{
	srand(28);
	for (unsigned trial = 0; trial < 2000; trial++) {
		struct textline l[200];
		unsigned n = 1 + (unsigned)rand() % 200, group = 0;
		for (unsigned i = 0; i < n; i++) {
			group += rand() % 10 == 0;
			l[i] = (struct textline){ random_line(rand() % 8 ? 6 : 40), group,
						  rand() % 6 == 0, rand() % 15 == 0, rand() % 25 == 0 };
		}
		unsigned cols = 20 + (unsigned)rand() % 220, rows = 3 + (unsigned)rand() % 60;
		struct textpage p[TEXTPAGES_MAX];
		unsigned count = textpages_plan(l, n, cols, rows, p);
		if (count < TEXTPAGES_MAX)
			check(l, n, cols, rows, p, count);
		for (unsigned i = 0; i < n; i++)
			free((char *)l[i].text);
	}
}

/* A table longer than a page: each of its pages starts with the head. */
static void long_table(void **state)
{
	struct textline l[40];
	char text[40][16];
	l[0] = (struct textline)L("title:", 1, true);
	l[1] = (struct textline)L("   HZ=100  HZ=1000", 1, true);
	for (unsigned i = 2; i < 40; i++) {
		snprintf(text[i], sizeof(text[i]), "row %u", i);
		l[i] = (struct textline)L(text[i], 1, false);
	}
	struct textpage p[TEXTPAGES_MAX];
	unsigned count = textpages_plan(l, 40, 80, 10, p);
	assert_int_equal(count, 5);         /* 10 rows, then 8 a page below the head */
	for (unsigned k = 1; k < count; k++) {
		assert_int_equal(p[k].head, 0);
		assert_int_equal(p[k].head_end, 2);
	}
	check(l, 40, 80, 10, p, count);
}

/* A head that would end a page goes to the next one with its first row. */
static void head_not_orphaned(void **state)
{
	struct textline l[] = {
		L("a", 0, false), L("b", 0, false), L("c", 0, false),
		L("table:", 1, true), L("row 1", 1, false), L("row 2", 1, false),
	};
	struct textpage p[TEXTPAGES_MAX];
	unsigned count = textpages_plan(l, 6, 80, 4, p);
	assert_int_equal(count, 2);
	assert_int_equal(p[0].end, 3);
	assert_int_equal(p[1].first, 3);
	assert_int_equal(p[1].head, p[1].head_end);
}

/* The quick suite's report (QEMU, --icount), and the default suite's shape's (QEMU
 * TCG, tests/host/screen-sizes.sh's log), with the kinds the kernel gives their
 * lines (kernel/qrscreen.c: 0 details, 1 answer, 2 verdict, 4 warning). */
static const struct textline quick[] = {
	S("tickbench: the details (the answer follows):", 0),
	L("CPU      AuthenticAMD \"QEMU TCG CPU version 2.5+\", hypervisor TCGTCGTCGTCG", 0, false),
	L("TSC      1000.000 MHz from hpet; references spread 0 ppm; invariant no", 0, false),
	L("direct   per interrupt, the floor handler; cycles = instructions here (each 8-instruction loop step took 8)", 0, false),
	L("CPU lost at each HZ on 1 CPU, % of the CPU +/- 95 % (each run with the timer against its run without; n=3 runs):", 0, true),
	L("                        HZ=100                     HZ=1000", 0, true),
	L("pit periodic spin       0.000144 % +/- 0.000000 %  0.00180 % +/- 0.00000 %", 0, false),
	L("pit periodic matrix     0.000048 % +/- 0.000000 %  0.000589 % +/- 0.000000 %", 0, false),
	L("pit periodic memwalk    0.000048 % +/- 0.000000 %  0.000600 % +/- 0.000000 %", 0, false),
	L("lapic periodic spin     0.000180 % +/- 0.000000 %  0.00180 % +/- 0.00000 %", 0, false),
	L("lapic periodic matrix   0.000048 % +/- 0.000000 %  0.000589 % +/- 0.000000 %", 0, false),
	L("lapic periodic memwalk  0.000060 % +/- 0.000000 %  0.000600 % +/- 0.000000 %", 0, false),
	L("hpet periodic spin      0.000240 % +/- 0.000000 %  0.00240 % +/- 0.00000 %", 0, false),
	L("hpet periodic matrix    0.000096 % +/- 0.000000 %  0.00118 % +/- 0.00000 %", 0, false),
	L("hpet periodic memwalk   0.000120 % +/- 0.000000 %  0.00120 % +/- 0.00000 %", 0, false),
	L("The serial log holds every record: tickstat report LOG compares them.", 0, false),
	S("======================== tickbench: the answer ========================", 1),
	L("CPU      QEMU TCG CPU version 2.5+, TSC 1000.000 MHz (from hpet)", 1, false),
	L("warning  an emulator underneath: its figures are the host's, not a PC's; the TSC is not invariant: its rate may follow the core clock", 4, false),
	L("reads (median cycles): rdtsc 1 rdtscp 1 hpet 2 pmtimer 8 pit 4 lapic 2", 1, false),
	L("acks (median cycles): eoi-xapic 2 eoi-8259 2", 1, false),
	L("timer    arm (ns)  latency p50 (ns)  latency p99 (ns)  direct (ns per interrupt)", 1, true),
	L("pit      2         17                17                5", 1, false),
	L("lapic    1         18                18                5", 1, false),
	L("hpet     1         20                27                2", 1, false),
	L("CPU lost to the tick on 1 CPU, % +/- 95 % where a difference is proven (n=3+3):", 2, true),
	L("                        HZ=1000 vs HZ=100", 2, true),
	L("pit periodic spin       +0.00166 % +/- 0.00000 %", 2, false),
	L("pit periodic matrix     +0.000541 % +/- 0.000000 %", 2, false),
	L("pit periodic memwalk    +0.000552 % +/- 0.000000 %", 2, false),
	L("lapic periodic spin     +0.00162 % +/- 0.00000 %", 2, false),
	L("lapic periodic matrix   +0.000541 % +/- 0.000000 %", 2, false),
	L("lapic periodic memwalk  +0.000540 % +/- 0.000000 %", 2, false),
	L("hpet periodic spin      +0.00216 % +/- 0.00000 %", 2, false),
	L("hpet periodic matrix    +0.00108 % +/- 0.00000 %", 2, false),
	L("hpet periodic memwalk   +0.00108 % +/- 0.00000 %", 2, false),
};

static const struct textline normal[] = {
	S("tickbench: the details (the answer follows):", 0),
	L("CPU      AuthenticAMD \"QEMU TCG CPU version 2.5+\", hypervisor TCGTCGTCGTCG", 0, false),
	L("TSC      2445.405 MHz from hpet; references spread 3 ppm; invariant no", 0, false),
	L("direct   per interrupt, the floor handler", 0, false),
	L("CPU lost at each HZ on 1 CPU, % of the CPU +/- 95 % (each run with the timer against its run without; n=2 runs):", 0, true),
	L("                        HZ=100           HZ=250            HZ=1000          HZ=10000", 0, true),
	L("pit periodic spin       5 % +/- 41 %     -24 % +/- 918 %   -19 % +/- 486 %  61 % +/- 263 %", 0, false),
	L("pit periodic matrix     3 % +/- 202 %    -29 % +/- 40 %    42 % +/- 750 %   9 % +/- 219 %", 0, false),
	L("pit periodic memwalk    -36 % +/- 231 %  -15 % +/- 140 %   -13 % +/- 40 %   26 % +/- 246 %", 0, false),
	L("lapic periodic spin     -18 % +/- 13 %   -31 % +/- 405 %   -0 % +/- 119 %   8 % +/- 343 %", 0, false),
	L("lapic periodic matrix   10 % +/- 55 %    66 % +/- 808 %    -43 % +/- 501 %  8 % +/- 42 %", 0, false),
	L("lapic periodic memwalk  -4 % +/- 201 %   -3.1 % +/- 0.8 %  -13 % +/- 34 %   36 % +/- 65 %", 0, false),
	L("hpet periodic spin      30 % +/- 512 %   -23 % +/- 309 %   29 % +/- 98 %    -12 % +/- 874 %", 0, false),
	L("hpet periodic matrix    6 % +/- 66 %     -50 % +/- 393 %   17 % +/- 41 %    73 % +/- 1162 %", 0, false),
	L("hpet periodic memwalk   -35 % +/- 444 %  18 % +/- 280 %    -37 % +/- 387 %  -13 % +/- 744 %", 0, false),
	L("Idle: wake-up latency by state and source, ns (mean over runs of each run's p50, p99, p99.9; largest max):", 0, true),
	L("  hlt          pit             30987   5650464   5650464   5777227", 0, false),
	L("  hlt          lapic           25543   5945963   5945963   9814673", 0, false),
	L("  hlt          hpet            28474   4123721   4123721   7194155", 0, false),
	L("The serial log holds every record: tickstat report LOG compares them.", 0, false),
	S("======================== tickbench: the answer ========================", 1),
	L("CPU      QEMU TCG CPU version 2.5+, TSC 2445.405 MHz (from hpet)", 1, false),
	L("warning  an emulator underneath: its figures are the host's, not a PC's; the TSC is not invariant: its rate may follow the core clock; 18 tick runs got under 99% of their ticks: interrupts were lost", 4, false),
	L("reads (median cycles): rdtsc 36 rdtscp 48 hpet 512 pmtimer 206 pit 512 lapic 306", 1, false),
	L("acks (median cycles): eoi-xapic 172 eoi-8259 144", 1, false),
	L("timer    arm (ns)  latency p50 (ns)  latency p99 (ns)  direct (ns per interrupt)", 1, true),
	L("pit      916       30987             5650464           358830", 1, false),
	L("lapic    107       25543             5945963           33598", 1, false),
	L("hpet     984       28474             4123721           417874", 1, false),
	L("CPU lost to the tick on 1 CPU, % +/- 95 % where a difference is proven (n=2+2):", 2, true),
	L("                        HZ=250 vs HZ=100            HZ=1000 vs HZ=100            HZ=10000 vs HZ=100", 2, true),
	L("pit periodic spin       needed: 1 boot x 49 runs    needed: 1 boot x 20 runs     needed: 1 boot x 3 runs", 2, false),
	L("pit periodic matrix     needed: 1 boot x 4 runs     needed: 1 boot x 20 runs     needed: 1 boot x 148 runs", 2, false),
	L("pit periodic memwalk    needed: 1 boot x 9 runs     needed: 1 boot x 7 runs      needed: 1 boot x 3 runs", 2, false),
	L("lapic periodic spin     needed: 1 boot x 47 runs    needed: 1 boot x 4 runs      needed: 1 boot x 10 runs", 2, false),
	L("lapic periodic matrix   needed: 1 boot x 12 runs    needed: 1 boot x 6 runs      needed: 1 boot x 33 runs", 2, false),
	L("lapic periodic memwalk  needed: 1 boot x 5244 runs  needed: 1 boot x 26 runs     needed: 1 boot x 3 runs", 2, false),
	L("hpet periodic spin      needed: 1 boot x 8 runs     needed: 1 boot x 23863 runs  needed: 1 boot x 29 runs", 2, false),
	L("hpet periodic matrix    needed: 1 boot x 4 runs     needed: 1 boot x 4 runs      needed: 1 boot x 16 runs", 2, false),
	L("hpet periodic memwalk   needed: 1 boot x 6 runs     needed: 1 boot x 5536 runs   needed: 1 boot x 70 runs", 2, false),
};

/* The answer, from its banner: on one page wherever it fits one. */
static void answer_whole(const struct textline *l, unsigned n, unsigned cols, unsigned rows,
			 const struct textpage *p, unsigned count)
{
	unsigned a = 0;
	while (a < n && !(l[a].section && l[a].group == 1))
		a++;
	unsigned need = 0;
	for (unsigned i = a; i < n; i++)
		need += textpages_rows(l[i].text, cols);
	for (unsigned k = 0; k < count && need <= rows; k++)
		if (p[k].first <= a && a < p[k].end)
			assert_int_equal(p[k].end, n);
}

/* Each screen the kernel takes: VGA text 80x25, 800x600, 1024x768, and 1920x1080 and
 * 3840x2160 (both 240x67), less the two caption rows. */
static void both_suites_every_size(void **state)
{
	static const unsigned grids[][2] = { { 80, 23 }, { 100, 35 }, { 128, 46 }, { 240, 65 } };
	const struct { const char *name; const struct textline *l; unsigned n; } suites[] = {
		{ "quick", quick, sizeof(quick) / sizeof(quick[0]) },
		{ "default", normal, sizeof(normal) / sizeof(normal[0]) },
	};
	for (unsigned s = 0; s < 2; s++)
		for (unsigned g = 0; g < 4; g++) {
			struct textpage p[TEXTPAGES_MAX];
			unsigned cols = grids[g][0], rows = grids[g][1];
			unsigned count = textpages_plan(suites[s].l, suites[s].n, cols, rows, p);
			printf("%s suite at %ux%u: %u page(s)\n", suites[s].name, cols, rows + 2, count);
			check(suites[s].l, suites[s].n, cols, rows, p, count);
			answer_whole(suites[s].l, suites[s].n, cols, rows, p, count);
		}
}

/* The end screen's pages with the verdict (group 2) pinned, as the kernel pins it:
 * each suite at each size has the verdict on every page, the first too, wherever
 * it leaves room to pin it (not the default suite's on VGA text); at 1280x800 and
 * 1920x1080 it always does. */
static void verdict_on_every_page(void **state)
{
	static const unsigned grids[][2] = { { 80, 23 }, { 100, 35 }, { 128, 46 }, { 160, 48 },
					     { 240, 65 } };
	const struct { const struct textline *l; unsigned n; } suites[] = {
		{ quick, sizeof(quick) / sizeof(quick[0]) },
		{ normal, sizeof(normal) / sizeof(normal[0]) },
	};
	for (unsigned s = 0; s < 2; s++)
		for (unsigned g = 0; g < sizeof(grids) / sizeof(grids[0]); g++) {
			struct textline l[64];
			struct textpage p[TEXTPAGES_MAX];
			for (unsigned i = 0; i < suites[s].n; i++) {
				l[i] = suites[s].l[i];
				l[i].pinned = l[i].group == 2;
			}
			unsigned count = textpages_plan(l, suites[s].n, grids[g][0], grids[g][1], p);
			check(l, suites[s].n, grids[g][0], grids[g][1], p, count);
			unsigned pinned = textpages_pinned_rows(l, suites[s].n, grids[g][0], grids[g][1]);
			printf("suite %u at %ux%u: %u page(s), the verdict pinned in %u rows\n", s,
			       grids[g][0], grids[g][1] + 2, count, pinned);
			assert_true(pinned || grids[g][0] < 160);
			for (unsigned k = 0; k < count && pinned; k++)
				assert_true(p[k].pinned || textpages_holds_pinned(l, &p[k]));
		}
}

/* The quick suite on 80x25: two pages, the answer whole on the second. */
static void quick_suite_80x25(void **state)
{
	unsigned n = sizeof(quick) / sizeof(quick[0]);
	struct textpage p[TEXTPAGES_MAX];
	unsigned count = textpages_plan(quick, n, 80, 23, p);
	check(quick, n, 80, 23, p, count);
	assert_int_equal(count, 2);
	assert_int_equal(p[1].first, 16);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(folds_at_spaces),
		cmocka_unit_test(random_tables),
		cmocka_unit_test(long_table),
		cmocka_unit_test(head_not_orphaned),
		cmocka_unit_test(quick_suite_80x25),
		cmocka_unit_test(both_suites_every_size),
		cmocka_unit_test(verdict_on_every_page),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
