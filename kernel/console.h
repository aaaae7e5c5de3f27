/* Text goes to the serial console and the screen; records to the serial console. */
#ifndef KERNEL_CONSOLE_H
#define KERNEL_CONSOLE_H

#include <stddef.h>
#include "cmdline.h"
#include "multiboot2.h"

void console_init_screen(const struct boot_info *bi);
/* Unlocked: under console_lock(), or before any AP runs. Human text goes to the
 * serial port and the screen; records (the data, for the log) to the serial port
 * alone: the screen never shows JSON. */
void console_write(const char *s, size_t n);
void console_write_serial(const char *s, size_t n);
/* Formats, then writes the text under the output lock. */
void kprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same to the serial port alone: data lines (dump=acpi) that are not for people. */
void kprintf_serial(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The output lock: one CPU at a time writes, a kprintf() or a record whole. Output
 * only, never inside a measured interval. Its holder may take it again (a fault or
 * an NMI in the middle of its output). A holder that keeps it over a second loses it:
 * the waiter says so on the console and writes anyway. */
enum console_hold {
	CONSOLE_HELD,               /* it was free, or freed within a second */
	CONSOLE_HELD_ALREADY,       /* this CPU held it: its own output was interrupted */
	CONSOLE_TAKEN_BY_FORCE,     /* another CPU held it for over a second */
};
enum console_hold console_lock(void);
void console_unlock(void);
/* The holder keeps the lock until the machine stops (the end of the run): others
 * wait without the one-second limit, until the CPU ending the run stops them. */
void console_keep(void);

/* For the boot record: "vga-text", "framebuffer", "none" (serial.h: the UART). */
const char *console_screen_name(void);
const char *console_screen_mode(void);     /* "1920x1080x32" (framebuffer), else "" */
const char *console_screen_text(void);     /* text grid "120x33", "" when no screen */
void console_say_screen(const struct boot_info *bi);   /* one human line */

#endif
