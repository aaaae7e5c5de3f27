/* CPU identification through CPUID (Intel SDM vol. 2A, CPUID; AMD APM vol. 3, E.3). */
#include "cpu.h"
#include "lapic.h"
#include "lib.h"

struct cpu_info cpu;

static void put_regs(char *dst, uint32_t a, uint32_t b, uint32_t c)
{
	memcpy(dst, &a, 4);
	memcpy(dst + 4, &b, 4);
	memcpy(dst + 8, &c, 4);
	dst[12] = 0;
}

static void identify_brand(void)
{
	if (cpu.max_ext_leaf < 0x80000004)
		return;
	for (uint32_t i = 0; i < 3; i++) {
		struct cpuid_regs r = cpuid(0x80000002 + i, 0);
		memcpy(cpu.brand + 16 * i, &r, 16);
	}
	cpu.brand[48] = 0;
}

static void identify_hypervisor(void)
{
	if (!cpu.has_hypervisor)
		return;
	/* Leaf 0x40000000: the hypervisor's vendor signature (KVM, TCG, Hyper-V, ...). */
	struct cpuid_regs r = cpuid(0x40000000, 0);
	put_regs(cpu.hypervisor, r.ebx, r.ecx, r.edx);
}

void cpu_identify(void)
{
	struct cpuid_regs r = cpuid(0, 0);
	cpu.max_leaf = r.eax;
	put_regs(cpu.vendor, r.ebx, r.edx, r.ecx);

	r = cpuid(1, 0);
	uint32_t family = (r.eax >> 8) & 0xf, model = (r.eax >> 4) & 0xf;
	if (family == 0xf)
		family += (r.eax >> 20) & 0xff;
	if (family >= 6)
		model |= ((r.eax >> 16) & 0xf) << 4;
	cpu.family = family;
	cpu.model = model;
	cpu.stepping = r.eax & 0xf;
	cpu.has_apic = r.edx & (1u << 9);
	cpu.has_x2apic = r.ecx & (1u << 21);
	cpu.has_tsc_deadline = r.ecx & (1u << 24);
	cpu.has_hypervisor = r.ecx & (1u << 31);

	if (cpu.max_leaf >= 6) {
		r = cpuid(6, 0);
		cpu.has_arat = r.eax & (1u << 2);
		cpu.has_aperfmperf = r.ecx & 1u;
	}

	cpu.max_ext_leaf = cpuid(0x80000000, 0).eax;
	if (cpu.max_ext_leaf >= 0x80000001)
		cpu.has_rdtscp = cpuid(0x80000001, 0).edx & (1u << 27);
	if (cpu.max_ext_leaf >= 0x80000007)
		cpu.has_tsc_invariant = cpuid(0x80000007, 0).edx & (1u << 8);
	identify_brand();
	identify_hypervisor();
}

bool cpu_microcode_revision(uint32_t *rev)
{
	uint64_t v;
	if (!strcmp(cpu.vendor, "AuthenticAMD") || !strcmp(cpu.vendor, "HygonGenuine")) {
		if (rdmsr_safe(MSR_IA32_BIOS_SIGN_ID, &v))
			return false;
		*rev = (uint32_t)v;
		return true;
	}
	if (wrmsr_safe(MSR_IA32_BIOS_SIGN_ID, 0))
		return false;
	cpuid(1, 0);                    /* loads the signature into the MSR */
	if (rdmsr_safe(MSR_IA32_BIOS_SIGN_ID, &v))
		return false;
	*rev = (uint32_t)(v >> 32);
	return true;
}

/* Leaf 0BH exists when the maximum leaf reaches it and its EBX[15:0] is not 0
 * (SDM vol. 2A, CPUID, leaf 0BH); its EDX is the x2APIC id. Before cpu_identify()
 * max_leaf is 0: the initial APIC id, the same for ids below 255. */
uint32_t cpu_apic_id(void)
{
	if (cpu.max_leaf >= 0xb) {
		struct cpuid_regs r = cpuid(0xb, 0);
		if (r.ebx & 0xffff)
			return r.edx;
	}
	return cpuid(1, 0).ebx >> 24;
}

bool cpu_is_boot(void)
{
	return !cpu.has_apic || (rdmsr(MSR_IA32_APICBASE) & APIC_BASE_MSR_BSP);
}

/* Each range's first leaf gives its top (SDM vol. 2A, CPUID: "Maximum Input Value"
 * for basic and extended leaves; 0x40000000 EAX for the hypervisor's, by the
 * convention KVM, Hyper-V, VMware and Xen follow, under CPUID.1:ECX[31]). */
bool cpuid_has_leaf(uint32_t leaf)
{
	if (leaf >= 0x80000000)
		return leaf <= cpu.max_ext_leaf;
	if (leaf >= 0x40000000)
		return cpu.has_hypervisor && leaf <= cpuid(0x40000000, 0).eax;
	return leaf <= cpu.max_leaf;
}
