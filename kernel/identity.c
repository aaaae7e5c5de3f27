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
	record_begin(&r, "platform");
	record_str(&r, "vendor", cpu.vendor);
	record_u64(&r, "family", cpu.family);
	record_u64(&r, "model", cpu.model);
	record_u64(&r, "stepping", cpu.stepping);
	record_str(&r, "brand", cpu.brand);
	record_bool(&r, "hypervisor", cpu.has_hypervisor);
	record_str(&r, "hypervisor_sig", cpu.hypervisor);
	record_str(&r, "emulator", emulator);
	record_bool(&r, "tsc_invariant", cpu.has_tsc_invariant);
	record_bool(&r, "tsc_deadline", cpu.has_tsc_deadline);
	record_bool(&r, "x2apic", cpu.has_x2apic);
	record_bool(&r, "rdtscp", cpu.has_rdtscp);
	record_bool(&r, "arat", cpu.has_arat);
	record_bool(&r, "aperfmperf", cpu.has_aperfmperf);
	record_u64(&r, "memory_kib", memory_kib);
	record_u64(&r, "rdtsc_cycles", speed->rdtsc_cycles);
	record_u64(&r, "loop_cycles", speed->loop_cycles);
	record_bool(&r, "rdtsc_traps", speed->rdtsc_cycles > RDTSC_TRAP_CYCLES);
	if (below)
		record_str(&r, "below", below);
	record_str(&r, "os", os->os);
	if (os->release)
		record_str(&r, "os_release", os->release);
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
	record_begin(&r, "machine");
	record_str(&r, "id", id);
	record_str(&r, "smbios", s->source);
	record_str(&r, "smbios_version", s->anchor[0] ? version : "");
	record_str(&r, "system_manufacturer", s->sys_manufacturer);
	record_str(&r, "system_product", s->sys_product);
	record_str(&r, "system_version", s->sys_version);
	record_str(&r, "system_uuid", s->sys_uuid);
	record_str(&r, "board_manufacturer", s->board_manufacturer);
	record_str(&r, "board_product", s->board_product);
	record_str(&r, "board_version", s->board_version);
	record_str(&r, "bios_vendor", s->bios_vendor);
	record_str(&r, "bios_version", s->bios_version);
	record_str(&r, "bios_date", s->bios_date);
	record_str(&r, "firmware", uefi ? "uefi" : "bios");
	record_str(&r, "cpu_vendor", cpu.vendor);
	record_str(&r, "cpu_brand", cpu.brand);
	record_u64(&r, "cpu_family", cpu.family);
	record_u64(&r, "cpu_model", cpu.model);
	record_u64(&r, "cpu_stepping", cpu.stepping);
	record_bool(&r, "microcode_readable", has_microcode);
	record_hex(&r, "microcode", microcode);
	record_emit(&r);
}

void machine_emit_problems(const struct smbios_info *s)
{
	for (unsigned i = 0; i < s->n_problems; i++) {
		struct record r;
		record_begin(&r, "smbios_problem");
		record_hex(&r, "address", s->problems[i].addr);
		record_str(&r, "problem", s->problems[i].what);
		record_emit(&r);
	}
}
