/* The kernel's words and the parse of the line (see cmdline.h). Pure C: unit-tested
 * and fuzzed on the host. */
#include "cmdline.h"
#include "format.h"
#include "lib.h"

#define AT(field) offsetof(struct kernel_config, field)

static const char *const apic_names[] = { "auto", "xapic", "x2apic", NULL };
static const char *const selftest_names[] = {
	"none", "fault", "de", "ud", "gp", "pf", "df", "nmi", "spurious", "ap-no-start",
	"ap-fault", "lost-irq", "msr", "hpet-wrap", NULL
};
static const char *const dump_names[] = { "acpi", "smbios", NULL };
static const char *const qr_names[] = { "auto", "on", "off", NULL };

static const struct { const char *name; uint16_t port; } com_ports[] = {
	{ "com1", 0x3f8 }, { "com2", 0x2f8 }, { "com3", 0x3e8 }, { "com4", 0x2e8 },
};

static bool is(const char *v, size_t len, const char *word)
{
	return strlen(word) == len && !strncmp(v, word, len);
}

static const char *const console_accepts[] = {
	"auto|com1|com2|com3|com4|io:PORT|mmio:ADDR|mmio32:ADDR|none", NULL
};

/* console= (the kernel's one WORD_OTHER). */
static bool parse_console(const struct word *w, const char *v, size_t len, void *settings)
{
	static const struct { const char *prefix; enum console_kind kind; } by_addr[] = {
		{ "io:", CONSOLE_IO }, { "mmio:", CONSOLE_MMIO8 }, { "mmio32:", CONSOLE_MMIO32 },
	};
	struct kernel_config *cfg = settings;
	if (is(v, len, "none") || is(v, len, "auto")) {
		cfg->console = is(v, len, "none") ? CONSOLE_NONE : CONSOLE_AUTO;
		return true;
	}
	for (size_t i = 0; i < ARRAY_SIZE(com_ports); i++)
		if (is(v, len, com_ports[i].name)) {
			cfg->console = CONSOLE_IO;
			cfg->console_addr = com_ports[i].port;
			return true;
		}
	for (size_t i = 0; i < ARRAY_SIZE(by_addr); i++) {
		size_t p = strlen(by_addr[i].prefix);
		uint64_t addr;
		if (len > p && !strncmp(v, by_addr[i].prefix, p) &&
		    words_uint(v + p, len - p, &addr) && addr != 0 &&
		    (by_addr[i].kind != CONSOLE_IO || addr <= 0xfff8)) {
			cfg->console = by_addr[i].kind;
			cfg->console_addr = addr;
			return true;
		}
	}
	return false;
}

