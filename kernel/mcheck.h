/* Machine checks: enabled on every CPU at start-up, reported when they come.
 *
 * Without CR4.MCE a machine check shuts the CPU down and the PC resets with no
 * record (Intel SDM vol. 3B, 16.1.1 / 3A, 2.5). With it, an uncorrected error is
 * #MC (vector 18, on its own IST stack), which kernel/panic.c reports through
 * mcheck_report() and which ends the run with status error. */
#ifndef KERNEL_MCHECK_H
#define KERNEL_MCHECK_H

#include <stdint.h>

/* The boot CPU: enable, then a "machine_check" record (what the CPU has, what was
 * enabled, how many banks held an error from before this boot: one
 * "machine_check_log" record each, then they are cleared). */
void mcheck_init(void);
/* An AP: enable its banks and CR4.MCE (no record). */
void mcheck_init_ap(void);
/* In the #MC handler: an "error" record (reason machine_check) for each bank that
 * holds a valid error, with IA32_MCG_STATUS; the console says the same. Returns how
 * many banks held one. */
unsigned mcheck_report(uint32_t apic_id);

#endif
