/* The text Linux gives about interrupts and CPUs, parsed by pure functions (the host
 * tests feed them files saved from real machines, tests/unit/linux/).
 *
 * /proc/interrupts and /proc/softirqs (Documentation/filesystems/proc.rst, 1.2 "Kernel
 * data"): a header naming the online CPUs ("CPU0 CPU1 CPU3": an offline CPU has no
 * column), then one line per source: a label, a colon, a count per online CPU and,
 * in /proc/interrupts, what the source is. A few lines hold one system-wide count
 * (x86's ERR and MIS, arm64's Err): they are not any CPU's and are left out.
 * CPU lists (/sys/devices/system/cpu/online, nohz_full, isolated): "0-3,8,10-11"
 * (Documentation/admin-guide/cputopology.rst), "" for none. */
#ifndef LINUX_PROCTEXT_H
#define LINUX_PROCTEXT_H

#include <stdbool.h>
#include <stdint.h>

#define PROC_LINES_MAX 256
#define PROC_LABEL_MAX 24

/* One CPU's column: each source's label ("LOC", "RES", "24", "IPI0", "TIMER") and count. */
struct proc_counts {
	unsigned n;
	struct {
		char label[PROC_LABEL_MAX];
		uint64_t count;
	} line[PROC_LINES_MAX];
};

/* The column of Linux's CPU cpu in text (NUL-terminated). False when the header does
 * not name that CPU (it is offline) or the text is no such file. */
bool proc_counts_parse(const char *text, unsigned cpu, struct proc_counts *out);
/* after - before, source by source, in after's order; a source only after counts
 * from 0, one only before is left out. */
void proc_counts_delta(const struct proc_counts *before, const struct proc_counts *after,
		       struct proc_counts *delta);
/* The count of the source labelled label; false when there is no such line. */
bool proc_count(const struct proc_counts *c, const char *label, uint64_t *count);
/* Every count but the one labelled except (NULL: none), summed. */
uint64_t proc_count_others(const struct proc_counts *c, const char *except);

/* CPU sets as bit masks of CPU_SET_MAX CPUs. */
#define CPU_SET_MAX 4096
struct cpu_set {
	uint64_t bits[CPU_SET_MAX / 64];
};
/* "0-3,8" into set; false on anything else (a CPU at or past CPU_SET_MAX too). A
 * trailing newline is allowed; "" is the empty set. */
bool cpu_list_parse(const char *text, struct cpu_set *set);
bool cpu_set_has(const struct cpu_set *set, unsigned cpu);
/* The highest CPU of set, or -1 when it is empty. */
int cpu_set_last(const struct cpu_set *set);

/* The CPU tickbench-linux runs on when --cpu does not name one: the last nohz_full
 * CPU, else the last isolated one, else the last online one (each among the online
 * CPUs this process may run on, allowed). -1 when there is none. */
int cpu_default(const struct cpu_set *allowed, const struct cpu_set *nohz_full,
		const struct cpu_set *isolated);

/* The value of key ("CONFIG_HZ") in a kernel configuration's text (/boot/config-*,
 * /proc/config.gz inflated), copied into value (size bytes); false when absent. */
bool config_value(const char *text, const char *key, char *value, unsigned size);
/* The value of field ("microcode") in the block of processor cpu in /proc/cpuinfo's
 * text, copied into value; false when absent. */
bool cpuinfo_value(const char *text, unsigned cpu, const char *field, char *value,
		   unsigned size);
/* The value of the kernel command line's parameter key ("skew_tick", "nohz") in
 * cmdline, copied into value (size bytes); false when absent. Parameters after "--"
 * are init's, not the kernel's. */
bool cmdline_param(const char *cmdline, const char *key, char *value, unsigned size);

#endif
