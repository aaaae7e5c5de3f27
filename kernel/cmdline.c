/* Command-line parser (see cmdline.h). Pure C: unit-tested and fuzzed on the host. */
#include "cmdline.h"
#include "format.h"
#include "work_limits.h"
#include "lib.h"

enum kind { KIND_ENUM, KIND_SET, KIND_UINT, KIND_UINT_LIST, KIND_CONSOLE, KIND_FLAG,
	     KIND_UINT_ALL,      /* UINT_ALL: an integer, or "all" (stored as 0) */
	     KIND_UINT_ALL_LIST,     /* a comma list of those */
	     KIND_UINT64,        /* an integer in 64 bits (the others are stored in 32) */
	     KIND_WAIT_LIST };       /* a comma list of idle states (lib/idlestate.h) */

struct option {
	const char *key;
	enum kind kind;
	const char *const *names;       /* ENUM and SET: the accepted words */
	uint64_t min, max;              /* UINT */
	size_t offset;                  /* where in struct config */
	const char *defaults;
	const char *meaning;
};

static const char *const bench_names[] = {
	"none", "fire", "readcost", "armcost", "latency", "tick", "storm", "ipi", "interference",
	"idle", NULL
};
static const char *const suite_names[] = { "quick", "default", "full", "soak", NULL };
const char *const workload_names[] = { "spin", "matrix", "memwalk", "ftq", NULL };
/* tick_model='s presets, by TICK_MODEL_*: their figures and sources in bench/tickwork.c
 * and docs/METHOD.md ("Work models"). */
const char *const tick_model_names[] = { "floor", "linux-tick", "linux-lazy-rcu",
					 "tsafrir-2007", NULL };
const char *const timer_names[] = { "pit", "lapic", "tscdl", "hpet", NULL };
static const char *const delivery_names[] = { "pic", "ioapic", "msi", "legacy", "local", NULL };
static const char *const apic_names[] = { "auto", "xapic", "x2apic", NULL };
static const char *const selftest_names[] = {
	"none", "fault", "de", "ud", "gp", "pf", "df", "nmi", "spurious", "ap-no-start",
	"ap-fault", "lost-irq", "msr", "hpet-wrap", NULL
};

static const char *const dump_names[] = { "acpi", "smbios", NULL };
static const char *const qr_names[] = { "auto", "on", "off", NULL };
static const char *const tick_mode_names[] = { "periodic", "oneshot", NULL };
static const char *const handler_names[] = { "auto", "floor", "full", NULL };
static const char *const order_names[] = { "random", "fixed", NULL };

#define AT(field) offsetof(struct config, field)

