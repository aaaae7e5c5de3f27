/* The platform and machine records (see identity.h). */
#include "identity.h"
#include "cpu.h"
#include "format.h"
#include "lib.h"
#include "record.h"

bool platform_emulates_everything(const struct platform_speed *s)
{
	return s->loop_cycles > LOOP_EMULATED_CYCLES;
}

const char *platform_speed_below(const struct platform_speed *s)
{
	if (platform_emulates_everything(s))
		return "the hypervisor below emulates every instruction, RDTSC with them";
	return s->rdtsc_cycles > RDTSC_TRAP_CYCLES ? "hypervisor below traps RDTSC" : NULL;
}

void platform_emit_record(const char *emulator, uint64_t memory_kib,
			  const struct platform_speed *speed, const struct platform_os *os)
{
	const char *below = platform_speed_below(speed);
	struct record r;
	REC_BEGIN(&r, platform);
	REC_STR(&r, platform, vendor, cpu.vendor);
	REC_U64(&r, platform, family, cpu.family);
	REC_U64(&r, platform, model, cpu.model);
	REC_U64(&r, platform, stepping, cpu.stepping);
	REC_STR(&r, platform, brand, cpu.brand);
	REC_BOOL(&r, platform, hypervisor, cpu.has_hypervisor);
	REC_STR(&r, platform, hypervisor_sig, cpu.hypervisor);
	REC_STR(&r, platform, emulator, emulator);
	REC_BOOL(&r, platform, tsc_invariant, cpu.has_tsc_invariant);
	REC_BOOL(&r, platform, tsc_deadline, cpu.has_tsc_deadline);
	REC_BOOL(&r, platform, x2apic, cpu.has_x2apic);
	REC_BOOL(&r, platform, rdtscp, cpu.has_rdtscp);
	REC_BOOL(&r, platform, arat, cpu.has_arat);
	REC_BOOL(&r, platform, aperfmperf, cpu.has_aperfmperf);
	REC_U64(&r, platform, memory_kib, memory_kib);
	REC_U64(&r, platform, rdtsc_cycles, speed->rdtsc_cycles);
	REC_U64(&r, platform, loop_cycles, speed->loop_cycles);
	REC_BOOL(&r, platform, rdtsc_traps, speed->rdtsc_cycles > RDTSC_TRAP_CYCLES);
	if (below)
		REC_STR(&r, platform, below, below);
	REC_STR(&r, platform, os, os->os);
	if (os->release)
		REC_STR(&r, platform, os_release, os->release);
	record_emit(&r);
}

void machine_make_id(const struct smbios_info *s, bool uefi, const char *microcode, char id[9])
{
	char family[12], model[12], stepping[12];
	format(family, sizeof(family), "%u", cpu.family);
	format(model, sizeof(model), "%u", cpu.model);
	format(stepping, sizeof(stepping), "%u", cpu.stepping);
	const char *const fields[] = {
		s->sys_manufacturer, s->sys_product, s->sys_version, s->sys_uuid,
		s->board_manufacturer, s->board_product, s->board_version,
		s->bios_vendor, s->bios_version, s->bios_date, uefi ? "uefi" : "bios",
		cpu.vendor, cpu.brand, family, model, stepping, microcode,
	};
	smbios_identity_id(fields, ARRAY_SIZE(fields), id);
}

void machine_emit_record(const struct smbios_info *s, const char *id, bool uefi,
			 bool has_microcode, uint32_t microcode)
{
	char version[8];
	format(version, sizeof(version), "%u.%u", s->major, s->minor);
	struct record r;
	REC_BEGIN(&r, machine);
	REC_STR(&r, machine, id, id);
	REC_STR(&r, machine, smbios, s->source);
	REC_STR(&r, machine, smbios_version, s->anchor[0] ? version : "");
	REC_STR(&r, machine, system_manufacturer, s->sys_manufacturer);
	REC_STR(&r, machine, system_product, s->sys_product);
	REC_STR(&r, machine, system_version, s->sys_version);
	REC_STR(&r, machine, system_uuid, s->sys_uuid);
	REC_STR(&r, machine, board_manufacturer, s->board_manufacturer);
	REC_STR(&r, machine, board_product, s->board_product);
	REC_STR(&r, machine, board_version, s->board_version);
	REC_STR(&r, machine, bios_vendor, s->bios_vendor);
	REC_STR(&r, machine, bios_version, s->bios_version);
	REC_STR(&r, machine, bios_date, s->bios_date);
	REC_STR(&r, machine, firmware, uefi ? "uefi" : "bios");
	REC_STR(&r, machine, cpu_vendor, cpu.vendor);
	REC_STR(&r, machine, cpu_brand, cpu.brand);
	REC_U64(&r, machine, cpu_family, cpu.family);
	REC_U64(&r, machine, cpu_model, cpu.model);
	REC_U64(&r, machine, cpu_stepping, cpu.stepping);
	REC_BOOL(&r, machine, microcode_readable, has_microcode);
	REC_HEX(&r, machine, microcode, microcode);
	record_emit(&r);
}

void machine_emit_problems(const struct smbios_info *s)
{
	for (unsigned i = 0; i < s->n_problems; i++) {
		struct record r;
		REC_BEGIN(&r, smbios_problem);
		REC_HEX(&r, smbios_problem, address, s->problems[i].addr);
		REC_STR(&r, smbios_problem, problem, s->problems[i].what);
		record_emit(&r);
	}
}
