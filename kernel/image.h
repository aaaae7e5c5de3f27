/* Where the kernel image lies: linker.ld's symbols, read where GRUB loaded the image
 * (RIP-relative: the kernel is position independent, boot/entry.S). It is linked at
 * IMAGE_LINK_BASE; GRUB loads it there or, where that range is taken, higher. */
#ifndef KERNEL_IMAGE_H
#define KERNEL_IMAGE_H

#include <stdint.h>

#define IMAGE_LINK_BASE 0x100000        /* linker.ld's first address */

extern char __image_start[], __kernel_end[];

/* The image's first byte and the first byte after its .bss. */
static inline uint64_t image_start(void) { return (uint64_t)(uintptr_t)__image_start; }
static inline uint64_t image_end(void) { return (uint64_t)(uintptr_t)__kernel_end; }

#endif
