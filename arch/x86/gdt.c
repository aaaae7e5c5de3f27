/* The kernel's GDT and 64-bit TSS (Intel SDM vol. 3A, sections 3.4.5 and 8.7). The
 * TSS exists for its interrupt stack table: #DF, NMI and #MC run on stacks of their
 * own, so a fault with a broken RSP is still reported (SDM 3A, 7.14.5). */
#include "idt.h"
#include "lib.h"

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

static struct tss tss;
static uint8_t ist_stacks[3][IST_STACK_SIZE] __attribute__((aligned(16)));

static uint64_t gdt[] = {
	0,
	0x00af9a000000ffff,         /* GDT_KERNEL_CODE: 64-bit, DPL 0 */
	0x00cf92000000ffff,         /* GDT_KERNEL_DATA */
	0, 0,                       /* GDT_TSS: a 16-byte system descriptor */
};

void gdt_init(void)
{
	for (int i = 0; i < 3; i++)
		tss.ist[i] = (uint64_t)(uintptr_t)(ist_stacks[i] + IST_STACK_SIZE);
	tss.iomap_base = sizeof(tss);       /* no I/O permission bitmap */

	uint64_t base = (uint64_t)(uintptr_t)&tss, limit = sizeof(tss) - 1;
	gdt[3] = (limit & 0xffff) | (base & 0xffffff) << 16 |
		 0x89ull << 40 |                /* present, 64-bit TSS (available) */
		 ((limit >> 16) & 0xf) << 48 | ((base >> 24) & 0xff) << 56;
	gdt[4] = base >> 32;

	struct { uint16_t limit; uint64_t base; } __attribute__((packed)) ptr = {
		sizeof(gdt) - 1, (uint64_t)(uintptr_t)gdt
	};
	/* Same code and data selectors as the boot GDT, so CS/SS stay valid. */
	__asm__ volatile("lgdt %0" : : "m"(ptr));
	__asm__ volatile("ltr %w0" : : "r"(GDT_TSS));
}
