/* Everything printed goes to the serial console and the screen alike. */
#ifndef KERNEL_CONSOLE_H
#define KERNEL_CONSOLE_H

#include <stddef.h>
#include "cmdline.h"
#include "multiboot2.h"

void console_init_screen(const struct boot_info *bi);
/* False when the configured UART does not answer: output goes to the screen only. */
bool console_init_serial(const struct config *cfg);
void console_write(const char *s, size_t n);
void kprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* For the boot record: "io:0x3f8", "mmio:0x...", "none"; "vga-text", "framebuffer". */
const char *console_serial_name(void);
const char *console_screen_name(void);
const char *console_serial_wanted(void);   /* the UART asked for, found or not */

#endif
