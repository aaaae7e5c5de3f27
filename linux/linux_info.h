/* What runs under the loop: the Linux kernel and its tick, the CPU, the machine;
 * read from /proc and /sys, said on standard error and in the records boot,
 * platform, machine, calibration and linux (docs/FORMAT.md). */
#ifndef LINUX_LINUX_INFO_H
#define LINUX_LINUX_INFO_H

#include <stdbool.h>
#include <stdint.h>
#include "proctext.h"
#include "tickgrid.h"

struct linux_info {
	char release[128], version[256], cmdline[2048];
	unsigned config_hz;             /* CONFIG_HZ, 0 when no configuration is readable */
	char config_from[200];          /* the file it came from */
	bool no_hz;                     /* CONFIG_NO_HZ_IDLE or _FULL: the idle tick stops */
	uint64_t tick_nsec;             /* TICK_NSEC: clock_getres(CLOCK_MONOTONIC_COARSE) */
	bool highres;                   /* clock_getres(CLOCK_MONOTONIC) is 1 ns */
	char clocksource[64], online_list[256], nohz_full_list[256], isolated_list[256];
	struct cpu_set online, nohz_full, isolated;
	bool skew_tick;                 /* skew_tick=1: each CPU's tick shifted */
	unsigned possible_cpus;
	char emulator[8];               /* "qemu" or "" */
	bool uefi;
	/* the CPU the loop runs on (linux_take_cpu) */
	unsigned cpu;
	uint32_t apic_id;
	char clockevent[64];            /* its clock event device */
	const char *timer, *delivery, *mode;    /* that device in tickbench's words */
	const char *nohz;               /* its tick: "off", "idle" or "full" */
	uint64_t tsc_hz;
};

/* Everything but the CPU's own; false (and why) when /proc or /sys is unreadable. */
bool linux_read(struct linux_info *li, const char **why);
/* The CPU's part, once the program runs on cpu. */
void linux_take_cpu(struct linux_info *li, unsigned cpu);
/* The grid of this CPU's tick, with no readings yet. */
void linux_grid(const struct linux_info *li, struct tick_grid *g);

/* The records before the runs: boot (words, seed), platform, machine (and its
 * smbios_problem records), calibration, linux (pinned, mlocked, fifo: what the
 * program obtained); and the lines saying the same. */
struct run_setup {
	bool pinned, mlocked, fifo;
	const char *why_not_pinned, *why_not_mlocked, *why_not_fifo;   /* NULL: obtained */
};
void linux_emit_start(const struct linux_info *li, const char *words, uint64_t seed,
		      const struct run_setup *setup);

#endif
