/* spin_run: tick's spin workload, the measuring loop (bench/core/spin.h).
 *
 * Interval: from `lfence; rdtsc` (start) to `lfence; rdtsc` (end) after the last
 * step; interrupts as the caller left them (on). A step reads the TSC and compares
 * the low 32 bits of its difference to the previous read with the threshold:
 *
 *	1: mov %eax, %esi         the previous read (low half)
 *	   rdtsc
 *	   mov %eax, %r9d
 *	   sub %esi, %r9d         the step, modulo 2^32
 *	   cmp %r8d, %r9d
 *	   ja  hole
 *	   dec %rcx
 *	   jnz 1b
 *
 * eight instructions. A step above the threshold is a hole: its length, the
 * handler's count (low 32 bits), the low half of the read that opened it and the
 * high half of the read that closed it go into the next 16-byte slot of the buffer
 * and the TSC is read again: a load of the count, its comparison with the last
 * hole's, a copy, a test of the space left, two branches, four stores, a pointer
 * step and the RDTSC, twelve instructions that lie in no step (the step's own
 * decrement and branch follow the RDTSC there, not through a jump back). A hole
 * whose count is the last hole's holds no interrupt: it is stored only while more
 * than the reserve of slots is left (kept for holes that hold one), else only
 * counted (dropped), as is every hole once the buffer is full. Everything else
 * (which hole held an interrupt, the histograms) is worked out from the buffer
 * after the closing read (bench/core/spin.c). The low half of a step wraps only past
 * 2^32 cycles (about a second at 4 GHz). */
#define R_ITERATIONS    0
#define R_COUNT         8
#define R_HOLES         16
#define R_CAPACITY      24
#define R_THRESHOLD     32
#define R_RESERVE       36
#define R_START         40
#define R_END           48
#define R_STORED        56
#define R_DROPPED       64

	.section measured_text, "ax", @progbits     /* the measured code (measured.h) */
	.globl spin_run
	.type spin_run, @function
spin_run:                               /* %rdi: struct spin_run * */
	pushq %rbx
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
	movq R_ITERATIONS(%rdi), %rcx
	movq R_COUNT(%rdi), %r11
	movq R_CAPACITY(%rdi), %r12
	shlq $4, %r12
	movq R_HOLES(%rdi), %rbx
	addq %r12, %rbx                 /* %rbx: the buffer's end */
	negq %r12                       /* %r12: the next slot, from the end, up to 0 */
	movl R_RESERVE(%rdi), %r15d
	shlq $4, %r15
	negq %r15                       /* %r15: the first slot of the reserve, from the end */
	movl (%r11), %r14d              /* %r14d: the count at the last hole */
	movl R_THRESHOLD(%rdi), %r8d
	xorl %r13d, %r13d               /* holes dropped */
	lfence
	rdtsc
	movl %eax, %r10d
	shlq $32, %rdx
	orq %rdx, %r10
	movq %r10, R_START(%rdi)
	testq %rcx, %rcx
	jz 3f
1:	movl %eax, %esi
	rdtsc
	movl %eax, %r9d
	subl %esi, %r9d
	cmpl %r8d, %r9d
	ja 4f
2:	decq %rcx
	jnz 1b
3:	lfence
	rdtsc
	shlq $32, %rdx
	orq %rdx, %rax
	movq %rax, R_END(%rdi)
	movq R_CAPACITY(%rdi), %rax
	sarq $4, %r12
	addq %r12, %rax
	movq %rax, R_STORED(%rdi)
	movq %r13, R_DROPPED(%rdi)
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %rbx
	ret
4:	movl (%r11), %r10d
	cmpl %r10d, %r14d
	movl %r10d, %r14d
	je 6f                           /* no interrupt since the last hole */
	testq %r12, %r12
	jz 5f
7:	movl %r9d, (%rbx, %r12)
	movl %r10d, 4(%rbx, %r12)
	movl %esi, 8(%rbx, %r12)
	movl %edx, 12(%rbx, %r12)
	addq $16, %r12
	rdtsc
	decq %rcx                       /* the step's own tail, here: no jump back to 2 */
	jnz 1b
	jmp 3b
6:	cmpq %r15, %r12
	jl 7b                           /* more than the reserve is left */
5:	incq %r13
	rdtsc
	jmp 2b
	.size spin_run, . - spin_run

	.section .note.GNU-stack, "", @progbits     /* no executable stack (host test) */
