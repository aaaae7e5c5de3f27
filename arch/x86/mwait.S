/* mwait_break_if0(hint): MWAIT with ECX = 1 (interrupts are break events while IF
 * = 0), then the TSC, returned in RAX; 0 when MWAIT raised an exception (QEMU 7.2
 * TCG advertises CPUID.05H:ECX[1] and yet raises #GP for any ECX but 0), resumed
 * at 2: through the .fixup_table entry (arch/x86/idt.c). See mwait.h. */
	.text
	.globl mwait_break_if0
mwait_break_if0:
	movl %edi, %eax
	movl $1, %ecx
1:	mwait
	rdtsc
	shlq $32, %rdx
	orq %rdx, %rax
	ret
2:	xorl %eax, %eax
	ret

	.section .fixup_table, "aw"      /* addresses: the boot relocation writes them */
	.quad 1b, 2b
