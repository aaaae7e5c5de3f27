/* selftest=WORD raises a CPU exception on purpose, to prove the exception report. */
#ifndef KERNEL_SELFTEST_H
#define KERNEL_SELFTEST_H

#include <stdint.h>

/* enum selftest; called once the interrupt controllers are set up. Returns for none
 * and spurious (and when an NMI never came: an error record says so). */
void selftest_raise(uint32_t which);
/* selftest=ap-fault, once the APs are parked: the first AP executes ud2 while the
 * boot CPU prints; its report must end the run. A skip record with one CPU online. */
void selftest_raise_on_ap(uint32_t which);

#endif
