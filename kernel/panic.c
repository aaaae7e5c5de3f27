/* CPU exceptions end the run, on whichever CPU they happen: the CPU, name, vector,
 * error code and registers on the console, an "error" record, then the end with
 * status error (never a silent triple fault); a machine check adds what its banks
 * logged (kernel/mcheck.c). The first CPU to fault ends the run;
 * it stops the others, and an exception on another CPU after that (the stopping
 * NMI) halts it quietly. Vector names: Intel SDM vol. 3A, table 7-1. */
#include "panic.h"
#include "console.h"
#include "cpu.h"
#include "format.h"
#include "idt.h"
#include "image.h"
#include "mcheck.h"
#include "record.h"
#include "run.h"
#include "smp.h"

static const char *const names[32] = {
	"#DE divide error", "#DB debug", "NMI", "#BP breakpoint", "#OF overflow",
	"#BR bound range exceeded", "#UD invalid opcode", "#NM device not available",
	"#DF double fault", "coprocessor segment overrun", "#TS invalid TSS",
	"#NP segment not present", "#SS stack-segment fault", "#GP general protection",
	"#PF page fault", "reserved 15", "#MF x87 floating-point error",
	"#AC alignment check", "#MC machine check", "#XM SIMD floating-point",
	"#VE virtualization exception", "#CP control protection", "reserved 22",
	"reserved 23", "reserved 24", "reserved 25", "reserved 26", "reserved 27",
	"#HV hypervisor injection", "#VC VMM communication", "#SX security exception",
	"reserved 31",
};

/* Where a code address inside the image was linked, for addr2line on
 * build/tickbench-debug.elf: GRUB may have loaded the image elsewhere (image.h). */
static bool rip_in_image(uint64_t rip)
{
	return rip >= image_start() && rip < image_end();
}

static uint64_t rip_linked(uint64_t rip)
{
	return rip - image_start() + IMAGE_LINK_BASE;
}

static void dump_registers(const struct interrupt_frame *f, uint64_t cr2)
{
	kprintf("  RIP %016llx  RSP %016llx  RFLAGS %016llx\n"
		"  CS  %04llx  SS %04llx  CR2 %016llx  CR3 %016llx\n",
		(unsigned long long)f->rip, (unsigned long long)f->rsp,
		(unsigned long long)f->rflags, (unsigned long long)f->cs,
		(unsigned long long)f->ss, (unsigned long long)cr2,
		(unsigned long long)read_cr3());
	kprintf("  RAX %016llx  RBX %016llx  RCX %016llx  RDX %016llx\n"
		"  RSI %016llx  RDI %016llx  RBP %016llx\n",
		(unsigned long long)f->rax, (unsigned long long)f->rbx,
		(unsigned long long)f->rcx, (unsigned long long)f->rdx,
		(unsigned long long)f->rsi, (unsigned long long)f->rdi,
		(unsigned long long)f->rbp);
	kprintf("  R8  %016llx  R9  %016llx  R10 %016llx  R11 %016llx\n"
		"  R12 %016llx  R13 %016llx  R14 %016llx  R15 %016llx\n",
		(unsigned long long)f->r8, (unsigned long long)f->r9,
		(unsigned long long)f->r10, (unsigned long long)f->r11,
		(unsigned long long)f->r12, (unsigned long long)f->r13,
		(unsigned long long)f->r14, (unsigned long long)f->r15);
	if (rip_in_image(f->rip))
		kprintf("  RIP's function: addr2line -f -e build/tickbench-debug.elf 0x%llx\n",
			(unsigned long long)rip_linked(f->rip));
}

static void emit_record(const struct interrupt_frame *f, const char *name, uint64_t cr2,
			const char *where, uint32_t apic_id)
{
	char message[128];
	format(message, sizeof(message), "CPU exception %s at rip 0x%llx %s", name,
	       (unsigned long long)f->rip, where);
	struct record r;
	record_begin(&r, "error");
	record_str(&r, "reason", "exception");
	record_str(&r, "message", message);
	record_u64(&r, "cpu", apic_id);
	record_str(&r, "name", name);
	record_u64(&r, "vector", f->vector);
	record_u64(&r, "error_code", f->error_code);
	record_hex(&r, "rip", f->rip);
	if (rip_in_image(f->rip))
		record_hex(&r, "rip_linked", rip_linked(f->rip));
	record_hex(&r, "rsp", f->rsp);
	record_hex(&r, "cr2", cr2);
	record_hex(&r, "rflags", f->rflags);
	record_emit(&r);
}

/* Stop the other online CPUs before reporting, and say how many halted. */
static void stop_others(void)
{
	unsigned others = smp.online > 1 ? smp.online - 1 : 0;
	if (others)
		kprintf("tickbench: %u of the %u other CPUs halted on an NMI\n",
			smp_stop_others(), others);
}

/* The run's first exception, on this CPU: it holds the console to the end. */
static _Noreturn void report_and_end(const struct interrupt_frame *f, const char *name,
				     uint64_t cr2)
{
	enum console_hold hold = console_lock();
	console_keep();
	uint32_t apic_id = cpu_apic_id();
	char where[48];
	format(where, sizeof(where), "on %s (APIC id %u)",
	       cpu_is_boot() ? "the boot CPU" : "an AP", apic_id);
	kprintf("\ntickbench: CPU exception %s (vector %llu, error code 0x%llx) %s\n", name,
		(unsigned long long)f->vector, (unsigned long long)f->error_code, where);
	if (hold == CONSOLE_HELD_ALREADY)
		kprintf("tickbench: it came while this CPU was writing: the line before may be cut\n");
	stop_others();
	dump_registers(f, cr2);
	emit_record(f, name, cr2, where, apic_id);
	if (f->vector == VEC_MACHINE_CHECK)
		mcheck_report(apic_id);     /* the banks' logs, one error record each */
	run_set_status(RUN_ERROR);
	run_end();
}

_Noreturn void panic_exception(struct interrupt_frame *f)
{
	uint64_t cr2 = read_cr2();
	const char *name = names[f->vector & 31];
	switch (run_claim_end()) {
	case RUN_ENDED_ELSEWHERE:       /* the NMI that stops this CPU, or a fault after it */
		smp_halt_stopped();
	case RUN_CLAIMED_AGAIN:         /* a fault while ending the run: stop at once */
		kprintf("\ntickbench: %s while ending the run; stopping\n", name);
		run_set_status(RUN_ERROR);
		run_stop_machine();
	case RUN_CLAIMED:
		report_and_end(f, name, cr2);
	}
	__builtin_unreachable();
}