static const struct option options[] = {
	{ "suite", KIND_ENUM, suite_names, 0, 0, AT(suite), "quick",
	  "quick (about a minute in QEMU), default (minutes on a PC), full, soak "
	  "(the local APIC tick at 10 kHz for about 10 minutes: runs=300 ms=1000): the "
	  "defaults of bench, hz, runs, ms, workload, tick_cpus and latency_cpus when "
	  "they are not given (docs/OPTIONS.md, Suites)" },
	{ "bench", KIND_SET, bench_names, 0, 0, AT(benches), "the suite's",
	  "benchmarks to run; none: boot, report the platform and end; fire: check "
	  "that every timer, mode and delivery path fires at the requested rate; "
	  "readcost, armcost, latency, tick, storm, ipi, interference, idle (energy "
	  "and wake-ups of an idle machine at each HZ and tickless): see docs/METHOD.md" },
	{ "runs", KIND_UINT, NULL, 1, 1000, AT(runs), "the suite's",
	  "repetitions of each configuration" },
	{ "order", KIND_ENUM, order_names, 0, 0, AT(order), "random",
	  "the order of tick's runs on one CPU: random, every configuration's off/on "
	  "pairs interleaved in an order drawn from seed= (a pair is its off run, then "
	  "its on run); fixed: each configuration's pairs in turn, as listed" },
	{ "seed", KIND_UINT64, NULL, 0, RECORD_SEED_MAX, AT(seed), "the TSC at boot",
	  "order=random's seed, in the boot record: the same seed gives the same order; "
	  "without it the TSC when the kernel started, mixed by splitmix64 and cut to "
	  "53 bits" },
	{ "workload", KIND_SET, workload_names, 0, 0, AT(workloads), "the suite's",
	  "tick's fixed work: spin (TSC-reading loop), matrix (integer matrix "
	  "multiply), memwalk (dependent pointer chase); ftq: fixed time quanta, the "
	  "work done in each counted" },
	{ "ftq_us", KIND_UINT, NULL, 10, 100000, AT(ftq_us), "100",
	  "ftq's quantum, in microseconds" },
	/* tick's work models (docs/METHOD.md, "Work models"): the lists are swept, every
	 * combination in turn, each in the handler of the runs with the timer. */
	{ "tick_work", KIND_UINT_LIST, NULL, 0, TICK_WORK_MAX, AT(tick_work), "0",
	  "tick: busy-wait this many TSC cycles in every measured timer interrupt "
	  "(tick's total cost per interrupt must rise by as much: the method "
	  "recovers a known cost); a list sweeps them" },
	{ "inject", KIND_UINT_LIST, NULL, 0, TICK_WORK_MAX, AT(tick_work), "0",
	  "the old name of tick_work (storm takes its first value)" },
	{ "tick_data_kib", KIND_UINT_LIST, NULL, 0, TICK_DATA_MAX_KIB, AT(tick_data_kib), "0",
	  "tick: KiB of the handler's own data read and written per tick, a line at a "
	  "time, from a buffer four times as large (successive ticks, other lines)" },
	{ "tick_code_kib", KIND_UINT_LIST, NULL, 0, TICK_CODE_MAX_KIB, AT(tick_code_kib), "0",
	  "tick: KiB of straight-line code the handler executes per tick (the image "
	  "carries the largest, 64 KiB)" },
	{ "tick_pages", KIND_UINT_LIST, NULL, 0, TICK_PAGES_MAX, AT(tick_pages), "0",
	  "tick: distinct 4 KiB pages (mapped as such) the handler touches per tick, "
	  "one line each: the TLB" },
	{ "tick_model", KIND_SET, tick_model_names, 0, 0, AT(tick_models), "none",
	  "tick: presets of the four above, swept instead of them (not with any of "
	  "them): floor (nothing), linux-tick, linux-lazy-rcu, tsafrir-2007 (sized "
	  "from published figures: docs/METHOD.md, \"Work models\")" },
	{ "memwalk_kib", KIND_UINT, NULL, 4, 1048576, AT(memwalk_kib), "4096",
	  "memwalk's buffer, in KiB (larger than L2 by default)" },
	{ "wait", KIND_WAIT_LIST, NULL, 0, 0, AT(wait), "hlt",
	  "the idle states to wait in, each in turn: spin (PAUSE loop), hlt, mwait "
	  "(every hint CPUID leaf 5 enumerates; hint 0, mwait:C1, where it enumerates "
	  "none), mwait:Cn.k (MWAIT's C-state n, sub-state k), tpause:C0.1, "
	  "tpause:C0.2 (WAITPKG). latency: how each CPU waits for its shot; ipi: how "
	  "the target AP waits; idle: where every CPU idles" },
	{ "delay_us", KIND_UINT, NULL, 1, 1000000, AT(delay_us), "100",
	  "latency: from arming a one-shot timer to its deadline, in microseconds" },
	{ "timer", KIND_SET, timer_names, 0, 0, AT(timers), "all",
	  "the interrupt timers to use" },
	{ "delivery", KIND_SET, delivery_names, 0, 0, AT(deliveries),
	  "all (tick: one path per timer)",
	  "interrupt paths: pic (8259), ioapic, msi (HPET FSB), legacy (HPET legacy "
	  "replacement), local (the local APIC timer)" },
	{ "apic", KIND_ENUM, apic_names, 0, 0, AT(apic), "auto",
	  "local APIC mode; auto: x2APIC when the CPU has it, unless the DMAR table's "
	  "X2APIC_OPT_OUT flag is set and the firmware left the APIC in xAPIC mode; "
	  "xapic is refused (x2APIC used, the interrupts record says why) when the "
	  "x2APIC is locked (IA32_XAPIC_DISABLE_STATUS)" },
	{ "hz", KIND_UINT_LIST, NULL, 1, 100000, AT(hz), "the suite's",
	  "periodic rates, in Hz" },
	{ "ms", KIND_UINT, NULL, 1, 600000, AT(ms), "the suite's",
	  "in TSC-measured milliseconds: the measuring window of each configuration "
	  "(fire), the length of each run's work (tick); sets latency's shot count" },
	/* console=auto is chosen in kernel/serial.c: SPCR, COM1-COM4, PCI, none. */
	{ "console", KIND_CONSOLE, NULL, 0, 0, AT(console), "auto",
	  "the serial console (records and text; the screen shows the text only): "
	  "auto (the ACPI SPCR table's UART: its address space, register width, base "
	  "and baud; else the first of COM1-COM4 that answers; else a 16550-compatible "
	  "PCI serial controller, class 07h/00h, I/O or memory BAR0; else the screen "
	  "alone), com1..com4, io:PORT, mmio:ADDR (8-bit registers), mmio32:ADDR "
	  "(32-bit registers), none. A UART that does not answer is left alone and "
	  "the run goes on on the screen alone" },
	{ "baud", KIND_UINT, NULL, 0, 115200, AT(baud), "115200",
	  "serial speed (from a 1.8432 MHz clock, or the SPCR table's clock); 0 keeps "
	  "the firmware's divisor; under console=auto an SPCR UART takes the table's "
	  "rate unless baud= is given" },
	{ "cpus", KIND_UINT_ALL, NULL, 1, 256, AT(cpus), "all",
	  "CPUs to bring up, the boot CPU included, in the MADT's order; the others "
	  "stay in their firmware's state" },
	{ "tick_cpus", KIND_UINT_ALL_LIST, NULL, 1, 256, AT(tick_cpus), "the suite's",
	  "tick: how many CPUs run each configuration at once, each its own workload "
	  "(the boot CPU and the first APs); a list runs each count in turn (1 versus "
	  "N); all: every online CPU. Local timers: one per CPU; the HPET periodic "
	  "through the I/O APIC: a comparator per CPU; the PIT and the HPET's other "
	  "paths: one CPU takes the interrupt (irq_cpu=; the 8259 reaches the boot CPU "
	  "only) while all work" },
	{ "tick_mode", KIND_SET, tick_mode_names, 0, 0, AT(tick_modes), "periodic",
	  "tick: periodic (each timer's periodic mode; the TSC deadline, which has "
	  "none, re-armed from its handler), oneshot (each timer's one-shot mode "
	  "re-armed from its handler: PIT, APIC, TSC deadline, HPET)" },
	{ "handler", KIND_ENUM, handler_names, 0, 0, AT(handler), "auto",
	  "tick's interrupt handler: floor, one entry per acknowledgement (xAPIC, "
	  "x2APIC, 8259) and re-arm kind that counts, re-arms and acknowledges, nothing "
	  "else (the least an interrupt costs); full, the general one (entry TSC, "
	  "watchdog test, the work models, re-arm and EOI chosen at run time); auto, the "
	  "floor unless work is asked of the handler (tick_work= or inject=, "
	  "tick_data_kib=, tick_code_kib=, tick_pages=, tick_model= but floor). "
	  "handler=floor with work is refused (a skip). Records say which ran (handler)" },
	{ "irq_cpu", KIND_UINT, NULL, 0, 255, AT(irq_cpu), "0",
	  "tick on several CPUs: which of them (0 the boot CPU, 1 the first AP, ...) "
	  "takes the PIT's or the HPET's single interrupt (legacy, FSB, one-shot); "
	  "with fewer CPUs at once, the boot CPU does" },
	{ "latency_cpus", KIND_UINT_ALL_LIST, NULL, 1, 256, AT(latency_cpus), "the suite's",
	  "latency: how many CPUs measure the local APIC one-shot and TSC-deadline "
	  "latency at once, each its own timer; a list runs each count in turn; all: "
	  "every online CPU. The PIT and the HPET are measured on the boot CPU" },
	{ "selftest", KIND_ENUM, selftest_names, 0, 0, AT(selftest), "none",
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
	{ "dump", KIND_SET, dump_names, 0, 0, AT(dumps), "none",
	  "print raw data as hex text lines after the records (serial only); acpi: "
	  "the RSDP, RSDT/XSDT and every table they list, valid or not (acpidump SIG "
	  "ADDRESS LENGTH +OFFSET: HEX); smbios: the SMBIOS entry point and structure "
	  "table (smbiosdump ...); tools/acpi-undump [--smbios] LOG DIR turns a log "
	  "back into table images" },
	{ "qr", KIND_ENUM, qr_names, 0, 0, AT(qr), "auto",
	  "after the end record, show the whole log as QR pages on a graphics screen, "
	  "cycling forever beside the report's verdict and a text summary code "
	  "(tools/qr-import reads photos of the pages; a key shows the full report); "
	  "auto: where nothing else ends the run (a real PC), not under QEMU or Bochs, "
	  "which then exit as usual; on: there too, instead of exiting; off: never" },
	{ "qr_seconds", KIND_UINT, NULL, 1, 60, AT(qr_seconds), "4",
	  "how long each QR page stays on screen, in seconds" },
	{ "qr_version", KIND_UINT, NULL, 1, 40, AT(qr_version), "40",
	  "the largest QR version (size) the pages use, if the screen fits it at the "
	  "module size a phone's photo needs (8 pixels at 1080 lines); a smaller one "
	  "gives larger modules (easier for a poor camera) and more pages" },
	{ "help", KIND_FLAG, NULL, 0, 0, AT(help), "-",
	  "print this table and end" },
};

void config_defaults(struct config *cfg)
{
	*cfg = (struct config){
		.console = CONSOLE_AUTO, .baud = 115200,
		.timers = ~0u, .deliveries = ~0u, .apic = APIC_AUTO,
		.hz = { 1, { 1000 } }, .ms = 1000, .suite = SUITE_QUICK, .runs = 3,
		.workloads = ~0u, .wait = { 1, { { .kind = IDLE_HLT } } }, .delay_us = 100,
		.memwalk_kib = 4096,
		.tick_cpus = { 1, { 1 } }, .latency_cpus = { 1, { 1 } },
		.tick_modes = 1u << TICK_MODE_PERIODIC, .qr = QR_PAGES_AUTO, .qr_seconds = 4,
		.qr_version = 40, .ftq_us = 100, .tick_work = { 1, { 0 } },
		.tick_data_kib = { 1, { 0 } }, .tick_code_kib = { 1, { 0 } },
		.tick_pages = { 1, { 0 } },
	};
}

static bool fail(struct cmdline_error *err, const char *word, size_t len,
		 const char *fmt, const char *a, const char *b)
{
	if (len >= sizeof(err->word))
		len = sizeof(err->word) - 1;
	memcpy(err->word, word, len);
	err->word[len] = 0;
	format(err->message, sizeof(err->message), fmt, a, b);
	return false;
}

/* Parse an unsigned decimal or 0x-hexadecimal number filling [s, s+len) exactly. */
static bool parse_uint(const char *s, size_t len, uint64_t *out)
{
	unsigned base = 10;
	if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
		len -= 2;
	}
	if (len == 0)
		return false;
	uint64_t v = 0;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		unsigned d;
		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (base == 16 && c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			return false;
		if (v > (UINT64_MAX - d) / base)
			return false;
		v = v * base + d;
	}
	*out = v;
	return true;
}

