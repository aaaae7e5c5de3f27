/* RAPL energy counters and the package temperature: which MSRs a CPU documents.
 * Intel SDM vol. 3B, 15.10 (RAPL) and vol. 4; AMD PPR for family 17h on (RAPL under
 * CPUID.80000007H:EDX[14]). Every counter is 32 bits, in units of 1/2^ESU J from
 * the power-unit MSR (lib/run/energy.h), but for the DRAM counter of the Xeons from
 * Haswell-EP on, which counts in a fixed 15.3 uJ (their datasheets; Linux's
 * intel_rapl likewise). The map is pure C (host-tested: tests/unit/test_energy.c);
 * the reads are the fault-safe RDMSR, since QEMU's TCG reads what it does not
 * implement as 0 and Bochs (and a PC) faults. */
#ifndef ARCH_X86_RAPL_H
#define ARCH_X86_RAPL_H

#include <stdbool.h>
#include <stdint.h>

#define MSR_RAPL_POWER_UNIT             0x00000606   /* 3:0 power, 12:8 energy, 19:16 time */
#define MSR_PKG_ENERGY_STATUS           0x00000611
#define MSR_DRAM_ENERGY_STATUS          0x00000619
#define MSR_PP0_ENERGY_STATUS           0x00000639   /* the cores */
#define MSR_AMD_RAPL_POWER_UNIT         0xc0010299
#define MSR_AMD_CORE_ENERGY_STATUS      0xc001029a   /* per core: the reading CPU's */
#define MSR_AMD_PKG_ENERGY_STATUS       0xc001029b
#define MSR_IA32_THERM_STATUS_PKG       0x000001b1   /* IA32_PACKAGE_THERM_STATUS */
#define   PKG_THERM_READOUT(v)          ((unsigned)((v) >> 16) & 0x7f)  /* C below TjMax */
#define MSR_TEMPERATURE_TARGET          0x000001a2
#define   TJMAX(v)                      ((unsigned)((v) >> 16) & 0xff)  /* C */

enum rapl_domain { RAPL_PKG, RAPL_CORE, RAPL_DRAM, RAPL_DOMAINS };
extern const char *const rapl_domain_names[RAPL_DOMAINS];        /* "pkg", "core", "dram" */

struct rapl_map {
	uint32_t unit_msr;              /* 0: no RAPL documented for this CPU */
	uint32_t msr[RAPL_DOMAINS];     /* 0: that domain absent */
	bool dram_fixed_unit;           /* DRAM in 15.3 uJ, not the unit MSR's */
	const char *why;                /* (no unit_msr) why not */
};

/* Intel: the family 6 models from Sandy Bridge on (DRAM on the Xeons); AMD and
 * Hygon: where CPUID.80000007H:EDX[14] says (amd_rapl). */
struct rapl_map rapl_map_of(bool intel, bool amd, bool amd_rapl, unsigned family,
			    unsigned model);

#endif
