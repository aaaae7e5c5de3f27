/* PCI configuration space through configuration mechanism #1 (ports 0xCF8/0xCFC;
 * PCI Local Bus Specification 3.0, section 3.2.2.3.2), used only to find a
 * 16550-compatible serial controller for the console (class codes: PCI Code and ID
 * Assignment Specification 1.9, section 1.8, base class 07h). */
#ifndef ARCH_X86_PCI_H
#define ARCH_X86_PCI_H

#include <stdint.h>
#include <stdbool.h>

#define PCI_CONFIG_ADDRESS      0xcf8
#define   PCI_CONFIG_ENABLE     0x80000000u
#define PCI_CONFIG_DATA         0xcfc

#define PCI_VENDOR_ID           0x00    /* device id in bits 31:16 */
#define PCI_COMMAND             0x04    /* status in bits 31:16 (write 1 to clear) */
#define   PCI_COMMAND_IO        0x0001
#define   PCI_COMMAND_MEMORY    0x0002
#define PCI_CLASS_REVISION      0x08    /* class 31:24, subclass 23:16, prog IF 15:8 */
#define PCI_HEADER_TYPE         0x0c    /* byte 2 of the dword */
#define   PCI_HEADER_MULTI_FN   0x80
#define PCI_BAR0                0x10
#define   PCI_BAR_IO            0x1
#define   PCI_BAR_MEM_TYPE_MASK 0x6
#define   PCI_BAR_MEM_64        0x4

#define PCI_CLASS_SERIAL        0x07    /* simple communication controller */
#define PCI_SUBCLASS_UART       0x00    /* serial controller */
#define PCI_PROGIF_16550        0x02    /* 16550; 03-06 are its supersets (16650 ... 16950) */
#define PCI_PROGIF_16950        0x06

struct pci_uart {
	uint8_t bus, dev, fn, prog_if;
	uint16_t vendor, device;
	bool io;                    /* BAR0 is an I/O BAR (else memory) */
	uint64_t base;              /* BAR0's address: a port, or a physical address */
	bool decode_enabled;        /* the command register had the BAR's decoding on */
};

/* Does configuration mechanism #1 answer (0xCF8 holds what was written)? */
bool pci_present(void);

/* Scan buses 0-255 for the first function of class 07h subclass 00h with a
 * 16550-compatible programming interface (02h-06h) and a non-zero BAR0. */
bool pci_find_uart(struct pci_uart *out);

/* Turn on the decoding of the UART's BAR0 (I/O or memory space) in its command
 * register: the one configuration write tickbench makes, to that function only. */
void pci_enable_uart(const struct pci_uart *u);

#endif
