/* 256 interrupt entry stubs and the common path to interrupt_dispatch().
 * Exceptions with an error code: Intel SDM vol. 3A, table 7-1 (8, 10-14, 17, 21,
 * 29, 30); the others push a zero so every frame has the same shape. */
	.text
	.altmacro

	.macro stub vec
	.balign 16
isr_stub_\vec:
	.if (\vec == 8) || (\vec >= 10 && \vec <= 14) || (\vec == 17) || (\vec == 21) || (\vec == 29) || (\vec == 30)
	.else
	pushq $0
	.endif
	pushq $\vec
	jmp isr_common
	.endm

	.set vec, 0
	.rept 256
	stub %vec
	.set vec, vec + 1
	.endr

isr_common:
	cld
	pushq %rax
	pushq %rbx
	pushq %rcx
	pushq %rdx
	pushq %rsi
	pushq %rdi
	pushq %rbp
	pushq %r8
	pushq %r9
	pushq %r10
	pushq %r11
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
	movq %rsp, %rdi
	call interrupt_dispatch
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %r11
	popq %r10
	popq %r9
	popq %r8
	popq %rbp
	popq %rdi
	popq %rsi
	popq %rdx
	popq %rcx
	popq %rbx
	popq %rax
	addq $16, %rsp              /* vector and error code */
	iretq

	.macro stub_addr vec
	.quad isr_stub_\vec
	.endm

	.section .data.rel.ro, "aw"      /* addresses: the boot relocation writes them */
	.balign 8
	.globl isr_stubs
isr_stubs:
	.set vec, 0
	.rept 256
	stub_addr %vec
	.set vec, vec + 1
	.endr
