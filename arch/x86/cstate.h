/* C-state residency counters: which MSRs a CPU has, by the SDM's model tables
 * (Intel SDM vol. 4, chapter 2, the tables of each microarchitecture; the same
 * models as Linux's arch/x86/events/intel/cstate.c), each counting at the TSC's
 * rate the time its core or package spent in that state since reset. Core counters
 * belong to the core of the CPU that reads them, package ones to its package.
 * AMD documents none: there, as everywhere, MPERF (which counts only in C0) gives
 * the time awake. The table is pure C (host-tested: tests/unit/test_energy.c). */
#ifndef ARCH_X86_CSTATE_H
#define ARCH_X86_CSTATE_H

#include <stdbool.h>
#include <stdint.h>

#define MSR_PKG_C3_RESIDENCY    0x000003f8
#define MSR_PKG_C6_RESIDENCY    0x000003f9
#define MSR_PKG_C7_RESIDENCY    0x000003fa   /* Silvermont, Airmont: package C6 */
#define MSR_CORE_C3_RESIDENCY   0x000003fc
#define MSR_CORE_C6_RESIDENCY   0x000003fd
#define MSR_CORE_C7_RESIDENCY   0x000003fe
#define MSR_KNL_CORE_C6_RESIDENCY 0x000003ff /* Xeon Phi (Knights Landing, Mill) */
#define MSR_PKG_C2_RESIDENCY    0x0000060d
#define MSR_PKG_C8_RESIDENCY    0x00000630
#define MSR_PKG_C9_RESIDENCY    0x00000631
#define MSR_PKG_C10_RESIDENCY   0x00000632
#define MSR_CORE_C1_RES         0x00000660

/* The counters, core first, shallow first: "cc1" is core C1, "pc6" package C6. */
enum cstate_counter {
	CST_CC1, CST_CC3, CST_CC6, CST_CC7,
	CST_PC2, CST_PC3, CST_PC6, CST_PC7, CST_PC8, CST_PC9, CST_PC10,
	CST_COUNT
};
#define CST_FIRST_PKG CST_PC2

extern const char *const cstate_counter_names[CST_COUNT];

struct cstate_map {
	uint32_t present;               /* bit per enum cstate_counter */
	uint32_t msr[CST_COUNT];        /* each present one's MSR */
};

/* The residency counters of an Intel family 6 model (an empty map for any other
 * CPU, or a model not in the tables). */
struct cstate_map cstate_map_of(bool intel, unsigned family, unsigned model);

#endif
