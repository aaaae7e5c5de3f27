/* Interrupt controller set-up (see irq.h). */
#include "irq.h"
#include "acpi_tables.h"
#include "console.h"
#include "idt.h"
#include "ioapic.h"
#include "pic.h"
#include "record.h"

#define DEFAULT_LAPIC_ADDR 0xfee00000

struct irq_state irq;

/* The mode to ask for. apic=xapic on a CPU whose x2APIC is locked on would #GP on
 * the way out of x2APIC: x2APIC it is, and the record says why. apic=auto takes
 * x2APIC when the CPU has it, unless the DMAR table's X2APIC_OPT_OUT flag asks the
 * OS not to (VT-d 4.x, 8.1) and the firmware has not enabled it already (then
 * leaving it would be the change; Linux decides the same way). */
static bool choose_x2apic(const struct kernel_config *cfg)
{
	bool locked = lapic_x2apic_locked(), on = lapic_x2apic_on();
	irq.x2apic_locked = locked;
	irq.x2apic_opt_out = acpi.has_dmar && (acpi.dmar_flags & ACPI_DMAR_X2APIC_OPT_OUT);
	if (cfg->apic == APIC_X2APIC)
		return true;
	if (cfg->apic == APIC_XAPIC) {
		if (locked)
			irq.lapic_note = "apic=xapic refused: the x2APIC is locked (IA32_XAPIC_DISABLE_STATUS)";
		return locked;
	}
	if (!cpu.has_x2apic)
		return false;
	if (irq.x2apic_opt_out && !on && !locked) {
		irq.lapic_note = "xAPIC: the DMAR table's X2APIC_OPT_OUT flag";
		return false;
	}
	return true;
}

static void init_lapic(const struct kernel_config *cfg)
{
	uint64_t addr = acpi.lapic_addr ? acpi.lapic_addr : DEFAULT_LAPIC_ADDR;
	if (!cpu.has_apic) {
		irq.lapic_problem = "the CPU has no local APIC";
		return;
	}
	if (cfg->apic == APIC_X2APIC && !cpu.has_x2apic) {
		irq.lapic_problem = "apic=x2apic, but the CPU has no x2APIC (CPUID.1:ECX[21])";
		return;
	}
	bool want_x2 = choose_x2apic(cfg);
	if (!lapic_init(addr, want_x2 ? LAPIC_X2APIC : LAPIC_XAPIC, VEC_SPURIOUS)) {
		irq.lapic_problem = want_x2 ? "the CPU refused x2APIC mode" :
					      "the local APIC cannot be enabled";
		return;
	}
	irq.lapic = true;
	irq.lapic_mode = lapic_mode;
	irq.bsp_apic_id = lapic_id();
	irq_setup_lints(irq.bsp_apic_id);
}

/* The NMI pin as the MADT's local (x2)APIC NMI entry for this CPU says (ACPI 6.5,
 * 5.2.12.7 and 5.2.12.13: LINT0 or LINT1, MPS INTI polarity 11b active low); with
 * none, LINT1, the PC default (MP specification 1.4, 5.1). The other pin keeps what
 * lapic_init or the AP set (LINT0 ExtINT on the boot CPU, masked on an AP), unless
 * it is LINT1, which is masked. */
void irq_setup_lints(uint32_t apic_id)
{
	const struct acpi_nmi *n = acpi_nmi_for(&acpi, apic_id);
	unsigned lint = n ? n->lint : 1;
	lapic_lint_nmi(lint, n && (n->flags & ACPI_ISO_POLARITY_MASK) == 0x3);
	if (lint == 0)
		lapic_lint_mask(1);
	if (apic_id == irq.bsp_apic_id) {
		irq.nmi_lint = lint;
		irq.nmi_from_madt = n != NULL;
	}
}

const char *irq_unreachable(uint32_t apic_id)
{
	return apic_id >= 0xff ? "the CPU's APIC id is above 254: an I/O APIC entry or an MSI "
				 "carries an 8-bit destination (0xff: all CPUs) without interrupt "
				 "remapping, which tickbench does not set up" : NULL;
}

static void emit_record(void)
{
	struct record r;
	REC_BEGIN(&r, interrupts);
	REC_BOOL(&r, interrupts, pic_8259, irq.pic);
	REC_U64(&r, interrupts, ioapics, irq.ioapics);
	REC_U64(&r, interrupts, ioapic_pins, ioapic_pins(0));
	REC_BOOL(&r, interrupts, lapic, irq.lapic);
	if (irq.lapic) {
		REC_STR(&r, interrupts, lapic_mode,
			irq.lapic_mode == LAPIC_X2APIC ? "x2apic" : "xapic");
		REC_U64(&r, interrupts, lapic_id, irq.bsp_apic_id);
		REC_HEX(&r, interrupts, lapic_version, lapic_version());
		REC_U64(&r, interrupts, nmi_lint, irq.nmi_lint);
		REC_BOOL(&r, interrupts, nmi_from_madt, irq.nmi_from_madt);
	} else {
		REC_STR(&r, interrupts, lapic_problem, irq.lapic_problem);
	}
	REC_BOOL(&r, interrupts, x2apic_locked, irq.x2apic_locked);
	REC_BOOL(&r, interrupts, dmar_x2apic_opt_out, irq.x2apic_opt_out);
	if (irq.lapic_note)
		REC_STR(&r, interrupts, lapic_note, irq.lapic_note);
	record_emit(&r);
}

void irq_init(const struct kernel_config *cfg)
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
	if (irq.lapic_note)
		kprintf("interrupts: %s\n", irq.lapic_note);
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
