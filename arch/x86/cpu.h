/* CPU primitives: CPUID, MSRs, the TSC, port I/O, control registers.
 * Intel SDM vol. 2 (instruction reference) and vol. 4 (MSRs). */
#ifndef ARCH_X86_CPU_H
#define ARCH_X86_CPU_H

#include <stdint.h>
#include <stdbool.h>

#define MSR_IA32_APICBASE       0x0000001b
#define MSR_SMI_COUNT           0x00000034   /* Intel only */
#define MSR_IA32_BIOS_SIGN_ID   0x0000008b   /* Intel: microcode revision in 63:32; AMD: patch level in 31:0 */
#define MSR_PLATFORM_INFO       0x000000ce   /* Intel: 15:8 max non-turbo ratio */
#define MSR_IA32_MPERF          0x000000e7
#define MSR_IA32_APERF          0x000000e8
#define MSR_IA32_TSC_DEADLINE   0x000006e0
#define MSR_EFER                0xc0000080

struct cpuid_regs { uint32_t eax, ebx, ecx, edx; };

static inline struct cpuid_regs cpuid(uint32_t leaf, uint32_t subleaf)
{
	struct cpuid_regs r;
	__asm__ volatile("cpuid"
			 : "=a"(r.eax), "=b"(r.ebx), "=c"(r.ecx), "=d"(r.edx)
			 : "a"(leaf), "c"(subleaf));
	return r;
}

static inline uint64_t rdmsr(uint32_t msr)
{
	uint32_t lo, hi;
	__asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((uint64_t)hi << 32) | lo;
}

/* RDMSR that returns non-zero instead of raising #GP (arch/x86/msr_safe.S). Under
 * QEMU 7.2 TCG unknown MSRs read 0 without a fault, so 0 can also mean "absent". */
int rdmsr_safe(uint32_t msr, uint64_t *value);
int wrmsr_safe(uint32_t msr, uint64_t value);

static inline void wrmsr(uint32_t msr, uint64_t val)
{
	__asm__ volatile("wrmsr" : : "c"(msr), "a"((uint32_t)val),
			 "d"((uint32_t)(val >> 32)) : "memory");
}

/* rdtsc is not ordered against earlier or later instructions (SDM vol. 2B, RDTSC). */
static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

/* LFENCE before RDTSC: the read waits for all earlier instructions to complete
 * (SDM vol. 2B, RDTSC: "If software requires RDTSC to be executed only after all
 * previous instructions have executed ... it can execute LFENCE immediately before"). */
