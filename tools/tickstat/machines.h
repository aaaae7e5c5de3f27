/* Logs of several machines (docs/TICKSTAT.md, "Several machines"): which machine
 * and build each log comes from (its `machine` record's id, its `boot` record's
 * version), the groups of logs that are pooled (same id and same build), their
 * short keys M1, M2, ... and labels; report's table across machines. */
#ifndef TICKSTAT_MACHINES_H
#define TICKSTAT_MACHINES_H

#include "report.h"

#include <stdbool.h>

#define M_MAX_GROUPS 64
#define M_MAX_LOGS   256   /* in one group */

/* What one log says about its machine; id is "" when the log has no machine record. */
struct mlog {
	const char *path;
	char id[16], version[64], firmware[16];
	char manufacturer[64], product[64], brand[80], bios_version[64], microcode[24];
	bool under_linux;              /* tickbench-linux's log: its platform's os "linux" */
};

/* Logs pooled as one machine: same id and same version; a log without an id is a
 * group of its own. */
struct mgroup {
	char key[16];            /* "M1" */
	const struct mlog *who;  /* its first log */
	int logs[M_MAX_LOGS];      /* indices into the logs given */
	int nlogs;
	int same_id_as;          /* an earlier group of the same id (another build), or -1 */
	struct report *rep;
};

/* Read what paths[i] say about their machines into ids[i] (quietly: the figures'
 * own reading reports problems). Returns 2 when a log cannot be read, else 0. */
int machine_scan(char **paths, int n, struct mlog *ids);

/* Group ids[0..n) in order of first appearance (pure). Returns the number of
 * groups, or -1 with more than M_MAX_GROUPS groups or M_MAX_LOGS logs in one. */
int machine_groups(const struct mlog *ids, int n, struct mgroup *out);

/* The group a --baseline argument names: its key (M2) or a machine id (or its
 * prefix, when unique). -1 when none or several. */
int machine_find(const struct mgroup *g, int n, const char *arg);

/* "QEMU Standard PC (i440FX + PIIX, 1996) / QEMU TCG CPU version 2.5+", cut to size
 * columns; the file's name for a log without a machine record. */
void machine_label(char *buf, size_t size, const struct mgroup *g, size_t cols);

/* Print the legend of machines and the notes on groups kept apart (same CPU brand
 * with other ids, same id with another build). */
void machine_legend(const struct mgroup *g, int n, int baseline);

/* A headline figure of one machine: its per-run values. */
#define M_MAX_FIGURES 1024
struct headline {
	char name[200];          /* "direct cost lapic periodic spin cpus=1 HZ=10000" */
	const struct dataset *d;
	bool share;              /* millionths of the CPU, else ns or cycles */
	const struct rconfig *c; /* a tick figure's configuration (its rate kept or not) */
};
struct headlines {
	struct headline f[M_MAX_FIGURES];
	int n;
};

/* The headline figures of a report: read and arm p50, latency p50 and p99, direct
 * cost per source at its highest HZ, the CPU share of every configuration. */
void machine_figures(struct report *r, struct headlines *fs);
const struct headline *find_figure(const struct headlines *fs, const char *name);

/* A report per group (its logs read with report_take) at conf_pct[ci]; returns the
 * worst log status. machine_reports_free frees them. */
int machine_reports(struct mgroup *g, int n, char **logs, int ci);
void machine_reports_free(struct mgroup *g, int n);

/* plot across machines (machines_plot.c): a panel per headline figure, a bar per
 * machine with its 95 % interval. Returns the exit status. */
int machines_plot(struct mgroup *g, int n, const char *out);

/* The report across machines: the legend, then per headline figure one row per
 * machine with its interval and its difference to the baseline group. */
void machines_print(struct mgroup *g, int n, int baseline, int ci);

/* Set tickbench-linux's logs apart (report's "What the OS adds to a tick"): paths[]
 * and ids[] reordered, the bare kernel's logs first, each side in its order, and
 * the bare ones alone grouped anew into groups when there are both. Returns the
 * groups; *bare: the bare logs. */
int machine_bare_first(char **paths, struct mlog *ids, int n, struct mgroup *groups, int ng,
		       int *bare);

/* The groups for the logs (scan and group), with a message on error; returns the
 * count, or -1. */
int machine_setup(char **paths, int n, struct mlog **ids, struct mgroup **groups);

#endif
