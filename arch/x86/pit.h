/* The 8254 PIT (Intel 82C54 datasheet; PC wiring: channel 0 on IRQ0, channel 2
 * gated by port 0x61 bit 0, its output readable at port 0x61 bit 5). */
#ifndef ARCH_X86_PIT_H
#define ARCH_X86_PIT_H

#include <stdint.h>
#include <stdbool.h>
#include "cpu.h"

#define PIT_HZ          1193182         /* 14.31818 MHz / 12 */
#define PIT_CH0         0x40
#define PIT_CH2         0x42
#define PIT_MODE        0x43
#define   PIT_SEL_CH0        (0u << 6)
#define   PIT_SEL_CH2        (2u << 6)
#define   PIT_LATCH          (0u << 4)  /* counter latch command */
#define   PIT_LOHI           (3u << 4)  /* access low byte then high byte */
#define   PIT_MODE_TERMINAL  (0u << 1)  /* mode 0: interrupt on terminal count */
#define   PIT_MODE_RATE      (2u << 1)  /* mode 2: rate generator */
#define PIT_PORT_B      0x61
#define   PIT_B_GATE2        0x01
#define   PIT_B_SPEAKER      0x02
#define   PIT_B_OUT2         0x20

/* Channel 0: a periodic interrupt every divisor ticks (divisor 0 means 65536). */
void pit_periodic(uint16_t divisor);
/* Channel 0: one interrupt after count ticks. */
void pit_oneshot(uint16_t count);
/* Channel 0: stop (mode 0 with no count written: the output stays low). */
void pit_stop(void);
/* Channel 0: the count alone, low byte then high byte, in the mode the last
 * pit_periodic/pit_oneshot set (datasheet: a new count in mode 0 restarts counting). */
static inline void pit_reload(uint16_t count)
{
	outb(PIT_CH0, (uint8_t)count);
	outb(PIT_CH0, (uint8_t)(count >> 8));
}

/* Channel 0's current count, latched (datasheet: "Counter Latch Command"). */
static inline uint16_t pit_read(void)
{
	outb(PIT_MODE, PIT_SEL_CH0 | PIT_LATCH);
	uint8_t lo = inb(PIT_CH0);
	return (uint16_t)(lo | inb(PIT_CH0) << 8);
}

/* Channel 2 for calibration: count down from count with the speaker off (mode 0;
 * past terminal count it goes on from 0xffff), read latched. */
void pit_ch2_start(uint16_t count);
static inline uint16_t pit_ch2_read(void)
{
	outb(PIT_MODE, PIT_SEL_CH2 | PIT_LATCH);
	uint8_t lo = inb(PIT_CH2);
	return (uint16_t)(lo | inb(PIT_CH2) << 8);
}

#endif
