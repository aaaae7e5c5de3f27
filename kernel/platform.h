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

#endif
