/* 32-bit entry from a multiboot2 loader, switch to long mode, call kmain.
 * Machine state on entry: Multiboot2 Specification 1.0, section 3.3 (EAX = magic,
 * EBX = physical address of the information, protected mode, paging off, IF = 0).
 * Long-mode switch: Intel SDM vol. 3A, section 10.8.5 (CR4.PAE, EFER.LME, CR0.PG).
 *
 * Position independent: the image is linked at IMAGE_LINK_BASE but GRUB may load
 * it anywhere above (the relocatable tag, boot/header.S). This code finds where it
 * runs (a call, then a pop), addresses everything relative to that (REL), and adds
 * the difference to every absolute address the link left in the image: the
 * R_X86_64_RELATIVE entries between __rela_start and __rela_end (System V x86-64
 * psABI, section 4.4: the word at offset + delta becomes addend + delta). The 4 GiB
 * identity map then runs the kernel where it lies. */
#include "image.h"

#define R_X86_64_RELATIVE 8
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
#define MMIO_WINDOW_PDE (UNCACHED_WINDOW >> 21)      /* its first 2 MiB page */
#define STACK_SIZE      (64 * 1024)
#define EFLAGS_ID       (1 << 21)
/* The emulators' ports, as arch/x86/qemu.h and bochs.h name them, and the kernel's
 * error code for QEMU's exit (kernel/run.h). */
#define FW_CFG_PORT_SEL         0x510
#define FW_CFG_PORT_DATA        0x511
#define FW_CFG_SIGNATURE        0x0000
#define DEBUG_EXIT_PORT         0xf4
#define BOCHS_E9_PORT           0xe9
#define BOCHS_SHUTDOWN_PORT     0x8900
#define EXIT_CODE_ERROR         0x12

/* An operand at sym, relative to EBP = where `here` runs. */
#define REL(sym)        ((sym) - here)(%ebp)

	.section .text.boot, "ax"
	.code32
	.globl _start
_start:
	/* One call finds where we run. Its return address goes onto the information's
	 * reserved word (spec section 3.6.1), which is put back at once. A loader that
	 * passed no multiboot2 magic left ESP where it liked (GRUB: 0x7ff00); should it
	 * point at no RAM, the message below is lost, and the CPU halts all the same.
	 * EFLAGS.DF is not defined on entry (section 3.3): rep stosl needs it clear. */
	cld
	cmpl $MB2_BOOT_MAGIC, %eax
	jne 1f
	movl 4(%ebx), %edx
	leal 8(%ebx), %esp
1:	call here
here:	popl %ebp
	cmpl $MB2_BOOT_MAGIC, %eax
	leal REL(msg_not_mb2), %esi
	jne fatal32
	movl %edx, 4(%ebx)

	leal REL(boot_stack_top), %esp
	movl %eax, REL(mb2_magic)
	movl %ebx, REL(mb2_info)

	/* CPUID leaf 0x80000001 EDX bit 29: long mode (SDM vol. 2A, CPUID); a CPU
	 * without CPUID has none. */
	leal REL(msg_no_lm), %esi
	call cpuid_present
	jz fatal32
	movl $0x80000000, %eax
	cpuid
	cmpl $0x80000001, %eax
	leal REL(msg_no_lm), %esi
	jb fatal32
	movl $0x80000001, %eax
	cpuid
	testl $(1 << 29), %edx
	jz fatal32

	call relocate
	call build_page_tables

	movl %cr4, %eax
	orl $(1 << 5), %eax             /* CR4.PAE */
	movl %eax, %cr4
	leal REL(pml4), %eax
	movl %eax, %cr3
	movl $MSR_EFER, %ecx
	rdmsr
	orl $EFER_LME, %eax
	wrmsr
	movl %cr0, %eax
	orl $((1 << 31) | 1), %eax      /* CR0.PG | CR0.PE */
	movl %eax, %cr0

	leal REL(boot_gdt), %eax        /* the GDT's base where it lies */
	movl %eax, REL(boot_gdt_ptr + 2)
	lgdt REL(boot_gdt_ptr)
	pushl $0x08                     /* a far jump to where long_mode lies */
	leal REL(long_mode), %eax
	pushl %eax
	lret

/* Add the load offset (EBX = where we run - IMAGE_LINK_BASE) to every word the
 * R_X86_64_RELATIVE entries name. Any other type stops the boot with a message:
 * the Makefile's check refuses such an image first. */
relocate:
	leal REL(__image_start), %ebx
	subl $IMAGE_LINK_BASE, %ebx
	leal REL(__rela_start), %esi
	leal REL(__rela_end), %edi
1:	cmpl %edi, %esi
	jae 2f
	cmpl $R_X86_64_RELATIVE, 8(%esi)        /* r_info: type, symbol 0 */
	jne bad_reloc
	cmpl $0, 12(%esi)
	jne bad_reloc
	movl (%esi), %eax                       /* r_offset (the image is below 4 GiB) */
	addl %ebx, %eax
	movl 16(%esi), %ecx                     /* r_addend, 64 bits */
	movl 20(%esi), %edx
	addl %ebx, %ecx
	adcl $0, %edx
	movl %ecx, (%eax)
	movl %edx, 4(%eax)
	addl $24, %esi                          /* sizeof(Elf64_Rela) */
	jmp 1b
