/* tick's work models: what the measured handler does besides counting and
 * acknowledging (docs/METHOD.md, "Work models"). A model is cycles of pure work
 * (tick_work=, the handler's busy wait, birq.inject_cycles) and a footprint: KiB of
 * its own data read and written a line at a time (tick_data_kib=), KiB of
 * straight-line code executed (tick_code_kib=, bench/workcode.S) and distinct 4 KiB
 * pages touched (tick_pages=). The command line's lists are swept, every
 * combination in turn, or tick_model= names presets of all four. */
#ifndef BENCH_TICKWORK_H
#define BENCH_TICKWORK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "tick_words.h"

struct tick_model {
	uint64_t work;                  /* cycles (a preset's ns at this TSC's rate) */
	uint32_t data_kib, code_kib, pages;
	const char *preset;             /* tick_model='s name, or NULL */
};

/* How many models the command line sweeps (1 with none given: the floor), and the
 * i-th of them: tick_model='s presets in their order, else the four lists'
 * combinations, tick_pages varying fastest. */
unsigned tick_model_count(const struct tick_settings *ts);
void tick_model_at(const struct tick_settings *ts, unsigned i, struct tick_model *m);
static inline bool tick_model_has_footprint(const struct tick_model *m)
{
	return m->data_kib || m->code_kib || m->pages;
}
/* "floor" (no work), the preset's name, or the non-zero parts: "work 2000 cycles,
 * data 16 KiB, code 8 KiB, pages 32" (lib/tickmodel.h: the report's words too). */
void tick_model_label(const struct tick_model *m, char *buf, size_t size);
/* " " and the label for the console's lines; "" for the floor without a preset
 * (a static buffer, valid until the next call). */
const char *tick_model_suffix(const struct tick_model *m);
struct record;
/* The model's fields in a record: all four (the floor's are 0) and the preset. */
void tick_model_fields(struct record *r, const struct tick_model *m);

/* Take the buffers for the largest footprints the sweep needs (kept for the boot;
 * one that does not fit leaves the models that need it to tick_work_set's refusal). */
void tick_work_prepare(const struct tick_settings *ts);

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
