/* 32-bit entry from a multiboot2 loader, switch to long mode, call kmain.
 * Machine state on entry: Multiboot2 Specification 1.0, section 3.3 (EAX = magic,
 * EBX = physical address of the information, protected mode, paging off, IF = 0).
 * Long-mode switch: Intel SDM vol. 3A, section 10.8.5 (CR4.PAE, EFER.LME, CR0.PG). */
#define MB2_BOOT_MAGIC  0x36d76289
#define COM1            0x3f8
#define VGA_TEXT        0xb8000
#define MSR_EFER        0xc0000080
#define   EFER_LME      (1 << 8)
#define PTE_P           (1 << 0)
#define PTE_RW          (1 << 1)
#define PTE_PWT         (1 << 3)
#define PTE_PCD         (1 << 4)
#define PTE_PS          (1 << 7)      /* 2 MiB page in a page directory */
#define MMIO_WINDOW_PDE 2038          /* 0xfec00000 / 2 MiB: IOAPIC, HPET, LAPIC, ... */
#define STACK_SIZE      (64 * 1024)

	.section .text.boot, "ax"
	.code32
	.globl _start
_start:
	movl $boot_stack_top, %esp
	movl %eax, mb2_magic
	movl %ebx, mb2_info

	cmpl $MB2_BOOT_MAGIC, %eax
	movl $msg_not_mb2, %esi
	jne fatal32

	/* CPUID leaf 0x80000001 EDX bit 29: long mode (SDM vol. 2A, CPUID). */
	movl $0x80000000, %eax
	cpuid
	cmpl $0x80000001, %eax
	movl $msg_no_lm, %esi
	jb fatal32
	movl $0x80000001, %eax
	cpuid
	testl $(1 << 29), %edx
	jz fatal32

	call build_page_tables

	movl %cr4, %eax
	orl $(1 << 5), %eax             /* CR4.PAE */
	movl %eax, %cr4
	movl $pml4, %eax
	movl %eax, %cr3
	movl $MSR_EFER, %ecx
	rdmsr
	orl $EFER_LME, %eax
	wrmsr
	movl %cr0, %eax
	orl $((1 << 31) | 1), %eax      /* CR0.PG | CR0.PE */
	movl %eax, %cr0

	lgdt boot_gdt_ptr
	ljmp $0x08, $long_mode

/* Identity-map 0..4 GiB with 2 MiB pages; the top 20 MiB (0xfec00000..) uncached. */
build_page_tables:
	movl $pml4, %edi
	movl $(6 * 4096 / 4), %ecx
	xorl %eax, %eax
	rep stosl
	movl $pdpt, %eax
	orl $(PTE_P | PTE_RW), %eax
	movl %eax, pml4
	xorl %ecx, %ecx
1:	movl %ecx, %eax                 /* pdpt[i] = pd + i * 4 KiB */
	shll $12, %eax
	addl $pd, %eax
	orl $(PTE_P | PTE_RW), %eax
	movl %eax, pdpt(, %ecx, 8)
	incl %ecx
	cmpl $4, %ecx
	jb 1b
	xorl %ecx, %ecx
2:	movl %ecx, %eax                 /* pd[i] = i * 2 MiB, for 2048 entries */
	shll $21, %eax
	orl $(PTE_P | PTE_RW | PTE_PS), %eax
	cmpl $MMIO_WINDOW_PDE, %ecx
	jb 3f
	orl $(PTE_PCD | PTE_PWT), %eax
3:	movl %eax, pd(, %ecx, 8)
	incl %ecx
	cmpl $2048, %ecx
	jb 2b
	ret

/* Print the string at ESI on COM1 and on the VGA text screen, then halt for good. */
fatal32:
	movl $VGA_TEXT, %edi
1:	lodsb
	testb %al, %al
	jz 3f
	movb %al, %bl
	movw $(COM1 + 5), %dx
2:	inb %dx, %al                    /* wait for THR empty (bounded by the hardware) */
	testb $0x20, %al
	jz 2b
	movw $COM1, %dx
	movb %bl, %al
	outb %al, %dx
	movb %bl, (%edi)
	movb $0x4f, 1(%edi)             /* white on red */
	addl $2, %edi
	jmp 1b
3:	cli
	hlt
	jmp 3b

	.code64
long_mode:
	movw $0x10, %ax
	movw %ax, %ds
	movw %ax, %es
	movw %ax, %ss
	xorw %ax, %ax
	movw %ax, %fs
	movw %ax, %gs
	movabsq $boot_stack_top, %rsp
	xorl %ebp, %ebp
	movl mb2_magic, %edi
	movl mb2_info, %esi
	call kmain
4:	cli
	hlt
	jmp 4b

	.section .rodata
msg_not_mb2:
	.asciz "tickbench: not started by a multiboot2 loader; boot it with GRUB (multiboot2)\r\n"
msg_no_lm:
	.asciz "tickbench: this CPU cannot run 64-bit long mode; tickbench needs an x86-64 CPU\r\n"

	.balign 8
boot_gdt:
	.quad 0
	.quad 0x00af9a000000ffff        /* 0x08: 64-bit code, DPL 0 */
	.quad 0x00cf92000000ffff        /* 0x10: data */
boot_gdt_end:
boot_gdt_ptr:
	.short boot_gdt_end - boot_gdt - 1
	.long boot_gdt

	.section .data
	.globl mb2_magic, mb2_info
mb2_magic:	.long 0
mb2_info:	.long 0

	.section .bss
	.balign 4096
	.globl pml4, pdpt, pd
pml4:	.skip 4096
pdpt:	.skip 4096
pd:	.skip 4 * 4096
	.balign 16
boot_stack:
	.skip STACK_SIZE
	.globl boot_stack_top
boot_stack_top:
