/* The first two records of every run: "boot" and "platform" (docs/FORMAT.md). */
#ifndef KERNEL_PLATFORM_H
#define KERNEL_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>
#include "multiboot2.h"

void platform_emit_boot(const struct boot_info *bi, uint64_t seed);
/* How fast the CPU runs RDTSC and a plain loop, in TSC cycles (bench_probe_speed). */
struct platform_speed {
	uint64_t rdtsc_cycles;          /* back to back, unfenced */
	uint64_t loop_cycles;           /* 1000 turns of DEC; JNZ */
};
#define RDTSC_TRAP_CYCLES    1000       /* above: RDTSC traps below us */
#define LOOP_EMULATED_CYCLES 100000     /* above (100 a turn): every instruction is emulated */
/* What the hypervisor below does to this guest's instructions, or NULL. */
const char *platform_speed_below(const struct platform_speed *s);
void platform_emit_platform(const struct boot_info *bi, const char *emulator,
			    const struct platform_speed *speed);

#endif
