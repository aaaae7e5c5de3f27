/* The "platform" and "machine" records (docs/FORMAT.md) from what CPUID and SMBIOS
 * say: built for the kernel and, unchanged, for tickbench-linux, so that both write
 * the same fields and a machine gets the same id under either. */
#ifndef KERNEL_IDENTITY_H
#define KERNEL_IDENTITY_H

#include <stdbool.h>
#include <stdint.h>
#include "smbios.h"

/* How fast the CPU runs RDTSC and a plain loop, in TSC cycles (platform_probe_speed). */
struct platform_speed {
	uint64_t rdtsc_cycles;          /* back to back, unfenced */
	uint64_t loop_cycles;           /* 1000 turns of DEC; JNZ */
};
#define RDTSC_TRAP_CYCLES    1000       /* above: RDTSC traps below us */
#define LOOP_EMULATED_CYCLES 100000     /* above (100 a turn): every instruction is emulated */
/* What the hypervisor below does to this guest's instructions, or NULL. */
const char *platform_speed_below(const struct platform_speed *s);
/* Whether it emulates every instruction (a software hypervisor such as kvm_pvm,
 * whose emulator is KVM's: no SSE arithmetic, and an instruction it cannot emulate
 * stops the whole machine with "KVM internal error"). */
bool platform_emulates_everything(const struct platform_speed *s);

/* What runs below the measurements: os "none" (the bare kernel) or "linux", with
 * its release (NULL: none). */
struct platform_os {
	const char *os, *release;
};
/* The platform record (after cpu_identify()). */
void platform_emit_record(const char *emulator, uint64_t memory_kib,
			  const struct platform_speed *speed, const struct platform_os *os);

/* The machine's id (eight hex digits) from its SMBIOS identity, firmware kind, CPU
 * and microcode ("" when unreadable); then its record. */
void machine_make_id(const struct smbios_info *s, bool uefi, const char *microcode, char id[9]);
void machine_emit_record(const struct smbios_info *s, const char *id, bool uefi,
			 bool has_microcode, uint32_t microcode);
/* One smbios_problem record per problem the parser noted. */
void machine_emit_problems(const struct smbios_info *s);

#endif
