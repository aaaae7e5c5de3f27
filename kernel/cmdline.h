/* The kernel command line: words "key=value", lists with commas ("hz=100,1000").
 * An unknown key or a bad value is never guessed at: cmdline_parse() fails and says
 * which word is wrong and what it accepts. docs/OPTIONS.md's table is options[]
 * (make docs writes it). */
#ifndef KERNEL_CMDLINE_H
#define KERNEL_CMDLINE_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include "idlestate.h"

enum console_kind { CONSOLE_IO, CONSOLE_MMIO8, CONSOLE_MMIO32, CONSOLE_NONE, CONSOLE_AUTO };

enum selftest {
	SELFTEST_NONE, SELFTEST_FAULT, SELFTEST_DE, SELFTEST_UD, SELFTEST_GP,
	SELFTEST_PF, SELFTEST_DF, SELFTEST_NMI, SELFTEST_SPURIOUS,
	SELFTEST_AP_NO_START,           /* send no SIPI to the first AP: it must be reported */
	SELFTEST_AP_FAULT,              /* ud2 on the first AP while the boot CPU prints */
	SELFTEST_LOST_IRQ,              /* latency: the PIT's and HPET's interrupts lost from
					 * the second shot on: only the backstop ends the wait;
					 * ipi: every IPI lost, an error */
	SELFTEST_MSR,                   /* RDMSR, WRMSR of an MSR that does not exist: the
					 * fixup table turns each #GP into a return value */
	SELFTEST_HPET_WRAP,             /* the HPET's counter moved to 10 ms before 2^32
					 * ticks before the benchmarks: comparators written
					 * from then on hold a high half (bench/timers.c) */
};

#define BENCH_NONE      (1u << 0)   /* bench=none: boot, report the platform, end */
#define MAX_LIST        8

enum apic_choice { APIC_AUTO, APIC_XAPIC, APIC_X2APIC };
enum suite { SUITE_QUICK, SUITE_DEFAULT, SUITE_FULL, SUITE_SOAK };
enum qr_pages { QR_PAGES_AUTO, QR_PAGES_ON, QR_PAGES_OFF };
enum handler_choice { HANDLER_AUTO, HANDLER_ONLY_FLOOR, HANDLER_ONLY_FULL };

/* Bits of the workload= set. */
enum { WORKLOAD_SPIN, WORKLOAD_MATRIX, WORKLOAD_MEMWALK, WORKLOAD_FTQ, WORKLOADS };
/* The workloads' names by WORKLOAD_*. */
extern const char *const workload_names[];
/* Bits of the tick_model= set, and their names. */
enum { TICK_MODEL_FLOOR, TICK_MODEL_LINUX_TICK, TICK_MODEL_LINUX_LAZY_RCU,
       TICK_MODEL_TSAFRIR_2007, TICK_MODELS };
extern const char *const tick_model_names[];

/* Bits of the timer= and delivery= sets, in the order of their names. */
enum { TIMER_PIT, TIMER_LAPIC, TIMER_TSCDL, TIMER_HPET };
/* The timers' names by TIMER_*, as the command line and the records spell them. */
extern const char *const timer_names[];
enum { TICK_MODE_PERIODIC, TICK_MODE_ONESHOT };
enum { ORDER_RANDOM, ORDER_FIXED };
/* A seed is below 2^53: a JSON reader keeps it exact (docs/FORMAT.md, boot). */
#define RECORD_SEED_MAX ((1ull << 53) - 1)
enum { DELIVERY_PIC, DELIVERY_IOAPIC, DELIVERY_MSI, DELIVERY_LEGACY, DELIVERY_LOCAL };

struct uint_list {
	unsigned n;
	uint32_t v[MAX_LIST];
};
#define DUMP_ACPI       (1u << 0)   /* dump=acpi: hex lines of every ACPI table */
#define DUMP_SMBIOS     (1u << 1)   /* dump=smbios: hex lines of the SMBIOS entry point and table */