static int find_name(const char *const *names, const char *s, size_t len)
{
	for (int i = 0; names[i]; i++)
		if (strlen(names[i]) == len && !strncmp(names[i], s, len))
			return i;
	return -1;
}

static void list_names(const char *const *names, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = 0;
	for (int i = 0; names[i] && n < size; i++)
		n += (size_t)format(buf + n, size - n, "%s%s", i ? "|" : "", names[i]);
}

static bool parse_set(const struct option *o, const char *v, size_t len, uint32_t *mask)
{
	*mask = 0;
	while (len) {
		size_t item = 0;
		while (item < len && v[item] != ',')
			item++;
		int i = find_name(o->names, v, item);
		if (i < 0)
			return false;
		*mask |= 1u << i;
		v += item;
		len -= item;
		if (len) {              /* skip the comma; a trailing one is an error */
			v++;
			if (--len == 0)
				return false;
		}
	}
	return *mask != 0;
}

/* A comma list of integers min..max, at most MAX_LIST of them; with all_ok, an
 * item may be "all" (stored as 0). */
static bool parse_uint_list(const struct option *o, const char *v, size_t len,
			    struct uint_list *list, bool all_ok)
{
	list->n = 0;
	for (;;) {
		size_t item = 0;
		uint64_t u;
		while (item < len && v[item] != ',')
			item++;
		bool all = all_ok && item == 3 && !strncmp(v, "all", 3);
		if (all)
			u = 0;
		else if (list->n == MAX_LIST || !parse_uint(v, item, &u) || u < o->min || u > o->max)
			return false;
		if (list->n == MAX_LIST)
			return false;
		list->v[list->n++] = (uint32_t)u;
		if (item == len)
			return true;
		v += item + 1;
		len -= item + 1;
	}
}

