/* 8259A initialisation: ICW1-ICW4 (8259A datasheet, "Initialization command words"). */
#include "pic.h"

static uint16_t mask = 0xffff;

static void write_mask(void)
{
	outb(PIC1_DATA, (uint8_t)mask);
	outb(PIC2_DATA, (uint8_t)(mask >> 8));
}

void pic_init(void)
{
	outb(PIC1_CMD, PIC_ICW1_INIT_ICW4);
	outb(PIC2_CMD, PIC_ICW1_INIT_ICW4);
	outb(PIC1_DATA, PIC_VECTOR_BASE);           /* ICW2: vector base */
	outb(PIC2_DATA, PIC_VECTOR_BASE + 8);
	outb(PIC1_DATA, 1 << 2);                    /* ICW3: slave on IRQ2 */
	outb(PIC2_DATA, 2);                         /*       slave identity 2 */
	outb(PIC1_DATA, PIC_ICW4_8086);
	outb(PIC2_DATA, PIC_ICW4_8086);
	/* Everything masked, the cascade too: only IRQ0 is ever used, and on QEMU's pc
	 * machine GSI 2 (the HPET's only non-legacy route) also drives the master's
	 * IRQ2 input, which with the cascade open reaches the CPU as a spurious IRQ15. */
	mask = 0xffff;
	write_mask();
}

void pic_unmask(unsigned irq)
{
	mask &= (uint16_t)~(1u << irq);
	write_mask();
}

void pic_mask(unsigned irq)
{
	mask |= (uint16_t)(1u << irq);
	write_mask();
}
