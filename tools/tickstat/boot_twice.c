/* One boot given twice among the logs (boot_twice.h). */
#include "boot_twice.h"
#include "answer.h"
#include "student.h"
#include "tickstat.h"

#include <stdio.h>
#include <string.h>

/* Two boots that are one: the same boot record of the same file, or their machine,
 * build and seed all equal. */
static bool one_boot(const struct rboot *a, const struct rboot *b)
{
	if (a->line == b->line && same_file(a->file, b->file)) {
		say_error("%s and %s are one log given twice", a->file, b->file);
		return true;
	}
	if (!a->has_seed || !b->has_seed || a->seed != b->seed || strcmp(a->version, b->version) ||
	    strcmp(a->machine, b->machine))
		return false;
	say_error("%s:%lu and %s:%lu are one boot given twice (machine %s, build %s, seed %llu)",
		  a->file, a->line, b->file, b->line, a->machine[0] ? a->machine : "unknown",
		  a->version, a->seed);
	return true;
}

/* What tells the boots of the logs apart, into a report's boot list. */
static void scan_boot(const struct rec *rec, void *ctx)
{
	report_take_boot(ctx, rec);
}

bool boots_repeat(char **paths, int n)
{
	struct report *r = report_new(CONF_95);
	bool repeat = !r;
	static const char *const identity[] = { "boot", "machine", NULL };
	for (int i = 0; r && i < n; i++) {
		struct log_report quiet = { .quiet = true, .only = identity };
		log_read(paths[i], scan_boot, r, &quiet);
	}
	for (unsigned i = 0; r && i < r->boots && !repeat; i++)
		for (unsigned j = i + 1; j < r->boots && !repeat; j++)
			repeat = one_boot(&r->boot[i], &r->boot[j]);
	if (r)
		report_free(r);
	return repeat;
}
