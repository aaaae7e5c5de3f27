/* Deliberate faults for selftest= (see cmdline.h for the words). */
#include "selftest.h"
#include "cmdline.h"
#include "console.h"

/* Far above the 4 GiB identity map: never mapped. */
#define UNMAPPED_ADDR 0x0000004000000000ull
/* Bit 63 set, bits 62..47 clear: not canonical (SDM vol. 1, 3.3.7.1). */
#define NONCANONICAL_ADDR 0x8000000000000000ull

static void raise_de(void)
{
	__asm__ volatile("xorl %%ecx, %%ecx; movl $1, %%eax; xorl %%edx, %%edx; divl %%ecx"
			 : : : "eax", "ecx", "edx");
}

static void raise_gp(void)
{
	__asm__ volatile("movq (%0), %%rax" : : "r"(NONCANONICAL_ADDR) : "rax", "memory");
}

static void raise_pf(void)
{
	__asm__ volatile("movq (%0), %%rax" : : "r"(UNMAPPED_ADDR) : "rax", "memory");
}

/* A #UD with RSP pointing at unmapped memory: delivering the #UD faults (#PF), and
 * delivering that #PF faults again, which is a double fault (SDM vol. 3A, table
 * 7-5). The #DF handler runs on its own IST stack. */
static void raise_df(void)
{
	__asm__ volatile("movq %0, %%rsp; ud2" : : "r"(UNMAPPED_ADDR) : "memory");
}

void selftest_raise(uint32_t which)
{
	if (which == SELFTEST_NONE || which == SELFTEST_AP_NO_START)
		return;     /* ap-no-start acts in smp_init() */
	kprintf("selftest: raising a CPU exception on purpose\n");
	switch (which) {
	case SELFTEST_DE: raise_de(); break;
	case SELFTEST_UD: __asm__ volatile("ud2"); break;
	case SELFTEST_GP: raise_gp(); break;
	case SELFTEST_FAULT:
	case SELFTEST_PF: raise_pf(); break;
	case SELFTEST_DF: raise_df(); break;
	}
}
