/* tickstat's grouping of logs by machine (tools/tickstat/machines.c): logs of one
 * machine id and one build pooled, every other pair kept apart; --baseline's
 * names; labels that fit their columns. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(groups_pool_only_same_id_and_build),
		cmocka_unit_test(baseline_by_key_or_id),
		cmocka_unit_test(labels_fit_and_name_unknown_logs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
