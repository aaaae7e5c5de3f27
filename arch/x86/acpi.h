/* ACPI tables that tickbench reads: RSDP, RSDT/XSDT, MADT, HPET, FADT, DMAR
 * (ACPI 6.5 specification, sections 5.2.5-5.2.12; IA-PC HPET specification 1.0a,
 * section 3.2.4; Intel VT-d specification 4.x, section 8.1), SPCR (Microsoft "Serial
 * Port Console Redirection Table", revisions 1-4; interface types from Microsoft's DBG2
 * specification, table 3). Every table's length and checksum are checked before use; a table
 * that fails is noted in problems[] and ignored. The parser takes a map callback,
 * so the host tests feed it dumped table images. */
#ifndef ARCH_X86_ACPI_H
#define ARCH_X86_ACPI_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include "uart.h"

#define ACPI_MAX_IOAPICS    8
#define ACPI_MAX_CPUS       256
#define ACPI_MAX_NMIS       (ACPI_MAX_CPUS + 8)   /* some list one per CPU */
#define ACPI_MAX_PROBLEMS   8
#define ACPI_MAX_TABLE_LEN  (1u << 20)

#define ACPI_MADT_PCAT_COMPAT       (1u << 0)   /* dual 8259s present */
#define ACPI_MADT_CPU_ENABLED       (1u << 0)
#define ACPI_MADT_CPU_ONLINE_CAPABLE (1u << 1)
#define ACPI_ISO_POLARITY_MASK      0x3         /* 00 bus default, 01 high, 11 low */
#define ACPI_ISO_TRIGGER_MASK       0xc         /* 00 bus default, 01 edge, 11 level */
#define ACPI_NMI_ALL_CPUS           0xffffffffu /* a local (x2)APIC NMI entry for every CPU */
#define ACPI_DMAR_INTR_REMAP        (1u << 0)   /* DMAR flags: interrupt remapping supported */
#define ACPI_DMAR_X2APIC_OPT_OUT    (1u << 1)   /* firmware asks the OS not to enable x2APIC */
#define ACPI_GAS_SYSTEM_MEMORY      0
#define ACPI_GAS_SYSTEM_IO          1
#define ACPI_FADT_TMR_VAL_EXT       (1u << 8)   /* the PM timer counts 32 bits, not 24 */
#define ACPI_FADT_HW_REDUCED_ACPI   (1u << 20)  /* no fixed ACPI hardware (5.2.9) */

struct acpi_ioapic {
	uint8_t id;
	uint32_t addr;
	uint32_t gsi_base;
};

struct acpi_isa_irq {               /* where ISA IRQ n arrives (default: GSI n, edge, high) */
	uint32_t gsi;
	uint16_t flags;                 /* MPS INTI flags of the override, 0 when none */
	bool overridden;
};

struct acpi_nmi {                   /* a local APIC NMI (type 4) or x2APIC NMI (0x0a) entry */
	uint32_t uid;                   /* ACPI processor UID, ACPI_NMI_ALL_CPUS for all */
	uint16_t flags;                 /* MPS INTI flags: polarity, trigger */
	uint8_t lint;                   /* 0 or 1: which LINT pin the NMI is wired to */
};

/* SPCR interface types (DBG2 specification, table 3: Serial Port Subtypes). */
#define ACPI_SPCR_16550             0x00        /* full 16550 */
#define ACPI_SPCR_16450             0x01        /* 16550 subset (16450) */
#define ACPI_SPCR_16550_GAS         0x12        /* 16550-compatible, parameters in the GAS */
#define ACPI_SPCR_INTEL_LPSS        0x14        /* Intel LPSS UART (needs reset and clock set-up) */

struct acpi_spcr {                  /* the console UART the firmware names */
	uint8_t revision;
	uint8_t interface_type;         /* ACPI_SPCR_* */
	uint8_t space;                  /* GAS address space: ACPI_GAS_SYSTEM_MEMORY or _IO */
	uint8_t bit_width;              /* GAS register bit width (8, 32) */
	uint8_t access_size;            /* GAS access size: 0 undefined, 1 byte ... 4 qword */
	uint64_t base;                  /* 0: the firmware says redirection is disabled */
	uint8_t baud_code;              /* the table's byte: 0 as is, 3 9600 ... 7 115200 */
	uint32_t baud;                  /* from baud_code (or the precise rate, rev 4); 0: keep */
	uint32_t clock_hz;              /* UART input clock (rev 3+); 0: not given */
	uint16_t pci_vendor, pci_device;    /* 0xffff: not a PCI device */
	uint8_t pci_bus, pci_dev, pci_fn;
};

struct acpi_problem {
	char signature[5];
	uint64_t addr;
	const char *what;
};

struct acpi_info {
	const char *rsdp_source;        /* "multiboot2-new", "multiboot2-old", "bios-scan", "none" */
	uint8_t rsdp_revision;
	bool xsdt;                      /* tables came from the XSDT (else the RSDT) */
	bool rsdt_fallback;             /* the XSDT failed, the RSDT was used instead */
	char tables[128];               /* signatures of the valid tables, comma-separated */

	bool has_madt;
	uint64_t lapic_addr;
	uint32_t madt_flags;
	unsigned n_ioapics;
	struct acpi_ioapic ioapics[ACPI_MAX_IOAPICS];
	struct acpi_isa_irq isa[16];
	unsigned n_cpus;                /* enabled or online-capable local APIC / x2APIC entries */
	uint32_t cpu_apic_ids[ACPI_MAX_CPUS];
	uint32_t cpu_uids[ACPI_MAX_CPUS];       /* their ACPI processor UIDs */
	unsigned cpus_invalid_id;       /* enabled entries with APIC id 0xff / 0xffffffff: ignored */
	unsigned cpus_beyond_max;       /* enabled entries past ACPI_MAX_CPUS: not kept */
	unsigned n_nmis;
	struct acpi_nmi nmis[ACPI_MAX_NMIS];

	bool has_hpet;
	uint64_t hpet_addr;
	uint32_t hpet_block_id;
	uint8_t hpet_number;
	uint16_t hpet_min_tick;         /* minimum periodic tick, in counter ticks */

	bool has_dmar;
	uint8_t dmar_flags;             /* ACPI_DMAR_* */

	bool has_fadt;
	uint8_t fadt_revision;
	bool hw_reduced;                /* FADT flags HW_REDUCED_ACPI */
	uint8_t pm_timer_space;         /* ACPI_GAS_SYSTEM_IO or ACPI_GAS_SYSTEM_MEMORY */
	uint64_t pm_timer_addr;         /* its port or physical address, 0 when there is none */
	uint16_t pm_timer_port;         /* the port when in I/O space, else 0 */
	bool pm_timer_32bit;            /* FADT flags TMR_VAL_EXT */

	bool has_spcr;
	struct acpi_spcr spcr;

	unsigned n_problems;
	struct acpi_problem problems[ACPI_MAX_PROBLEMS];
};

/* Returns a pointer through which len bytes at physical address phys can be read,
 * or NULL when they cannot be. */
typedef const void *(*acpi_map_fn)(uint64_t phys, size_t len);

/* Parse everything reachable from the RSDP copy at rsdp (rsdp_len bytes; NULL when
 * there is none). source names where it came from, for the record. */
void acpi_parse(const void *rsdp, size_t rsdp_len, const char *source,
		acpi_map_fn map, struct acpi_info *out);

/* The dual 8259 is there: the MADT's PCAT_COMPAT flag (or no MADT at all, the
 * PC/AT default), and not a hardware-reduced platform, which has no legacy
 * interrupt controller to assume (ACPI 6.5, 5.2.12 and 4.1). */
bool acpi_has_8259(const struct acpi_info *a);

/* The NMI entry for the CPU with this APIC id (its own UID's, else one for all
 * CPUs), or NULL when the MADT has none for it. */
const struct acpi_nmi *acpi_nmi_for(const struct acpi_info *a, uint32_t apic_id);

/* How to drive the UART an SPCR table names: the register access and base, or
 * the reason it cannot be (NULL when it can). Accepted: interface types 16550,
 * 16450 and 16550-with-GAS; I/O space with 8-bit registers at ports <= 0xfff8;
 * memory space with 8- or 32-bit registers (GAS access size, else bit width, as
 * Linux's acpi_parse_spcr() reads them). */
const char *acpi_spcr_uart(const struct acpi_spcr *s, enum uart_access *access,
			   uint64_t *base);

/* Find the RSDP the legacy way: the first KiB of the EBDA, then 0xe0000-0xfffff, on
 * 16-byte boundaries (ACPI 6.5, 5.2.5.1). NULL when absent. */
const void *acpi_scan_bios_area(acpi_map_fn map);

#endif
