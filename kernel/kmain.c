/* tickbench's kernel: the init sequence, then the suite, then the end of the run. */
#include "acpi_tables.h"
#include "alloc.h"
#include "bench.h"
#include "report.h"
#include "bochs.h"
#include "cmdline.h"
#include "console.h"
#include "cpu.h"
#include "format.h"
#include "idt.h"
#include "image.h"
#include "mcheck.h"
#include "irq.h"
#include "lib.h"
#include "logstore.h"
#include "machine.h"
#include "multiboot2.h"
#include "panic.h"
#include "platform.h"
#include "qemu.h"
#include "qrscreen.h"
#include "record.h"
#include "run.h"
#include "selftest.h"
#include "serial.h"
#include "smp.h"
#include "timers.h"

/* Records are the data: the serial log keeps them (and the QR pages' copy), the
 * screen shows people text. */
static void record_to_console(const char *line, size_t len)
{
	logstore_add(line, len);                /* kept for the QR pages */
	console_write_serial(line, len);
}
static void lock_console(void) { console_lock(); }

/* The help word: every word the line takes, the kernel's first; folded for an
 * 80-column console, and kept whole for the end screen (which folds each at its own
 * width), the title and each table's head as heads. */
static void help_to_console(const char *line, bool head) { kprintf("%s\n", line); }
static void help_to_screen(const char *line, bool head)
{
	qrscreen_keep(QRSCREEN_DETAIL | (head ? QRSCREEN_HEAD : 0), line);
}

static void help_tables(bool fold, words_print_fn *print)
{
	print("tickbench's words (key=value on the kernel command line; docs/OPTIONS.md):", true);
	words_print_table(&kernel_words, fold, print);
	config_print_help(fold, print);
}

static void print_help(void)
{
	qrscreen_say(QRSCREEN_WHY, "tickbench help: the kernel's words (key=value), on the "
		     "text pages; nothing was measured.");
	help_tables(true, help_to_console);
	help_tables(false, help_to_screen);
}

static void report_cmdline_error(const struct words_error *err)
{
	qrscreen_say(QRSCREEN_WHY, "tickbench: bad command-line word \"%s\": %s", err->word,
		     err->message);
	struct record r;
	REC_BEGIN(&r, error);
	REC_STR(&r, error, reason, "cmdline");
	REC_STR(&r, error, word, err->word);
	REC_STR(&r, error, message, err->message);
	record_emit(&r);
	run_set_status(RUN_ERROR);
}

void kmain(uint32_t magic, uint32_t info);
void kmain(uint32_t magic, uint32_t info)
{
	uint64_t start_tsc = rdtsc();               /* order=random's seed, unless seed= */
	struct boot_info bi;
	struct words_error err;
	struct platform_speed speed;

	gdt_init();                                 /* TSS with IST stacks */
	idt_init(panic_exception);                  /* exceptions are reported from here on */
	bool info_ok = multiboot2_parse((const void *)(uintptr_t)info, &bi);
	bool cmdline_ok = cmdline_parse(bi.cmdline, bench_tables, bench_tables_n, &err);
	suite_apply();                              /* defaults of suite= */
	config_choose_seed(start_tsc);              /* seed=, else the TSC's, mixed */
	alloc_init(&bi, image_start(), image_end()); /* free RAM but kernel and info */
	console_init_screen(&bi);                   /* VGA text or framebuffer */
	qrscreen_init(&bi, &kernel_config);                   /* the records' copy for the QR pages */
	acpi_find(&bi);                             /* parse only: SPCR names a console */
	serial_init(&kernel_config, &acpi);                   /* console=: SPCR, COM1-4, PCI or none */
	record_set_sink(record_to_console);
	record_set_lock(lock_console, console_unlock);  /* one CPU at a time */
	cpu_identify();
	bool qemu = qemu_detect(cpu.has_hypervisor);
	bool bochs = !qemu && bochs_detect();       /* reads port 0xe9 only */
	run_init(qemu, bochs);

	platform_emit_boot(&bi, bench_config.seed);          /* record 0 */
	serial_say();                               /* which UART, and why */
	console_say_screen(&bi);                    /* mode, text grid */
	platform_probe_speed(&speed);                  /* RDTSC and a loop: anything below? */
	platform_emit_platform(&bi, qemu ? "qemu" : bochs ? "bochs" : "", &speed); /* record 1 */
	mcheck_init();                              /* CR4.MCE, banks: #MC is reported */
	acpi_emit_records();                              /* MADT, HPET, FADT, SPCR */
	machine_init(&bi);                          /* SMBIOS, microcode: the machine record */
	if (kernel_config.dumps & DUMP_ACPI)
		acpi_dump_tables();                 /* hex lines for tools/acpi-undump */
	if (kernel_config.dumps & DUMP_SMBIOS)
		machine_dump_smbios();              /* the same, --smbios */
	if (!info_ok)
		run_error("multiboot2", "the multiboot2 information is malformed");
	if (!cmdline_ok) {
		report_cmdline_error(&err);
		run_end();
	}
	if (kernel_config.help) {
		print_help();
		run_end();
	}
	irq_init(&kernel_config);                             /* 8259, I/O APICs, local APIC */
	selftest_raise(kernel_config.selftest);
	timers_init();                              /* find, start, calibrate */
	smp_init(&kernel_config, &bi);                        /* start the APs, park them */
	tsc_sync_check();                           /* TSC warp test, boot CPU against each AP */
	selftest_raise_on_ap(kernel_config.selftest);         /* selftest=ap-fault */
	bench_run_suite(&bench_config);
	report_at_end(&speed);                      /* the answer from the records */
	(void)magic;
	run_end();
}
