/* tickstat column: one number per line of the selected records' field (input for
 * ministat itself); several configurations each after a "# " line (--heads: one
 * alone too). */
#include "tickstat.h"
#include "select.h"

#include <string.h>

const struct help help_column = {
	"column [--type T] [--where K=V]... [--heads] FIELD LOG...",
	"  one number per line (input for ministat); FIELD may be cost, direct (a run's\n"
	"  hole cycles per interrupt) or lost_ppm (the CPU share a run lost); several\n"
	"  configurations, each after a '# ' line\n",
	"  --heads         the '# ' line before one configuration's numbers too\n",
	select_help
};

int cmd_column(int argc, char **argv)
{
	struct selection sel = { .merge_logs = true };
	char *logs[SELECT_MAX_SETS];
	int nlogs = 0;
	bool heads = false;
	for (int i = 0; i < argc; i++) {
		if (select_option(&sel, argc, argv, &i))
			continue;
		if (!strcmp(argv[i], "--heads")) {
			heads = true;
			continue;
		}
		if (argv[i][0] == '-' && argv[i][1])
			usage_error("unknown option %s", argv[i]);
		if (!sel.field)
			sel.field = argv[i];
		else if (nlogs < SELECT_MAX_SETS)
			logs[nlogs++] = argv[i];
	}
	if (!sel.field || nlogs == 0)
		usage_error("FIELD and LOG needed");
	if (logs_ready(logs, nlogs, true))
		return 2;
	if (sel.by)
		usage_error("--by is for compare; use --where");
	if (sel.numbers)
		usage_error("-n is for compare: column reads logs");
	struct series *s;
	sel.split_configs = true;
	int n, status = select_sets(logs, nlogs, &sel, &s, &n);
	/* Several configurations (or --heads): each headed by a "# " line (ministat
	 * skips those); one without a value is left out. */
	for (int i = 0; i < n && status < 2; i++) {
		if ((n > 1 || heads) && s[i].d.n)
			printf("# %s\n", s[i].config);
		for (size_t k = 0; k < s[i].d.n; k++)
			printf("%.17g\n", s[i].d.v[k]);
	}
	if (n > 1 && !heads && status < 2)
		say_error("%d configurations, each headed by a '#' line; "
			"choose one with --where K=V before ministat", n);
	select_free(s, n);
	return status;
}
