/* Which counters count what, and the MSR writes (see pmuplan.h). */
#include "pmuplan.h"
#include "format.h"
#include "lib.h"

const char *const pmu_event_names[PMU_EVENTS] = {
	"instructions", "cycles", "llc_references", "llc_misses", "l1d_misses",
	"l2_misses", "l1i_misses",
};

#define IA32_PMC0               0x0c1
#define IA32_PERFEVTSEL0        0x186
#define   EVTSEL_OS             (1ull << 17)    /* count at ring 0, where tickbench runs */
#define   EVTSEL_EN             (1ull << 22)
#define IA32_FIXED_CTR0         0x309
#define IA32_FIXED_CTR_CTRL     0x38d
#define   FIXED_CTRL_OS(k)      (1ull << (4 * (k)))     /* EN field = 01b: ring 0 */
#define IA32_PERF_GLOBAL_CTRL   0x38f
#define   GLOBAL_FIXED(k)       (1ull << (32 + (k)))

#define MSR_K7_EVNTSEL0         0xc0010000
#define MSR_K7_PERFCTR0         0xc0010004
#define MSR_F15H_PERF_CTL0      0xc0010200      /* + 2i; its counter at + 2i + 1 */
#define MSR_AMD_PERF_GLOBAL_CTL 0xc0000301      /* PerfMonV2 */
#define AMD_PERFCTR_EXT_CORE    (1u << 23)      /* CPUID Fn8000_0001 ECX */
#define AMD_COUNTER_WIDTH       48

static void add_write(struct pmu_write *list, unsigned *n, uint32_t msr, uint64_t value)
{
	if (*n < PMU_MAX_WRITES)
		list[(*n)++] = (struct pmu_write){ msr, value };
}

static void add_counter(struct pmu_plan *p, enum pmu_event e, uint32_t msr, unsigned width)
{
	p->c[p->n++] = (struct pmu_counter){ e, msr, width };
}

/* "; " between the items of the note. */
static void note(struct pmu_plan *p, const char *what)
{
	size_t len = strlen(p->note);
	format(p->note + len, sizeof(p->note) - len, "%s%s", len ? "; " : "", what);
}

int pmu_index(const struct pmu_plan *p, enum pmu_event e)
{
	for (unsigned i = 0; i < p->n; i++)
		if (p->c[i].event == e)
			return (int)i;
	return -1;
}

/* ---- Intel ---- */

/* The architectural events tickbench counts: EBX bit, event select and unit mask
 * (SDM vol. 3B, "Pre-defined Architectural Performance Events"), and the fixed
 * counter that counts the same, if any (-1). */
static const struct { enum pmu_event e; unsigned bit, code, umask; int fixed; } intel_events[] = {
	{ PMU_INSTRUCTIONS,   1, 0xc0, 0x00, 0 },
	{ PMU_CYCLES,         0, 0x3c, 0x00, 1 },
	{ PMU_LLC_REFERENCES, 3, 0x2e, 0x4f, -1 },
	{ PMU_LLC_MISSES,     4, 0x2e, 0x41, -1 },
};

/* CPUID.0AH EBX: a set bit means the event is not available, and bits at or past
 * the vector's length (EAX[31:24]) say nothing: not available either. */
static bool intel_event_ok(uint32_t eax, uint32_t ebx, unsigned bit)
{
	return bit < ((eax >> 24) & 0xff) && !((ebx >> bit) & 1);
}

