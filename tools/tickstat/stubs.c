/* Commands not written yet. */
#include "tickstat.h"

static int not_yet(const char *what)
{
	fprintf(stderr, "tickstat: %s is not implemented yet\n", what);
	return 2;
}



int cmd_export(int argc, char **argv) { return not_yet("export"); }

int cmd_plot(int argc, char **argv) { return not_yet("plot"); }
