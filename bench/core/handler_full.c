/* The full handlers: bench/core/entry.S's two entries call them with the TSC they read
 * (handler.h); their body is bench/core/handler_body.h's, the floor entries' too. */
#include "handler_body.h"

/* bench_entry's: birq's state. bench_entry_tsc is ipi's reading. */
void bench_irq(uint64_t entry_tsc)
{
	bench_entry_tsc = entry_tsc;
	handler_body(HANDLER_FULL, AT_GLOBAL, EOI_OF_STATE, REARM_OF_STATE, entry_tsc);
}

/* bench_entry_ap's: this AP's slot. */
void bench_irq_ap(uint64_t entry_tsc)
{
	handler_body(HANDLER_FULL, AT_SLOT, EOI_OF_STATE, REARM_OF_STATE, entry_tsc);
}
