/* The application processors' way in: real mode -> protected mode -> long mode.
 * Assembled into the kernel image; kernel/smp.c copies trampoline_start ..
 * trampoline_end to a free page below 1 MiB and fills the parameter block there
 * before each start-up IPI. A start-up IPI with vector V starts the AP in real mode
 * at CS = V << 8, IP = 0 (Intel SDM vol. 3A, 9.4.4 and 12.6.1); the switch to long
 * mode is SDM 3A, 10.8.5, with the boot CPU's CR3, CR4, EFER and CR0.
 * Position independent: addresses are taken from the parameter block, which the
 * boot CPU fills with the page's physical address; EBX holds that base throughout.
 * No loop runs before paging is on (nested KVM emulates this code instruction by
 * instruction). */

/* Parameter block (struct trampoline_params in kernel/smp.c mirrors it). */
#define P_GDT_PTR   0       /* u16 limit, u32 base */
#define P_FAR32     8       /* u32 offset, u16 selector: protected-mode entry */
#define P_FAR64     16      /* u32 offset, u16 selector: long-mode entry */
#define P_CR0       24
#define P_CR4       28
#define P_CR3       32
#define P_EFER      40
#define P_STACK     48
#define P_ENTRY     56      /* void entry(void *arg), never returns */
#define P_ARG       64
#define MSR_EFER    0xc0000080

	.section .rodata
	.balign 16
	.globl trampoline_start, trampoline_end, trampoline_params
	.globl trampoline_gdt, trampoline_gdt_end, trampoline_32, trampoline_64
	.code16
trampoline_start:
	cli
	cld
	movw %cs, %ax
	movw %ax, %ds
	movzwl %ax, %ebx
	shll $4, %ebx                   /* the page's physical address */
	lgdtl (trampoline_params - trampoline_start + P_GDT_PTR)
	movl %cr0, %eax
	orl $1, %eax                    /* CR0.PE */
	movl %eax, %cr0
	ljmpl *(trampoline_params - trampoline_start + P_FAR32)

	.code32
trampoline_32:
	movw $0x10, %ax
	movw %ax, %ds
	movw %ax, %es
	movw %ax, %ss
	movl (trampoline_params - trampoline_start + P_CR4)(%ebx), %eax
	movl %eax, %cr4                 /* PAE and the rest of the boot CPU's bits */
	movl (trampoline_params - trampoline_start + P_CR3)(%ebx), %eax
	movl %eax, %cr3
	movl $MSR_EFER, %ecx
	movl (trampoline_params - trampoline_start + P_EFER)(%ebx), %eax
	movl (trampoline_params - trampoline_start + P_EFER + 4)(%ebx), %edx
	wrmsr                           /* LME (LMA masked off by the boot CPU) */
	movl (trampoline_params - trampoline_start + P_CR0)(%ebx), %eax
	movl %eax, %cr0                 /* PG: long mode is active from here */
	ljmpl *(trampoline_params - trampoline_start + P_FAR64)(%ebx)

	.code64
trampoline_64:
	movl %ebx, %ebx                 /* upper half undefined after the mode switch */
	movq (trampoline_params - trampoline_start + P_STACK)(%rbx), %rsp
	movq (trampoline_params - trampoline_start + P_ARG)(%rbx), %rdi
	movq (trampoline_params - trampoline_start + P_ENTRY)(%rbx), %rax
	xorl %ebp, %ebp
	callq *%rax
1:	cli
	hlt
	jmp 1b

	.balign 8
trampoline_gdt:
	.quad 0
	.quad 0x00af9a000000ffff        /* 0x08: 64-bit code (as the kernel's GDT) */
	.quad 0x00cf92000000ffff        /* 0x10: data */
	.quad 0x00cf9a000000ffff        /* 0x18: 32-bit code */
trampoline_gdt_end:

	.balign 8
trampoline_params:
	.skip 72
trampoline_end:

