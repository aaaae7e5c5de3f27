/* Interrupt descriptor table, the 256 entry stubs of isr.S, and dispatch.
 * Gate format: Intel SDM vol. 3A, section 7.14.1 (64-bit IDT gate descriptors). */
#ifndef ARCH_X86_IDT_H
#define ARCH_X86_IDT_H

#include <stdint.h>

#define GDT_KERNEL_CODE 0x08
#define GDT_KERNEL_DATA 0x10
#define GDT_TSS         0x18

#define IST_DOUBLE_FAULT 1
#define IST_NMI          2
#define IST_MACHINE_CHECK 3

#define VEC_NMI          2
#define VEC_DOUBLE_FAULT 8
#define VEC_MACHINE_CHECK 18
#define VEC_FIRST_IRQ    32
#define VEC_SPURIOUS     0xff  /* the local APIC's spurious vector (SVR) */

/* What isr.S pushes, lowest address first. */
struct interrupt_frame {
	uint64_t r15, r14, r13, r12, r11, r10, r9, r8;
	uint64_t rbp, rdi, rsi, rdx, rcx, rbx, rax;
	uint64_t vector, error_code;
	uint64_t rip, cs, rflags, rsp, ss;      /* pushed by the CPU */
};

typedef void (*interrupt_handler)(struct interrupt_frame *f);

#define IST_STACK_SIZE (32 * 1024)     /* a report formats a 4 KiB record in 3 buffers */

struct tss {
	uint32_t reserved0;
	uint64_t rsp[3];
	uint64_t reserved1;
	uint64_t ist[7];
	uint64_t reserved2;
	uint16_t reserved3;
	uint16_t iomap_base;
} __attribute__((packed));

/* One CPU's GDT (null, code, data, TSS) and TSS. */
struct gdt_cpu {
	uint64_t gdt[5];
	struct tss tss;
} __attribute__((aligned(16)));

/* The boot CPU's tables. */
void gdt_init(void);
/* Fill and load t on the calling CPU; ist_stacks: 3 * IST_STACK_SIZE bytes. */
void gdt_init_cpu(struct gdt_cpu *t, uint8_t *ist_stacks);
/* The boot CPU: build the IDT and load it. exception_handler takes every CPU
 * exception that no handler and no fixup (.fixup_table) takes, and every NMI; it
 * does not return (kernel/panic.c reports and ends the run). */
void idt_init(interrupt_handler exception_handler);
/* Another CPU: load the IDT the boot CPU built (one IDT for all). */
void idt_load(void);

/* Point a vector at an entry of one's own (a lean stub on a measured path). */
void idt_set_gate(uint8_t vector, void (*entry)(void), uint8_t ist);
/* Handle a vector through the common stub, or NULL to stop. */
void idt_set_handler(uint8_t vector, interrupt_handler h);

/* Interrupts that arrived on a vector with no handler (counted, not fatal). */
uint64_t idt_unexpected_count(void);

#endif