/* A comma list of idle states, at most IDLE_MAX_WORDS. */
static bool parse_wait_list(const char *v, size_t len, struct wait_list *list)
{
	list->n = 0;
	for (;;) {
		size_t item = 0;
		while (item < len && v[item] != ',')
			item++;
		if (list->n == IDLE_MAX_WORDS || !idle_parse_word(v, item, &list->v[list->n]))
			return false;
		list->n++;
		if (item == len)
			return true;
		v += item + 1;
		len -= item + 1;
	}
}

static const struct { const char *name; uint16_t port; } com_ports[] = {
	{ "com1", 0x3f8 }, { "com2", 0x2f8 }, { "com3", 0x3e8 }, { "com4", 0x2e8 },
};

static bool parse_console(const char *v, size_t len, struct config *cfg)
{
	static const struct { const char *prefix; enum console_kind kind; } by_addr[] = {
		{ "io:", CONSOLE_IO }, { "mmio:", CONSOLE_MMIO8 }, { "mmio32:", CONSOLE_MMIO32 },
	};
	if (len == 4 && !strncmp(v, "none", 4)) {
		cfg->console = CONSOLE_NONE;
		return true;
	}
	if (len == 4 && !strncmp(v, "auto", 4)) {
		cfg->console = CONSOLE_AUTO;
		return true;
	}
	for (size_t i = 0; i < ARRAY_SIZE(com_ports); i++)
		if (len == 4 && !strncmp(v, com_ports[i].name, 4)) {
			cfg->console = CONSOLE_IO;
			cfg->console_addr = com_ports[i].port;
			return true;
		}
	for (size_t i = 0; i < ARRAY_SIZE(by_addr); i++) {
		size_t p = strlen(by_addr[i].prefix);
		uint64_t addr;
		if (len > p && !strncmp(v, by_addr[i].prefix, p) &&
		    parse_uint(v + p, len - p, &addr) && addr != 0 &&
		    (by_addr[i].kind != CONSOLE_IO || addr <= 0xfff8)) {
			cfg->console = by_addr[i].kind;
			cfg->console_addr = addr;
			return true;
		}
	}
	return false;
}

