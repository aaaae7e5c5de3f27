/* Core performance counters: from what CPUID says, which events tickbench counts on
 * this CPU, in which counters, and the MSR writes that start and stop them. Pure C
 * (no MSR is touched here): arch/x86/pmu.c reads CPUID and performs the writes, and
 * tests/unit/test_pmu.c feeds these functions the CPUID of real CPUs. Readings are
 * differenced at the counter's width with counter_delta (lib/run/tscvote.h).
 *
 * Intel: architectural performance monitoring, SDM vol. 3B, chapter 21 (20 in older
 * editions) and CPUID leaf 0AH: EAX[7:0] version, [15:8] general-purpose counters,
 * [23:16] their width, [31:24] the length of EBX's event vector, in which a set bit
 * means the event is NOT available; EDX[4:0] fixed counters and [12:5] their width
 * (version 2 and up). IA32_PERFEVTSELx at 186H + x, IA32_PMCx at C1H + x,
 * IA32_FIXED_CTR0-2 at 309H-30BH (instructions retired, unhalted core cycles,
 * reference cycles) enabled in IA32_FIXED_CTR_CTRL (38DH), and from version 2 every
 * counter also in IA32_PERF_GLOBAL_CTRL (38FH).
 *
 * AMD: PerfEvtSel0-3 C001_0000h-3h and PerfCtr0-3 C001_0004h-7h (48 bits), or, where
 * CPUID Fn8000_0001 ECX[23] (PerfCtrExtCore) says so, six PerfEvtSel/PerfCtr pairs
 * at C001_0200h + 2i / C001_0201h + 2i; with PerfMonV2 (Fn8000_0022 EAX[0]) the
 * counter count is EBX[3:0] and PerfCntrGlobalCtl (C000_0301h) enables them too (AMD
 * APM vol. 2, 13.2). Event codes are per family (the PPRs): Zen's (family 17h and
 * later, Hygon's 18h) are known here, other families count instructions and cycles
 * only, and the plan's note says so. */
#ifndef LIB_PMUPLAN_H
#define LIB_PMUPLAN_H

#include <stdbool.h>
#include <stdint.h>

enum pmu_event {
	PMU_INSTRUCTIONS,       /* retired */
	PMU_CYCLES,             /* core cycles, not halted */
	PMU_LLC_REFERENCES,     /* Intel: last-level cache references (2EH/4FH) */
	PMU_LLC_MISSES,         /* Intel: last-level cache misses (2EH/41H) */
	PMU_L1D_MISSES,         /* AMD Zen: L2 requests from data-cache misses (60H/C8H) */
	PMU_L2_MISSES,          /* AMD Zen: L2 misses of data and instruction fetches (64H/09H) */
	PMU_L1I_MISSES,         /* AMD Zen: L2 requests from instruction-cache misses (60H/10H) */
	PMU_EVENTS
};

/* The records' names: "instructions", "cycles", "llc_references", ... */
extern const char *const pmu_event_names[PMU_EVENTS];

#define PMU_MAX_COUNTED 6
#define PMU_MAX_WRITES  32

struct pmu_counter {
	enum pmu_event event;
	uint32_t msr;           /* read before and after each run */
	unsigned width;         /* bits: differences are taken modulo 2^width */
};

struct pmu_write { uint32_t msr; uint64_t value; };

struct pmu_plan {
	const char *kind;       /* "intel" or "amd" */
	unsigned version;       /* Intel: CPUID.0AH EAX[7:0]; AMD: 1, or 2 with PerfMonV2 */
	unsigned counters;      /* general-purpose counters */
	unsigned width;         /* their bits */
	unsigned fixed, fixed_width;    /* Intel's fixed counters */
	unsigned n;             /* events counted, in c[] */
	struct pmu_counter c[PMU_MAX_COUNTED];
	unsigned n_start, n_stop;
	struct pmu_write start[PMU_MAX_WRITES];   /* in order: stop, zero, select, enable */
	struct pmu_write stop[PMU_MAX_WRITES];
	char what[96];          /* what is used, for the skip when it does not count */
	char note[160];         /* "" or what is left out and why */
	char why[160];          /* "" when something is counted, else what was looked for */
};

/* Intel, from CPUID.0:EAX (the highest basic leaf) and leaf 0AH's EAX, EBX, EDX
 * (ignored when max_leaf < 0AH). False, with why set, when nothing can be counted. */
bool pmu_plan_intel(uint32_t max_leaf, uint32_t eax, uint32_t ebx, uint32_t edx,
		    struct pmu_plan *p);

struct pmu_amd_cpuid {
	uint32_t family;        /* display family (CPUID.1, extended family folded in) */
	uint32_t ext1_ecx;      /* Fn8000_0001 ECX: bit 23 PerfCtrExtCore */
	bool has_ext22;         /* the highest extended leaf reaches 8000_0022h */
	uint32_t ext22_eax, ext22_ebx;  /* EAX[0] PerfMonV2; EBX[3:0] core counters */
};

/* AMD (and Hygon). False, with why set, when nothing can be counted. */
bool pmu_plan_amd(const struct pmu_amd_cpuid *id, struct pmu_plan *p);

/* The counter reading event e in the plan, or -1. */
int pmu_index(const struct pmu_plan *p, enum pmu_event e);

#endif
