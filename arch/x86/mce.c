/* Machine-check MSRs (see mce.h). Intel SDM vol. 3B, 16.3 (the registers) and 16.8
 * (initialisation); AMD64 APM vol. 2, 9.3. */
#include "mce.h"
#include "cpu.h"

bool mce_has_exception(void) { return cpuid(1, 0).edx & (1u << 7); }
bool mce_has_banks(void) { return mce_has_exception() && (cpuid(1, 0).edx & (1u << 14)); }

/* Read safely: a CPU model may set CPUID's MCA bit without the MSR behind it
 * (Bochs 2.7's Haswell does; a hypervisor could): then it has no banks. */
uint64_t mce_cap(void)
{
	uint64_t cap = 0;
	if (!mce_has_banks() || rdmsr_safe(MSR_IA32_MCG_CAP, &cap))
		return 0;
	return cap;
}

unsigned mce_bank_count(void)
{
	unsigned n = (unsigned)(mce_cap() & MCG_CAP_COUNT_MASK);
	return n < MCE_MAX_BANKS ? n : MCE_MAX_BANKS;
}

void mce_enable_exception(void)
{
	uint64_t cr4;
	__asm__ volatile("mov %%cr4, %0" : "=r"(cr4));
	__asm__ volatile("mov %0, %%cr4" : : "r"(cr4 | CR4_MCE) : "memory");
}

void mce_enable_global(void) { wrmsr(MSR_IA32_MCG_CTL, ~0ull); }
void mce_enable_bank(unsigned i) { wrmsr(MSR_IA32_MCi_CTL(i), ~0ull); }
uint64_t mce_global_status(void) { return rdmsr(MSR_IA32_MCG_STATUS); }
void mce_clear_bank(unsigned i) { wrmsr(MSR_IA32_MCi_STATUS(i), 0); }

bool mce_read_bank(unsigned i, struct mce_bank *b)
{
	b->status = rdmsr(MSR_IA32_MCi_STATUS(i));
	b->addr = b->status & MCi_STATUS_ADDRV ? rdmsr(MSR_IA32_MCi_ADDR(i)) : 0;
	b->misc = b->status & MCi_STATUS_MISCV ? rdmsr(MSR_IA32_MCi_MISC(i)) : 0;
	return b->status & MCi_STATUS_VAL;
}
