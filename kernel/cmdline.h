/* The kernel command line: words "key=value", lists with commas ("hz=100,1000").
 * An unknown key or a bad value is never guessed at: cmdline_parse() fails and says
 * which word is wrong and what it accepts. The README's table mirrors options[]. */
#ifndef KERNEL_CMDLINE_H
#define KERNEL_CMDLINE_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

enum console_kind { CONSOLE_IO, CONSOLE_MMIO8, CONSOLE_MMIO32, CONSOLE_NONE };

enum selftest {
	SELFTEST_NONE, SELFTEST_FAULT, SELFTEST_DE, SELFTEST_UD, SELFTEST_GP,
	SELFTEST_PF, SELFTEST_DF,
};

#define BENCH_NONE      (1u << 0)   /* bench=none: boot, report the platform, end */
#define DUMP_ACPI       (1u << 0)   /* dump=acpi: hex lines of every ACPI table */

struct config {
	uint32_t benches;               /* bit per name in the bench option's list; 0: not given */
	enum console_kind console;
	uint64_t console_addr;          /* I/O port or physical MMIO address */
	uint32_t baud;                  /* 0: keep the firmware's divisor */
	uint32_t selftest;              /* enum selftest */
	uint32_t dumps;                 /* bit per name in the dump option's list */
	bool help;
};

struct cmdline_error {
	char word[64];                  /* the offending word, cut to fit */
	char message[256];              /* what is wrong and what is accepted */
};

void config_defaults(struct config *cfg);

/* Parse the whole line into cfg (defaults first). On failure returns false and
 * fills err; cfg then holds the defaults plus the words before the bad one. */
bool cmdline_parse(const char *line, struct config *cfg, struct cmdline_error *err);

/* One line per option: "key  values  default  meaning", for the help word. */
size_t cmdline_help_lines(void);
void cmdline_help_line(size_t i, char *buf, size_t size);

#endif
