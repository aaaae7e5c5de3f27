/* The console fan-out: human text to the serial port (16550, chosen by serial.c)
 * and the screen (VGA text or framebuffer), records to the serial port alone; and
 * the output lock that gives them to one CPU at a time. */
#include "console.h"
#include "cpu.h"
#include "format.h"
#include "paging.h"
#include "clock.h"
#include "uart.h"
#include "lib.h"
#include <stdarg.h>

#define VGA_TEXT_ADDR 0xb8000

static uint32_t owner = APIC_ID_NONE;   /* APIC id of the CPU holding the output lock */
static unsigned depth;                  /* its nested holds; only the owner touches it */
static bool kept;                       /* held to the end of the run: no forcing */

static const char *screen_name = "none";
static char screen_mode[40], screen_text[16];  /* "1920x1080x32", "120x33" */
static enum { SCREEN_NONE, SCREEN_VGA, SCREEN_FB } screen;

void console_init_screen(const struct boot_info *bi)
{
	const struct framebuffer *fb = &bi->fb;
	if (bi->has_framebuffer && fb->type == 2) {
		vga_init(fb->addr, fb->width, fb->height);   /* EGA text: size in cells */
		screen = SCREEN_VGA;
	} else if (bi->has_framebuffer && fb->type == 1 &&
		   paging_map_wc(fb->addr, (uint64_t)fb->pitch * fb->height) &&
		   fb_init(fb)) {
		screen = SCREEN_FB;
	} else if (!bi->uefi) {
		vga_init(VGA_TEXT_ADDR, 80, 25);    /* BIOS without a tag: mode 3 */
		screen = SCREEN_VGA;
	}
	screen_name = screen == SCREEN_VGA ? "vga-text" : screen == SCREEN_FB ? "framebuffer" : "none";
	if (screen == SCREEN_FB)
		format(screen_mode, sizeof(screen_mode), "%ux%ux%u", fb->width, fb->height, fb->bpp);
	if (screen == SCREEN_FB)
		format(screen_text, sizeof(screen_text), "%ux%u", fb_text_cols(), fb_text_rows());
	else if (screen == SCREEN_VGA)
		format(screen_text, sizeof(screen_text), "%ux%u", vga_text_cols(), vga_text_rows());
}

void console_say_screen(const struct boot_info *bi)
{
	const struct framebuffer *fb = &bi->fb;
	if (screen == SCREEN_FB)
		kprintf("screen: framebuffer %s at 0x%llx, write-combining, text %s (font x%u)\n",
			screen_mode, (unsigned long long)fb->addr, screen_text, fb_font_scale());
	else if (screen == SCREEN_VGA)
		kprintf("screen: VGA text %s\n", screen_text);
	else if (bi->has_framebuffer)
		kprintf("screen: none: the framebuffer (type %u, %ux%ux%u at 0x%llx) cannot be "
			"used\n", fb->type, fb->width, fb->height, fb->bpp,
			(unsigned long long)fb->addr);
}

void console_write_serial(const char *s, size_t n) { uart_write(s, n); }

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

static void print(void (*write)(const char *, size_t), const char *fmt, va_list ap)
{
	char buf[512];
	int n = vformat(buf, sizeof(buf), fmt, ap);
	console_lock();
	write(buf, n < (int)sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
	console_unlock();
}

void kprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	print(console_write, fmt, ap);
	va_end(ap);
}

void kprintf_serial(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	print(console_write_serial, fmt, ap);
	va_end(ap);
}

const char *console_screen_name(void) { return screen_name; }
const char *console_screen_mode(void) { return screen_mode; }
const char *console_screen_text(void) { return screen_text; }
