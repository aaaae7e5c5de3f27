/* latency's words (see latency_words.h). */
#include "latency_words.h"
#include "lib.h"

#define AT(field) offsetof(struct latency_settings, field)

static const struct word words[] = {
	{ "delay_us", WORD_UINT, NULL, 1, 1000000, AT(delay_us), "100",
	  "from arming a one-shot timer to its deadline, in microseconds (the IPI "
	  "wake source: between IPIs)" },
	{ "latency_cpus", WORD_UINT_ALL_LIST, NULL, 1, 256, AT(latency_cpus), "the suite's",
	  "how many CPUs measure the local APIC one-shot and TSC-deadline latency at "
	  "once, each its own timer; a list runs each count in turn; all: every online "
	  "CPU. The PIT and the HPET are measured on the boot CPU" },
};

static const struct latency_settings initial = {
	.delay_us = 100, .latency_cpus = { 1, { 1 } },
};

struct latency_settings latency_settings;

struct word_table latency_words = {
	.owner = "latency", .words = words, .n = ARRAY_SIZE(words), .settings = &latency_settings,
	.initial = &initial, .size = sizeof(initial),
};