static bool parse_value(const struct option *o, const char *v, size_t len,
			struct config *cfg)
{
	void *field = (char *)cfg + o->offset;
	uint64_t u;
	int i;
	switch (o->kind) {
	case KIND_ENUM:
		if ((i = find_name(o->names, v, len)) < 0)
			return false;
		*(uint32_t *)field = (uint32_t)i;
		return true;
	case KIND_SET:
		return parse_set(o, v, len, (uint32_t *)field);
	case KIND_UINT:
		if (!parse_uint(v, len, &u) || u < o->min || u > o->max)
			return false;
		*(uint32_t *)field = (uint32_t)u;
		return true;
	case KIND_UINT_LIST:
		return parse_uint_list(o, v, len, (struct uint_list *)field, false);
	case KIND_UINT_ALL_LIST:
		return parse_uint_list(o, v, len, (struct uint_list *)field, true);
	case KIND_CONSOLE:
		return parse_console(v, len, cfg);
	case KIND_WAIT_LIST:
		return parse_wait_list(v, len, (struct wait_list *)field);
	case KIND_UINT_ALL:
		if (len == 3 && !strncmp(v, "all", 3)) {
			*(uint32_t *)field = 0;
			return true;
		}
		if (!parse_uint(v, len, &u) || u < o->min || u > o->max)
			return false;
		*(uint32_t *)field = (uint32_t)u;
		return true;
	case KIND_UINT64:
		if (!parse_uint(v, len, &u) || u < o->min || u > o->max)
			return false;
		*(uint64_t *)field = u;
		return true;
	case KIND_FLAG:
		return false;
	}
	return false;
}

