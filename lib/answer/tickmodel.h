/* A tick's work model in words (docs/METHOD.md, "Work models"), the same in the
 * kernel's progress lines, the report and tickstat: the preset's name, or the
 * non-zero parts "work 2000 cycles, data 16 KiB, code 8 KiB, pages 32", or "floor"
 * for the handler without work. */
#ifndef LIB_TICKMODEL_H
#define LIB_TICKMODEL_H

#include <stddef.h>
#include <stdint.h>

/* parts: tick_work, tick_data_kib, tick_code_kib, tick_pages; preset: NULL or "" for
 * none. Returns the length. */
int tick_model_words(char *buf, size_t size, const uint64_t parts[4], const char *preset);

#endif
