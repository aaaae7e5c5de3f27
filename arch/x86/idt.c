/* The IDT (Intel SDM vol. 3A, section 7.10) and the dispatcher behind isr.S. */
#include "idt.h"
#include "lib.h"
#include "lapic.h"
#include "pic.h"

struct gate {
	uint16_t offset_low, selector;
	uint8_t ist, type;
	uint16_t offset_mid;
	uint32_t offset_high, reserved;
} __attribute__((packed));

#define GATE_INTERRUPT 0x8e     /* present, DPL 0, 64-bit interrupt gate (IF cleared) */

extern void (*const isr_stubs[256])(void);

static struct gate idt[256] __attribute__((aligned(16)));
static interrupt_handler handlers[256];
static interrupt_handler on_exception;    /* a fault nothing fixes up, and every NMI */
static uint64_t unexpected;

void idt_set_gate(uint8_t vector, void (*entry)(void), uint8_t ist)
{
	uint64_t a = (uint64_t)(uintptr_t)entry;
	idt[vector] = (struct gate){
		.offset_low = (uint16_t)a, .selector = GDT_KERNEL_CODE, .ist = ist,
		.type = GATE_INTERRUPT, .offset_mid = (uint16_t)(a >> 16),
		.offset_high = (uint32_t)(a >> 32),
	};
}

void idt_set_handler(uint8_t vector, interrupt_handler h) { handlers[vector] = h; }
uint64_t idt_unexpected_count(void) { return unexpected; }

void idt_init(interrupt_handler exception_handler)
{
	on_exception = exception_handler;
	for (int v = 0; v < 256; v++)
		idt_set_gate((uint8_t)v, isr_stubs[v], 0);
	idt_set_gate(VEC_DOUBLE_FAULT, isr_stubs[VEC_DOUBLE_FAULT], IST_DOUBLE_FAULT);
	idt_set_gate(VEC_NMI, isr_stubs[VEC_NMI], IST_NMI);
	idt_set_gate(VEC_MACHINE_CHECK, isr_stubs[VEC_MACHINE_CHECK], IST_MACHINE_CHECK);
	idt_load();
}

void idt_load(void)
{
	struct { uint16_t limit; uint64_t base; } __attribute__((packed)) ptr = {
		sizeof(idt) - 1, (uint64_t)(uintptr_t)idt
	};
	__asm__ volatile("lidt %0" : : "m"(ptr));
}

extern const uint64_t __fixup_table_start[], __fixup_table_end[];

/* An exception at an instruction listed in .fixup_table resumes at its fixup. */
static bool fixup(struct interrupt_frame *f)
{
	for (const uint64_t *e = __fixup_table_start; e < __fixup_table_end; e += 2)
		if (e[0] == f->rip) {
			f->rip = e[1];
			return true;
		}
	return false;
}

void interrupt_dispatch(struct interrupt_frame *f);
void interrupt_dispatch(struct interrupt_frame *f)
{
	if (handlers[f->vector]) {
		handlers[f->vector](f);
		return;
	}
	if (f->vector < VEC_FIRST_IRQ && (f->vector == VEC_NMI || !fixup(f)))
		on_exception(f);        /* an NMI is no fault of the instruction at rip */
	if (f->vector < VEC_FIRST_IRQ)
		return;
	/* An interrupt nobody handles (a timer's last tick still pending when its
	 * benchmark stopped it and took its handler away) must still be acknowledged:
	 * an in-service bit left set in the local APIC would block every vector of
	 * its priority class and below for good (SDM vol. 3A, 12.8.3). The APIC's
	 * spurious vector takes no EOI (12.9). */
	unexpected++;
	if (f->vector == PIC_VECTOR_BASE + 7)
		return;             /* the master's spurious IRQ7 takes no EOI (8259A datasheet) */
	if (f->vector == PIC_VECTOR_BASE + 15)
		pic_eoi(0);         /* the slave's spurious IRQ15: only the master's cascade was real */
	else if (f->vector >= PIC_VECTOR_BASE && f->vector < PIC_VECTOR_BASE + 16)
		pic_eoi((unsigned)(f->vector - PIC_VECTOR_BASE));
	else if (f->vector != VEC_SPURIOUS && lapic_enabled)
		lapic_eoi();
}
