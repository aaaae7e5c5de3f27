/* tick's work models: what the measured handler does besides counting and
 * acknowledging (docs/METHOD.md, "Work models"; the handler's side is
 * bench/core/footprint.h). A model is cycles of pure work (tick_work=) and a
 * footprint: KiB of data (tick_data_kib=), KiB of code (tick_code_kib=) and 4 KiB
 * pages (tick_pages=). The command line's lists are swept, every combination in
 * turn, or tick_model= names presets of all four. */
#ifndef BENCH_TICKWORK_H
#define BENCH_TICKWORK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "footprint.h"
#include "tick_words.h"

/* How many models the command line sweeps (1 with none given: the floor), and the
 * i-th of them: tick_model='s presets in their order, else the four lists'
 * combinations, tick_pages varying fastest. */
unsigned tick_model_count(const struct config *cfg, const struct tick_settings *ts);
void tick_model_at(const struct config *cfg, const struct tick_settings *ts, unsigned i,
		   struct tick_model *m);
/* "floor" (no work), the preset's name, or the non-zero parts: "work 2000 cycles,
 * data 16 KiB, code 8 KiB, pages 32" (lib/answer/tickmodel.h: the report's words too). */
void tick_model_label(const struct tick_model *m, char *buf, size_t size);
/* " " and the label for the console's lines; "" for the floor without a preset
 * (a static buffer, valid until the next call). */
const char *tick_model_suffix(const struct tick_model *m);
struct record;
/* The model's fields in a record: all four (the floor's are 0) and the preset. */
void tick_model_fields(struct record *r, const struct tick_model *m);

/* The buffers for the largest footprints the sweep needs (tick_work_reserve). */
void tick_work_prepare(const struct config *cfg, const struct tick_settings *ts);

#endif
