/* What the CPU offers to idle in (see idlecaps.h). Intel SDM vol. 2A (CPUID leaves
 * 01H, 05H, 06H, 07H), vol. 4 (the MSRs); AMD APM vol. 3 (CPUID 80000007H). */
#include "idlecaps.h"
#include "idlewait.h"
#include "problem.h"
#include "console.h"
#include "energy.h"
#include "cpu.h"
#include "format.h"
#include "lib.h"
#include "mwait.h"
#include "record.h"

struct idle_caps idle_caps;

static bool vendor_is(const char *v) { return !strcmp(cpu.vendor, v); }

static void find_cpuid(struct idle_caps *c)
{
	bool amd = vendor_is("AuthenticAMD") || vendor_is("HygonGenuine");
	c->cpuid = (struct idle_cpuid){ .monitor = cpuid(1, 0).ecx & (1u << 3), .amd = amd,
					.leaf5 = cpu.max_leaf >= 5 };
	if (c->cpuid.leaf5) {
		struct cpuid_regs r = cpuid(5, 0);
		c->cpuid.leaf5_ecx = r.ecx;
		c->cpuid.leaf5_edx = r.edx;
		c->monitor_line = r.ebx & 0xffff;
	}
	if (cpu.max_leaf >= 7)
		c->cpuid.waitpkg = cpuid(7, 0).ecx & (1u << 5);
	if (cpu.max_leaf >= 6)
		c->pkg_temp = cpuid(6, 0).eax & (1u << 6);
}

/* The MSRs that allow or limit the states: each read with a #GP guard. */
static void find_msrs(struct idle_caps *c)
{
	uint64_t v;
	bool intel = vendor_is("GenuineIntel");
	if (intel && !rdmsr_safe(MSR_IA32_MISC_ENABLE, &v)) {
		c->misc_read = true;
		c->misc_mwait = v & MISC_ENABLE_MWAIT;
	}
	if (intel)
		c->pkg_cst_read = !rdmsr_safe(MSR_PKG_CST_CONFIG_CONTROL, &c->pkg_cst);
	if (c->cpuid.waitpkg)
		c->umwait_read = !rdmsr_safe(MSR_IA32_UMWAIT_CONTROL, &c->umwait);
	if (intel && c->pkg_temp && !rdmsr_safe(MSR_TEMPERATURE_TARGET, &v))
		c->tjmax = TJMAX(v);
	if (c->pkg_temp && rdmsr_safe(MSR_IA32_THERM_STATUS_PKG, &v))
		c->pkg_temp = false;
}

/* The residency and RAPL counters the tables give, less those that fault. */
static void find_counters(struct idle_caps *c)
{
	uint64_t v;
	bool intel = vendor_is("GenuineIntel");
	bool amd_rapl = cpu.max_ext_leaf >= 0x80000007 && (cpuid(0x80000007, 0).edx & (1u << 14));
	c->cstate = cstate_map_of(intel, cpu.family, cpu.model);
	for (unsigned i = 0; i < CST_COUNT; i++)
		if (c->cstate.msr[i] && rdmsr_safe(c->cstate.msr[i], &v)) {
			c->cstate.msr[i] = 0;
			c->cstate.present &= ~(1u << i);
		}
	c->rapl = rapl_map_of(intel, c->cpuid.amd, amd_rapl, cpu.family, cpu.model);
	if (!c->rapl.unit_msr)
		return;
	if (rdmsr_safe(c->rapl.unit_msr, &v)) {
		c->rapl = (struct rapl_map){ .why = "no RAPL: its power-unit MSR faults" };
		return;
	}
	c->esu = ENERGY_ESU(v);
	for (unsigned d = 0; d < RAPL_DOMAINS; d++)
		if (c->rapl.msr[d] && rdmsr_safe(c->rapl.msr[d], &v))
			c->rapl.msr[d] = 0;
	if (!c->rapl.msr[RAPL_PKG])
		c->rapl = (struct rapl_map){ .why = "no RAPL: its package energy MSR faults" };
}

/* "a,b,c" of the names whose bit is set in mask. */
static void join(char *buf, size_t size, const char *const *names, unsigned n, uint32_t mask,
		 const char *first)
{
	size_t len = (size_t)format(buf, size, "%s", first);
	for (unsigned i = 0; i < n; i++)
		if ((mask >> i) & 1)
			len += (size_t)format(buf + len, size - len, "%s%s", len ? "," : "", names[i]);
}

