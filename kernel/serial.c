/* The serial console's choice (see serial.h). */
#include "serial.h"
#include "console.h"
#include "format.h"
#include "lib.h"
#include "paging.h"
#include "pci.h"
#include "uart.h"

#define MMIO_UART_WINDOW 0x1000

static const uint16_t com_ports[] = { 0x3f8, 0x2f8, 0x3e8, 0x2e8 };

static struct {
	char name[32];
	const char *from;
	char why[320];
	char pci[24];
	bool pci_decode_turned_on;
	uint32_t baud;
	bool ok;
} chosen = { .name = "none", .from = "none" };

static void passed_over(const char *what, const char *reason)
{
	size_t n = strlen(chosen.why);
	format(chosen.why + n, sizeof(chosen.why) - n, "%s%s: %s", n ? "; " : "", what, reason);
}

/* Map (MMIO), probe and program one UART; remember its name when it answers. */
static bool try_uart(enum uart_access access, uint64_t addr, uint32_t baud, uint32_t clock_hz)
{
	static const char *const prefix[] = {
		[UART_PORT] = "io", [UART_MMIO8] = "mmio", [UART_MMIO32] = "mmio32",
	};
	format(chosen.name, sizeof(chosen.name), "%s:0x%llx", prefix[access],
	       (unsigned long long)addr);
	if (access != UART_PORT && !paging_map(addr, MMIO_UART_WINDOW, true))
		return false;
	chosen.baud = baud;
	return uart_init(access, addr, baud, clock_hz);
}

static bool try_spcr(const struct kernel_config *cfg, const struct acpi_info *acpi)
{
	const struct acpi_spcr *s = &acpi->spcr;
	enum uart_access access;
	uint64_t base;
	if (!acpi->has_spcr) {
		passed_over("SPCR", "no table");
		return false;
	}
	const char *why = acpi_spcr_uart(s, &access, &base);
	if (why) {
		passed_over("SPCR", why);
		return false;
	}
	uint32_t baud = kernel_given("baud") ? cfg->baud : s->baud;
	if (try_uart(access, base, baud, s->clock_hz))
		return true;
	passed_over("SPCR", "its UART does not answer");
	return false;
}

static bool try_com(const struct kernel_config *cfg)
{
	for (size_t i = 0; i < ARRAY_SIZE(com_ports); i++)
		if (try_uart(UART_PORT, com_ports[i], cfg->baud, 0))
			return true;
	passed_over("COM1-COM4", "none answers");
	return false;
}

/* A PCI UART is programmed as if clocked at 1.8432 MHz, as QEMU's pci-serial is;
 * baud=0 keeps the divisor the firmware left. */
static bool try_pci(const struct kernel_config *cfg)
{
	struct pci_uart u;
	if (!pci_present() || !pci_find_uart(&u)) {
		passed_over("PCI", "no 16550-compatible serial controller");
		return false;
	}
	format(chosen.pci, sizeof(chosen.pci), "%02x:%02x.%u %04x:%04x", u.bus, u.dev,
	       u.fn, u.vendor, u.device);
	if (!u.decode_enabled) {
		pci_enable_uart(&u);
		chosen.pci_decode_turned_on = true;
	}
	if (try_uart(u.io ? UART_PORT : UART_MMIO8, u.base, cfg->baud, 0))
		return true;
	passed_over(chosen.pci, "does not answer");
	chosen.pci[0] = 0;
	return false;
}

static bool choose_auto(const struct kernel_config *cfg, const struct acpi_info *acpi)
{
	if (try_spcr(cfg, acpi))
		chosen.from = "spcr";
	else if (try_com(cfg))
		chosen.from = "com";
	else if (try_pci(cfg))
		chosen.from = "pci";
	else
		return false;
	return true;
}

bool serial_init(const struct kernel_config *cfg, const struct acpi_info *acpi)
{
	static const enum uart_access access[] = {
		[CONSOLE_IO] = UART_PORT, [CONSOLE_MMIO8] = UART_MMIO8,
		[CONSOLE_MMIO32] = UART_MMIO32,
	};
	if (cfg->console == CONSOLE_AUTO)
		chosen.ok = choose_auto(cfg, acpi);
	else if (cfg->console != CONSOLE_NONE) {
		chosen.from = "cmdline";
		chosen.ok = try_uart(access[cfg->console], cfg->console_addr, cfg->baud, 0);
		if (!chosen.ok)
			passed_over(chosen.name, "does not answer");
	}
	if (!chosen.ok)
		chosen.from = "none";
	return chosen.ok;
}

static const char *from_sentence(void)
{
	if (!strcmp(chosen.from, "cmdline"))
		return "console= on the command line names it";
	if (!strcmp(chosen.from, "spcr"))
		return "the ACPI SPCR table names it";
	if (!strcmp(chosen.from, "com"))
		return "the first COM port that answers";
	return "a PCI serial controller";
}

void serial_say(void)
{
	char rate[24] = "the firmware's rate";
	if (!chosen.ok) {
		kprintf("console: no serial port (%s); the screen alone\n",
			chosen.why[0] ? chosen.why : "console=none");
		return;
	}
	if (chosen.baud)
		format(rate, sizeof(rate), "%u baud", chosen.baud);
	kprintf("console: serial %s at %s: %s%s%s%s%s%s\n", chosen.name, rate, from_sentence(),
		chosen.pci[0] ? ", PCI " : "", chosen.pci,
		chosen.pci_decode_turned_on ? " (its decoding was off: turned on)" : "",
		chosen.why[0] ? "; passed over " : "", chosen.why);
}

const char *console_serial_name(void) { return uart_present() ? chosen.name : "none"; }
const char *serial_from(void) { return chosen.from; }
const char *serial_why(void) { return chosen.why; }
const char *serial_pci(void) { return chosen.pci; }
uint32_t serial_baud(void) { return chosen.baud; }
