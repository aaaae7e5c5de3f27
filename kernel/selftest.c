/* Deliberate faults for selftest= (see cmdline.h for the words). */
#include "selftest.h"
#include "problem.h"
#include "cmdline.h"
#include "console.h"
#include "cpu.h"
#include "idt.h"
#include "lapic.h"
#include "record.h"
#include "run.h"
#include "smp.h"
#include "clock.h"

/* The interrupt command register (SDM vol. 3A, 12.6.1, figure 12-12). The SMP code
 * may define these in lapic.h as well. */
#ifndef APIC_ICR2
#define APIC_ICR2       0x310           /* xAPIC: destination in bits 31:24 */
#endif
#ifndef APIC_DEST_PHYSICAL
#define   APIC_DEST_PHYSICAL   (0u << 11)
#endif
#define MSR_X2APIC_ICR  0x830           /* x2APIC: one 64-bit write, destination in 63:32 */

/* An unused vector above the 8259's and the timers' (kernel/irq.h). */
#define SELFTEST_UNUSED_VECTOR 0x9f

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

/* An NMI to this CPU through its own local APIC, addressed by APIC id. Not the
 * "self" shorthand: the SDM's table of valid ICR combinations for the xAPIC
 * (vol. 3A, 12.6.1) allows only fixed delivery with it.
 * Nobody handles vector 2, so the exception report ends the run. */
static void raise_nmi(void)
{
	if (!lapic_enabled) {
		run_error("selftest", "selftest=nmi needs the local APIC, which is not enabled");
		return;
	}
	uint32_t low = APIC_DEST_PHYSICAL | APIC_DM_NMI;
	if (lapic_mode == LAPIC_X2APIC) {
		wrmsr(MSR_X2APIC_ICR, (uint64_t)lapic_id() << 32 | low);
	} else {
		xapic_write(APIC_ICR2, lapic_id() << 24);
		xapic_write(APIC_ICR, low);
	}
	for (unsigned long i = 0; i < 100000000ul; i++)
		cpu_relax();
	run_error("selftest", "the NMI the local APIC sent to itself never arrived");
}

/* Software interrupts on vectors without a handler: the APIC's spurious vector
 * (counted, no EOI) and an unused one (counted, an EOI with nothing in service,
 * which the APIC ignores). The run goes on and must still end pass. */
static void raise_spurious(void)
{
	__asm__ volatile("int %0" : : "i"(VEC_SPURIOUS) : "memory");
	__asm__ volatile("int %0" : : "i"(SELFTEST_UNUSED_VECTOR) : "memory");
}

/* An MSR no CPU implements (outside the architectural and the AMD ranges): RDMSR and
 * WRMSR of it raise #GP (SDM vol. 2B, RDMSR), which rdmsr_safe and wrmsr_safe turn
 * into a return value through the fixup table (arch/x86/msr_safe.S), wherever the
 * kernel was loaded. QEMU's TCG reads 0 and ignores the write, and a hypervisor may
 * ignore unknown MSRs: the record says whether they faulted. Bochs faults as a PC
 * does (tools/run gives it ignore_bad_msrs=0). The run goes on. */
#define SELFTEST_ABSENT_MSR 0x0badc0deu

static void probe_msr_fixups(void)
{
	uint64_t value = 0;
	bool read_faulted = rdmsr_safe(SELFTEST_ABSENT_MSR, &value) != 0;
	bool write_faulted = wrmsr_safe(SELFTEST_ABSENT_MSR, 0) != 0;
	kprintf("selftest: MSR 0x%x, which no CPU has: RDMSR %s, WRMSR %s; the run goes on\n",
		SELFTEST_ABSENT_MSR, read_faulted ? "faulted and resumed" : "did not fault",
		write_faulted ? "faulted and resumed" : "did not fault");
	struct record r;
	REC_BEGIN(&r, selftest);
	REC_STR(&r, selftest, selftest, "msr");
	REC_BOOL(&r, selftest, rdmsr_faulted, read_faulted);
	REC_BOOL(&r, selftest, wrmsr_faulted, write_faulted);
	record_emit(&r);
}

void selftest_raise(uint32_t which)
{
	if (which == SELFTEST_NONE || which == SELFTEST_AP_NO_START || which == SELFTEST_AP_FAULT ||
	    which == SELFTEST_HPET_WRAP)
		return;     /* ap-no-start acts in smp_init(), ap-fault in selftest_raise_on_ap(),
			     * hpet-wrap in bench_run_suite() */
	if (which == SELFTEST_SPURIOUS) {
		kprintf("selftest: interrupts on vectors nobody handles\n");
		raise_spurious();
		return;
	}
	if (which == SELFTEST_MSR) {
		probe_msr_fixups();
		return;
	}
	kprintf("selftest: raising a CPU exception on purpose\n");
	switch (which) {
	case SELFTEST_DE: raise_de(); break;
	case SELFTEST_UD: __asm__ volatile("ud2"); break;
	case SELFTEST_GP: raise_gp(); break;
	case SELFTEST_FAULT:
	case SELFTEST_PF: raise_pf(); break;
	case SELFTEST_DF: raise_df(); break;
	case SELFTEST_NMI: raise_nmi(); break;
	}
}

static void ud2_job(void *arg) { __asm__ volatile("ud2"); }

static void skip_ap_fault(void)
{
	struct problem p;
	problem_begin(&p, PROBLEM_SKIP, NULL);
	SKIP_STR(&p, what, "selftest");
	SKIP_STR(&p, selftest, "ap-fault");
	problem_end(&p, "fewer than 2 CPUs online");
}

/* The boot CPU writes a text line and a record in turn, so that the AP's report
 * meets both: a record cut by it, or written after the end, spoils the log. */
static void print_for_a_second(void)
{
	struct deadline second = deadline_in_ms(1000);
	for (unsigned line = 1; !deadline_passed(&second); line++) {
		kprintf("selftest: the boot CPU goes on printing (line %u)\n", line);
		struct record r;
		REC_BEGIN(&r, selftest);
		REC_STR(&r, selftest, selftest, "ap-fault");
		REC_U64(&r, selftest, line, line);
		record_emit(&r);
	}
}

void selftest_raise_on_ap(uint32_t which)
{
	if (which != SELFTEST_AP_FAULT)
		return;
	if (smp.online < 2) {
		skip_ap_fault();
		return;
	}
	struct cpu *ap = &smp.cpu[1];
	kprintf("selftest: the AP with APIC id %u executes an invalid opcode\n", ap->apic_id);
	if (!smp_call(ap, ud2_job, NULL)) {
		run_error("selftest", "selftest=ap-fault could not post its job to the first AP");
		return;
	}
	print_for_a_second();
	run_error("selftest", "the first AP's invalid opcode did not end the run within a second");
}
