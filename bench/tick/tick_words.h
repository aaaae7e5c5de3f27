/* tick's own words (bench/tick/tick_words.c): the handler's work models, how many CPUs
 * tick at once, the timers' modes, the handler, who takes a global interrupt, the
 * order of the runs. The shared words (hz, workload, runs, ms, tick_work, ...) are
 * bench/core/config.h's. */
#ifndef BENCH_TICK_WORDS_H
#define BENCH_TICK_WORDS_H

#include <stdbool.h>
#include <stdint.h>
#include "words.h"

/* Bits of the tick_model= set, and their names. */
enum { TICK_MODEL_FLOOR, TICK_MODEL_LINUX_TICK, TICK_MODEL_LINUX_LAZY_RCU,
       TICK_MODEL_TSAFRIR_2007, TICK_MODELS };
extern const char *const tick_model_names[];
enum { TICK_MODE_PERIODIC, TICK_MODE_ONESHOT };
enum { ORDER_RANDOM, ORDER_FIXED };
enum handler_choice { HANDLER_AUTO, HANDLER_ONLY_FLOOR, HANDLER_ONLY_FULL };

struct tick_settings {
	struct uint_list tick_data_kib; /* the handler's data footprint per tick */
	struct uint_list tick_code_kib; /* the handler's code footprint per tick */
	struct uint_list tick_pages;    /* 4 KiB pages touched per tick */
	uint32_t tick_models;           /* bit per TICK_MODEL_*; 0: the lists above */
	struct uint_list tick_cpus;     /* CPUs at once, each count in turn; 0: all */
	uint32_t tick_modes;            /* bit per TICK_MODE_* */
	uint32_t handler;               /* enum handler_choice */
	uint32_t irq_cpu;               /* on several CPUs: who takes a global timer */
	uint32_t order;                 /* ORDER_*: the runs on one CPU */
};

extern struct tick_settings tick_settings;
extern struct word_table tick_words;

/* Does the line ask tick's handler for work (a work model other than the floor: a
 * non-zero value in tick_work= (inject=), tick_data_kib=, tick_code_kib= or
 * tick_pages=, or a tick_model= preset but floor)? handler=auto takes the full
 * handler then, and handler=floor is refused. */
struct config;
bool tick_handler_work(const struct config *cfg, const struct tick_settings *ts);

#endif
