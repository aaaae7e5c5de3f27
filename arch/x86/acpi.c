/* ACPI table parser (see acpi.h). Pure C: host-tested with real tables. */
#include "acpi.h"
#include "lib.h"

#define SDT_HEADER_LEN 36
#define RSDP_V1_LEN    20
#define RSDP_V2_LEN    36

static uint8_t u8(const uint8_t *p) { return p[0]; }

static void problem(struct acpi_info *a, const char *sig, uint64_t addr, const char *what)
{
	if (a->n_problems == ACPI_MAX_PROBLEMS)
		return;
	struct acpi_problem *p = &a->problems[a->n_problems++];
	memcpy(p->signature, sig, 4);
	p->signature[4] = 0;
	for (int i = 0; i < 4; i++)     /* keep the record printable whatever the bytes */
		if (p->signature[i] < 0x20 || p->signature[i] > 0x7e)
			p->signature[i] = '?';
	p->addr = addr;
	p->what = what;
}

/* Map a whole system description table after checking its length and checksum. */
static const uint8_t *map_table(struct acpi_info *a, acpi_map_fn map, uint64_t addr,
				const char *expect)
{
	const uint8_t *h = map(addr, SDT_HEADER_LEN);
	const char *sig = expect ? expect : "????";
	if (!h) {
		problem(a, sig, addr, "cannot be mapped");
		return NULL;
	}
	if (expect && memcmp(h, expect, 4)) {
		problem(a, expect, addr, "wrong signature");
		return NULL;
	}
	uint32_t len = le32(h + 4);
	if (len < SDT_HEADER_LEN || len > ACPI_MAX_TABLE_LEN) {
		problem(a, (const char *)h, addr, "impossible length");
		return NULL;
	}
	const uint8_t *t = map(addr, len);
	if (!t) {
		problem(a, (const char *)h, addr, "cannot be mapped");
		return NULL;
	}
	if (!checksum_ok(t, len)) {
		problem(a, (const char *)t, addr, "bad checksum");
		return NULL;
	}
	return t;
}

/* An enabled or online-capable processor entry (ACPI 6.5, 5.2.12.2 and 5.2.12.12).
 * An APIC id of all ones (0xff for a local APIC entry, 0xffffffff for an x2APIC one)
 * names no CPU: firmware lists such placeholders, and Linux ignores them too. */
static void add_cpu(struct acpi_info *a, uint32_t flags, uint32_t id, uint32_t invalid,
		    uint32_t uid)
{
	if (!(flags & (ACPI_MADT_CPU_ENABLED | ACPI_MADT_CPU_ONLINE_CAPABLE)))
		return;
	if (id == invalid) {
		a->cpus_invalid_id++;
		return;
	}
	if (a->n_cpus == ACPI_MAX_CPUS) {
		a->cpus_beyond_max++;
		return;
	}
	a->cpu_uids[a->n_cpus] = uid;
	a->cpu_apic_ids[a->n_cpus++] = id;
}

/* Local APIC NMI (type 4: UID 0xff means all) and local x2APIC NMI (type 0x0a: UID
 * 0xffffffff means all), ACPI 6.5, 5.2.12.7 and 5.2.12.13. */
static void add_nmi(struct acpi_info *a, uint32_t uid, uint16_t flags, uint8_t lint)
{
	if (lint > 1 || a->n_nmis == ACPI_MAX_NMIS)
		return;                     /* a local APIC has LINT0 and LINT1 only */
	a->nmis[a->n_nmis++] = (struct acpi_nmi){ .uid = uid, .flags = flags, .lint = lint };
}

static void parse_madt_entry(struct acpi_info *a, const uint8_t *e)
{
	switch (e[0]) {
	case 0:                 /* processor local APIC */
		if (e[1] >= 8)
			add_cpu(a, le32(e + 4), e[3], 0xff, e[2]);
		break;
	case 1:                 /* I/O APIC */
		if (e[1] >= 12 && a->n_ioapics < ACPI_MAX_IOAPICS)
			a->ioapics[a->n_ioapics++] = (struct acpi_ioapic){
				.id = e[2], .addr = le32(e + 4), .gsi_base = le32(e + 8) };
		break;
	case 2:                 /* interrupt source override (ISA bus 0 only) */
		if (e[1] >= 10 && e[2] == 0 && e[3] < 16)
			a->isa[e[3]] = (struct acpi_isa_irq){
				.gsi = le32(e + 4), .flags = le16(e + 8), .overridden = true };
		break;
	case 4:                 /* local APIC NMI */
		if (e[1] >= 6)
			add_nmi(a, e[2] == 0xff ? ACPI_NMI_ALL_CPUS : e[2], le16(e + 3), e[5]);
		break;
	case 5:                 /* local APIC address override */
		if (e[1] >= 12)
			a->lapic_addr = le64(e + 4);
		break;
	case 9:                 /* processor local x2APIC */
		if (e[1] >= 16)
			add_cpu(a, le32(e + 8), le32(e + 4), 0xffffffffu, le32(e + 12));
		break;
	case 0x0a:              /* local x2APIC NMI */
		if (e[1] >= 12)
			add_nmi(a, le32(e + 4), le16(e + 2), e[8]);
		break;
	}
}

const struct acpi_nmi *acpi_nmi_for(const struct acpi_info *a, uint32_t apic_id)
{
	uint32_t uid = ACPI_NMI_ALL_CPUS;
	for (unsigned i = 0; i < a->n_cpus; i++)
		if (a->cpu_apic_ids[i] == apic_id)
			uid = a->cpu_uids[i];
	const struct acpi_nmi *all = NULL;
	for (unsigned i = 0; i < a->n_nmis; i++) {
		if (a->nmis[i].uid == uid && uid != ACPI_NMI_ALL_CPUS)
			return &a->nmis[i];
		if (a->nmis[i].uid == ACPI_NMI_ALL_CPUS && !all)
			all = &a->nmis[i];
	}
	return all;
}

/* What a MADT that turns out broken half-way may already have set. */
static void forget_madt(struct acpi_info *a)
{
	a->lapic_addr = 0;
	a->madt_flags = 0;
	a->n_ioapics = 0;
	a->n_cpus = 0;
	a->cpus_invalid_id = 0;
	a->cpus_beyond_max = 0;
	a->n_nmis = 0;
	for (unsigned i = 0; i < 16; i++)
		a->isa[i] = (struct acpi_isa_irq){ .gsi = i };
}

static bool parse_madt(struct acpi_info *a, const uint8_t *t, uint64_t addr)
{
	uint32_t len = le32(t + 4);
	if (len < SDT_HEADER_LEN + 8) {
		problem(a, "APIC", addr, "too short");
		return false;
	}
	a->lapic_addr = le32(t + 36);
	a->madt_flags = le32(t + 40);
	for (uint32_t off = SDT_HEADER_LEN + 8; off + 2 <= len;) {
		uint8_t elen = t[off + 1];
		if (elen < 2 || off + elen > len) {
			problem(a, "APIC", addr, "entry runs past the table");
			forget_madt(a);
			return false;
		}
		parse_madt_entry(a, t + off);
		off += elen;
	}
	a->has_madt = true;
	return true;
}

static bool parse_hpet(struct acpi_info *a, const uint8_t *t, uint64_t addr)
{
	if (le32(t + 4) < 56) {
		problem(a, "HPET", addr, "too short");
		return false;
	}
	if (u8(t + 40) != ACPI_GAS_SYSTEM_MEMORY || le64(t + 44) == 0) {
		problem(a, "HPET", addr, "base address is not in memory space");
		return false;
	}
	a->hpet_block_id = le32(t + 36);
	a->hpet_addr = le64(t + 44);
	a->hpet_number = u8(t + 52);
	a->hpet_min_tick = le16(t + 53);
	a->has_hpet = true;
	return true;
}

/* The PM timer from the FADT (ACPI 6.5, 5.2.9): X_PM_TMR_BLK (offset 208, a Generic
 * Address Structure, ACPI 2.0+) when its address is not 0, in I/O space (a port) or
 * in system memory (an MMIO block); else PM_TMR_BLK (offset 76, a port, with
 * PM_TMR_LEN 4 at offset 91). Width from the flags' TMR_VAL_EXT. */
static void parse_pm_timer(struct acpi_info *a, const uint8_t *t, uint32_t len)
{
	uint64_t addr = u8(t + 91) >= 4 ? le32(t + 76) : 0;
	uint8_t space = ACPI_GAS_SYSTEM_IO;
	if (len >= 220 && le64(t + 212) != 0 &&
	    (u8(t + 208) == ACPI_GAS_SYSTEM_IO || u8(t + 208) == ACPI_GAS_SYSTEM_MEMORY)) {
		space = u8(t + 208);
		addr = le64(t + 212);
	}
	if (space == ACPI_GAS_SYSTEM_IO && addr > 0xfffc)
		addr = 0;                   /* no port: 16 bits, 4 bytes wide */
	a->pm_timer_space = space;
	a->pm_timer_addr = addr;
	a->pm_timer_port = space == ACPI_GAS_SYSTEM_IO ? (uint16_t)addr : 0;
	a->pm_timer_32bit = le32(t + 112) & ACPI_FADT_TMR_VAL_EXT;
}

/* A hardware-reduced platform (flags bit 20): "OSPM will ignore fields related to
 * the ACPI HW register interface: fields at offsets 46 through 108 and 148 through
 * 232, as well as FADT flag bits 1, 2, 3, 7, 8, 12, 13, 14, 16 and 17" (ACPI 6.5,
 * 5.2.9): no PM timer, whatever PM_TMR_BLK and X_PM_TMR_BLK hold. */
static bool parse_fadt(struct acpi_info *a, const uint8_t *t, uint64_t addr)
{
	uint32_t len = le32(t + 4);
	if (len < 116) {
		problem(a, "FACP", addr, "too short");
		return false;
	}
	a->has_fadt = true;
	a->fadt_revision = t[8];
	a->hw_reduced = le32(t + 112) & ACPI_FADT_HW_REDUCED_ACPI;
	a->pm_timer_space = ACPI_GAS_SYSTEM_IO;
	if (!a->hw_reduced)
		parse_pm_timer(a, t, len);
	return true;
}

bool acpi_has_8259(const struct acpi_info *a)
{
	return !a->hw_reduced && (!a->has_madt || (a->madt_flags & ACPI_MADT_PCAT_COMPAT));
}

/* DMAR (Intel VT-d 4.x, 8.1): host address width at 36, flags at 37: INTR_REMAP,
 * X2APIC_OPT_OUT, DMA_CTRL_PLATFORM_OPT_IN. Only the flags are read. */
static bool parse_dmar(struct acpi_info *a, const uint8_t *t, uint64_t addr)
{
	if (le32(t + 4) < 38) {
		problem(a, "DMAR", addr, "too short");
		return false;
	}
	a->dmar_flags = t[37];
	a->has_dmar = true;
	return true;
}

/* SPCR's baud rate byte (offset 58): 0 keeps the firmware's setting. */
static uint32_t spcr_baud(uint8_t code)
{
	switch (code) {
	case 3:  return 9600;
	case 4:  return 19200;
	case 6:  return 57600;
	case 7:  return 115200;
	default: return 0;
	}
}

/* SPCR: interface type (36), base address GAS (40: space, bit width, bit offset,
 * access size, address at 44), baud rate (58), PCI ids and location (64-70), UART
 * clock (76, revision 3+), precise baud rate (80, revision 4). */
static bool parse_spcr(struct acpi_info *a, const uint8_t *t, uint64_t addr)
{
	uint32_t len = le32(t + 4);
	if (len < 80) {
		problem(a, "SPCR", addr, "too short");
		return false;
	}
	struct acpi_spcr *s = &a->spcr;
	*s = (struct acpi_spcr){
		.revision = t[8], .interface_type = t[36], .space = t[40],
		.bit_width = t[41], .access_size = t[43], .base = le64(t + 44),
		.baud_code = t[58], .baud = spcr_baud(t[58]),
		.pci_device = le16(t + 64), .pci_vendor = le16(t + 66),
		.pci_bus = t[68], .pci_dev = t[69], .pci_fn = t[70],
	};
	if (s->revision >= 3)
		s->clock_hz = le32(t + 76);
	if (s->revision >= 4 && len >= 84 && le32(t + 80))
		s->baud = le32(t + 80);
	a->has_spcr = true;
	return true;
}

static void add_table_name(struct acpi_info *a, const uint8_t *t)
{
	size_t n = strlen(a->tables);
	if (n + 6 > sizeof(a->tables))
		return;
	if (n)
		a->tables[n++] = ',';
	for (int i = 0; i < 4; i++)
		a->tables[n++] = (t[i] >= 0x20 && t[i] <= 0x7e && t[i] != '"' && t[i] != '\\') ? (char)t[i] : '?';
	a->tables[n] = 0;
}

/* A table that an acpi_problem record calls "not used" stays out of tables[]. */
static void parse_table(struct acpi_info *a, acpi_map_fn map, uint64_t addr)
{
	const uint8_t *t = map_table(a, map, addr, NULL);
	if (!t)
		return;
	bool ok = true;
	if (!memcmp(t, "APIC", 4) && !a->has_madt)
		ok = parse_madt(a, t, addr);
	else if (!memcmp(t, "HPET", 4) && !a->has_hpet)
		ok = parse_hpet(a, t, addr);
	else if (!memcmp(t, "FACP", 4) && !a->has_fadt)
		ok = parse_fadt(a, t, addr);
	else if (!memcmp(t, "DMAR", 4) && !a->has_dmar)
		ok = parse_dmar(a, t, addr);
	else if (!memcmp(t, "SPCR", 4) && !a->has_spcr)
		ok = parse_spcr(a, t, addr);
	if (ok)
		add_table_name(a, t);
}

static void parse_sdt_entries(struct acpi_info *a, acpi_map_fn map, const uint8_t *sdt,
			      unsigned entry)
{
	uint32_t len = le32(sdt + 4);
	for (uint32_t off = SDT_HEADER_LEN; off + entry <= len; off += entry)
		parse_table(a, map, entry == 8 ? le64(sdt + off) : le32(sdt + off));
}

