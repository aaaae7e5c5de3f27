/* 8254 PIT driver (see pit.h). */
#include "pit.h"

static void load(uint16_t port, uint8_t select_mode, uint16_t count)
{
	outb(PIT_MODE, select_mode | PIT_LOHI);
	outb(port, (uint8_t)count);
	outb(port, (uint8_t)(count >> 8));
}

void pit_periodic(uint16_t divisor) { load(PIT_CH0, PIT_SEL_CH0 | PIT_MODE_RATE, divisor); }
void pit_oneshot(uint16_t count) { load(PIT_CH0, PIT_SEL_CH0 | PIT_MODE_TERMINAL, count); }
void pit_stop(void) { outb(PIT_MODE, PIT_SEL_CH0 | PIT_LOHI | PIT_MODE_TERMINAL); }

void pit_ch2_start(uint16_t count)
{
	uint8_t b = inb(PIT_PORT_B);
	outb(PIT_PORT_B, (b & ~PIT_B_SPEAKER) & ~PIT_B_GATE2);     /* gate low: hold */
	load(PIT_CH2, PIT_SEL_CH2 | PIT_MODE_TERMINAL, count);
	outb(PIT_PORT_B, (b & ~PIT_B_SPEAKER) | PIT_B_GATE2);      /* gate high: count */
}