static void intel_writes(struct pmu_plan *p, const uint64_t *sel, unsigned gp, uint64_t fixed_ctrl,
			 unsigned fixed_used)
{
	bool global = p->version >= 2;
	if (global)
		add_write(p->start, &p->n_start, IA32_PERF_GLOBAL_CTRL, 0);
	for (unsigned i = 0; i < gp; i++) {
		add_write(p->start, &p->n_start, IA32_PERFEVTSEL0 + i, 0);
		add_write(p->start, &p->n_start, IA32_PMC0 + i, 0);
	}
	if (fixed_used)
		add_write(p->start, &p->n_start, IA32_FIXED_CTR_CTRL, 0);
	for (unsigned k = 0; k < 3; k++)
		if (fixed_used >> k & 1)
			add_write(p->start, &p->n_start, IA32_FIXED_CTR0 + k, 0);
	for (unsigned i = 0; i < gp; i++)
		add_write(p->start, &p->n_start, IA32_PERFEVTSEL0 + i, sel[i]);
	if (fixed_used)
		add_write(p->start, &p->n_start, IA32_FIXED_CTR_CTRL, fixed_ctrl);
	uint64_t enable = ((1ull << gp) - 1) | (uint64_t)fixed_used << 32;
	if (global)
		add_write(p->start, &p->n_start, IA32_PERF_GLOBAL_CTRL, enable);
	if (global)
		add_write(p->stop, &p->n_stop, IA32_PERF_GLOBAL_CTRL, 0);
	for (unsigned i = 0; i < gp; i++)
		add_write(p->stop, &p->n_stop, IA32_PERFEVTSEL0 + i, 0);
	if (fixed_used)
		add_write(p->stop, &p->n_stop, IA32_FIXED_CTR_CTRL, 0);
}

/* Each event on its fixed counter where there is one, else on the next free
 * general-purpose counter; an event CPUID calls unavailable, or with no counter
 * left, goes into the note. */
static void intel_assign(struct pmu_plan *p, uint32_t eax, uint32_t ebx)
{
	uint64_t sel[8], fixed_ctrl = 0;
	unsigned gp = 0, fixed_used = 0;
	char what[64];
	for (unsigned i = 0; i < ARRAY_SIZE(intel_events); i++) {
		int k = intel_events[i].fixed;
		const char *name = pmu_event_names[intel_events[i].e];
		if (k >= 0 && (unsigned)k < p->fixed) {
			add_counter(p, intel_events[i].e, IA32_FIXED_CTR0 + (unsigned)k, p->fixed_width);
			fixed_used |= 1u << k;
			fixed_ctrl |= FIXED_CTRL_OS(k);
		} else if (!intel_event_ok(eax, ebx, intel_events[i].bit)) {
			format(what, sizeof(what), "%s: not available (CPUID.0AH EBX bit %u)", name,
			       intel_events[i].bit);
			note(p, what);
		} else if (gp == p->counters || gp == ARRAY_SIZE(sel)) {
			format(what, sizeof(what), "%s: no counter left", name);
			note(p, what);
		} else {
			sel[gp] = intel_events[i].code | intel_events[i].umask << 8 | EVTSEL_OS | EVTSEL_EN;
			add_counter(p, intel_events[i].e, IA32_PMC0 + gp, p->width);
			gp++;
		}
	}
	intel_writes(p, sel, gp, fixed_ctrl, fixed_used);
}

bool pmu_plan_intel(uint32_t max_leaf, uint32_t eax, uint32_t ebx, uint32_t edx,
		    struct pmu_plan *p)
{
	memset(p, 0, sizeof(*p));
	p->kind = "intel";
	if (max_leaf < 0xa) {
		format(p->why, sizeof(p->why), "Intel architectural performance monitoring: "
		       "CPUID has no leaf 0AH (the highest basic leaf is 0x%x)", max_leaf);
		return false;
	}
	p->version = eax & 0xff;
	p->counters = (eax >> 8) & 0xff;
	p->width = (eax >> 16) & 0xff;
	if (p->version >= 2) {
		p->fixed = edx & 0x1f;
		p->fixed_width = (edx >> 5) & 0xff;
	}
	if (p->version == 0 || (p->counters == 0 && p->fixed == 0)) {
		format(p->why, sizeof(p->why), "Intel architectural performance monitoring: "
		       "CPUID.0AH reports version %u with %u counters", p->version, p->counters);
		return false;
	}
	format(p->what, sizeof(p->what), "Intel architectural performance monitoring "
	       "(CPUID.0AH version %u)", p->version);
	intel_assign(p, eax, ebx);
	if (!p->n)
		format(p->why, sizeof(p->why), "%s: none of its events is available (%s)",
		       p->what, p->note);
	return p->n > 0;
}

/* ---- AMD ---- */

/* Zen's events (PPR for family 17h and later: PMCx0C0 retired instructions, PMCx076
 * cycles not in halt, PMCx060 L2 cache requests by source, PMCx064 L2 cache request
 * status), in the order counters are given out. */
