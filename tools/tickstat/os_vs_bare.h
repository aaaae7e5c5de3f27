/* tickstat report's "What the OS adds to a tick" (docs/TICKSTAT.md; docs/METHOD.md,
 * "The OS beside the hardware"): the logs of tickbench-linux (the platform record's
 * `os` "linux") set beside the bare kernel's logs of the same machine (the machine
 * record's id). Per Linux configuration (its HZ, tick mode and clock event device):
 * the bare floor's and full handler's direct cost for that timer and mode, Linux's
 * direct cost per tick and their difference, the tick's CPU share, softirqs per
 * tick, the work rate against the bare kernel's; what nohz_full saves; the
 * configurations against each other in the words of the answer's HZ verdicts. */
#ifndef TICKSTAT_OS_VS_BARE_H
#define TICKSTAT_OS_VS_BARE_H

#include "answer.h"

#include <stdbool.h>
#include <stdio.h>

#define OS_MAX_CONFIGS  16
#define OS_MAX_SOURCES  16
#define OS_MAX_SOFTIRQ  12
#define OS_MAX_WORK     4

/* A workload's rate: iterations per TSC cycle, per run; step: the spin loop's step
 * of the log it came from first (its spin record's step_cycles; 0: none). */
struct os_work {
	char workload[A_NAME];
	struct dataset rate;
	double step;
};

/* One Linux configuration: the logs of one machine, HZ, tick mode (nohz) and clock
 * event device (as the run records name it: timer and mode). Per spin run its
 * direct cost per tick, ns and cycles, and the share of the run its tick's holes
 * took (direct x timer interrupts / cycles, ppm); per run of any workload the timer
 * interrupts a second and the softirqs per interrupt. */
struct os_config {
	struct configuration key;        /* first: an item of os_adds' configs */
	char machine[16], timer[A_NAME], mode[A_NAME], nohz[8], release[64];
	const char *file;        /* its first log */
	unsigned long long hz;
	bool paired;             /* bare logs of its machine are there (os_adds_order) */
	int logs;                /* boots, of which last_boot the last */
	unsigned last_boot;
	struct dataset direct, direct_cycles, share, rate, softirqs;
	double interrupts;       /* summed over the runs, for each softirq's mean */
	int nsoft;
	struct { char label[24]; double sum; } soft[OS_MAX_SOFTIRQ];
	int nwork;
	struct os_work work[OS_MAX_WORK];
};

/* The bare kernel's spin runs on one CPU of one machine, timer and mode: the direct
 * cost per run of each handler, ns and cycles. */
struct os_source {
	char machine[16], timer[A_NAME], mode[A_NAME];
	struct dataset floor, full, floor_cycles, full_cycles;
};

/* What one log is (the records before its runs say it). */
struct os_log {
	const char *file;
	bool under_linux;
	char machine[16], nohz[8], release[64];
	double tsc_hz, step;     /* step: the spin record's step_cycles */
	unsigned boot;           /* numbered across the logs */
};

struct os_adds {
	int nconfig, nsource, nbare_work, bare_logs;
	struct configurations configs;   /* of struct os_config, OS_MAX_CONFIGS at most */
	struct os_config *cfg;   /* configs' items, nconfig of them, kept in step */
	struct os_source src[OS_MAX_SOURCES];
	struct { char machine[16]; struct os_work w; } bare_work[OS_MAX_SOURCES];
	struct os_log now;       /* the log being read */
	unsigned boots;
	bool full;               /* more than the tables hold, or out of memory */
};

/* Give every record of the logs, bare and Linux, in log order (ctx: an os_adds,
 * zeroed first); os_adds_free frees the data sets. */
void os_adds_take(const struct rec *rec, void *ctx);
void os_adds_free(struct os_adds *a);

/* The bare kernel's runs of c's machine, timer and mode, or NULL; the rate of a
 * workload's timer-off runs on a machine, or NULL; whether a machine has bare logs. */
const struct os_source *os_bare_source(const struct os_adds *a, const struct os_config *c);
const struct os_work *os_bare_work(const struct os_adds *a, const char *machine,
				   const char *workload);
bool os_bare_machine(const struct os_adds *a, const char *machine);
/* The CPU share the whole OS takes from workload w under c, ppm: (bare rate - Linux
 * rate) / bare rate, the bare kernel's timer-off runs of c's machine; .ok false
 * without them, or when the loop's step differs (*bare_step: the bare one), so
 * that a rate compares another clock or an emulator's other time. */
struct estimate os_whole(const struct os_adds *a, const struct os_config *c,
			 const struct os_work *w, int ci, double *bare_step);

/* A tick of c taken apart, ns (means): the bare floor (0 without it), Linux's
 * direct cost (the floor within it), and the rest of the whole OS's loss on spin
 * per timer interrupt beyond it (0 without bare spin runs, or below the direct
 * cost). False without Linux's direct cost. */
struct os_parts { double floor, linux_direct, rest; };
bool os_parts_of(const struct os_adds *a, const struct os_config *c, struct os_parts *p);

/* The configurations in order: those paired with bare logs first, then machine, HZ
 * and the tick's mode (off, idle, full). */
void os_adds_order(struct os_adds *a);
/* "HZ=250 nohz=idle" (no other text of the log in it: the plot's labels). */
void os_config_label(char *buf, size_t size, const struct os_config *c);

/* The plot's panel (os_vs_bare_plot.c): the datablock, a row per Linux configuration
 * with Linux's direct cost (os_parts_of), to g; returns the rows (0: no panel).
 * Then the panel, a bar per configuration: the bare floor, the kernel's entry, exit
 * and tick work, the rest, stacked. */
int os_adds_block(FILE *g, struct os_adds *a);
void os_adds_plot(FILE *g);

/* The section (nothing without a Linux log) at conf_pct[ci]. */
void os_adds_print(struct os_adds *a, int ci);

#endif
