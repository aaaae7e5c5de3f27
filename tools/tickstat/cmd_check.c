/* tickstat check: the integrity verdict for each log. */
#include "tickstat.h"
#include "html_logs.h"

#include <string.h>

const struct help help_check = {
	"check LOG...",
	"  integrity: CRC, seq, boot first, end last, JSON, every record held to the\n"
	"  record contract (docs/FORMAT.md); a verdict line per log; exit 1 when a log\n"
	"  is damaged, truncated or incomplete; an HTML report (report --html) stands\n"
	"  for the logs inside it\n",
	NULL, NULL
};

int cmd_check(int argc, char **argv)
{
	int worst = 0;
	for (int i = 0; i < argc; i++)
		if (argv[i][0] == '-' && argv[i][1])
			usage_error("unknown option %s", argv[i]);
	argv = html_logs_expand(argv, &argc);
	if (logs_ready(argv, argc, false))
		return 2;
	for (int i = 0; i < argc; i++) {
		struct log_report rep = { 0 };
		int rc = log_read(argv[i], NULL, NULL, &rep);
		const char *name = log_name(argv[i]);
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
