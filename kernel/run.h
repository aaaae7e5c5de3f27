/* The run's outcome and its end: the "end" record, then QEMU exits with the status
 * (isa-debug-exit), Bochs is shut down (its port 0x8900), or a real PC halts with
 * the result on screen. Never a reboot. */
#ifndef KERNEL_RUN_H
#define KERNEL_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include "status.h"


/* isa-debug-exit codes; QEMU's exit status is (code << 1) | 1: 33, 35, 37. */
#define EXIT_CODE_PASS  0x10
#define EXIT_CODE_FAIL  0x11
#define EXIT_CODE_ERROR 0x12

/* The first CPU to claim the end of the run ends it; the others are stopped. */
enum run_claim {
	RUN_CLAIMED,                /* this CPU ends the run */
	RUN_CLAIMED_AGAIN,          /* this CPU claimed it before (a fault while ending it) */
	RUN_ENDED_ELSEWHERE,        /* another CPU ends the run */
};

void run_init(bool under_qemu, bool under_bochs);
enum run_claim run_claim_end(void);
/* An "error" record {reason, message} and status error; the run goes on. */
void run_error(const char *reason, const char *message);
/* The "end" record and the machine's end, after which nothing is written (the
 * console stays locked). Called on a CPU whose claim lost, it halts. */
_Noreturn void run_end(void);
/* Without an end record (a fault while reporting a fault): end the emulator with the
 * status so far, or halt a real PC. */
_Noreturn void run_stop_machine(void);

#endif
