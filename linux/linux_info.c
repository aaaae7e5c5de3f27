/* What runs under the loop, and the records that say so (see linux_info.h). */
#define _GNU_SOURCE
#include "linux_info.h"
#include "cpu.h"
#include "host.h"
#include "identity.h"
#include "record.h"
#include "smbios.h"
#include "version.h"            /* build/version.h, from the Makefile */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#define SYS_CPU "/sys/devices/system/cpu/"

/* A CPU list file; an absent or unparsable one ("(null)": nohz_full not set) is "". */
static bool read_cpus(const char *path, char *text, size_t size, struct cpu_set *set)
{
	read_line(path, text, size);
	if (cpu_list_parse(text, set))
		return true;
	text[0] = 0;
	return false;
}

/* CONFIG_HZ and NO_HZ from /proc/config.gz (CONFIG_IKCONFIG_PROC), else
 * /boot/config-RELEASE (Debian's kernel has no IKCONFIG: its initramfs carries the
 * package's file there). */
static void read_config(struct linux_info *li)
{
	char boot[200], value[32];
	snprintf(boot, sizeof(boot), "/boot/config-%s", li->release);
	const char *const paths[] = { "/proc/config.gz", boot };
	for (unsigned i = 0; i < 2; i++) {
		char *text = read_file(paths[i]);
		if (!text)
			continue;
		if (config_value(text, "CONFIG_HZ", value, sizeof(value)))
			li->config_hz = (unsigned)strtoul(value, NULL, 10);
		li->no_hz = config_value(text, "CONFIG_NO_HZ_IDLE", value, sizeof(value)) ||
			    config_value(text, "CONFIG_NO_HZ_FULL", value, sizeof(value));
		snprintf(li->config_from, sizeof(li->config_from), "%s", paths[i]);
		free(text);
		return;
	}
}