2:	ret
bad_reloc:
	leal REL(msg_bad_reloc), %esi
	jmp fatal32

/* Identity-map 0..4 GiB with 2 MiB pages; the top 20 MiB (UNCACHED_WINDOW..) uncached. */
build_page_tables:
	leal REL(pml4), %edi
	movl $(6 * 4096 / 4), %ecx
	xorl %eax, %eax
	rep stosl
	leal REL(pdpt), %eax
	orl $(PTE_P | PTE_RW), %eax
	movl %eax, REL(pml4)
	leal REL(pdpt), %edi
	leal REL(pd), %esi
	xorl %ecx, %ecx
1:	movl %ecx, %eax                 /* pdpt[i] = pd + i * 4 KiB */
	shll $12, %eax
	addl %esi, %eax
	orl $(PTE_P | PTE_RW), %eax
	movl %eax, (%edi, %ecx, 8)
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
3:	movl %eax, (%esi, %ecx, 8)
	incl %ecx
	cmpl $2048, %ecx
	jb 2b
	ret

/* ZF clear when the CPU has CPUID: software can toggle EFLAGS.ID (bit 21; SDM
 * vol. 1, 3.4.3.3). Any loader's stack does. */
cpuid_present:
	pushfl
	popl %eax
	movl %eax, %ecx
	xorl $EFLAGS_ID, %eax
	pushl %eax
	popfl
	pushfl
	popl %eax
	pushl %ecx                      /* EFLAGS as they were */
	popfl
	xorl %ecx, %eax
	testl $EFLAGS_ID, %eax
	ret

/* Print the string at ESI on COM1 and on the VGA text screen, then stop: an
 * emulator is ended with a failing status, so that its runner reports the failure
 * at once rather than its own timeout; a PC halts for good. */
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
	/* QEMU as the 64-bit kernel finds it (arch/x86/qemu.c): a hypervisor (CPUID.1:
	 * ECX[31]) whose fw_cfg signature reads "QEMU"; then isa-debug-exit with the
	 * error code (kernel/run.h), QEMU's exit status (code << 1) | 1. */
	call cpuid_present
	jz 6f
	xorl %eax, %eax
	cpuid
	testl %eax, %eax
	jz 6f
	movl $1, %eax
	cpuid
	testl $(1 << 31), %ecx
	jz 5f
	movw $FW_CFG_PORT_SEL, %dx
	movw $FW_CFG_SIGNATURE, %ax
	outw %ax, %dx
	movw $FW_CFG_PORT_DATA, %dx
	movl $0x554d4551, %ebx          /* "QEMU", first byte lowest */
	movl $4, %ecx
4:	inb %dx, %al
	cmpb %bl, %al
	jne 5f
	shrl $8, %ebx
	loop 4b
	movb $EXIT_CODE_ERROR, %al
	outb %al, $DEBUG_EXIT_PORT
	jmp 6f                          /* no isa-debug-exit device: halt */
	/* Bochs as arch/x86/bochs.c finds it: port 0xe9 reads 0xe9; then "Shutdown"
	 * to its shutdown port (Bochs 2.7 iodev/unmapped.cc). */
5:	inb $BOCHS_E9_PORT, %al
	cmpb $BOCHS_E9_PORT, %al
	jne 6f
	inb $BOCHS_E9_PORT, %al
	cmpb $BOCHS_E9_PORT, %al
	jne 6f
	leal REL(bochs_shutdown_word), %esi
	movw $BOCHS_SHUTDOWN_PORT, %dx
7:	lodsb
	testb %al, %al
	jz 6f
	outb %al, %dx
	jmp 7b
6:	hlt
	jmp 6b

	.code64
long_mode:
	movw $0x10, %ax
	movw %ax, %ds
	movw %ax, %es
	movw %ax, %ss
	xorw %ax, %ax
	movw %ax, %fs
	movw %ax, %gs
	leaq boot_stack_top(%rip), %rsp
	xorl %ebp, %ebp
	movl mb2_magic(%rip), %edi
	movl mb2_info(%rip), %esi
	call kmain
4:	cli
	hlt
	jmp 4b

	.section .rodata
msg_not_mb2:
	.asciz "tickbench: not started by a multiboot2 loader; boot it with GRUB (multiboot2)\r\n"
msg_no_lm:
	.asciz "tickbench: this CPU cannot run 64-bit long mode; tickbench needs an x86-64 CPU\r\n"
bochs_shutdown_word:
	.asciz "Shutdown"
msg_bad_reloc:
	.asciz "tickbench: the image holds a relocation other than R_X86_64_RELATIVE; it cannot run where it was loaded\r\n"

	.balign 8
boot_gdt:
	.quad 0
	.quad 0x00af9a000000ffff        /* 0x08: 64-bit code, DPL 0 */
	.quad 0x00cf92000000ffff        /* 0x10: data */
boot_gdt_end:

	.section .data
boot_gdt_ptr:                           /* the base is filled in where it lies */
	.short boot_gdt_end - boot_gdt - 1
	.long 0
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