/* The XSDT when the RSDP (revision 2+) gives one, else the RSDT (ACPI 6.5, 5.2.5.3).
 * An XSDT that fails (checksum, length, mapping) falls back to the RSDT, which a
 * revision 2 RSDP still carries (its 32-bit table addresses, 5.2.7), as ACPICA
 * falls back when the XSDT is unusable. The XSDT's acpi_problem stays. */
static void parse_root(struct acpi_info *a, acpi_map_fn map, const uint8_t *r)
{
	uint64_t rsdt = le32(r + 16);
	if (r[15] >= 2 && le64(r + 24) != 0) {
		const uint8_t *xsdt = map_table(a, map, le64(r + 24), "XSDT");
		if (xsdt) {
			a->xsdt = true;
			parse_sdt_entries(a, map, xsdt, 8);
			return;
		}
		if (!rsdt)
			return;
		a->rsdt_fallback = true;
	}
	const uint8_t *sdt = map_table(a, map, rsdt, "RSDT");
	if (sdt)
		parse_sdt_entries(a, map, sdt, 4);
}

static bool rsdp_ok(const uint8_t *r, size_t len)
{
	if (len < RSDP_V1_LEN || memcmp(r, "RSD PTR ", 8) || !checksum_ok(r, RSDP_V1_LEN))
		return false;
	return r[15] < 2 || (len >= RSDP_V2_LEN && le32(r + 20) >= RSDP_V2_LEN &&
			     le32(r + 20) <= len && checksum_ok(r, le32(r + 20)));
}

void acpi_parse(const void *rsdp, size_t rsdp_len, const char *source,
		acpi_map_fn map, struct acpi_info *a)
{
	memset(a, 0, sizeof(*a));
	for (unsigned i = 0; i < 16; i++)
		a->isa[i].gsi = i;
	a->rsdp_source = "none";
	a->pm_timer_space = ACPI_GAS_SYSTEM_IO;
	const uint8_t *r = rsdp;
	if (!r)
		return;
	if (!rsdp_ok(r, rsdp_len)) {
		problem(a, "RSDP", 0, "bad signature, checksum or length");
		return;
	}
	a->rsdp_source = source;
	a->rsdp_revision = r[15];
	parse_root(a, map, r);
}

static const void *scan(acpi_map_fn map, uint64_t start, size_t len)
{
	const uint8_t *p = map(start, len);
	if (!p)
		return NULL;
	for (size_t off = 0; off + RSDP_V1_LEN <= len; off += 16)
		if (rsdp_ok(p + off, len - off))
			return p + off;
	return NULL;
}

const void *acpi_scan_bios_area(acpi_map_fn map)
{
	const uint8_t *bda = map(0x40e, 2);     /* the EBDA segment, in the BIOS data area */
	const void *found = NULL;
	if (bda) {
		uint64_t ebda = (uint64_t)le16(bda) << 4;
		if (ebda >= 0x80000 && ebda < 0xa0000)
			found = scan(map, ebda, 1024);
	}
	return found ? found : scan(map, 0xe0000, 0x20000);
}

/* Register width in bits from the GAS: the access size (1 byte ... 4 qword) when
 * given, else the bit width (ACPI 6.5, section 5.2.3.2). */
static unsigned spcr_register_bits(const struct acpi_spcr *s)
{
	if (s->access_size >= 1 && s->access_size <= 4)
		return 8u << (s->access_size - 1);
	return s->bit_width;
}

const char *acpi_spcr_uart(const struct acpi_spcr *s, enum uart_access *access,
			   uint64_t *base)
{
	if (s->interface_type == ACPI_SPCR_INTEL_LPSS)
		return "it names an Intel LPSS UART (interface type 0x14), which needs its "
		       "reset and clock registers set: not supported";
	if (s->interface_type != ACPI_SPCR_16550 && s->interface_type != ACPI_SPCR_16450 &&
	    s->interface_type != ACPI_SPCR_16550_GAS)
		return "it names a UART that is not 16550-compatible";
	if (s->base == 0)
		return "it says console redirection is off (base address 0)";
	unsigned bits = spcr_register_bits(s);
	*base = s->base;
	if (s->space == ACPI_GAS_SYSTEM_IO) {
		*access = UART_PORT;
		if (s->base > 0xfff8)
			return "its I/O port is out of range";
		return bits == 8 || bits == 0 ? NULL : "its I/O-space registers are not 8-bit";
	}
	if (s->space != ACPI_GAS_SYSTEM_MEMORY)
		return "its registers are in neither memory nor I/O space";
	*access = bits == 32 ? UART_MMIO32 : UART_MMIO8;
	return bits == 8 || bits == 32 ? NULL : "its memory-mapped registers are neither 8- nor 32-bit";
}
