/* tickstat's grouping of logs by machine (tools/tickstat/machines.c): logs of one
 * machine id and one build pooled, every other pair kept apart; --baseline's
 * names; labels that fit their columns; the headline figures a report gives the
 * table across machines (machines_report.c), with known values. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "../../tools/tickstat/machines.h"

static struct mlog ml(const char *path, const char *id, const char *version, const char *brand)
{
	struct mlog m = { .path = path };
	snprintf(m.id, sizeof(m.id), "%s", id);
	snprintf(m.version, sizeof(m.version), "%s", version);
	snprintf(m.brand, sizeof(m.brand), "%s", brand);
	snprintf(m.manufacturer, sizeof(m.manufacturer), "ACME");
	snprintf(m.product, sizeof(m.product), "Box");
	return m;
}

/* a, b: id 1, build v1 (pooled); c: id 2 same brand; d: id 1 build v2; e, f: no
 * machine record, each its own. */
static void groups_pool_only_same_id_and_build(void **state)
{
	struct mlog ids[] = {
		ml("a.log", "00000001", "v1", "CPU X"), ml("c.log", "00000002", "v1", "CPU X"),
		ml("b.log", "00000001", "v1", "CPU X"), ml("d.log", "00000001", "v2", "CPU X"),
		ml("e.log", "", "v1", ""), ml("f.log", "", "v1", ""),
	};
	struct mgroup g[M_MAX_GROUPS];
	int n = machine_groups(ids, 6, g);
	assert_int_equal(n, 5);
	assert_string_equal(g[0].key, "M1");
	assert_int_equal(g[0].nlogs, 2);
	assert_int_equal(g[0].logs[0], 0);
	assert_int_equal(g[0].logs[1], 2);
	assert_int_equal(g[0].same_id_as, -1);
	assert_string_equal(g[1].who->path, "c.log");
	assert_int_equal(g[1].same_id_as, -1);
	assert_string_equal(g[2].who->path, "d.log");
	assert_int_equal(g[2].same_id_as, 0);        /* M1's machine, another build */
	assert_int_equal(g[3].nlogs, 1);
	assert_int_equal(g[4].nlogs, 1);
	assert_string_equal(g[4].key, "M5");
	(void)state;
}

/* tickbench-linux's logs (b, d) never grouped with the bare kernel's: b shares a's and
 * c's id and build but is a group of its own; then set after the bare ones, each side
 * in its order, and the bare ones grouped alone: a and c, one group. */
static void linux_logs_set_apart(void **state)
{
	char *paths[] = { "a.log", "b.log", "c.log", "d.log" };
	struct mlog ids[] = {
		ml(paths[0], "00000001", "v1", ""), ml(paths[1], "00000001", "v1", ""),
		ml(paths[2], "00000001", "v1", ""), ml(paths[3], "00000002", "v1", ""),
	};
	ids[1].under_linux = ids[3].under_linux = true;
	struct mgroup g[M_MAX_GROUPS];
	int bare = -1, ng = machine_groups(ids, 4, g);
	assert_int_equal(ng, 3);
	assert_int_equal(g[0].nlogs, 2);                /* a and c */
	assert_ptr_equal(g[1].who->path, paths[1]);     /* b alone */
	ng = machine_bare_first(paths, ids, 4, g, ng, &bare);
	assert_int_equal(bare, 2);
	assert_int_equal(ng, 1);
	assert_string_equal(paths[0], "a.log");
	assert_string_equal(paths[1], "c.log");
	assert_string_equal(paths[2], "b.log");
	assert_string_equal(paths[3], "d.log");
	assert_string_equal(ids[1].path, "c.log");
	assert_int_equal(g[0].nlogs, 2);
	assert_int_equal(g[0].logs[1], 1);
	(void)state;
}

static void baseline_by_key_or_id(void **state)
{
	struct mlog ids[] = {
		ml("a.log", "1a2b3c4d", "v1", ""), ml("b.log", "1a2b9999", "v1", ""),
		ml("c.log", "5e6f7a8b", "v1", ""), ml("d.log", "5e6f7a8b", "v2", ""),
	};
	struct mgroup g[M_MAX_GROUPS];
	int n = machine_groups(ids, 4, g);
	assert_int_equal(n, 4);
	assert_int_equal(machine_find(g, n, "M2"), 1);
	assert_int_equal(machine_find(g, n, "m3"), 2);
	assert_int_equal(machine_find(g, n, "1a2b3c4d"), 0);
	assert_int_equal(machine_find(g, n, "1a2b"), -1);    /* two machines */
	assert_int_equal(machine_find(g, n, "5e6f"), -1);    /* one id, two builds */
	assert_int_equal(machine_find(g, n, "M9"), -1);
	assert_int_equal(machine_find(g, n, "ffff"), -1);
	(void)state;
}

