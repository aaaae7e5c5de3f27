/* The console fan-out: serial (16550) and screen (VGA text or framebuffer), and
 * the output lock that gives it to one CPU at a time. */
#include "console.h"
#include "cpu.h"
#include "format.h"
#include "paging.h"
#include "clock.h"
#include "uart.h"
#include "lib.h"
#include <stdarg.h>

#define VGA_TEXT_ADDR 0xb8000
#define MMIO_UART_WINDOW 0x1000

static uint32_t owner = APIC_ID_NONE;   /* APIC id of the CPU holding the output lock */
static unsigned depth;                  /* its nested holds; only the owner touches it */
static bool kept;                       /* held to the end of the run: no forcing */

static char serial_name[32] = "none";
static const char *screen_name = "none";
static enum { SCREEN_NONE, SCREEN_VGA, SCREEN_FB } screen;

void console_init_screen(const struct boot_info *bi)
{
	const struct framebuffer *fb = &bi->fb;
	if (bi->has_framebuffer && fb->type == 2) {
		vga_init(fb->addr, fb->width, fb->height);   /* EGA text: size in cells */
		screen = SCREEN_VGA;
	} else if (bi->has_framebuffer && fb->type == 1 &&
		   paging_map(fb->addr, (uint64_t)fb->pitch * fb->height, false) &&
		   fb_init(fb)) {
		screen = SCREEN_FB;
	} else if (!bi->uefi) {
		vga_init(VGA_TEXT_ADDR, 80, 25);    /* BIOS without a tag: mode 3 */
		screen = SCREEN_VGA;
	}
	screen_name = screen == SCREEN_VGA ? "vga-text" : screen == SCREEN_FB ? "framebuffer" : "none";
}

bool console_init_serial(const struct config *cfg)
{
	static const char *const prefix[] = {
		[CONSOLE_IO] = "io", [CONSOLE_MMIO8] = "mmio", [CONSOLE_MMIO32] = "mmio32",
	};
	static const enum uart_access access[] = {
		[CONSOLE_IO] = UART_PORT, [CONSOLE_MMIO8] = UART_MMIO8,
		[CONSOLE_MMIO32] = UART_MMIO32,
	};
	if (cfg->console == CONSOLE_NONE)
		return true;
	if (cfg->console != CONSOLE_IO &&
	    !paging_map(cfg->console_addr, MMIO_UART_WINDOW, true))
		return false;
	format(serial_name, sizeof(serial_name), "%s:0x%llx", prefix[cfg->console],
	       (unsigned long long)cfg->console_addr);
	return uart_init(access[cfg->console], cfg->console_addr, cfg->baud);
}

void console_write(const char *s, size_t n)
{
	uart_write(s, n);
	if (screen == SCREEN_VGA)
		vga_write(s, n);
	else if (screen == SCREEN_FB)
		fb_write(s, n);
}

/* The holder did not let go within a second: take the lock from it and say so. */
static void take_by_force(uint32_t me, uint32_t holder)
{
	__atomic_exchange_n(&owner, me, __ATOMIC_ACQ_REL);
	depth = 1;
	char note[128];
	int n = format(note, sizeof(note), "\ntickbench: APIC id %u held the console for "
		       "over a second; APIC id %u writes anyway\n", holder, me);
	console_write(note, (size_t)n);
}

enum console_hold console_lock(void)
{
	uint32_t me = cpu_apic_id(), holder = __atomic_load_n(&owner, __ATOMIC_ACQUIRE);
	if (holder == me) {
		depth++;
		return CONSOLE_HELD_ALREADY;
	}
	for (struct deadline d = deadline_in_ms(1000);; cpu_relax()) {
		uint32_t free = APIC_ID_NONE;
		if (__atomic_compare_exchange_n(&owner, &free, me, false, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED)) {
			depth = 1;
			return CONSOLE_HELD;
		}
		if (!__atomic_load_n(&kept, __ATOMIC_ACQUIRE) && deadline_passed(&d)) {
			take_by_force(me, free);
			return CONSOLE_TAKEN_BY_FORCE;
		}
	}
}

void console_unlock(void)
{
	if (__atomic_load_n(&owner, __ATOMIC_RELAXED) != cpu_apic_id())
		return;                 /* taken by force meanwhile: no longer ours */
	if (--depth == 0)
		__atomic_store_n(&owner, APIC_ID_NONE, __ATOMIC_RELEASE);
}

void console_keep(void) { __atomic_store_n(&kept, true, __ATOMIC_RELEASE); }

void kprintf(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vformat(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	console_lock();
	console_write(buf, n < (int)sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
	console_unlock();
}

const char *console_serial_name(void) { return uart_present() ? serial_name : "none"; }
const char *console_serial_wanted(void) { return serial_name; }
const char *console_screen_name(void) { return screen_name; }
