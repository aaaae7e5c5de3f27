/* ACPI PM timer (see pmtimer.h). */
#include "pmtimer.h"
#include "acpi.h"
#include "paging.h"

uint16_t pmtimer_port;
const volatile uint32_t *pmtimer_mmio;
uint32_t pmtimer_mask = 0xffffff;

static bool select_block(uint8_t space, uint64_t addr)
{
	pmtimer_port = 0;
	pmtimer_mmio = NULL;
	if (space == ACPI_GAS_SYSTEM_IO && addr && addr <= 0xfffc) {
		pmtimer_port = (uint16_t)addr;
		return true;
	}
	if (space != ACPI_GAS_SYSTEM_MEMORY || !addr || (addr & 3) ||
	    !paging_map(addr & ~0xfffull, 0x1000, true))
		return false;
	pmtimer_mmio = (volatile uint32_t *)(uintptr_t)addr;
	return true;
}

/* A block that reads the same value over and over (or all ones) is not a timer. */
bool pmtimer_init(uint8_t space, uint64_t addr, bool is_32bit)
{
	if (!select_block(space, addr))
		return false;
	pmtimer_mask = is_32bit ? 0xffffffffu : 0xffffffu;
	uint32_t first = pmtimer_read();
	for (int i = 0; i < 100000; i++)
		if (pmtimer_read() != first)
			return true;
	pmtimer_port = 0;
	pmtimer_mmio = NULL;
	return false;
}
