/* The run's outcome and its end: the "end" record, then QEMU exits with the status
 * (isa-debug-exit), Bochs is shut down (its port 0x8900), or a real PC halts with
 * the result on screen. Never a reboot. */
#ifndef KERNEL_RUN_H
#define KERNEL_RUN_H

#include <stdbool.h>

enum run_status { RUN_PASS, RUN_FAIL, RUN_ERROR };

/* isa-debug-exit codes; QEMU's exit status is (code << 1) | 1: 33, 35, 37. */
#define EXIT_CODE_PASS  0x10
#define EXIT_CODE_FAIL  0x11
#define EXIT_CODE_ERROR 0x12

void run_init(bool under_qemu, bool under_bochs);
void run_set_status(enum run_status s);       /* the worst status wins */
/* An "error" record {reason, message} and status error; the run goes on. */
void run_error(const char *reason, const char *message);
_Noreturn void run_end(void);
/* Without an end record (a fault while reporting a fault): end the emulator with the
 * status so far, or halt a real PC. */
_Noreturn void run_stop_machine(void);

#endif
