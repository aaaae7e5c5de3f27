/* The run's status (see status.h). */
#include "status.h"

static enum run_status status = RUN_PASS;

void run_set_status(enum run_status s)
{
	if (s > status)
		status = s;
}

enum run_status run_status(void) { return status; }

const char *run_status_name(void)
{
	static const char *const names[] = {
		[RUN_PASS] = "pass", [RUN_FAIL] = "fail", [RUN_ERROR] = "error",
	};
	return names[status];
}
