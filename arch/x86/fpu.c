/* SSE on (see fpu.h). */
#include "fpu.h"
#include <stdint.h>

void fpu_enable_sse(void)
{
	uint64_t cr0, cr4;
	uint32_t mxcsr = MXCSR_DEFAULT;
	__asm__ volatile("mov %%cr0, %0" : "=r"(cr0));
	cr0 = (cr0 & ~(CR0_EM | CR0_TS)) | CR0_MP | CR0_NE;
	__asm__ volatile("mov %0, %%cr0" : : "r"(cr0) : "memory");
	__asm__ volatile("mov %%cr4, %0" : "=r"(cr4));
	__asm__ volatile("mov %0, %%cr4" : : "r"(cr4 | CR4_OSFXSR | CR4_OSXMMEXCPT) : "memory");
	__asm__ volatile("fninit; ldmxcsr %0" : : "m"(mxcsr) : "memory");
}