static inline uint64_t rdtsc_ordered(void)
{
	uint32_t lo, hi;
	__asm__ volatile("lfence; rdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return ((uint64_t)hi << 32) | lo;
}

/* RDTSCP waits for earlier instructions but not for later ones (SDM vol. 2B, RDTSCP). */
static inline uint64_t rdtscp(uint32_t *aux)
{
	uint32_t lo, hi, c;
	__asm__ volatile("rdtscp" : "=a"(lo), "=d"(hi), "=c"(c));
	if (aux)
		*aux = c;
	return ((uint64_t)hi << 32) | lo;
}

static inline void outb(uint16_t port, uint8_t val)
{
	__asm__ volatile("outb %0, %1" : : "a"(val), "Nd"(port));
}

static inline uint8_t inb(uint16_t port)
{
	uint8_t v;
	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline void outw(uint16_t port, uint16_t val)
{
	__asm__ volatile("outw %0, %1" : : "a"(val), "Nd"(port));
}

static inline void outl(uint16_t port, uint32_t val)
{
	__asm__ volatile("outl %0, %1" : : "a"(val), "Nd"(port));
}

static inline uint32_t inl(uint16_t port)
{
	uint32_t v;
	__asm__ volatile("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline uint64_t read_cr2(void)
{
	uint64_t v;
	__asm__ volatile("mov %%cr2, %0" : "=r"(v));
	return v;
}

static inline uint64_t read_cr3(void)
{
	uint64_t v;
	__asm__ volatile("mov %%cr3, %0" : "=r"(v));
	return v;
}

static inline void write_cr3(uint64_t v)
{
	__asm__ volatile("mov %0, %%cr3" : : "r"(v) : "memory");
}

/* a * b / c with a 128-bit intermediate (MUL then DIV); the quotient must fit in
 * 64 bits, or DIV raises #DE. */
static inline uint64_t mul_div(uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t q, r;
	__asm__("mulq %3; divq %4" : "=a"(q), "=&d"(r) : "a"(a), "rm"(b), "rm"(c) : "cc");
	return q;
}

/* Wait for an interrupt with interrupts enabled; returns with them disabled.
 * STI's one-instruction shadow makes "sti; hlt" atomic (SDM vol. 2B, STI). */
static inline void wait_for_interrupt(void)
{
	__asm__ volatile("sti; hlt; cli" ::: "memory");
}

static inline void cpu_relax(void) { __asm__ volatile("pause" ::: "memory"); }
#if __STDC_HOSTED__
/* Built into a program (tickbench-linux, the host tests) the interrupts are the OS's,
 * always on, and STI or CLI at privilege level 3 would raise #GP. */
static inline void irq_enable(void) { }
static inline void irq_disable(void) { }
#else
static inline void irq_enable(void) { __asm__ volatile("sti" ::: "memory"); }
static inline void irq_disable(void) { __asm__ volatile("cli" ::: "memory"); }
#endif

static inline _Noreturn void halt_forever(void)
{
	for (;;)
		__asm__ volatile("cli; hlt");
}

/* What the CPU says about itself (CPUID); filled once by cpu_identify(). */
struct cpu_info {
	char vendor[13];
	char brand[49];
	char hypervisor[13];        /* CPUID 0x40000000 signature, "" when none */
	uint32_t family, model, stepping;
	uint32_t max_leaf, max_ext_leaf;
	bool has_hypervisor;        /* CPUID.1:ECX[31] */
	bool has_tsc_invariant;     /* CPUID.80000007H:EDX[8] */
	bool has_tsc_deadline;      /* CPUID.1:ECX[24] */
	bool has_x2apic;            /* CPUID.1:ECX[21] */
	bool has_rdtscp;            /* CPUID.80000001H:EDX[27] */
	bool has_apic;              /* CPUID.1:EDX[9] */
	bool has_aperfmperf;        /* CPUID.6:ECX[0] */
	bool has_arat;              /* CPUID.6:EAX[2]: APIC timer runs in deep C-states */
};

extern struct cpu_info cpu;
void cpu_identify(void);

/* The microcode revision this CPU runs (Intel SDM vol. 3A, 10.11.7.1: write 0 to
 * IA32_BIOS_SIGN_ID, CPUID(1), read bits 63:32; AMD: the patch level, MSR 0x8B bits
 * 31:0). False when the MSR faults (read with rdmsr_safe). */
bool cpu_microcode_revision(uint32_t *rev);

/* Which CPU this is, from CPUID alone (on any CPU, its local APIC enabled or not):
 * the APIC id the MADT and smp.c use, as the APIC ID register holds it unless
 * software changed it (SDM vol. 3A, 12.4.6). */
uint32_t cpu_apic_id(void);
#define APIC_ID_NONE 0xffffffffu        /* the x2APIC broadcast id: no CPU's */
/* The boot CPU: IA32_APIC_BASE[8], the BSP flag (SDM vol. 3A, 12.4.4). Before
 * cpu_identify() no AP runs, so a CPU without a local APIC is the boot CPU. */
bool cpu_is_boot(void);
/* Does CPUID answer this leaf (basic, hypervisor 0x4000xxxx or extended range)? */
bool cpuid_has_leaf(uint32_t leaf);

#endif
