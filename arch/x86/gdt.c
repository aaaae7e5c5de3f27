/* The kernel's GDT and 64-bit TSS (Intel SDM vol. 3A, sections 3.4.5 and 8.7), one
 * pair per CPU. The TSS exists for its interrupt stack table: #DF, NMI and #MC run
 * on stacks of their own, so a fault with a broken RSP is still reported (SDM 3A,
 * 7.14.5). A TSS descriptor is marked busy by LTR, so CPUs cannot share one. */
#include "idt.h"
#include "lib.h"

static struct gdt_cpu boot_cpu_tables;
static uint8_t boot_ist_stacks[3][IST_STACK_SIZE] __attribute__((aligned(16)));

void gdt_init_cpu(struct gdt_cpu *t, uint8_t *ist_stacks)
{
	memset(t, 0, sizeof(*t));
	t->gdt[1] = 0x00af9a000000ffff;     /* GDT_KERNEL_CODE: 64-bit, DPL 0 */
	t->gdt[2] = 0x00cf92000000ffff;     /* GDT_KERNEL_DATA */
	for (int i = 0; i < 3; i++)
		t->tss.ist[i] = (uint64_t)(uintptr_t)(ist_stacks + (i + 1) * IST_STACK_SIZE);
	t->tss.iomap_base = sizeof(t->tss);     /* no I/O permission bitmap */

	uint64_t base = (uint64_t)(uintptr_t)&t->tss, limit = sizeof(t->tss) - 1;
	t->gdt[3] = (limit & 0xffff) | (base & 0xffffff) << 16 |
		    0x89ull << 40 |             /* present, 64-bit TSS (available) */
		    ((limit >> 16) & 0xf) << 48 | ((base >> 24) & 0xff) << 56;
	t->gdt[4] = base >> 32;                 /* GDT_TSS: a 16-byte system descriptor */

	struct { uint16_t limit; uint64_t base; } __attribute__((packed)) ptr = {
		sizeof(t->gdt) - 1, (uint64_t)(uintptr_t)t->gdt
	};
	/* Same code and data selectors as the boot and trampoline GDTs, so CS/SS
	 * stay valid. */
	__asm__ volatile("lgdt %0" : : "m"(ptr));
	__asm__ volatile("ltr %w0" : : "r"(GDT_TSS));
}

void gdt_init(void)
{
	gdt_init_cpu(&boot_cpu_tables, &boot_ist_stacks[0][0]);
}
