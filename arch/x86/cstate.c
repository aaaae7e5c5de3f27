/* The residency counters of each Intel model (see cstate.h). */
#include "cstate.h"
#include "lib.h"

const char *const cstate_counter_names[CST_COUNT] = {
	"cc1", "cc3", "cc6", "cc7", "pc2", "pc3", "pc6", "pc7", "pc8", "pc9", "pc10",
};

#define B(x) (1u << CST_##x)
/* The sets of the SDM's tables, by the first microarchitecture that has each. */
enum {
	NHM  = B(CC3) | B(CC6) | B(PC3) | B(PC6) | B(PC7),
	SNB  = B(CC3) | B(CC6) | B(CC7) | B(PC2) | B(PC3) | B(PC6) | B(PC7),
	HSWL = SNB | B(PC8) | B(PC9) | B(PC10),            /* Haswell ULT, Kaby Lake */
	CNL  = HSWL | B(CC1),
	ICL  = B(CC6) | B(CC7) | B(PC2) | B(PC3) | B(PC6) | B(PC7) | B(PC8) | B(PC9) | B(PC10),
	ICX  = B(CC1) | B(CC6) | B(PC2) | B(PC6),          /* Ice Lake and later Xeons */
	ADL  = B(CC1) | B(CC6) | B(CC7) | B(PC2) | B(PC3) | B(PC6) | B(PC7) | B(PC8) |
	       B(PC9) | B(PC10),
	SLM  = B(CC1) | B(CC6) | B(PC6),                   /* package C6 in 3FAH */
	KNL  = B(CC6) | B(PC2) | B(PC3) | B(PC6),          /* core C6 in 3FFH */
	GLM  = B(CC1) | B(CC3) | B(CC6) | B(PC2) | B(PC3) | B(PC6) | B(PC10),
};
#undef B

static const struct { uint8_t model; uint32_t set; } models[] = {
	{ 0x1a, NHM }, { 0x1e, NHM }, { 0x1f, NHM }, { 0x2e, NHM },     /* Nehalem */
	{ 0x25, NHM }, { 0x2c, NHM }, { 0x2f, NHM },                    /* Westmere */
	{ 0x2a, SNB }, { 0x2d, SNB }, { 0x3a, SNB }, { 0x3e, SNB },     /* Sandy, Ivy Bridge */
	{ 0x3c, SNB }, { 0x3f, SNB }, { 0x46, SNB }, { 0x45, HSWL },    /* Haswell */
	{ 0x3d, SNB }, { 0x47, SNB }, { 0x4f, SNB }, { 0x56, SNB },     /* Broadwell */
	{ 0x4e, SNB }, { 0x5e, SNB }, { 0x55, SNB },                    /* Skylake */
	{ 0x8e, HSWL }, { 0x9e, HSWL }, { 0xa5, HSWL }, { 0xa6, HSWL }, /* Kaby, Comet Lake */
	{ 0x66, CNL },                                                  /* Cannon Lake */
	{ 0x7d, ICL }, { 0x7e, ICL }, { 0x8c, ICL }, { 0x8d, ICL },     /* Ice, Tiger Lake */
	{ 0xa7, ICL },                                                  /* Rocket Lake */
	{ 0x6a, ICX }, { 0x6c, ICX }, { 0x8f, ICX }, { 0xcf, ICX },     /* Ice Lake-SP .. */
	{ 0xad, ICX }, { 0xae, ICX },                                   /* .. Granite Rapids */
	{ 0x97, ADL }, { 0x9a, ADL }, { 0xb7, ADL }, { 0xba, ADL },     /* Alder, Raptor Lake */
	{ 0xbf, ADL }, { 0xaa, ADL }, { 0xac, ADL }, { 0xbe, ADL },     /* Meteor Lake, Gracemont */
	{ 0x37, SLM }, { 0x4d, SLM }, { 0x4c, SLM },                    /* Silvermont, Airmont */
	{ 0x57, KNL }, { 0x85, KNL },                                   /* Xeon Phi */
	{ 0x5c, GLM }, { 0x5f, GLM }, { 0x7a, GLM },                    /* Goldmont (Plus) */
	{ 0x86, GLM }, { 0x96, GLM }, { 0x9c, GLM },                    /* Tremont */
};

static const uint32_t msrs[CST_COUNT] = {
	MSR_CORE_C1_RES, MSR_CORE_C3_RESIDENCY, MSR_CORE_C6_RESIDENCY, MSR_CORE_C7_RESIDENCY,
	MSR_PKG_C2_RESIDENCY, MSR_PKG_C3_RESIDENCY, MSR_PKG_C6_RESIDENCY, MSR_PKG_C7_RESIDENCY,
	MSR_PKG_C8_RESIDENCY, MSR_PKG_C9_RESIDENCY, MSR_PKG_C10_RESIDENCY,
};

struct cstate_map cstate_map_of(bool intel, unsigned family, unsigned model)
{
	struct cstate_map m = { 0, { 0 } };
	for (size_t i = 0; intel && family == 6 && i < ARRAY_SIZE(models); i++)
		if (models[i].model == model)
			m.present = models[i].set;
	for (unsigned c = 0; c < CST_COUNT; c++)
		m.msr[c] = (m.present >> c) & 1 ? msrs[c] : 0;
	if (m.present == (uint32_t)SLM)
		m.msr[CST_PC6] = MSR_PKG_C7_RESIDENCY;
	if (m.present == (uint32_t)KNL)
		m.msr[CST_CC6] = MSR_KNL_CORE_C6_RESIDENCY;
	return m;
}
