/* The 8259A pair (Intel 8259A datasheet; PC/AT wiring: master 0x20/0x21, slave
 * 0xa0/0xa1 on master IRQ2). */
#ifndef ARCH_X86_PIC_H
#define ARCH_X86_PIC_H

#include <stdint.h>
#include "cpu.h"

#define PIC1_CMD   0x20
#define PIC1_DATA  0x21
#define PIC2_CMD   0xa0
#define PIC2_DATA  0xa1
#define   PIC_ICW1_INIT_ICW4 0x11   /* edge, cascade, ICW4 follows */
#define   PIC_ICW4_8086      0x01
#define   PIC_OCW2_EOI       0x20   /* non-specific EOI */
#define PIC_VECTOR_BASE 0x20        /* IRQ n arrives on vector 0x20 + n */

/* Remap IRQ 0-15 to vectors 0x20-0x2f and mask them all. */
void pic_init(void);
void pic_unmask(unsigned irq);
void pic_mask(unsigned irq);

static inline void pic_eoi(unsigned irq)
{
	if (irq >= 8)
		outb(PIC2_CMD, PIC_OCW2_EOI);
	outb(PIC1_CMD, PIC_OCW2_EOI);
}

#endif
