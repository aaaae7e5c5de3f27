/* I/O APIC driver (see ioapic.h). */
#include "ioapic.h"
#include "paging.h"

#define MAX_IOAPICS 8

static struct {
	volatile uint32_t *base;
	uint32_t gsi_base;
	unsigned pins;
} ioapics[MAX_IOAPICS];
static unsigned n_ioapics;

static uint32_t ioapic_read(volatile uint32_t *base, uint32_t reg)
{
	base[IO_APIC_REGSEL / 4] = reg;
	return base[IO_APIC_WIN / 4];
}

static void ioapic_write(volatile uint32_t *base, uint32_t reg, uint32_t val)
{
	base[IO_APIC_REGSEL / 4] = reg;
	base[IO_APIC_WIN / 4] = val;
}

bool ioapic_add(uint64_t addr, uint32_t gsi_base)
{
	if (n_ioapics == MAX_IOAPICS || !paging_map(addr, 0x1000, true))
		return false;
	volatile uint32_t *base = (volatile uint32_t *)(uintptr_t)addr;
	uint32_t ver = ioapic_read(base, IO_APIC_VER);
	if (ver == 0xffffffff)
		return false;               /* nothing answers there */
	unsigned pins = ((ver >> 16) & 0xff) + 1;
	ioapics[n_ioapics++] = (typeof(ioapics[0])){ base, gsi_base, pins };
	for (unsigned pin = 0; pin < pins; pin++)
		ioapic_write(base, IO_APIC_REDTBL(pin), IO_APIC_RTE_MASKED);
	return true;
}

static bool locate(uint32_t gsi, volatile uint32_t **base, unsigned *pin)
{
	for (unsigned i = 0; i < n_ioapics; i++)
		if (gsi >= ioapics[i].gsi_base && gsi < ioapics[i].gsi_base + ioapics[i].pins) {
			*base = ioapics[i].base;
			*pin = gsi - ioapics[i].gsi_base;
			return true;
		}
	return false;
}

bool ioapic_has_gsi(uint32_t gsi)
{
	volatile uint32_t *base;
	unsigned pin;
	return locate(gsi, &base, &pin);
}

unsigned ioapic_pins(unsigned index) { return index < n_ioapics ? ioapics[index].pins : 0; }

bool ioapic_route(uint32_t gsi, uint8_t vector, uint32_t apic_id, bool level, bool low_active)
{
	volatile uint32_t *base;
	unsigned pin;
	if (apic_id >= 0xff || !locate(gsi, &base, &pin))
		return false;           /* 8 bits, 0xff is all CPUs: never cut an id short */
	uint32_t low = vector | (level ? IO_APIC_RTE_LEVEL : 0) |
		       (low_active ? IO_APIC_RTE_LOW_ACTIVE : 0);
	ioapic_write(base, IO_APIC_REDTBL(pin), IO_APIC_RTE_MASKED);
	ioapic_write(base, IO_APIC_REDTBL(pin) + 1, apic_id << 24);
	ioapic_write(base, IO_APIC_REDTBL(pin), low);
	return true;
}

void ioapic_mask(uint32_t gsi)
{
	volatile uint32_t *base;
	unsigned pin;
	if (locate(gsi, &base, &pin))
		ioapic_write(base, IO_APIC_REDTBL(pin), IO_APIC_RTE_MASKED);
}
