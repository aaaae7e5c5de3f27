/* The core performance counters as hardware verbs: the plan this CPU's CPUID gives
 * (lib/run/pmuplan.h says which events go to which counter and why), its MSR writes, and
 * the counters' readings. Every MSR goes through the fault-safe accessors, since a
 * hypervisor may advertise counters it does not implement (or the reverse). */
#ifndef ARCH_X86_PMU_H
#define ARCH_X86_PMU_H

#include <stdbool.h>
#include <stdint.h>
#include "pmuplan.h"

/* The plan for this CPU (vendor, CPUID); false, with p->why, when it has none. */
bool pmu_probe(struct pmu_plan *p);
/* Perform writes[0..n) in order; 0 when all took, else the MSR that faulted. */
uint32_t pmu_write_all(const struct pmu_write *writes, unsigned n);
/* Read every counter of the plan into v[]; 0 when all read, else the MSR that
 * faulted. */
uint32_t pmu_read(const struct pmu_plan *p, uint64_t v[PMU_MAX_COUNTED]);

#endif
