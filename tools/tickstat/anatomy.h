/* tickstat report's "The tick, function by function" (docs/TICKSTAT.md; docs/METHOD.md,
 * "The tick's anatomy"): the annexes that tools/run --anatomy appends to a log
 * (docs/FORMAT.md, "The annex"). Per configuration of each boot (Linux's release and
 * its own arguments, or the bare kernel's handler; the runs' timer, HZ and
 * workload), the tick's instructions by layer and function, checked against the
 * holes the same runs left in the measuring loop, the bare floor's share, and each
 * Linux configuration against the first of the same workload. */
#ifndef TICKSTAT_ANATOMY_H
#define TICKSTAT_ANATOMY_H

#include "rec.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define AN_MAX_CONFIGS 16
#define AN_MAX_LAYERS  24
#define AN_MAX_HOLES   64
#define AN_NAME        96

struct an_function {
	char name[AN_NAME], layer[24];
	uint64_t instructions;
};

struct an_layer {
	char name[24], description[AN_NAME];
};

/* Its ticks under the cache mode's model (docs/FORMAT.md, "cache"). */
#define AN_LEVELS 4
#define AN_DISTANCES 40
struct an_caches {
	bool known;
	char preset[32], geometry[128];
	uint64_t episodes, fetched, fetched_sq, touched, touched_sq, evicted[AN_LEVELS];
	int64_t excess[AN_LEVELS], cycles, cycles_max;
	uint64_t cycles_sq, work_accesses, work_misses[AN_LEVELS];
	int nlayers;
	struct { char name[24]; uint64_t fetched, touched; } layer[AN_MAX_LAYERS];
	int64_t after[AN_DISTANCES][AN_LEVELS + 1];     /* by 2^k instructions after a tick */
};

/* One configuration's tick episodes, one boot's. */
struct an_config {
	char kernel[80];            /* "Linux 6.1.0-57-amd64" or "bare kernel" */
	char args[160];             /* Linux's own arguments, the runner's left out */
	char key[512];              /* its runs' configuration (lib/record/configuration.h) */
	char file[160];             /* its log */
	char workload[16], timer[24], mode[16], handler[16];
	uint64_t hz, runs, episodes, instructions, min, p50, p99, max;
	uint64_t other_episodes;    /* episodes of other kinds in its runs */
	bool holes_known;           /* spin: its runs' holes */
	uint64_t hole_cycles, holes;
	uint64_t tick_data_kib;     /* the bare handler's work model */
	uint64_t tsc_hz;            /* its boot's (0: not known) */
	struct an_function *fn;     /* the most instructions first */
	size_t nfn;
	struct an_caches caches;
};

struct anatomy {
	int n;
	struct an_config c[AN_MAX_CONFIGS];
	int nlayers;
	struct an_layer layer[AN_MAX_LAYERS];
	bool full;                  /* more configurations than it keeps */
	/* the log being read */
	struct {
		const char *file;
		bool under_linux, in_annex;
		char kernel[80], args[160];
		uint64_t tsc_hz;
		int nholes;
		struct { char key[512]; uint64_t cycles, holes; } holes[AN_MAX_HOLES];
		struct an_config *last; /* the configuration its anatomy records go to */
	} now;
};

/* Every record of the logs, in order (ctx: a zeroed struct anatomy). */
void anatomy_take(const struct rec *r, void *ctx);
void anatomy_free(struct anatomy *a);

/* The layers in the report's order and a configuration's instructions in one. */
uint64_t anatomy_layer_sum(const struct an_config *c, const char *layer);
/* "Linux 6.12.95+deb12-amd64 rcu_nocbs=all" (and the workload when asked). */
void anatomy_label(char *buf, size_t size, const struct an_config *c, bool workload);

/* The section, nothing without an annex (anatomy_print.c); its caches' part
 * (caches_print.c). */
void anatomy_print(const struct anatomy *a);
void anatomy_print_caches(const struct anatomy *a);
/* A configuration's modelled indirect cycles a tick, the mean (0 without). */
double anatomy_indirect(const struct an_config *c);
/* The plot's panel (anatomy_plot.c): its datablock to g, the rows (0: no panel);
 * then the panel: a bar per configuration, its layers stacked. */
int anatomy_block(FILE *g, const struct anatomy *a);
void anatomy_plot(FILE *g, const struct anatomy *a);
/* The caches' panel: the workload's extra misses against the instructions since the
 * tick, a line per configuration (0: none). */
int anatomy_after_block(FILE *g, const struct anatomy *a);
void anatomy_after_plot(FILE *g, const struct anatomy *a);

#endif
