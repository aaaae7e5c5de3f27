/* Residency and the core clock at wake (see idlecount.h). */
#include "idlecount.h"
#include "idlecaps.h"
#include "clock.h"
#include "cpu.h"
#include "energy.h"
#include "format.h"
#include "record.h"

void idle_snap_take(struct idle_snap *s)
{
	s->tsc = rdtsc_ordered();
	s->mperf = 0;
	if (cpu.has_aperfmperf)
		rdmsr_safe(MSR_IA32_MPERF, &s->mperf);
	for (unsigned i = 0; i < CST_COUNT; i++) {
		s->res[i] = 0;
		if (idle_caps.cstate.msr[i])
			rdmsr_safe(idle_caps.cstate.msr[i], &s->res[i]);
	}
}

uint64_t idle_residency_ppm_of(const struct idle_snap *a, const struct idle_snap *b, int c)
{
	uint64_t delta = c < 0 ? b->mperf - a->mperf : b->res[c] - a->res[c];
	return residency_ppm(delta, b->tsc - a->tsc);
}

void idle_residency_fields(struct record *r, const char *prefix, const struct idle_snap *a,
			   const struct idle_snap *b)
{
	char key[48];
	for (int c = -1; c < CST_COUNT; c++) {
		if (c < 0 ? !cpu.has_aperfmperf : !idle_caps.cstate.msr[c])
			continue;
		format(key, sizeof(key), FAMILY(stats, residency_X_ppm, U64,
		       FAMILY(idle, residency_X_ppm, U64, "%sresidency_%s_ppm")), prefix,
		       c < 0 ? "c0" : cstate_counter_names[c]);
		record_u64(r, key, idle_residency_ppm_of(a, b, c));
	}
}

void idle_wake_clock(uint64_t *aperf, uint64_t *mperf)
{
	uint64_t a0, m0, a1, m1;
	if (!cpu.has_aperfmperf || rdmsr_safe(MSR_IA32_APERF, &a0) ||
	    rdmsr_safe(MSR_IA32_MPERF, &m0))
		return;
	clock_delay_us(WAKE_CLOCK_US);
	rdmsr_safe(MSR_IA32_APERF, &a1);
	rdmsr_safe(MSR_IA32_MPERF, &m1);
	*aperf += a1 - a0;
	*mperf += m1 - m0;
}

void idle_wake_clock_field(struct record *r, uint64_t aperf, uint64_t mperf)
{
	if (mperf)
		REC_U64(r, stats, wake_clock_permille, mul_div(aperf, 1000, mperf));
}