static const struct word words[] = {
	/* console=auto is chosen in kernel/serial.c: SPCR, COM1-COM4, PCI, none. */
	{ "console", WORD_OTHER, console_accepts, 0, 0, AT(console), "auto",
	  "the serial console (records and text; the screen shows the text only): "
	  "auto (the ACPI SPCR table's UART: its address space, register width, base "
	  "and baud; else the first of COM1-COM4 that answers; else a 16550-compatible "
	  "PCI serial controller, class 07h/00h, I/O or memory BAR0; else the screen "
	  "alone), com1..com4, io:PORT, mmio:ADDR (8-bit registers), mmio32:ADDR "
	  "(32-bit registers), none. A UART that does not answer is left alone and "
	  "the run goes on on the screen alone" },
	{ "baud", WORD_UINT, NULL, 0, 115200, AT(baud), "115200",
	  "serial speed (from a 1.8432 MHz clock, or the SPCR table's clock); 0 keeps "
	  "the firmware's divisor; under console=auto an SPCR UART takes the table's "
	  "rate unless baud= is given" },
	{ "cpus", WORD_UINT_ALL, NULL, 1, 256, AT(cpus), "all",
	  "CPUs to bring up, the boot CPU included, in the MADT's order; the others "
	  "stay in their firmware's state" },
	{ "apic", WORD_ENUM, apic_names, 0, 0, AT(apic), "auto",
	  "local APIC mode; auto: x2APIC when the CPU has it, unless the DMAR table's "
	  "X2APIC_OPT_OUT flag is set and the firmware left the APIC in xAPIC mode; "
	  "xapic is refused (x2APIC used, the interrupts record says why) when the "
	  "x2APIC is locked (IA32_XAPIC_DISABLE_STATUS)" },
	{ "selftest", WORD_ENUM, selftest_names, 0, 0, AT(selftest), "none",
	  "raise a CPU exception on purpose (fault = a page fault) to test the "
	  "exception report; nmi: an NMI the local APIC sends to itself (reported as "
	  "an exception, the run ends error); spurious: software interrupts on vectors "
	  "nobody handles (counted in the end record, the run goes on); ap-no-start: "
	  "send the first AP no start-up IPI, so that it is reported (skip) and the "
	  "others go on; ap-fault: an invalid opcode on the first AP while the boot CPU "
	  "prints (the AP's report stops the boot CPU and ends the run error; with one "
	  "CPU, a skip); lost-irq: latency's PIT and HPET interrupts reach no handler "
	  "from the second shot on, so only the local APIC backstop can end a halted "
	  "wait (an error per timer, the run ends error, nothing hangs), and ipi's "
	  "IPIs reach none (an error); msr: RDMSR and WRMSR of an MSR that does not "
	  "exist, each #GP resumed through the fixup table (a selftest record says "
	  "whether they faulted: QEMU's TCG does not fault; the run goes on); hpet-wrap: "
	  "the HPET's main counter moved to 10 ms before 2^32 ticks before the "
	  "benchmarks, as after 43 s of use at 100 MHz (a skip without an HPET)" },
	{ "dump", WORD_SET, dump_names, 0, 0, AT(dumps), "none",
	  "print raw data as hex text lines after the records (serial only); acpi: "
	  "the RSDP, RSDT/XSDT and every table they list, valid or not (acpidump SIG "
	  "ADDRESS LENGTH +OFFSET: HEX); smbios: the SMBIOS entry point and structure "
	  "table (smbiosdump ...); tools/acpi-undump [--smbios] LOG DIR turns a log "
	  "back into table images" },
	{ "qr", WORD_ENUM, qr_names, 0, 0, AT(qr), "auto",
	  "after the end record, show the whole log as QR pages on a graphics screen, "
	  "cycling forever after the text pages (why the run ended, the report or help) "
	  "with a text summary code (tools/qr-import reads photos of the pages; where a "
	  "PS/2 keyboard answers, a key turns the page); "
	  "auto: where nothing else ends the run (a real PC), not under QEMU or Bochs, "
	  "which then exit as usual; on: there too, instead of exiting; off: never" },
	{ "qr_seconds", WORD_UINT, NULL, 1, 60, AT(qr_seconds), "4",
	  "how long each QR page stays on screen, in seconds (a text page twice as long)" },
	{ "qr_version", WORD_UINT, NULL, 1, 40, AT(qr_version), "40",
	  "the largest QR version (size) the pages use, if the screen fits it at the "
	  "module size a phone's photo needs (8 pixels at 1080 lines); a smaller one "
	  "gives larger modules (easier for a poor camera) and more pages" },
	{ "help", WORD_FLAG, NULL, 0, 0, AT(help), "-",
	  "print these tables and end" },
};

static const struct kernel_config initial = {
	.console = CONSOLE_AUTO, .baud = 115200, .apic = APIC_AUTO,
	.qr = QR_PAGES_AUTO, .qr_seconds = 4, .qr_version = 40,
};

struct kernel_config kernel_config;

struct word_table kernel_words = {
	.owner = "kernel", .words = words, .n = ARRAY_SIZE(words), .settings = &kernel_config,
	.initial = &initial, .size = sizeof(initial), .parse_other = parse_console,
};

bool kernel_given(const char *key)
{
	return words_given(&kernel_words, key);
}

bool cmdline_parse(const char *line, struct word_table *const *tables, size_t n,
		   struct words_error *err)
{
	struct word_table *all[16];
	if (n + 1 > ARRAY_SIZE(all))
		return words_fail(err, "", "too many word tables (%s)", "16", "");
	all[0] = &kernel_words;
	for (size_t i = 0; i < n; i++)
		all[i + 1] = tables[i];
	return words_parse(all, n + 1, line, err);
}
