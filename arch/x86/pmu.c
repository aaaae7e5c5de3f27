/* Core performance counters (see pmu.h; SDM vol. 3B, "Performance Monitoring";
 * AMD APM vol. 2, 13.2 and the family's PPR). */
#include "pmu.h"
#include "cpu.h"
#include "format.h"
#include "lib.h"

static bool amd_like(void)
{
	return !strcmp(cpu.vendor, "AuthenticAMD") || !strcmp(cpu.vendor, "HygonGenuine");
}

bool pmu_probe(struct pmu_plan *p)
{
	if (!strcmp(cpu.vendor, "GenuineIntel")) {
		struct cpuid_regs r = { 0, 0, 0, 0 };
		if (cpu.max_leaf >= 0xa)
			r = cpuid(0xa, 0);
		return pmu_plan_intel(cpu.max_leaf, r.eax, r.ebx, r.edx, p);
	}
	if (amd_like()) {
		struct pmu_amd_cpuid id = { .family = cpu.family };
		if (cpu.max_ext_leaf >= 0x80000001)
			id.ext1_ecx = cpuid(0x80000001, 0).ecx;
		id.has_ext22 = cpu.max_ext_leaf >= 0x80000022;
		if (id.has_ext22) {
			struct cpuid_regs r = cpuid(0x80000022, 0);
			id.ext22_eax = r.eax;
			id.ext22_ebx = r.ebx;
		}
		return pmu_plan_amd(&id, p);
	}
	memset(p, 0, sizeof(*p));
	format(p->why, sizeof(p->why), "no performance counters known for vendor \"%s\" "
	       "(Intel architectural or AMD core counters)", cpu.vendor);
	return false;
}

uint32_t pmu_write_all(const struct pmu_write *writes, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (wrmsr_safe(writes[i].msr, writes[i].value))
			return writes[i].msr;
	return 0;
}

uint32_t pmu_read(const struct pmu_plan *p, uint64_t v[PMU_MAX_COUNTED])
{
	for (unsigned i = 0; i < p->n; i++)
		if (rdmsr_safe(p->c[i].msr, &v[i]))
			return p->c[i].msr;
	return 0;
}
