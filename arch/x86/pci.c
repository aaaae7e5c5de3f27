/* PCI configuration reads for the console UART (see pci.h). */
#include "pci.h"
#include "cpu.h"

static uint32_t config_address(uint8_t bus, uint8_t dev, uint8_t fn, uint8_t reg)
{
	return PCI_CONFIG_ENABLE | (uint32_t)bus << 16 | (uint32_t)dev << 11 |
	       (uint32_t)fn << 8 | (reg & 0xfc);
}

static uint32_t pci_read32(uint8_t bus, uint8_t dev, uint8_t fn, uint8_t reg)
{
	outl(PCI_CONFIG_ADDRESS, config_address(bus, dev, fn, reg));
	return inl(PCI_CONFIG_DATA);
}

static void pci_write32(uint8_t bus, uint8_t dev, uint8_t fn, uint8_t reg, uint32_t val)
{
	outl(PCI_CONFIG_ADDRESS, config_address(bus, dev, fn, reg));
	outl(PCI_CONFIG_DATA, val);
}

/* Linux's pci_check_type1(): the address register of mechanism #1 reads back the
 * enable bit written to it; with none, the port floats. */
bool pci_present(void)
{
	outl(PCI_CONFIG_ADDRESS, PCI_CONFIG_ENABLE);
	bool ok = inl(PCI_CONFIG_ADDRESS) == PCI_CONFIG_ENABLE;
	outl(PCI_CONFIG_ADDRESS, 0);
	return ok;
}

/* BAR0 of a function: an I/O port, or a 32- or 64-bit memory address. */
static bool read_bar0(struct pci_uart *u)
{
	uint32_t bar = pci_read32(u->bus, u->dev, u->fn, PCI_BAR0);
	u->io = bar & PCI_BAR_IO;
	if (u->io) {
		u->base = bar & ~3u;
		return u->base != 0 && u->base <= 0xfff8;
	}
	u->base = bar & ~0xfu;
	if ((bar & PCI_BAR_MEM_TYPE_MASK) == PCI_BAR_MEM_64)
		u->base |= (uint64_t)pci_read32(u->bus, u->dev, u->fn, PCI_BAR0 + 4) << 32;
	return u->base != 0;
}

static bool is_uart(struct pci_uart *u)
{
	uint32_t class = pci_read32(u->bus, u->dev, u->fn, PCI_CLASS_REVISION);
	u->prog_if = (uint8_t)(class >> 8);
	if (class >> 24 != PCI_CLASS_SERIAL || (uint8_t)(class >> 16) != PCI_SUBCLASS_UART ||
	    u->prog_if < PCI_PROGIF_16550 || u->prog_if > PCI_PROGIF_16950 || !read_bar0(u))
		return false;
	uint32_t id = pci_read32(u->bus, u->dev, u->fn, PCI_VENDOR_ID);
	u->vendor = (uint16_t)id;
	u->device = (uint16_t)(id >> 16);
	uint32_t cmd = pci_read32(u->bus, u->dev, u->fn, PCI_COMMAND);
	u->decode_enabled = cmd & (u->io ? PCI_COMMAND_IO : PCI_COMMAND_MEMORY);
	return true;
}

static unsigned functions(uint8_t bus, uint8_t dev)
{
	uint32_t hdr = pci_read32(bus, dev, 0, PCI_HEADER_TYPE);
	return (hdr >> 16) & PCI_HEADER_MULTI_FN ? 8 : 1;
}

bool pci_find_uart(struct pci_uart *out)
{
	for (unsigned bus = 0; bus < 256; bus++)
		for (uint8_t dev = 0; dev < 32; dev++) {
			if ((uint16_t)pci_read32((uint8_t)bus, dev, 0, PCI_VENDOR_ID) == 0xffff)
				continue;
			unsigned n = functions((uint8_t)bus, dev);
			for (uint8_t fn = 0; fn < n; fn++) {
				*out = (struct pci_uart){ .bus = (uint8_t)bus, .dev = dev, .fn = fn };
				if ((uint16_t)pci_read32(out->bus, dev, fn, PCI_VENDOR_ID) != 0xffff &&
				    is_uart(out))
					return true;
			}
		}
	return false;
}

void pci_enable_uart(const struct pci_uart *u)
{
	uint32_t cmd = pci_read32(u->bus, u->dev, u->fn, PCI_COMMAND) & 0xffff;
	cmd |= u->io ? PCI_COMMAND_IO : PCI_COMMAND_MEMORY;
	pci_write32(u->bus, u->dev, u->fn, PCI_COMMAND, cmd);   /* status: 0s clear nothing */
}