static const struct { enum pmu_event e; unsigned code, umask; } zen_events[] = {
	{ PMU_INSTRUCTIONS, 0x0c0, 0x00 },
	{ PMU_CYCLES,       0x076, 0x00 },
	{ PMU_L1D_MISSES,   0x060, 0xc8 },
	{ PMU_L2_MISSES,    0x064, 0x09 },
	{ PMU_L1I_MISSES,   0x060, 0x10 },
};

/* PerfEvtSel: EventSelect[7:0] in bits 7:0, [11:8] in 35:32; UnitMask 15:8. */
static uint64_t amd_select(unsigned code, unsigned umask)
{
	return (code & 0xff) | (uint64_t)umask << 8 | (uint64_t)(code >> 8 & 0xf) << 32 |
	       EVTSEL_OS | EVTSEL_EN;
}

static void amd_counter_msrs(bool ext, unsigned i, uint32_t *ctl, uint32_t *ctr)
{
	*ctl = ext ? MSR_F15H_PERF_CTL0 + 2 * i : MSR_K7_EVNTSEL0 + i;
	*ctr = ext ? MSR_F15H_PERF_CTL0 + 2 * i + 1 : MSR_K7_PERFCTR0 + i;
}

static void amd_writes(struct pmu_plan *p, bool ext, const uint64_t *sel)
{
	uint32_t ctl, ctr;
	bool global = p->version >= 2;
	if (global)
		add_write(p->start, &p->n_start, MSR_AMD_PERF_GLOBAL_CTL, 0);
	for (unsigned i = 0; i < p->n; i++) {
		amd_counter_msrs(ext, i, &ctl, &ctr);
		add_write(p->start, &p->n_start, ctl, 0);
		add_write(p->start, &p->n_start, ctr, 0);
	}
	for (unsigned i = 0; i < p->n; i++) {
		amd_counter_msrs(ext, i, &ctl, &ctr);
		add_write(p->start, &p->n_start, ctl, sel[i]);
	}
	if (global)
		add_write(p->start, &p->n_start, MSR_AMD_PERF_GLOBAL_CTL, (1ull << p->n) - 1);
	if (global)
		add_write(p->stop, &p->n_stop, MSR_AMD_PERF_GLOBAL_CTL, 0);
	for (unsigned i = 0; i < p->n; i++) {
		amd_counter_msrs(ext, i, &ctl, &ctr);
		add_write(p->stop, &p->n_stop, ctl, 0);
	}
}

bool pmu_plan_amd(const struct pmu_amd_cpuid *id, struct pmu_plan *p)
{
	memset(p, 0, sizeof(*p));
	p->kind = "amd";
	bool ext = id->ext1_ecx & AMD_PERFCTR_EXT_CORE;
	format(p->what, sizeof(p->what), "AMD core performance counters (%s)",
	       ext ? "PerfEvtSel/PerfCtr at C001_0200h" : "PerfEvtSel0-3 at C001_0000h");
	p->version = id->has_ext22 && (id->ext22_eax & 1) ? 2 : 1;
	p->counters = p->version == 2 ? (id->ext22_ebx & 0xf) : ext ? 6 : 4;
	p->width = AMD_COUNTER_WIDTH;
	bool zen = id->family >= 0x17;
	unsigned events = zen ? ARRAY_SIZE(zen_events) : 2;
	if (!zen)
		format(p->note, sizeof(p->note), "family 0x%x: its cache events are not known "
		       "to tickbench; instructions and cycles only", id->family);
	uint64_t sel[PMU_MAX_COUNTED];
	for (unsigned i = 0; i < events && p->n < p->counters; i++) {
		uint32_t ctl, ctr;
		amd_counter_msrs(ext, p->n, &ctl, &ctr);
		sel[p->n] = amd_select(zen_events[i].code, zen_events[i].umask);
		add_counter(p, zen_events[i].e, ctr, p->width);
	}
	if (p->n < events)
		note(p, "fewer counters than events: the last left out");
	if (!p->n) {
		format(p->why, sizeof(p->why), "AMD core performance counters: PerfMonV2 "
		       "(CPUID Fn8000_0022) reports none");
		return false;
	}
	amd_writes(p, ext, sel);
	return true;
}
