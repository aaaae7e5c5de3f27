/* SSE for the code that computes the report after the last benchmark (lib/'s report
 * core, compiled with SSE: mk/kernel.mk). Until then no instruction of the kernel
 * touches an XMM register (-mgeneral-regs-only), so no handler saves them. */
#ifndef ARCH_X86_FPU_H
#define ARCH_X86_FPU_H

#define CR0_MP      (1ull << 1)     /* WAIT/FWAIT follow TS */
#define CR0_EM      (1ull << 2)     /* x87 and SSE instructions raise #UD */
#define CR0_TS      (1ull << 3)     /* the next x87/SSE instruction raises #NM */
#define CR0_NE      (1ull << 5)     /* x87 errors as #MF, not IRQ 13 */
#define CR4_OSFXSR  (1ull << 9)     /* FXSAVE/FXRSTOR and SSE instructions allowed */
#define CR4_OSXMMEXCPT (1ull << 10) /* unmasked SIMD FP exceptions as #XM */
#define MXCSR_DEFAULT 0x1f80        /* every exception masked, round to nearest */

/* On the CPU that calls it: SSE and x87 usable, their state the reset one (SDM 3A,
 * 13.1.3 and 13.1.4: CR4.OSFXSR and CR4.OSXMMEXCPT set, CR0.EM clear, CR0.MP set). */
void fpu_enable_sse(void);

#endif