static void describe_values(const struct option *o, char *buf, size_t size)
{
	switch (o->kind) {
	case KIND_ENUM:
		list_names(o->names, buf, size);
		break;
	case KIND_SET: {
		char names[128];
		list_names(o->names, names, sizeof(names));
		format(buf, size, "a comma list of %s", names);
		break;
	}
	case KIND_UINT:
	case KIND_UINT64:
		format(buf, size, "an integer %llu..%llu", (unsigned long long)o->min,
		       (unsigned long long)o->max);
		break;
	case KIND_UINT_LIST:
		format(buf, size, "a comma list of up to %d integers %llu..%llu", MAX_LIST,
		       (unsigned long long)o->min, (unsigned long long)o->max);
		break;
	case KIND_UINT_ALL_LIST:
		format(buf, size, "a comma list of up to %d items, each all or an integer "
		       "%llu..%llu", MAX_LIST, (unsigned long long)o->min,
		       (unsigned long long)o->max);
		break;
	case KIND_CONSOLE:
		format(buf, size, "auto|com1|com2|com3|com4|io:PORT|mmio:ADDR|mmio32:ADDR|none");
		break;
	case KIND_UINT_ALL:
		format(buf, size, "all or an integer %llu..%llu", (unsigned long long)o->min,
		       (unsigned long long)o->max);
		break;
	case KIND_WAIT_LIST:
		format(buf, size, "a comma list of up to %d of %s", IDLE_MAX_WORDS, IDLE_WORDS_HELP);
		break;
	case KIND_FLAG:
		format(buf, size, "no value (the word alone)");
		break;
	}
}

static bool parse_word(const char *w, size_t len, struct config *cfg,
		       struct cmdline_error *err)
{
	size_t klen = 0;
	while (klen < len && w[klen] != '=')
		klen++;
	const struct option *o = NULL;
	for (size_t i = 0; i < ARRAY_SIZE(options); i++)
		if (strlen(options[i].key) == klen && !strncmp(options[i].key, w, klen))
			o = &options[i];
	if (!o) {
		char keys[400];
		size_t n = 0;
		for (size_t i = 0; i < ARRAY_SIZE(options); i++)
			n += (size_t)format(keys + n, sizeof(keys) - n, "%s%s",
					    i ? ", " : "", options[i].key);
		return fail(err, w, len, "unknown option; known options: %s%s", keys, "");
	}
	cfg->given |= 1ull << (o - options);
	if (o->kind == KIND_FLAG && klen == len) {
		*(bool *)((char *)cfg + o->offset) = true;
		return true;
	}
	char accepts[160];
	describe_values(o, accepts, sizeof(accepts));
	if (klen == len || !parse_value(o, w + klen + 1, len - klen - 1, cfg))
		return fail(err, w, len, "bad value for %s; accepts %s", o->key, accepts);
	return true;
}

