/* CPU exceptions end the run (see panic.c): the handler idt_init() is given. */
#ifndef KERNEL_PANIC_H
#define KERNEL_PANIC_H

#include "idt.h"

/* Report the exception (CPU, name, registers, an "error" record) and end the run
 * with status error; on a CPU whose end was claimed elsewhere, halt. */
_Noreturn void panic_exception(struct interrupt_frame *f);

#endif
