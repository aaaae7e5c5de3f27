/* latency's own words (bench/latency/latency_words.c): from arming to the deadline, and how
 * many CPUs measure at once. */
#ifndef BENCH_LATENCY_WORDS_H
#define BENCH_LATENCY_WORDS_H

#include <stdint.h>
#include "words.h"

struct latency_settings {
	uint32_t delay_us;              /* from arming a one-shot timer to its deadline */
	struct uint_list latency_cpus;  /* CPUs at once, as tick_cpus */
};

extern struct latency_settings latency_settings;
extern struct word_table latency_words;

#endif
