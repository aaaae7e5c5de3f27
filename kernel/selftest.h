/* selftest=WORD raises a CPU exception on purpose, to prove the exception report. */
#ifndef KERNEL_SELFTEST_H
#define KERNEL_SELFTEST_H

#include <stdint.h>

void selftest_raise(uint32_t which);   /* enum selftest; returns only for none */

#endif
