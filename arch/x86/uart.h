/* 16550-compatible UART, by I/O port or by MMIO (8- or 32-bit registers).
 * Register map: TI PC16550D datasheet, table II. */
#ifndef ARCH_X86_UART_H
#define ARCH_X86_UART_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

#define UART_RBR        0       /* receive buffer (read, DLAB=0) */
#define UART_THR        0       /* transmit holding (write, DLAB=0) */
#define UART_DLL        0       /* divisor latch low (DLAB=1) */
#define UART_IER        1       /* interrupt enable (DLAB=0) */
#define UART_DLM        1       /* divisor latch high (DLAB=1) */
#define UART_FCR        2       /* FIFO control (write) */
#define   UART_FCR_ENABLE_CLEAR 0x07
#define UART_LCR        3       /* line control */
#define   UART_LCR_8N1  0x03
#define   UART_LCR_DLAB 0x80
#define UART_MCR        4       /* modem control */
#define   UART_MCR_DTR_RTS 0x03
#define   UART_MCR_LOOP 0x10
#define UART_LSR        5       /* line status */
#define   UART_LSR_THRE 0x20    /* transmit holding register empty */
#define UART_SCR        7       /* scratch */

#define UART_CLOCK_HZ   1843200 /* the PC's 1.8432 MHz crystal: divisor = 115200 / baud */

enum uart_access { UART_PORT, UART_MMIO8, UART_MMIO32 };

/* Probe the UART at addr (port or physical address) and program it for baud, 8N1
 * (baud 0 keeps the firmware's divisor), its input clock clock_hz (0: the PC's
 * 1.8432 MHz). Returns false, and leaves the UART
 * unused, when nothing answers there. */
bool uart_init(enum uart_access access, uint64_t addr, uint32_t baud, uint32_t clock_hz);
bool uart_present(void);
void uart_write(const char *s, size_t n);   /* '\n' goes out as "\r\n" */

#endif