struct config {
	uint32_t benches;               /* bit per name in the bench option's list; 0: not given */
	enum console_kind console;
	uint64_t console_addr;          /* I/O port or physical MMIO address */
	uint32_t baud;                  /* 0: keep the firmware's divisor */
	uint32_t selftest;              /* enum selftest */
	uint32_t timers;                /* bit per TIMER_* (all by default) */
	uint32_t deliveries;            /* bit per DELIVERY_* (all by default) */
	uint32_t apic;                  /* enum apic_choice */
	struct uint_list hz;            /* rates to run periodic timers at */
	uint32_t ms;                    /* measuring window per configuration */
	uint32_t suite;                 /* enum suite: defaults for what is not given */
	uint32_t runs;                  /* repetitions of each configuration */
	uint32_t order;                 /* ORDER_*: tick's runs */
	uint64_t seed;                  /* order=random's (seed=, else from the TSC) */
	uint32_t workloads;             /* bit per WORKLOAD_* */
	struct wait_list wait;          /* latency, ipi, idle: the states, each in turn */
	uint32_t delay_us;              /* latency: from arming to the deadline */
	struct uint_list tick_work;     /* tick: cycles burnt in every measured handler
					 * (inject= too; storm takes the first) */
	struct uint_list tick_data_kib; /* tick: the handler's data footprint per tick */
	struct uint_list tick_code_kib; /* tick: the handler's code footprint per tick */
	struct uint_list tick_pages;    /* tick: 4 KiB pages touched per tick */
	uint32_t tick_models;           /* bit per TICK_MODEL_*; 0: the lists above */
	uint32_t ftq_us;                /* the ftq workload's quantum */
	uint32_t memwalk_kib;           /* the memwalk workload's buffer */
	uint32_t dumps;                 /* bit per name in the dump option's list */
	uint32_t cpus;                  /* CPUs to bring up, the boot CPU included; 0: all */
	struct uint_list tick_cpus;     /* tick: CPUs at once, each count in turn; 0: all */
	uint32_t tick_modes;            /* bit per TICK_MODE_* */
	uint32_t handler;               /* enum handler_choice: tick's interrupt handler */
	uint32_t irq_cpu;               /* tick on several CPUs: who takes a global timer */
	struct uint_list latency_cpus;  /* latency: CPUs at once, as tick_cpus */
	uint32_t qr;                    /* enum qr_pages: the log as QR codes at the end */
	uint32_t qr_seconds;            /* how long each QR page stays on screen */
	uint32_t qr_version;            /* the largest QR version the pages may use */
	bool help;
	uint64_t given;                 /* bit i: options[i] appeared on the line */
};

/* Apply one "key=value" word as a default (it does not count as given); false if
 * the word is not valid. */
bool cmdline_apply_default(struct config *cfg, const char *word);

/* Was the option called key on the command line? */
bool config_given(const struct config *cfg, const char *key);

/* Does the configuration ask tick's handler for work (a work model other than the
 * floor: a non-zero value in tick_work= (inject=), tick_data_kib=, tick_code_kib=
 * or tick_pages=, or a tick_model= preset but floor)? handler=auto takes the full
 * handler then, and handler=floor is refused. */
bool config_handler_work(const struct config *cfg);

/* Is the benchmark called name among those selected (bench=)? When bench= was not
 * given, every benchmark of the suite runs. */
bool config_wants_bench(const struct config *cfg, const char *name);

struct cmdline_error {
	char word[64];                  /* the offending word, cut to fit */
	char message[512];              /* what is wrong and what is accepted */
};

void config_defaults(struct config *cfg);

/* Parse the whole line into cfg (defaults first). On failure returns false and
 * fills err; cfg then holds the defaults plus the words before the bad one. */
bool cmdline_parse(const char *line, struct config *cfg, struct cmdline_error *err);

/* One line per option: "key  values  default  meaning", for the help word; each
 * fits in CMDLINE_HELP_MAX bytes (test_cmdline checks every one). */
#define CMDLINE_HELP_MAX 2048
size_t cmdline_help_lines(void);
void cmdline_help_line(size_t i, char *buf, size_t size);

/* Option i's parts, for the help line and docs/OPTIONS.md (tools/options-md.c). */
struct cmdline_doc {
	const char *key, *defaults, *meaning;
	char accepts[160];              /* what values it takes, in words */
};
void cmdline_option_doc(size_t i, struct cmdline_doc *doc);

/* The help word's text, each line folded to fit an 80-column screen and handed to
 * print (no newline). */
#define CMDLINE_HELP_WIDTH 78
void cmdline_print_help(void (*print)(const char *line));

#endif
