/* Machine-check architecture: CR4.MCE, the global MSRs and the error-reporting banks
 * (Intel SDM vol. 3B, chapter 16; AMD64 APM vol. 2, chapter 9). Hardware verbs only:
 * kernel/mcheck.c decides what to enable and reports what the banks hold. */
#ifndef ARCH_X86_MCE_H
#define ARCH_X86_MCE_H

#include <stdbool.h>
#include <stdint.h>

#define MSR_IA32_MCG_CAP        0x00000179
#define   MCG_CAP_COUNT_MASK    0xffu           /* error-reporting banks */
#define   MCG_CAP_CTL_P         (1ull << 8)     /* IA32_MCG_CTL present */
#define   MCG_CAP_CMCI_P        (1ull << 10)    /* corrected machine-check interrupt */
#define   MCG_CAP_SER_P         (1ull << 24)    /* software error recovery (SRAO, SRAR) */
#define MSR_IA32_MCG_STATUS     0x0000017a
#define   MCG_STATUS_RIPV       (1ull << 0)     /* restart at the pushed rip is safe */
#define   MCG_STATUS_EIPV       (1ull << 1)     /* the pushed rip is where it happened */
#define   MCG_STATUS_MCIP       (1ull << 2)     /* a #MC is in progress */
#define MSR_IA32_MCG_CTL        0x0000017b
#define MSR_IA32_MC0_CTL        0x00000400      /* bank i: CTL, STATUS, ADDR, MISC at 4i */
#define MSR_IA32_MCi_CTL(i)     (MSR_IA32_MC0_CTL + 4 * (i))
#define MSR_IA32_MCi_STATUS(i)  (MSR_IA32_MC0_CTL + 4 * (i) + 1)
#define   MCi_STATUS_VAL        (1ull << 63)    /* the bank holds an error */
#define   MCi_STATUS_OVER       (1ull << 62)    /* an error came while one was logged */
#define   MCi_STATUS_UC         (1ull << 61)    /* uncorrected */
#define   MCi_STATUS_EN         (1ull << 60)    /* signalling was enabled for it */
#define   MCi_STATUS_MISCV      (1ull << 59)    /* IA32_MCi_MISC holds information */
#define   MCi_STATUS_ADDRV      (1ull << 58)    /* IA32_MCi_ADDR holds an address */
#define   MCi_STATUS_PCC        (1ull << 57)    /* processor context corrupt */
#define MSR_IA32_MCi_ADDR(i)    (MSR_IA32_MC0_CTL + 4 * (i) + 2)
#define MSR_IA32_MCi_MISC(i)    (MSR_IA32_MC0_CTL + 4 * (i) + 3)

#define CR4_MCE                 (1ull << 6)     /* #MC instead of shutdown (SDM 3A, 2.5) */
#define MCE_MAX_BANKS           32              /* IA32_MCi_CTL ends below 0x480 */

struct mce_bank {
	uint64_t status, addr, misc;    /* addr and misc 0 unless ADDRV, MISCV */
};

/* CPUID.1:EDX[7] MCE (the exception exists) and [14] MCA (the banks exist). */
bool mce_has_exception(void);
bool mce_has_banks(void);
uint64_t mce_cap(void);                 /* IA32_MCG_CAP, 0 without MCA */
unsigned mce_bank_count(void);          /* at most MCE_MAX_BANKS */

void mce_enable_exception(void);        /* CR4.MCE */
void mce_enable_global(void);           /* IA32_MCG_CTL all ones */
void mce_enable_bank(unsigned i);       /* IA32_MCi_CTL all ones */

uint64_t mce_global_status(void);
/* Read bank i; false when it holds no valid error (MCi_STATUS.VAL clear). */
bool mce_read_bank(unsigned i, struct mce_bank *b);
void mce_clear_bank(unsigned i);        /* IA32_MCi_STATUS 0 */

#endif
