/* The end-of-run report: the answer a person came for, on one screen (serial and
 * screen alike), and as "report" records so a log alone reproduces it
 * (docs/METHOD.md, "The report"; docs/FORMAT.md, "report"). lib/answer/answer.h computes
 * it from the records the run kept (kernel/logstore.h), as tickstat report does from
 * the log: one computation. After the last benchmark, before the end record. */
#ifndef KERNEL_REPORT_H
#define KERNEL_REPORT_H

#include "identity.h"

/* Skipped, with a skip record and a line, where the hypervisor below emulates every
 * instruction (platform_emulates_everything): SSE would stop the machine there. */
void report_at_end(const struct platform_speed *below);

#endif