/* What the states depend on: CPUID and the MSRs that allow or limit them. */
static void state_fields(struct record *r, const struct idle_caps *c, const char *mwait_states)
{
	REC_BOOL(r, idle_caps, monitor, c->cpuid.monitor);
	REC_HEX(r, idle_caps, cpuid5_ecx, c->cpuid.leaf5_ecx);
	REC_HEX(r, idle_caps, cpuid5_edx, c->cpuid.leaf5_edx);
	REC_U64(r, idle_caps, monitor_line, c->monitor_line);
	REC_STR(r, idle_caps, mwait_states, mwait_states);
	REC_BOOL(r, idle_caps, break_if0, c->break_if0);
	if (c->break_if0_why)
		REC_STR(r, idle_caps, break_if0_reason, c->break_if0_why);
	REC_BOOL(r, idle_caps, amd_c1_only, c->cpuid.amd);
	REC_BOOL(r, idle_caps, waitpkg, c->cpuid.waitpkg);
	if (c->umwait_read)
		REC_HEX(r, idle_caps, umwait_control, c->umwait);
	if (c->misc_read)
		REC_BOOL(r, idle_caps, misc_enable_mwait, c->misc_mwait);
	if (c->pkg_cst_read) {
		REC_HEX(r, idle_caps, pkg_cst_config, c->pkg_cst);
		REC_U64(r, idle_caps, pkg_cstate_limit, c->pkg_cst & PKG_CST_LIMIT_MASK);
		REC_BOOL(r, idle_caps, pkg_cst_locked, c->pkg_cst & PKG_CST_LOCK);
	}
	REC_BOOL(r, idle_caps, arat, cpu.has_arat);
}

/* What idleness is counted with: residency, RAPL, the package temperature. */
static void counter_fields(struct record *r, const struct idle_caps *c, const char *res,
			   const char *rapl)
{
	REC_STR(r, idle_caps, residency, res);
	REC_STR(r, idle_caps, rapl, rapl);
	if (c->rapl.why)
		REC_STR(r, idle_caps, rapl_reason, c->rapl.why);
	else
		REC_U64(r, idle_caps, energy_esu, c->esu);
	if (c->rapl.msr[RAPL_DRAM])
		REC_BOOL(r, idle_caps, dram_fixed_unit, c->rapl.dram_fixed_unit);
	REC_BOOL(r, idle_caps, pkg_temp, c->pkg_temp);
	if (c->tjmax)
		REC_U64(r, idle_caps, tjmax_c, c->tjmax);
}

static void emit(const struct idle_caps *c, const char *mwait_states)
{
	char res[96], rapl[32];
	uint32_t domains = 0;
	for (unsigned d = 0; d < RAPL_DOMAINS; d++)
		domains |= (uint32_t)(c->rapl.msr[d] != 0) << d;
	join(res, sizeof(res), cstate_counter_names, CST_COUNT, c->cstate.present,
	     cpu.has_aperfmperf ? "c0" : "");
	join(rapl, sizeof(rapl), rapl_domain_names, RAPL_DOMAINS, domains, "");
	struct record r;
	REC_BEGIN(&r, idle_caps);
	state_fields(&r, c, mwait_states);
	counter_fields(&r, c, res, rapl);
	record_emit(&r);
	kprintf("idle: mwait %s%s; residency counters %s; %s%s\n",       /* why: "no RAPL: ..." */
		*mwait_states ? mwait_states : "none", c->break_if0 ? " (stamped at wake)" : "",
		*res ? res : "none", *rapl ? "RAPL " : "", *rapl ? rapl : c->rapl.why);
}

void idle_caps_find(void)
{
	struct idle_caps *c = &idle_caps;
	if (c->found)
		return;
	c->found = true;
	find_cpuid(c);
	find_msrs(c);
	find_counters(c);
	if (!(c->cpuid.leaf5_ecx & CPUID5_ECX_IBE))
		c->break_if0_why = "CPUID.05H:ECX[1] clear";
	else if (!c->cpuid.monitor)
		c->break_if0_why = "no MONITOR/MWAIT";
	else
		c->break_if0_why = idle_try_break_if0();
	c->break_if0 = !c->break_if0_why;
	struct idle_state st[IDLE_MAX_STATES];
	struct idle_word all = { .kind = IDLE_MWAIT, .mwait_all = true };
	const char *why;
	unsigned n = idle_resolve(&all, &c->cpuid, st, IDLE_MAX_STATES, &why);
	char names[IDLE_MAX_STATES * IDLE_NAME_MAX] = "";
	for (unsigned i = 0, len = 0; i < n; i++)
		len += (unsigned)format(names + len, sizeof(names) - len, "%s%s", i ? "," : "",
					st[i].name);
	emit(c, names);
}

unsigned idle_states(const struct config *cfg, const char *bench, struct idle_state *out,
		     unsigned max)
{
	unsigned n = 0;
	idle_caps_find();
	for (unsigned i = 0; i < cfg->wait.n; i++) {
		const struct idle_word *w = &cfg->wait.v[i];
		const char *why;
		unsigned got = idle_resolve(w, &idle_caps.cpuid, out + n, max - n, &why);
		if (!got && w->kind == IDLE_MWAIT && !idle_caps.cpuid.monitor &&
		    idle_caps.misc_read && !idle_caps.misc_mwait)
			why = "firmware disabled MONITOR/MWAIT (IA32_MISC_ENABLE bit 18 clear)";
		n += got;
		if (got || n == max)
			continue;
		char word[IDLE_NAME_MAX];
		idle_word_name(w, word, sizeof(word));
		struct problem p;
		problem_begin(&p, PROBLEM_SKIP, bench);
		SKIP_STR(&p, wait, word);
		problem_end(&p, why);
	}
	return n;
}