/* tick_model= sets the four work lists: giving both would leave one unused. */
static bool check_models(const struct config *cfg, struct cmdline_error *err)
{
	static const char *const lists[] = { "tick_work", "inject", "tick_data_kib",
					     "tick_code_kib", "tick_pages" };
	if (!config_given(cfg, "tick_model"))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(lists); i++)
		if (config_given(cfg, lists[i]))
			return fail(err, "tick_model", 10, "tick_model= sets tick_work, tick_data_kib, "
				    "tick_code_kib and tick_pages; %s= cannot be given with it", lists[i],
				    "");
	return true;
}

bool cmdline_parse(const char *line, struct config *cfg, struct cmdline_error *err)
{
	config_defaults(cfg);
	err->word[0] = err->message[0] = 0;
	const char *p = line ? line : "";
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return check_models(cfg, err);
		size_t len = 0;
		while (p[len] && p[len] != ' ' && p[len] != '\t')
			len++;
		if (!parse_word(p, len, cfg, err))
			return false;
		p += len;
	}
}

bool config_given(const struct config *cfg, const char *key)
{
	for (size_t i = 0; i < ARRAY_SIZE(options); i++)
		if (!strcmp(options[i].key, key))
			return cfg->given & (1ull << i);
	return false;
}

static bool list_nonzero(const struct uint_list *l)
{
	for (unsigned i = 0; i < l->n; i++)
		if (l->v[i])
			return true;
	return false;
}

bool config_handler_work(const struct config *cfg)
{
	return list_nonzero(&cfg->tick_work) || list_nonzero(&cfg->tick_data_kib) ||
	       list_nonzero(&cfg->tick_code_kib) || list_nonzero(&cfg->tick_pages) ||
	       (cfg->tick_models & ~(1u << TICK_MODEL_FLOOR));
}

bool config_wants_bench(const struct config *cfg, const char *name)
{
	int i = find_name(bench_names, name, strlen(name));
	if (i < 0)
		return false;
	return cfg->benches ? (cfg->benches & (1u << i)) != 0 : i != 0;
}

bool cmdline_apply_default(struct config *cfg, const char *word)
{
	struct cmdline_error err;
	uint64_t given = cfg->given;
	bool ok = parse_word(word, strlen(word), cfg, &err);
	cfg->given = given;
	return ok;
}

size_t cmdline_help_lines(void) { return ARRAY_SIZE(options); }

void cmdline_option_doc(size_t i, struct cmdline_doc *doc)
{
	doc->key = options[i].key;
	doc->defaults = options[i].defaults;
	doc->meaning = options[i].meaning;
	describe_values(&options[i], doc->accepts, sizeof(doc->accepts));
}

void cmdline_help_line(size_t i, char *buf, size_t size)
{
	struct cmdline_doc doc;
	cmdline_option_doc(i, &doc);
	format(buf, size, "%-9s %s (default %s): %s", doc.key, doc.accepts, doc.defaults,
	       doc.meaning);
}

static bool fold_after(char c) { return c == ' ' || c == '|' || c == ','; }

/* s folded into lines of CMDLINE_HELP_WIDTH after a space, '|' or ',', the later
 * lines indented; each line (indent included, no newline) goes to print. */
static void print_folded(const char *s, void (*print)(const char *line))
{
	const char *indent = "  ";
	char out[CMDLINE_HELP_WIDTH + 1];
	while (*s) {
		size_t room = CMDLINE_HELP_WIDTH - strlen(indent), n = strlen(s);
		if (n > room) {
			n = room;
			while (n > room / 2 && !fold_after(s[n - 1]))
				n--;
		}
		size_t shown = n;
		while (shown && s[shown - 1] == ' ')
			shown--;
		format(out, sizeof(out), "%s%.*s", indent, (int)shown, s);
		print(out);
		s += n;
		while (*s == ' ')
			s++;
		indent = "            ";
	}
}

void cmdline_print_help(void (*print)(const char *line))
{
	char line[CMDLINE_HELP_MAX];
	print("tickbench options (words key=value on the kernel command line):");
	for (size_t i = 0; i < cmdline_help_lines(); i++) {
		cmdline_help_line(i, line, sizeof(line));
		print_folded(line, print);
	}
}
