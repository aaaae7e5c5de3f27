/* What the CPU offers to idle in and to count idleness with, found once: the wait
 * states (lib/run/idlestate.h) from CPUID, the MSRs that allow or limit them
 * (IA32_MISC_ENABLE bit 18, MSR_PKG_CST_CONFIG_CONTROL, IA32_UMWAIT_CONTROL), whether
 * MWAIT's interrupt break with IF = 0 works here, the residency counters
 * (arch/x86/cstate.h) and the RAPL counters (arch/x86/rapl.h) that read without a
 * fault. The "idle_caps" record says it all (docs/FORMAT.md); latency, ipi and idle
 * ask for their wait= states through idle_states(). */
#ifndef BENCH_IDLECAPS_H
#define BENCH_IDLECAPS_H

#include <stdbool.h>
#include <stdint.h>
#include "config.h"
#include "cstate.h"
#include "idlestate.h"
#include "rapl.h"

struct idle_caps {
	bool found;
	struct idle_cpuid cpuid;
	uint32_t monitor_line;          /* CPUID.05H:EBX[15:0], the largest line, bytes */
	bool break_if0;                 /* MWAIT ECX[0] in use: CPUID.05H:ECX[1] and it
					 * did not fault when tried */
	const char *break_if0_why;      /* why not, when not */
	bool misc_read, misc_mwait;     /* Intel: IA32_MISC_ENABLE read, its bit 18 */
	bool pkg_cst_read;
	uint64_t pkg_cst;               /* MSR_PKG_CST_CONFIG_CONTROL */
	bool umwait_read;
	uint64_t umwait;                /* IA32_UMWAIT_CONTROL */
	struct cstate_map cstate;       /* counters that read without a fault */
	struct rapl_map rapl;           /* domains whose counter reads without a fault */
	unsigned esu;                   /* the power-unit MSR's energy unit (1/2^esu J) */
	bool pkg_temp;                  /* IA32_PACKAGE_THERM_STATUS (CPUID.06H:EAX[6]) */
	unsigned tjmax;                 /* MSR_TEMPERATURE_TARGET[23:16], 0 unread */
};

extern struct idle_caps idle_caps;

/* Find the above once (the first call emits the "idle_caps" record). */
void idle_caps_find(void);

/* The states wait= names for benchmark bench into out[0..max), in order; a word
 * that names none on this CPU gets a "skip" record (bench, wait, reason naming the
 * bit or rule). Returns how many. */
unsigned idle_states(const struct config *cfg, const char *bench, struct idle_state *out,
		     unsigned max);

#endif
