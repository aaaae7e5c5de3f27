/* The kernel's own words on its command line (the console, the CPUs, the APIC mode,
 * self-tests, dumps, the QR pages, help), and the parse of the whole line: these,
 * then the benchmarks' tables (bench/core/config.h), through lib/run/words.h. An unknown key
 * or a bad value is never guessed at: the run ends with an error that names the word
 * and what it accepts. docs/OPTIONS.md's tables are these (make docs writes them). */
#ifndef KERNEL_CMDLINE_H
#define KERNEL_CMDLINE_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include "words.h"

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
					 * from then on hold a high half (kernel/timers.c) */
};

enum apic_choice { APIC_AUTO, APIC_XAPIC, APIC_X2APIC };
enum qr_pages { QR_PAGES_AUTO, QR_PAGES_ON, QR_PAGES_OFF };

#define DUMP_ACPI       (1u << 0)   /* dump=acpi: hex lines of every ACPI table */
#define DUMP_SMBIOS     (1u << 1)   /* dump=smbios: hex lines of the SMBIOS entry point and table */

struct kernel_config {
	enum console_kind console;
	uint64_t console_addr;          /* I/O port or physical MMIO address */
	uint32_t baud;                  /* 0: keep the firmware's divisor */
	uint32_t cpus;                  /* CPUs to bring up, the boot CPU included; 0: all */
	uint32_t apic;                  /* enum apic_choice */
	uint32_t selftest;              /* enum selftest */
	uint32_t dumps;                 /* bit per name in the dump option's list */
	uint32_t qr;                    /* enum qr_pages: the log as QR codes at the end */
	uint32_t qr_seconds;            /* how long each QR page stays on screen */
	uint32_t qr_version;            /* the largest QR version the pages may use */
	bool help;
};

/* The kernel's words, into kernel_config. */
extern struct kernel_config kernel_config;
extern struct word_table kernel_words;

/* Was the kernel's word called key on the line? */
bool kernel_given(const char *key);

/* Parse the whole line into the kernel's and the tables' settings (each reset to its
 * defaults first). On failure returns false and fills err. */
bool cmdline_parse(const char *line, struct word_table *const *tables, size_t n,
		   struct words_error *err);

#endif
