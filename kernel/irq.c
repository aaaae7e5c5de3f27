/* Interrupt controller set-up (see irq.h). */
#include "irq.h"
#include "acpi_report.h"
#include "console.h"
#include "idt.h"
#include "ioapic.h"
#include "pic.h"
#include "record.h"

#define DEFAULT_LAPIC_ADDR 0xfee00000

struct irq_state irq;

static void init_lapic(const struct config *cfg)
{
	uint64_t addr = acpi.lapic_addr ? acpi.lapic_addr : DEFAULT_LAPIC_ADDR;
	bool want_x2 = cfg->apic == APIC_X2APIC || (cfg->apic == APIC_AUTO && cpu.has_x2apic);
	if (!cpu.has_apic) {
		irq.lapic_problem = "the CPU has no local APIC";
		return;
	}
	if (cfg->apic == APIC_X2APIC && !cpu.has_x2apic) {
		irq.lapic_problem = "apic=x2apic, but the CPU has no x2APIC (CPUID.1:ECX[21])";
		return;
	}
	if (!lapic_init(addr, want_x2 ? LAPIC_X2APIC : LAPIC_XAPIC, VEC_SPURIOUS)) {
		irq.lapic_problem = want_x2 ? "the CPU refused x2APIC mode" :
					      "the local APIC cannot be enabled";
		return;
	}
	irq.lapic = true;
	irq.lapic_mode = lapic_mode;
	irq.bsp_apic_id = lapic_id();
}

static void emit_record(void)
{
	struct record r;
	record_begin(&r, "interrupts");
	record_bool(&r, "pic_8259", irq.pic);
	record_u64(&r, "ioapics", irq.ioapics);
	record_u64(&r, "ioapic_pins", ioapic_pins(0));
	record_bool(&r, "lapic", irq.lapic);
	if (irq.lapic) {
		record_str(&r, "lapic_mode", irq.lapic_mode == LAPIC_X2APIC ? "x2apic" : "xapic");
		record_u64(&r, "lapic_id", irq.bsp_apic_id);
		record_hex(&r, "lapic_version", lapic_version());
	} else {
		record_str(&r, "lapic_problem", irq.lapic_problem);
	}
	record_emit(&r);
}

void irq_init(const struct config *cfg)
{
	idt_set_handler(VEC_SPURIOUS, NULL);     /* counted as unexpected, no EOI */
	irq.pic = acpi_has_8259(&acpi);
	if (irq.pic)
		pic_init();
	for (unsigned i = 0; i < acpi.n_ioapics; i++)
		if (ioapic_add(acpi.ioapics[i].addr, acpi.ioapics[i].gsi_base))
			irq.ioapics++;
	init_lapic(cfg);
	kprintf("interrupts: 8259 %s, %u I/O APIC(s), local APIC %s\n",
		irq.pic ? "yes" : "no", irq.ioapics,
		!irq.lapic ? irq.lapic_problem : irq.lapic_mode == LAPIC_X2APIC ? "x2APIC" : "xAPIC");
	emit_record();
}

/* MPS INTI flags (ACPI 6.5, table 5.50): polarity 11b active low, trigger 11b level. */
bool irq_route_isa(unsigned isa_irq, uint8_t vector, uint32_t apic_id)
{
	const struct acpi_isa_irq *src = &acpi.isa[isa_irq];
	bool low = (src->flags & ACPI_ISO_POLARITY_MASK) == 0x3;
	bool level = (src->flags & ACPI_ISO_TRIGGER_MASK) == 0xc;
	return irq.lapic && ioapic_route(src->gsi, vector, apic_id, level, low);
}

void irq_mask_isa(unsigned isa_irq) { ioapic_mask(acpi.isa[isa_irq].gsi); }
