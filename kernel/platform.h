/* The first two records of every run: "boot" and "platform" (docs/FORMAT.md). */
#ifndef KERNEL_PLATFORM_H
#define KERNEL_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>
#include "identity.h"
#include "multiboot2.h"

void platform_emit_boot(const struct boot_info *bi, uint64_t seed);
void platform_emit_platform(const struct boot_info *bi, const char *emulator,
			    const struct platform_speed *speed);

/* How fast this CPU runs two things, in TSC cycles, before anything is calibrated
 * (kernel/speed.c): RDTSC back to back (the least difference of
 * RDTSC_PROBE_PAIRS unfenced pairs) and a loop of 1000 DEC; JNZ (the least of
 * RDTSC_PROBE_LOOPS). A CPU's own RDTSC takes tens of cycles and its loop about a
 * cycle a turn; an RDTSC that a hypervisor below traps takes a VM exit and entry,
 * thousands; a guest that the hypervisor below runs in an instruction emulator
 * (kvm_pvm runs a guest natively only in its paravirtual PVM mode) takes hundreds
 * of cycles an instruction, RDTSC with the rest. The "platform" record's fields. */
#define RDTSC_PROBE_PAIRS  1000
#define RDTSC_PROBE_LOOPS  100
void platform_probe_speed(struct platform_speed *s);

#endif
