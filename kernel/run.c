/* The run's status and its end (see run.h). */
#include "run.h"
#include "idt.h"
#include "console.h"
#include "record.h"
#include "cpu.h"
#include "qemu.h"
#include "bochs.h"
#include "machine.h"
#include "qrscreen.h"
#include "smp.h"

static bool qemu, bochs;
static uint32_t ending_cpu = APIC_ID_NONE;

static const uint8_t exit_codes[] = {
	[RUN_PASS] = EXIT_CODE_PASS, [RUN_FAIL] = EXIT_CODE_FAIL,
	[RUN_ERROR] = EXIT_CODE_ERROR,
};

void run_init(bool under_qemu, bool under_bochs)
{
	qemu = under_qemu;
	bochs = under_bochs;
}

enum run_claim run_claim_end(void)
{
	uint32_t me = cpu_apic_id(), first = APIC_ID_NONE;
	if (__atomic_compare_exchange_n(&ending_cpu, &first, me, false, __ATOMIC_SEQ_CST,
					__ATOMIC_SEQ_CST))
		return RUN_CLAIMED;
	return first == me ? RUN_CLAIMED_AGAIN : RUN_ENDED_ELSEWHERE;
}

void run_error(const char *reason, const char *message)
{
	struct record r;
	REC_BEGIN(&r, error);
	REC_STR(&r, error, reason, reason);
	REC_STR(&r, error, message, message);
	record_emit(&r);
	qrscreen_say(QRSCREEN_WHY, "tickbench error (%s): %s", reason, message);
	run_set_status(RUN_ERROR);
}

_Noreturn void run_end(void)
{
	if (run_claim_end() == RUN_ENDED_ELSEWHERE)
		smp_halt_stopped();
	console_lock();
	console_keep();
	struct record r;
	uint64_t before = record_count();
	REC_BEGIN(&r, end);
	REC_U64(&r, end, records, before);
	REC_U64(&r, end, unexpected_interrupts, idt_unexpected_count());
	REC_U64(&r, end, tsc, rdtsc());     /* the boot's cost: firmware, loader, suite */
	REC_STR(&r, end, status, run_status_name());
	record_emit(&r);
	kprintf("tickbench: finished, status %s. ", run_status_name());
	if (qrscreen_wanted(qemu || bochs))
		qrscreen_show(run_status_name(), machine_id());  /* forever, if it can */
	run_stop_machine();
}

_Noreturn void run_stop_machine(void)
{
	if (qemu) {
		kprintf("Exiting QEMU.\n");
		qemu_exit(exit_codes[run_status()]);
	}
	/* Bochs has no isa-debug-exit: its shutdown port ends the simulation instead
	 * (Bochs 2.7 iodev/unmapped.cc, port 0x8900). The status is in the end record
	 * above, which tools/run reads; it also kills Bochs once it has seen that record,
	 * should this request be ignored. Bytes still in the UART's FIFO (the end of the
	 * line above) may be lost; the end record left long before. */
	if (bochs) {
		kprintf("Ending the Bochs simulation.\n");
		bochs_shutdown();
	}
	kprintf("Halted: power off or reset the machine by hand.\n");
	halt_forever();
}
