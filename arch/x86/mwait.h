/* Waiting for an interrupt below HLT: MONITOR/MWAIT and TPAUSE, and the MSRs that
 * govern them. Intel SDM vol. 2B (MONITOR, MWAIT, TPAUSE), vol. 3A 15.2.2 and 15.3
 * (C-states, MWAIT extensions), vol. 4 (IA32_MISC_ENABLE, IA32_UMWAIT_CONTROL,
 * MSR_PKG_CST_CONFIG_CONTROL). */
#ifndef ARCH_X86_MWAIT_H
#define ARCH_X86_MWAIT_H

#include <stdbool.h>
#include <stdint.h>

#define MSR_IA32_UMWAIT_CONTROL         0x000000e1   /* with CPUID.(07H,0):ECX[5] WAITPKG */
#define   UMWAIT_CONTROL_C02_DISABLE    (1u << 0)    /* C0.2 not allowed */
#define   UMWAIT_CONTROL_TIME_MASK      0xfffffffcu  /* 31:2: the longest wait, TSC quanta (0: none) */
#define MSR_PKG_CST_CONFIG_CONTROL      0x000000e2   /* Intel, model-specific (Nehalem on) */
#define   PKG_CST_LIMIT_MASK            0xfu         /* the deepest package C-state allowed
						      * (3:0; 2:0 on older models, bit 3 0) */
#define   PKG_CST_LOCK                  (1u << 15)   /* bits 15:0 locked until reset */
#define MSR_IA32_MISC_ENABLE            0x000001a0   /* Intel */
#define   MISC_ENABLE_MWAIT             (1ull << 18) /* ENABLE MONITOR FSM: 0 = firmware
						      * disabled MONITOR/MWAIT (CPUID.01H:ECX[3]
						      * then reads 0) */

/* Arm the monitor on the line holding addr (RAX; ECX, EDX: no extensions, no hints). */
static inline void monitor(const volatile void *addr)
{
	__asm__ volatile("monitor" : : "a"(addr), "c"(0), "d"(0) : "memory");
}

/* STI; MWAIT: the one-instruction shadow of STI makes the pair atomic as in
 * "sti; hlt", so an interrupt that arrives between them still ends the MWAIT
 * (SDM vol. 2B, STI). Returns with interrupts enabled; the handler of the wake has
 * run by then. hint: EAX (C-state - 1 in 7:4, sub-state in 3:0).
 * The NOP after it: QEMU 7.2's TCG runs MWAIT as a pause with several CPUs and
 * leaves STI's shadow on across it (helper_mwait, unlike helper_hlt, does not clear
 * it), so without an instruction between MWAIT and the caller's CLI no interrupt
 * was ever taken there; on a PC the shadow ends with MWAIT and the NOP costs one
 * instruction after the wake. */
static inline void sti_mwait(uint32_t hint)
{
	__asm__ volatile("sti; mwait; nop" : : "a"(hint), "c"(0) : "memory");
}

/* MWAIT with ECX[0] set while IF = 0: an interrupt ends it but is not taken, so the
 * first instruction after MWAIT, an RDTSC, stamps the wake before any handler runs
 * (SDM vol. 2B, MWAIT, "MWAIT extensions"; allowed where CPUID.05H:ECX[1]). Returns
 * that TSC, or 0 when MWAIT faulted (a #GP resumed through the fixup table:
 * arch/x86/mwait.S). MONITOR must be armed. */
uint64_t mwait_break_if0(uint32_t hint);

/* STI; TPAUSE until the TSC reaches deadline, an interrupt, or the time limit of
 * IA32_UMWAIT_CONTROL; ctrl: ECX[0] = 1 for C0.1, 0 for C0.2. True when it ended
 * on that time limit (CF = 1, SDM vol. 2B, TPAUSE). Returns with interrupts on. */
static inline bool sti_tpause(uint32_t ctrl, uint64_t deadline)
{
	bool limit;
	__asm__ volatile("sti; tpause %%ecx" : "=@ccc"(limit)
			 : "c"(ctrl), "a"((uint32_t)deadline), "d"((uint32_t)(deadline >> 32))
			 : "memory");
	return limit;
}

#endif
