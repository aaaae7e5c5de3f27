/* The full handler's interrupt entries: the TSC is read by the third instruction
 * (only RAX and RDX, which RDTSC writes, are saved before it); then the other
 * caller-saved registers are saved and the handler is called directly with the TSC
 * as its argument: no table, no pointer. bench_entry calls bench_irq (birq's state),
 * bench_entry_ap bench_irq_ap (an AP's slot, handler.h). Nine pushes keep RSP
 * 16-byte aligned at the call (SysV ABI; the CPU's frame is 40 bytes on a 16-byte
 * aligned stack, SDM vol. 3A, 7.14.2). */
	.text

	.macro full_entry name, handler
	.globl \name
\name:
	pushq %rax
	pushq %rdx
	rdtsc
	shlq $32, %rdx
	orq %rdx, %rax
	pushq %rcx              /* the caller-saved registers RDTSC did not take */
	pushq %rsi
	pushq %rdi
	pushq %r8
	pushq %r9
	pushq %r10
	pushq %r11
	cld
	movq %rax, %rdi
	call \handler
	popq %r11
	popq %r10
	popq %r9
	popq %r8
	popq %rdi
	popq %rsi
	popq %rcx
	popq %rdx
	popq %rax
	iretq
	.endm

	full_entry bench_entry, bench_irq
	full_entry bench_entry_ap, bench_irq_ap
