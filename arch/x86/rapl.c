/* Which RAPL MSRs each CPU documents (see rapl.h). */
#include "rapl.h"
#include "lib.h"

const char *const rapl_domain_names[RAPL_DOMAINS] = { "pkg", "core", "dram" };

/* Intel family 6 models with RAPL (Sandy Bridge on, and the Atoms from Silvermont
 * on); dram: a Xeon's DRAM domain, fixed: in 15.3 uJ (Haswell-EP on). */
static const struct { uint8_t model; bool dram, fixed; } intel[] = {
	{ 0x2a, 0, 0 }, { 0x2d, 1, 0 }, { 0x3a, 0, 0 }, { 0x3e, 1, 0 },  /* Sandy, Ivy Bridge */
	{ 0x3c, 0, 0 }, { 0x45, 0, 0 }, { 0x46, 0, 0 }, { 0x3f, 1, 1 },  /* Haswell */
	{ 0x3d, 0, 0 }, { 0x47, 0, 0 }, { 0x4f, 1, 1 }, { 0x56, 1, 1 },  /* Broadwell */
	{ 0x4e, 0, 0 }, { 0x5e, 0, 0 }, { 0x55, 1, 1 },                  /* Skylake */
	{ 0x8e, 0, 0 }, { 0x9e, 0, 0 }, { 0xa5, 0, 0 }, { 0xa6, 0, 0 },  /* Kaby, Comet Lake */
	{ 0x66, 0, 0 }, { 0x7d, 0, 0 }, { 0x7e, 0, 0 }, { 0x8c, 0, 0 },  /* Cannon, Ice, Tiger */
	{ 0x8d, 0, 0 }, { 0xa7, 0, 0 },                                  /* Tiger, Rocket Lake */
	{ 0x6a, 1, 1 }, { 0x6c, 1, 1 }, { 0x8f, 1, 1 }, { 0xcf, 1, 1 },  /* Ice Lake-SP .. */
	{ 0xad, 1, 1 }, { 0xae, 1, 1 },                                  /* .. Granite Rapids */
	{ 0x97, 0, 0 }, { 0x9a, 0, 0 }, { 0xb7, 0, 0 }, { 0xba, 0, 0 },  /* Alder, Raptor Lake */
	{ 0xbf, 0, 0 }, { 0xaa, 0, 0 }, { 0xac, 0, 0 }, { 0xbe, 0, 0 },  /* Meteor Lake, Gracemont */
	{ 0x37, 0, 0 }, { 0x4d, 0, 0 }, { 0x4c, 0, 0 },                  /* Silvermont, Airmont */
	{ 0x57, 1, 1 }, { 0x85, 1, 1 },                                  /* Xeon Phi */
	{ 0x5c, 0, 0 }, { 0x5f, 0, 0 }, { 0x7a, 0, 0 },                  /* Goldmont (Plus) */
	{ 0x86, 0, 0 }, { 0x96, 0, 0 }, { 0x9c, 0, 0 },                  /* Tremont */
};

static struct rapl_map none(const char *why)
{
	return (struct rapl_map){ .why = why };
}

struct rapl_map rapl_map_of(bool is_intel, bool amd, bool amd_rapl, unsigned family,
			    unsigned model)
{
	if (amd) {
		if (!amd_rapl)
			return none("no RAPL: CPUID.80000007H:EDX[14] clear");
		return (struct rapl_map){ MSR_AMD_RAPL_POWER_UNIT,
			{ MSR_AMD_PKG_ENERGY_STATUS, MSR_AMD_CORE_ENERGY_STATUS, 0 }, false, NULL };
	}
	if (!is_intel)
		return none("no RAPL: neither an Intel nor an AMD CPU");
	for (size_t i = 0; family == 6 && i < ARRAY_SIZE(intel); i++)
		if (intel[i].model == model)
			return (struct rapl_map){ MSR_RAPL_POWER_UNIT,
				{ MSR_PKG_ENERGY_STATUS, MSR_PP0_ENERGY_STATUS,
				  intel[i].dram ? MSR_DRAM_ENERGY_STATUS : 0 },
				intel[i].fixed, NULL };
	return none("no RAPL: this Intel model is not among those the SDM documents RAPL "
		    "for (Sandy Bridge on)");
}
