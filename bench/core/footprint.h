/* The measured handler's work besides counting and acknowledging (docs/METHOD.md,
 * "Work models"): cycles of pure work (the handler's busy wait, birq.inject_cycles)
 * and a footprint: KiB of its own data read and written a line at a time, KiB of
 * straight-line code executed (bench/core/workcode.S) and distinct 4 KiB pages
 * touched. tick sweeps models of it (bench/tick/tickwork.h); the full handler
 * (bench/core/handler_body.h) runs it. */
#ifndef BENCH_FOOTPRINT_H
#define BENCH_FOOTPRINT_H

#include <stdbool.h>
#include <stdint.h>

struct tick_model {
	uint64_t work;                  /* cycles (a preset's ns at this TSC's rate) */
	uint32_t data_kib, code_kib, pages;
	const char *preset;             /* tick_model='s name, or NULL */
};

static inline bool tick_model_has_footprint(const struct tick_model *m)
{
	return m->data_kib || m->code_kib || m->pages;
}

/* Take the buffers for the largest footprints a sweep needs (kept for the boot;
 * one that does not fit leaves the models that need it to tick_work_set's refusal). */
void tick_work_reserve(uint64_t data_kib, uint32_t pages);

/* The footprint of the measured handler on the boot CPU: bench_irq calls
 * tick_footprint_touch() when `active`. Data: `data_lines` lines at `data_next`,
 * which moves on by as many each tick through a buffer of 4 x data_lines lines, so
 * each tick touches lines the last three did not; pages: one line in each of
 * `n_pages` pages 4 KiB + 64 bytes apart (4 KiB mappings); code: a call into the
 * generated block, `code_kib` KiB before its end. */
struct tick_footprint {
	bool active;
	volatile uint64_t *data;
	uint64_t data_lines, data_span, data_next;
	volatile uint64_t *pages;
	uint32_t n_pages;
	void (*code)(void);
};
extern struct tick_footprint tick_fp;

/* Make m the handler's work (its footprint, and birq.inject_cycles = m->work): NULL,
 * or why it cannot (its buffer did not fit), the handler's work then cleared. */
const char *tick_work_set(const struct tick_model *m);
void tick_work_clear(void);
void tick_footprint_touch(void);

#endif
