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
	REC_BEGIN(&r, boot);
	REC_U64(&r, boot, format, RECORD_FORMAT_VERSION);
	REC_STR(&r, boot, version, TICKBENCH_VERSION);
	REC_STR(&r, boot, cmdline, bi->cmdline);
	REC_U64(&r, boot, seed, seed);
	REC_STR(&r, boot, loader, bi->loader);
	REC_STR(&r, boot, firmware, bi->uefi ? "uefi" : "bios");
	REC_U64(&r, boot, load_addr, image_start());
	REC_STR(&r, boot, console, console_serial_name());
	REC_STR(&r, boot, console_from, serial_from());
	REC_STR(&r, boot, console_why, serial_why());
	REC_U64(&r, boot, console_baud, serial_baud());
	REC_STR(&r, boot, console_pci, serial_pci());
	REC_STR(&r, boot, screen, console_screen_name());
	REC_STR(&r, boot, screen_mode, console_screen_mode());
	REC_STR(&r, boot, screen_text, console_screen_text());
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
