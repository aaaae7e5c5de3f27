/* bench_entry: the interrupt entry of every measured timer interrupt.
 * The TSC is read by the third instruction (only RAX and RDX, which RDTSC writes,
 * are saved before it) and stored in bench_entry_tsc; then the other caller-saved
 * registers are saved and bench_irq() is called directly: no table, no pointer.
 * Nine pushes keep RSP 16-byte aligned at the call (SysV ABI; the CPU's frame is
 * 40 bytes on a 16-byte aligned stack, SDM vol. 3A, 7.14.2). */
	.text

/* The caller-saved registers RDTSC did not take (RAX, RDX are pushed first). */
	.macro save_scratch
	pushq %rcx
	pushq %rsi
	pushq %rdi
	pushq %r8
	pushq %r9
	pushq %r10
	pushq %r11
	.endm

	.macro restore_and_return
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

	.globl bench_entry
bench_entry:
	pushq %rax
	pushq %rdx
	rdtsc
	shlq $32, %rdx
	orq %rdx, %rax
	movq %rax, bench_entry_tsc(%rip)
	save_scratch
	cld
	call bench_irq
	restore_and_return

/* bench_entry_ap: the same for an AP (handler.h): the TSC by the third instruction,
 * passed as bench_irq_ap's argument; its state is reached through %gs. */
	.globl bench_entry_ap
bench_entry_ap:
	pushq %rax
	pushq %rdx
	rdtsc
	shlq $32, %rdx
	orq %rdx, %rax
	save_scratch
	cld
	movq %rax, %rdi
	call bench_irq_ap
	restore_and_return
