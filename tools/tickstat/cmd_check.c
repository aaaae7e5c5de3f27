/* tickstat check: the integrity verdict for each log. */
#include "tickstat.h"

#include <string.h>

int cmd_check(int argc, char **argv)
{
	int worst = 0;
	if (argc == 0)
		usage_error("check: no LOG given");
	for (int i = 0; i < argc; i++) {
		if (argv[i][0] == '-' && argv[i][1])
			usage_error("check: unknown option %s", argv[i]);
		struct log_report rep = { 0 };
		int rc = log_read(argv[i], NULL, NULL, &rep);
		const char *name = strcmp(argv[i], "-") ? argv[i] : "(stdin)";
		if (rc == 0)
			printf("%s: ok, %lu records in %lu lines\n", name, rep.records, rep.lines);
		else if (rc == 1)
			printf("%s: DAMAGED, %lu problem(s); %lu intact records in %lu lines\n",
			       name, rep.problems, rep.records, rep.lines);
		if (rc > worst)
			worst = rc;
	}
	return worst;
}
