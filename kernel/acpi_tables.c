/* Finding the ACPI tables at boot and the "acpi" and "acpi_problem" records. */
#include "acpi_tables.h"
#include "acpi_dump.h"
#include "console.h"
#include "paging.h"
#include "record.h"

struct acpi_info acpi;
static const void *rsdp_used;          /* what acpi_find parsed, for dump=acpi */
static size_t rsdp_used_len;

/* Tables are identity mapped below 4 GiB; above, map them (write-back) on demand. */
const void *acpi_map_phys(uint64_t phys, size_t len)
{
	if (phys + len < phys)
		return NULL;
	if (phys + len > (4ull << 30) && !paging_map(phys, len, false))
		return NULL;
	return (const void *)(uintptr_t)phys;
}

static void emit_problems(void)
{
	for (unsigned i = 0; i < acpi.n_problems; i++) {
		const struct acpi_problem *p = &acpi.problems[i];
		kprintf("acpi: table %s at 0x%llx not used: %s\n", p->signature,
			(unsigned long long)p->addr, p->what);
		struct record r;
		REC_BEGIN(&r, acpi_problem);
		REC_STR(&r, acpi_problem, table, p->signature);
		REC_HEX(&r, acpi_problem, address, p->addr);
		REC_STR(&r, acpi_problem, problem, p->what);
		record_emit(&r);
	}
}

void acpi_find(const struct boot_info *bi)
{
	const void *rsdp = bi->rsdp;
	size_t len = bi->rsdp_len;
	const char *source = bi->rsdp_new ? "multiboot2-new" : "multiboot2-old";
	if (!rsdp && !bi->uefi) {
		rsdp = acpi_scan_bios_area(acpi_map_phys);
		len = 36;
		source = "bios-scan";
	}
	rsdp_used = rsdp;
	rsdp_used_len = len;
	acpi_parse(rsdp, len, source, acpi_map_phys, &acpi);
}

void acpi_emit_records(void)
{
	kprintf("acpi: RSDP from %s, revision %u, tables %s\n", acpi.rsdp_source,
		acpi.rsdp_revision, acpi.tables[0] ? acpi.tables : "(none)");
	struct record r;
	REC_BEGIN(&r, acpi);
	REC_STR(&r, acpi, rsdp, acpi.rsdp_source);
	REC_U64(&r, acpi, revision, acpi.rsdp_revision);
	REC_BOOL(&r, acpi, xsdt, acpi.xsdt);
	REC_STR(&r, acpi, tables, acpi.tables);
	REC_U64(&r, acpi, ioapics, acpi.n_ioapics);
	REC_U64(&r, acpi, cpus, acpi.n_cpus);
	REC_U64(&r, acpi, cpus_invalid_id, acpi.cpus_invalid_id);
	REC_U64(&r, acpi, cpus_beyond_max, acpi.cpus_beyond_max);
	REC_U64(&r, acpi, nmi_entries, acpi.n_nmis);
	REC_HEX(&r, acpi, lapic_address, acpi.lapic_addr);
	REC_BOOL(&r, acpi, pic_8259, acpi_has_8259(&acpi));
	REC_HEX(&r, acpi, hpet_address, acpi.hpet_addr);
	REC_U64(&r, acpi, pm_timer_port, acpi.pm_timer_port);
	if (acpi.pm_timer_space == ACPI_GAS_SYSTEM_MEMORY)
		REC_HEX(&r, acpi, pm_timer_address, acpi.pm_timer_addr);
	REC_BOOL(&r, acpi, hw_reduced, acpi.hw_reduced);
	REC_BOOL(&r, acpi, rsdt_fallback, acpi.rsdt_fallback);
	if (acpi.has_dmar)
		REC_U64(&r, acpi, dmar_flags, acpi.dmar_flags);
	record_emit(&r);
	emit_problems();
}

void acpi_dump_tables(void)
{
	acpi_dump(rsdp_used, rsdp_used_len, acpi_map_phys);
}
