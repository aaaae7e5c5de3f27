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
#include "lib.h"
#include "mcheck.h"
#include "qrscreen.h"
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

/* Three registers a line (75 columns: whole on an 80-column screen), each line kept
 * for the end screen too. */
#define REGS_PER_LINE 3

static void dump_registers(const struct interrupt_frame *f, uint64_t cr2)
{
	const struct { const char *name; uint64_t value; } regs[] = {
		{ "RIP", f->rip }, { "RSP", f->rsp }, { "RFLAGS", f->rflags },
		{ "CS", f->cs }, { "SS", f->ss }, { "CR2", cr2 }, { "CR3", read_cr3() },
		{ "RAX", f->rax }, { "RBX", f->rbx }, { "RCX", f->rcx }, { "RDX", f->rdx },
		{ "RSI", f->rsi }, { "RDI", f->rdi }, { "RBP", f->rbp }, { "R8", f->r8 },
		{ "R9", f->r9 }, { "R10", f->r10 }, { "R11", f->r11 }, { "R12", f->r12 },
		{ "R13", f->r13 }, { "R14", f->r14 }, { "R15", f->r15 },
	};
	char line[96];
	int n = 0;
	for (unsigned i = 0; i < ARRAY_SIZE(regs); i++) {
		n += format(line + n, sizeof(line) - (size_t)n, "  %-6s %016llx", regs[i].name,
			    (unsigned long long)regs[i].value);
		if (i % REGS_PER_LINE == REGS_PER_LINE - 1 || i + 1 == ARRAY_SIZE(regs)) {
			qrscreen_say(QRSCREEN_WHY, "%s", line);
			n = 0;
		}
	}
	if (rip_in_image(f->rip))
		qrscreen_say(QRSCREEN_WHY, "  RIP's function: addr2line -f -e "
			     "build/tickbench-debug.elf 0x%llx",
			     (unsigned long long)rip_linked(f->rip));
}

static void emit_record(const struct interrupt_frame *f, const char *name, uint64_t cr2,
			const char *where, uint32_t apic_id)
{
	char message[128];
	format(message, sizeof(message), "CPU exception %s at rip 0x%llx %s", name,
	       (unsigned long long)f->rip, where);
	struct record r;
	REC_BEGIN(&r, error);
	REC_STR(&r, error, reason, "exception");
	REC_STR(&r, error, message, message);
	REC_U64(&r, error, cpu, apic_id);
	REC_STR(&r, error, name, name);
	REC_U64(&r, error, vector, f->vector);
	REC_U64(&r, error, error_code, f->error_code);
	REC_HEX(&r, error, rip, f->rip);
	if (rip_in_image(f->rip))
		REC_HEX(&r, error, rip_linked, rip_linked(f->rip));
	REC_HEX(&r, error, rsp, f->rsp);
	REC_HEX(&r, error, cr2, cr2);
	REC_HEX(&r, error, rflags, f->rflags);
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
	kprintf("\n");
	qrscreen_say(QRSCREEN_WHY, "tickbench: CPU exception %s (vector %llu, error code "
		     "0x%llx) %s", name, (unsigned long long)f->vector,
		     (unsigned long long)f->error_code, where);
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
