/* tick's event counts (see tickpmu.h). */
#include "tickpmu.h"
#include "pmu.h"
#include "format.h"
#include "lib.h"
#include "problem.h"
#include "record.h"
#include "tscvote.h"

static struct pmu_plan plan;
static bool counting;

#define CHECK_LOOP 10000        /* iterations of the check below: 2 instructions each */

/* A loop of known length between two readings: a PMU that CPUID (or a hypervisor)
 * announces but that does not count shows here, not as zeros in every record. */
static bool counts(char *why, size_t size)
{
	uint64_t a[PMU_MAX_COUNTED], b[PMU_MAX_COUNTED];
	uint32_t msr = pmu_read(&plan, a);
	for (unsigned i = CHECK_LOOP; i; i--)
		__asm__ volatile("" : "+r"(i));
	if (!msr)
		msr = pmu_read(&plan, b);
	if (msr) {
		format(why, size, "%s: RDMSR 0x%x faulted", plan.what, msr);
		return false;
	}
	int k = pmu_index(&plan, PMU_INSTRUCTIONS);
	uint64_t need = k < 0 ? 1 : CHECK_LOOP;         /* else any event must move */
	k = k < 0 ? 0 : k;
	uint64_t d = counter_delta(a[k], b[k], plan.c[k].width);
	if (d >= need)
		return true;
	format(why, size, "%s: programmed, but MSR 0x%x (%s) counted %llu over a loop of %u "
	       "instructions", plan.what, plan.c[k].msr, pmu_event_names[plan.c[k].event],
	       (unsigned long long)d, 2 * CHECK_LOOP);
	return false;
}

static void emit_plan(void)
{
	char events[96] = "";
	size_t len = 0;
	for (unsigned i = 0; i < plan.n; i++)
		len += (size_t)format(events + len, sizeof(events) - len, "%s%s", i ? "," : "",
				      pmu_event_names[plan.c[i].event]);
	struct record r;
	REC_BEGIN(&r, pmu);
	REC_STR(&r, pmu, bench, "tick");
	REC_STR(&r, pmu, kind, plan.kind);
	REC_U64(&r, pmu, version, plan.version);
	REC_U64(&r, pmu, counters, plan.counters);
	REC_U64(&r, pmu, width, plan.width);
	REC_U64(&r, pmu, fixed, plan.fixed);
	REC_U64(&r, pmu, fixed_width, plan.fixed_width);
	REC_STR(&r, pmu, events, events);
	REC_STR(&r, pmu, note, plan.note);
	record_emit(&r);
}

static void skip(const char *why)
{
	struct problem p;
	problem_begin(&p, PROBLEM_SKIP, "tick");
	SKIP_STR(&p, what, "pmu");
	problem_end(&p, why);
}

bool tick_pmu_start(void)
{
	char why[200];
	counting = false;
	if (!pmu_probe(&plan)) {
		skip(plan.why);
		return false;
	}
	uint32_t msr = pmu_write_all(plan.start, plan.n_start);
	if (msr)
		format(why, sizeof(why), "%s: WRMSR 0x%x faulted", plan.what, msr);
	if (msr || !counts(why, sizeof(why))) {
		pmu_write_all(plan.stop, plan.n_stop);
		plan.n = 0;
		skip(why);
		return false;
	}
	counting = true;
	emit_plan();
	return true;
}

void tick_pmu_stop(void)
{
	if (counting)
		pmu_write_all(plan.stop, plan.n_stop);
	counting = false;
	plan.n = 0;
}

bool tick_pmu_read(uint64_t v[PMU_MAX_COUNTED])
{
	return counting && !pmu_read(&plan, v);
}

const struct pmu_plan *tick_pmu_plan(void)
{
	return &plan;
}
