/* 16550 UART driver: polled transmit only (see uart.h). */
#include "uart.h"
#include "cpu.h"

/* A transmitter that never drains (no UART, flow control stuck) must not hang the
 * run: after this many polls of LSR the UART is declared dead and dropped. */
#define THRE_POLLS 1000000

static struct {
	enum uart_access access;
	uint64_t base;
	bool present;
} uart;

static uint8_t uart_in(unsigned reg)
{
	switch (uart.access) {
	case UART_MMIO8:  return *(volatile uint8_t *)(uintptr_t)(uart.base + reg);
	case UART_MMIO32: return (uint8_t)*(volatile uint32_t *)(uintptr_t)(uart.base + 4 * reg);
	default:          return inb((uint16_t)(uart.base + reg));
	}
}

static void uart_out(unsigned reg, uint8_t val)
{
	switch (uart.access) {
	case UART_MMIO8:  *(volatile uint8_t *)(uintptr_t)(uart.base + reg) = val; break;
	case UART_MMIO32: *(volatile uint32_t *)(uintptr_t)(uart.base + 4 * reg) = val; break;
	default:          outb((uint16_t)(uart.base + reg), val); break;
	}
}

/* The scratch register holds what is written to it; a floating bus reads 0xff. */
static bool probe(void)
{
	uart_out(UART_SCR, 0x5a);
	if (uart_in(UART_SCR) != 0x5a)
		return false;
	uart_out(UART_SCR, 0xa5);
	return uart_in(UART_SCR) == 0xa5 && uart_in(UART_LSR) != 0xff;
}

bool uart_init(enum uart_access access, uint64_t addr, uint32_t baud, uint32_t clock_hz)
{
	uart.access = access;
	uart.base = addr;
	uart.present = false;
	if (!probe())
		return false;
	uart_out(UART_IER, 0);
	if (baud) {
		uint32_t d = (clock_hz ? clock_hz : UART_CLOCK_HZ) / 16 / baud;
		uint16_t div = (uint16_t)(d == 0 ? 1 : d > 0xffff ? 0xffff : d);
		uart_out(UART_LCR, UART_LCR_DLAB);
		uart_out(UART_DLL, div & 0xff);
		uart_out(UART_DLM, div >> 8);
	}
	uart_out(UART_LCR, UART_LCR_8N1);
	uart_out(UART_FCR, UART_FCR_ENABLE_CLEAR);
	uart_out(UART_MCR, UART_MCR_DTR_RTS);
	uart.present = true;
	return true;
}

bool uart_present(void) { return uart.present; }

static void put(char c)
{
	for (unsigned i = 0; !(uart_in(UART_LSR) & UART_LSR_THRE); i++) {
		if (i == THRE_POLLS) {
			uart.present = false;
			return;
		}
		cpu_relax();
	}
	uart_out(UART_THR, (uint8_t)c);
}

void uart_write(const char *s, size_t n)
{
	for (size_t i = 0; i < n && uart.present; i++) {
		if (s[i] == '\n')
			put('\r');
		put(s[i]);
	}
}
