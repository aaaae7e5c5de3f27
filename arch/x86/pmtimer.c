/* ACPI PM timer (see pmtimer.h). */
#include "pmtimer.h"

uint16_t pmtimer_port;
uint32_t pmtimer_mask = 0xffffff;

/* A port that reads the same value over and over (or all ones) is not a timer. */
bool pmtimer_init(uint16_t port, bool is_32bit)
{
	if (!port)
		return false;
	pmtimer_port = port;
	pmtimer_mask = is_32bit ? 0xffffffffu : 0xffffffu;
	uint32_t first = pmtimer_read();
	for (int i = 0; i < 100000; i++)
		if (pmtimer_read() != first)
			return true;
	pmtimer_port = 0;
	return false;
}