static uint64_t resolution_ns(clockid_t clock)
{
	struct timespec t = { 0, 0 };
	clock_getres(clock, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void read_platform(struct linux_info *li)
{
	char vendor[64], value[8];
	read_line("/sys/class/dmi/id/sys_vendor", vendor, sizeof(vendor));
	snprintf(li->emulator, sizeof(li->emulator), "%s", strcmp(vendor, "QEMU") ? "" : "qemu");
	li->uefi = access("/sys/firmware/efi", F_OK) == 0;
	li->skew_tick = cmdline_param(li->cmdline, "skew_tick", value, sizeof(value)) &&
			strtoul(value, NULL, 10) != 0;
}

bool linux_read(struct linux_info *li, const char **why)
{
	struct utsname u;
	char text[256];
	struct cpu_set possible;
	memset(li, 0, sizeof(*li));
	uname(&u);
	snprintf(li->release, sizeof(li->release), "%s", u.release);
	snprintf(li->version, sizeof(li->version), "%s", u.version);
	read_line("/proc/cmdline", li->cmdline, sizeof(li->cmdline));
	read_config(li);
	li->tick_nsec = resolution_ns(CLOCK_MONOTONIC_COARSE);
	li->highres = resolution_ns(CLOCK_MONOTONIC) == 1;
	read_line(SYS_CPU "../clocksource/clocksource0/current_clocksource", li->clocksource,
		  sizeof(li->clocksource));
	read_cpus(SYS_CPU "nohz_full", li->nohz_full_list, sizeof(li->nohz_full_list),
		  &li->nohz_full);
	read_cpus(SYS_CPU "isolated", li->isolated_list, sizeof(li->isolated_list), &li->isolated);
	if (!read_cpus(SYS_CPU "online", li->online_list, sizeof(li->online_list), &li->online) ||
	    cpu_set_last(&li->online) < 0) {
		*why = SYS_CPU "online is unreadable (is /sys mounted?)";
		return false;
	}
	read_cpus(SYS_CPU "possible", text, sizeof(text), &possible);
	for (int c = 0; c <= cpu_set_last(&possible); c++)
		li->possible_cpus += cpu_set_has(&possible, (unsigned)c);
	read_platform(li);
	if (li->tick_nsec < 1000) {
		*why = "clock_getres(CLOCK_MONOTONIC_COARSE) gives no tick period";
		return false;
	}
	return true;
}

/* The clock event device in tickbench's words: timer and delivery path. */
static void name_clockevent(struct linux_info *li)
{
	static const struct { const char *device, *timer, *delivery; } names[] = {
		{ "lapic-deadline", "tscdl", "local" }, { "lapic", "lapic", "local" },
		{ "hpet", "hpet", "legacy" }, { "pit", "pit", "ioapic" },
	};
	li->timer = li->clockevent, li->delivery = "";
	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(li->clockevent, names[i].device))
			li->timer = names[i].timer, li->delivery = names[i].delivery;
	if (!strncmp(li->clockevent, "hpet", 4) && li->clockevent[4])
		li->timer = "hpet", li->delivery = "msi";     /* hpet2, ...: one per CPU, by MSI */
}

void linux_take_cpu(struct linux_info *li, unsigned cpu)
{
	char path[128], value[8];
	li->cpu = cpu;
	li->apic_id = cpu_apic_id();
	snprintf(path, sizeof(path), SYS_CPU "../clockevents/clockevent%u/current_device", cpu);
	read_line(path, li->clockevent, sizeof(li->clockevent));
	name_clockevent(li);
	bool off = cmdline_param(li->cmdline, "nohz", value, sizeof(value)) && !strcmp(value, "off");
	off |= li->config_from[0] && !li->no_hz;
	li->nohz = off ? "off" : cpu_set_has(&li->nohz_full, cpu) ? "full" : "idle";
	/* without high resolution timers and with the periodic tick, the device ticks
	 * periodically; else it is armed for each event */
	li->mode = !li->highres && off ? "periodic" : "oneshot";
}

void linux_grid(const struct linux_info *li, struct tick_grid *g)
{
	memset(g, 0, sizeof(*g));
	g->period_ns = li->tick_nsec;
	if (li->skew_tick && li->possible_cpus)
		g->offset_ns = li->tick_nsec / 2 / li->possible_cpus * li->cpu;
}

static void emit_boot(const struct linux_info *li, const char *words, uint64_t seed)
{
	struct record r;
	REC_BEGIN(&r, boot);
	REC_U64(&r, boot, format, RECORD_FORMAT_VERSION);
	REC_STR(&r, boot, version, TICKBENCH_VERSION);
	REC_STR(&r, boot, cmdline, words);
	REC_U64(&r, boot, seed, seed);
	REC_STR(&r, boot, firmware, li->uefi ? "uefi" : "bios");
	record_emit(&r);
}

static void probe_speed(struct platform_speed *s)
{
	s->rdtsc_cycles = s->loop_cycles = UINT64_MAX;
	for (int i = 0; i < 1000; i++) {
		uint64_t a = rdtsc(), b = rdtsc();
		s->rdtsc_cycles = b - a < s->rdtsc_cycles ? b - a : s->rdtsc_cycles;
	}
	for (int i = 0; i < 100; i++) {
		uint64_t a = rdtsc();
		__asm__ volatile("movl $1000, %%ecx\n1:\tdecl %%ecx\n\tjnz 1b" : : : "ecx", "cc");
		uint64_t c = rdtsc() - a;
		s->loop_cycles = c < s->loop_cycles ? c : s->loop_cycles;
	}
}

static void emit_platform(const struct linux_info *li)
{
	struct platform_speed speed;
	struct sysinfo si;
	probe_speed(&speed);
	sysinfo(&si);
	const struct platform_os os = { "linux", li->release };
	const char *below = platform_speed_below(&speed);
	fprintf(stderr, "cpu: %s family %u model %u stepping %u \"%s\"%s%s\n", cpu.vendor,
		cpu.family, cpu.model, cpu.stepping, cpu.brand,
		cpu.has_hypervisor ? ", hypervisor " : "", cpu.hypervisor);
	fprintf(stderr, "cpu: RDTSC back to back %llu cycles, 1000 turns of a loop %llu%s%s\n",
		(unsigned long long)speed.rdtsc_cycles, (unsigned long long)speed.loop_cycles,
		below ? ": " : "", below ? below : "");
	platform_emit_record(li->emulator, (uint64_t)si.totalram * si.mem_unit >> 10, &speed, &os);
}

/* SMBIOS from the tables Linux exports (root only: DMI's strings as the bare kernel
 * reads them, so the machine gets the same id), else no identity. */
static const uint8_t *dmi;
static size_t dmi_len;
static const void *map_dmi(uint64_t phys, size_t len)
{
	(void)phys;                     /* smbios_parse maps the table alone */
	return len <= dmi_len ? dmi : NULL;
}

static size_t read_binary(const char *path, char **text)
{
	FILE *f = fopen(path, "rb");
	*text = NULL;
	if (!f)
		return 0;
	size_t cap = 1u << 20, len = 0;
	*text = malloc(cap);
	if (*text)
		len = fread(*text, 1, cap, f);
	fclose(f);
	return len;
}

static void emit_machine(const struct linux_info *li)
{
	struct smbios_info s;
	char *ep, *table, *info = read_file("/proc/cpuinfo"), microcode[24] = "";
	size_t ep_len = read_binary("/sys/firmware/dmi/tables/smbios_entry_point", &ep);
	dmi_len = read_binary("/sys/firmware/dmi/tables/DMI", &table);
	dmi = (const uint8_t *)table;
	smbios_parse(ep_len ? ep : NULL, ep_len, 0, ep_len ? "sysfs" : "none", map_dmi, &s);
	uint32_t rev = 0;
	bool has = info && cpuinfo_value(info, li->cpu, "microcode", microcode, sizeof(microcode));
	if (has)
		rev = (uint32_t)strtoul(microcode, NULL, 16);
	char id[9], text[16] = "";
	if (has)
		snprintf(text, sizeof(text), "0x%x", rev);
	machine_make_id(&s, li->uefi, text, id);
	fprintf(stderr, "machine: id %s: \"%s\" \"%s\" \"%s\"; firmware \"%s\" \"%s\" (%s); "
		"microcode %s (SMBIOS from %s)\n", id, s.sys_manufacturer, s.sys_product,
		s.sys_version, s.bios_vendor, s.bios_version, s.bios_date,
		has ? text : "unreadable", s.source);
	machine_emit_record(&s, id, li->uefi, has, rev);
	machine_emit_problems(&s);
	free(ep), free(table), free(info);
}

static void emit_calibration(const struct linux_info *li)
{
	struct record r;
	REC_BEGIN(&r, calibration);
	REC_U64(&r, calibration, tsc_hz, li->tsc_hz);
	REC_STR(&r, calibration, reference, "clock_monotonic_raw");
	REC_BOOL(&r, calibration, tsc_invariant, cpu.has_tsc_invariant);
	REC_U64(&r, calibration, references, 1);
	REC_U64(&r, calibration, agreeing, 1);
	REC_STR(&r, calibration, disagreeing, "");
	record_emit(&r);
}

static void emit_linux(const struct linux_info *li, const struct run_setup *s)
{
	struct record r;
	REC_BEGIN(&r, linux);
	REC_STR(&r, linux, release, li->release);
	REC_STR(&r, linux, kernel_version, li->version);
	REC_STR(&r, linux, kernel_cmdline, li->cmdline);
	REC_U64(&r, linux, config_hz, li->config_hz);
	REC_STR(&r, linux, config_from, li->config_from);
	REC_U64(&r, linux, tick_nsec, li->tick_nsec);
	REC_BOOL(&r, linux, highres, li->highres);
	REC_STR(&r, linux, clockevent, li->clockevent);
	REC_STR(&r, linux, clocksource, li->clocksource);
	REC_STR(&r, linux, nohz_full, li->nohz_full_list);
	REC_STR(&r, linux, isolated, li->isolated_list);
	REC_STR(&r, linux, nohz, li->nohz);
	REC_BOOL(&r, linux, skew_tick, li->skew_tick);
	REC_U64(&r, linux, linux_cpu, li->cpu);
	REC_U64(&r, linux, cpu, li->apic_id);
	REC_BOOL(&r, linux, pinned, s->pinned);
	REC_BOOL(&r, linux, mlocked, s->mlocked);
	REC_STR(&r, linux, sched, s->fifo ? "fifo" : "other");
	record_emit(&r);
}

static void say_setup(const struct linux_info *li, const struct run_setup *s)
{
	char hz[sizeof(li->config_from) + 64];
	if (li->config_hz)
		snprintf(hz, sizeof(hz), "HZ %u (%s)", li->config_hz, li->config_from);
	else
		snprintf(hz, sizeof(hz), "HZ %llu by the tick period (no configuration readable)",
			 li->tick_nsec ? (unsigned long long)((1000000000 + li->tick_nsec / 2) / li->tick_nsec) : 0ull);
	fprintf(stderr, "linux: %s, %s, tick period %llu ns%s, clock event device %s, "
		"clocksource %s\n", li->release, hz,
		(unsigned long long)li->tick_nsec, li->highres ? ", high-resolution timers" : "",
		li->clockevent, li->clocksource);
	fprintf(stderr, "linux: CPU %u (APIC id %u), its tick %s; nohz_full \"%s\", isolated "
		"\"%s\"\n", li->cpu, li->apic_id, !strcmp(li->nohz, "off") ? "periodic" :
		!strcmp(li->nohz, "full") ? "off while one task runs (nohz_full)" :
		"stopped when idle", li->nohz_full_list, li->isolated_list);
	if (s->why_not_pinned)
		fprintf(stderr, "linux: warning: not pinned to CPU %u: %s\n", li->cpu, s->why_not_pinned);
	if (s->why_not_mlocked)
		fprintf(stderr, "linux: warning: memory not locked: %s\n", s->why_not_mlocked);
	if (s->why_not_fifo)
		fprintf(stderr, "linux: warning: not SCHED_FIFO: %s\n", s->why_not_fifo);
}

void linux_emit_start(const struct linux_info *li, const char *words, uint64_t seed,
		      const struct run_setup *setup)
{
	fprintf(stderr, "tickbench-linux %s: words \"%s\", seed %llu\n", TICKBENCH_VERSION, words,
		(unsigned long long)seed);
	emit_boot(li, words, seed);
	emit_platform(li);
	emit_machine(li);
	fprintf(stderr, "calibration: TSC %llu Hz against CLOCK_MONOTONIC_RAW\n",
		(unsigned long long)li->tsc_hz);
	emit_calibration(li);
	say_setup(li, setup);
	emit_linux(li, setup);
}
