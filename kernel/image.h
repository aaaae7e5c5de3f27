/* Where the kernel image lies. It is linked at IMAGE_LINK_BASE (linker.ld); GRUB
 * loads it there or, where that range is taken, higher but below UNCACHED_WINDOW
 * (boot/header.S), and boot/entry.S relocates it. In C, linker.ld's symbols read
 * where it runs (RIP-relative: the kernel is position independent). */
#ifndef KERNEL_IMAGE_H
#define KERNEL_IMAGE_H

#define IMAGE_LINK_BASE 0x100000        /* linker.ld's first address (ASSERTed there) */
/* From here to 4 GiB boot/entry.S maps uncached: IOAPIC, HPET, local APIC, ... */
#define UNCACHED_WINDOW 0xfec00000

#ifndef __ASSEMBLY__
#include <stdint.h>

extern char __image_start[], __kernel_end[];

/* The image's first byte and the first byte after its .bss. */
static inline uint64_t image_start(void) { return (uint64_t)(uintptr_t)__image_start; }
static inline uint64_t image_end(void) { return (uint64_t)(uintptr_t)__kernel_end; }
#endif

#endif
