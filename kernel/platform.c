/* The "boot" and "platform" records, and their human-readable lines. */
#include "platform.h"
#include "console.h"
#include "cpu.h"
#include "format.h"
#include "image.h"
#include "record.h"
#include "serial.h"
#include "version.h"            /* build/version.h, from the Makefile */

void platform_emit_boot(const struct boot_info *bi, uint64_t seed)
{
	char moved[32] = "";
	if (image_start() != IMAGE_LINK_BASE)
		format(moved, sizeof(moved), " (linked at 0x%x)", IMAGE_LINK_BASE);
	kprintf("tickbench %s: booted by %s (%s), loaded at 0x%llx%s, command line \"%s\", "
		"seed %llu\n", TICKBENCH_VERSION, bi->loader[0] ? bi->loader : "an unnamed loader",
		bi->uefi ? "UEFI" : "BIOS", (unsigned long long)image_start(), moved, bi->cmdline,
		(unsigned long long)seed);
	struct record r;
	record_begin(&r, "boot");
	record_u64(&r, "format", RECORD_FORMAT_VERSION);
	record_str(&r, "version", TICKBENCH_VERSION);
	record_str(&r, "cmdline", bi->cmdline);
	record_u64(&r, "seed", seed);
	record_str(&r, "loader", bi->loader);
	record_str(&r, "firmware", bi->uefi ? "uefi" : "bios");
	record_u64(&r, "load_addr", image_start());
	record_str(&r, "console", console_serial_name());
	record_str(&r, "console_from", serial_from());
	record_str(&r, "console_why", serial_why());
	record_u64(&r, "console_baud", serial_baud());
	record_str(&r, "console_pci", serial_pci());
	record_str(&r, "screen", console_screen_name());
	record_str(&r, "screen_mode", console_screen_mode());
	record_str(&r, "screen_text", console_screen_text());
	record_emit(&r);
}

void platform_emit_platform(const struct boot_info *bi, const char *emulator,
			    const struct platform_speed *speed)
{
	const char *below = platform_speed_below(speed);
	kprintf("cpu: %s family %u model %u stepping %u \"%s\"%s%s\n", cpu.vendor,
		cpu.family, cpu.model, cpu.stepping, cpu.brand,
		cpu.has_hypervisor ? ", hypervisor " : "", cpu.hypervisor);
	kprintf("cpu: invariant TSC %s, TSC-deadline %s, x2APIC %s, RDTSCP %s; memory %llu MiB\n",
		cpu.has_tsc_invariant ? "yes" : "no", cpu.has_tsc_deadline ? "yes" : "no",
		cpu.has_x2apic ? "yes" : "no", cpu.has_rdtscp ? "yes" : "no",
		(unsigned long long)(bi->memory_bytes >> 20));
	kprintf("cpu: RDTSC back to back %llu cycles, 1000 turns of a loop %llu%s%s\n",
		(unsigned long long)speed->rdtsc_cycles, (unsigned long long)speed->loop_cycles,
		below ? ": " : "", below ? below : "");
	static const struct platform_os bare = { "none", NULL };
	platform_emit_record(emulator, bi->memory_bytes >> 10, speed, &bare);
}
