/* tickstat plot's panel "What the OS adds to a tick" (os_vs_bare.h): per Linux
 * configuration one bar, Linux's direct cost per tick taken apart (the bare floor,
 * the kernel's entry, exit and tick work above it) with the rest of the whole OS's
 * loss on spin per timer interrupt stacked on it; means, ns. */
#include "os_vs_bare.h"

int os_adds_block(FILE *g, struct os_adds *a)
{
	int rows = 0;
	os_adds_order(a);
	fprintf(g, "$os << EOD\n");
	for (int i = 0; i < a->nconfig; i++) {
		struct os_parts p;
		char label[64];
		if (!os_parts_of(a, &a->cfg[i], &p))
			continue;
		os_config_label(label, sizeof(label), &a->cfg[i]);
		fprintf(g, "\"%s\" %.9g %.9g %.9g\n", label, p.floor, p.linux_direct - p.floor,
			p.rest);
		rows++;
	}
	fprintf(g, "EOD\n");
	return rows;
}

void os_adds_plot(FILE *g)
{
	fprintf(g, "set title 'What the OS adds to a tick (Linux beside the bare kernel, "
		"one machine; means)'\nset xlabel ''\nset ylabel 'ns per timer interrupt'\n"
		"set style histogram rowstacked\nset style fill solid 0.6 border -1\n"
		"set boxwidth 0.6\nset key outside right top vertical\nset yrange [0:*]\n"
		"plot $os using 2:xtic(1) with histograms title 'bare floor handler', "
		"'' using 3 with histograms title \"kernel's entry, exit, tick work\", "
		"'' using 4 with histograms title 'rest of the OS (spin work rate)'\n"
		"set key default\nset yrange [*:*]\n");
}
