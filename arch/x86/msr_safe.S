/* rdmsr_safe(msr, &value): RDMSR that returns 1 instead of faulting when the MSR
 * does not exist (#GP, SDM vol. 2B, RDMSR); wrmsr_safe(msr, value) the same for
 * WRMSR. The faulting instruction's address and
 * where to resume are listed in the .fixup_table section; interrupt_dispatch()
 * resumes there instead of reporting the exception. */
	.text
	.globl rdmsr_safe
rdmsr_safe:
	movl %edi, %ecx
1:	rdmsr
	shlq $32, %rdx
	orq %rdx, %rax
	movq %rax, (%rsi)
	xorl %eax, %eax
	ret
2:	movl $1, %eax
	ret


	.globl wrmsr_safe
wrmsr_safe:
	movl %edi, %ecx
	movl %esi, %eax
	movq %rsi, %rdx
	shrq $32, %rdx
3:	wrmsr
	xorl %eax, %eax
	ret
4:	movl $1, %eax
	ret

	.section .fixup_table, "aw"      /* addresses: the boot relocation writes them */
	.quad 1b, 2b
	.quad 3b, 4b