static void labels_fit_and_name_unknown_logs(void **state)
{
	struct mlog ids[] = {
		ml("dir/x.log", "00000001", "v1",
		   "Intel(R) Xeon(R) Gold 6248R CPU @ 3.00GHz with a very long brand string"),
		ml("dir/old.log", "", "v1", ""),
	};
	struct mgroup g[M_MAX_GROUPS];
	char buf[200];
	assert_int_equal(machine_groups(ids, 2, g), 2);
	machine_label(buf, sizeof(buf), &g[0], 40);
	assert_int_equal(strlen(buf), 40);
	assert_memory_equal(buf, "ACME Box / Intel(R)", 19);
	assert_string_equal(buf + 37, "...");
	machine_label(buf, sizeof(buf), &g[1], 74);
	assert_string_equal(buf, "unknown machine: old.log (no machine record)");
	(void)state;
}

/* A record of type with n fields from kv (key, value, key, value, ...): a value
 * with a digit first is an integer, "true"/"false" a bool, anything else a string. */
static struct rec make_rec(const char *type, const char *const *kv, size_t n)
{
	struct rec r = { .file = "f.log", .type = type };
	for (size_t i = 0; i < n; i++) {
		const char *v = kv[2 * i + 1];
		field_name(&r.f[i], kv[2 * i]);
		if (v[0] >= '0' && v[0] <= '9')
			r.f[i].v = (struct value){ .kind = V_INT, .u = strtoull(v, NULL, 10) };
		else if (!strcmp(v, "true") || !strcmp(v, "false"))
			r.f[i].v = (struct value){ .kind = V_BOOL, .b = v[0] == 't' };
		else
			r.f[i].v = (struct value){ .kind = V_STRING, .s = v };
	}
	r.nfields = n;
	return r;
}

static void take(struct report *rep, const char *type, const char *const *kv, size_t n)
{
	struct rec r = make_rec(type, kv, n);
	report_take(&r, rep);
}

/* tsc_hz 10^9 (1 cycle = 1 ns); lapic periodic spin at 100 and 1000 Hz, 3 pairs of
 * runs each, 2000 direct cycles per interrupt at 1000 Hz; rdtsc read and hpet
 * latency: the figures in report's order, direct at the highest HZ only. */
static void figures_of_a_report(void **state)
{
	struct report *rep = report_new(2);
	const char *cal[] = { "tsc_hz", "1000000000" };
	take(rep, "boot", (const char *[]){ "version", "v1" }, 1);
	take(rep, "calibration", cal, 1);
	for (int run = 0; run < 3; run++) {
		char runs[8], cyc_on[16], gap[16];
		snprintf(runs, sizeof(runs), "%d", run);
		for (int h = 0; h < 2; h++) {
			const char *hz = h ? "1000" : "100", *irq = h ? "100" : "10";
			snprintf(cyc_on, sizeof(cyc_on), "%d", 100000000 + (h ? 400000 : 40000) + run * 10);
			snprintf(gap, sizeof(gap), "%d", (h ? 100 : 10) * (2000 + run));
			const char *off[] = { "bench", "tick", "timer", "lapic", "mode", "periodic",
					      "hz", hz, "workload", "spin", "run", runs,
					      "timer_on", "false", "cycles", "100000000", "interrupts", "0" };
			const char *on[] = { "bench", "tick", "timer", "lapic", "mode", "periodic",
					     "hz", hz, "workload", "spin", "run", runs, "timer_on", "true",
					     "cycles", cyc_on, "interrupts", irq, "gaps", irq,
					     "gap_cycles", gap };
			take(rep, "run", off, 9);
			take(rep, "run", on, 11);
		}
		const char *rd[] = { "bench", "readcost", "what", "rdtsc", "p50", "20", "p99", "30" };
		const char *lat[] = { "bench", "latency", "what", "hpet", "p50", "900", "p99", "4000" };
		take(rep, "stats", rd, 4);
		take(rep, "stats", lat, 4);
	}
	struct headlines *fs = calloc(1, sizeof(*fs));
	machine_figures(rep, fs);
	const char *want[] = { "read rdtsc p50", "latency hpet p50", "latency hpet p99",
			       "direct cost lapic periodic spin cpus=1 HZ=1000",
			       "CPU share lapic periodic spin cpus=1 HZ=100",
			       "CPU share lapic periodic spin cpus=1 HZ=1000" };
	assert_int_equal(fs->n, 6);
	for (int i = 0; i < 6; i++)
		assert_string_equal(fs->f[i].name, want[i]);
	const struct headline *d = find_figure(fs, want[3]);
	assert_non_null(d);
	assert_false(d->share);
	assert_int_equal(d->d->n, 3);
	assert_true(fabs(ds_mean(d->d) - 2001) < 1e-9);          /* ns: 1 GHz */
	const struct headline *s = find_figure(fs, want[5]);
	assert_true(s->share);
	assert_true(fabs(ds_mean(s->d) - 4000.1) < 1e-6);        /* ppm: 400010 / 10^8 */
	assert_null(find_figure(fs, "read hpet p50"));
	free(fs);
	report_free(rep);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(groups_pool_only_same_id_and_build),
		cmocka_unit_test(linux_logs_set_apart),
		cmocka_unit_test(baseline_by_key_or_id),
		cmocka_unit_test(labels_fit_and_name_unknown_logs),
		cmocka_unit_test(figures_of_a_report),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
