/* tick's words (see tick_words.h). */
#include "tick_words.h"
#include "config.h"
#include "lib.h"
#include "work_limits.h"

#define AT(field) offsetof(struct tick_settings, field)

/* tick_model='s presets, by TICK_MODEL_*: their figures and sources in bench/tick/tickwork.c
 * and docs/METHOD.md ("Work models"). */
const char *const tick_model_names[] = { "floor", "linux-tick", "linux-lazy-rcu",
					 "tsafrir-2007", NULL };
static const char *const tick_mode_names[] = { "periodic", "oneshot", NULL };
static const char *const handler_names[] = { "auto", "floor", "full", NULL };
static const char *const order_names[] = { "random", "fixed", NULL };

static const struct word words[] = {
	{ "order", WORD_ENUM, order_names, 0, 0, AT(order), "random",
	  "the order of tick's runs on one CPU: random, every configuration's off/on "
	  "pairs interleaved in an order drawn from seed= (a pair is its off run, then "
	  "its on run); fixed: each configuration's pairs in turn, as listed" },
	/* The work models (docs/METHOD.md, "Work models"): these lists and the shared
	 * tick_work= (bench/core/config.c) are swept, every combination in turn, each
	 * in the handler of the runs with the timer. */
	{ "tick_data_kib", WORD_UINT_LIST, NULL, 0, TICK_DATA_MAX_KIB, AT(tick_data_kib), "0",
	  "KiB of the handler's own data read and written per tick, a line at a "
	  "time, from a buffer four times as large (successive ticks, other lines)" },
	{ "tick_code_kib", WORD_UINT_LIST, NULL, 0, TICK_CODE_MAX_KIB, AT(tick_code_kib), "0",
	  "KiB of straight-line code the handler executes per tick (the image "
	  "carries the largest, 64 KiB)" },
	{ "tick_pages", WORD_UINT_LIST, NULL, 0, TICK_PAGES_MAX, AT(tick_pages), "0",
	  "distinct 4 KiB pages (mapped as such) the handler touches per tick, "
	  "one line each: the TLB" },
	{ "tick_model", WORD_SET, tick_model_names, 0, 0, AT(tick_models), "none",
	  "presets of the four above, swept instead of them (not with any of "
	  "them): floor (nothing), linux-tick, linux-lazy-rcu, tsafrir-2007 (sized "
	  "from published figures: docs/METHOD.md, \"Work models\")" },
	{ "tick_cpus", WORD_UINT_ALL_LIST, NULL, 1, 256, AT(tick_cpus), "the suite's",
	  "how many CPUs run each configuration at once, each its own workload "
	  "(the boot CPU and the first APs); a list runs each count in turn (1 versus "
	  "N); all: every online CPU. Local timers: one per CPU; the HPET periodic "
	  "through the I/O APIC: a comparator per CPU; the PIT and the HPET's other "
	  "paths: one CPU takes the interrupt (irq_cpu=; the 8259 reaches the boot CPU "
	  "only) while all work" },
	{ "tick_mode", WORD_SET, tick_mode_names, 0, 0, AT(tick_modes), "periodic",
	  "periodic (each timer's periodic mode; the TSC deadline, which has "
	  "none, re-armed from its handler), oneshot (each timer's one-shot mode "
	  "re-armed from its handler: PIT, APIC, TSC deadline, HPET)" },
	{ "handler", WORD_ENUM, handler_names, 0, 0, AT(handler), "auto",
	  "the interrupt handler: floor, one entry per acknowledgement (xAPIC, "
	  "x2APIC, 8259) and re-arm kind that counts, re-arms and acknowledges, nothing "
	  "else (the least an interrupt costs); full, the general one (entry TSC, "
	  "watchdog test, the work models, re-arm and EOI chosen at run time); auto, the "
	  "floor unless work is asked of the handler (tick_work= or inject=, "
	  "tick_data_kib=, tick_code_kib=, tick_pages=, tick_model= but floor). "
	  "handler=floor with work is refused (a skip). Records say which ran (handler)" },
	{ "irq_cpu", WORD_UINT, NULL, 0, 255, AT(irq_cpu), "0",
	  "on several CPUs: which of them (0 the boot CPU, 1 the first AP, ...) "
	  "takes the PIT's or the HPET's single interrupt (legacy, FSB, one-shot); "
	  "with fewer CPUs at once, the boot CPU does" },
};

static const struct tick_settings initial = {
	.tick_data_kib = { 1, { 0 } },
	.tick_code_kib = { 1, { 0 } }, .tick_pages = { 1, { 0 } },
	.tick_cpus = { 1, { 1 } }, .tick_modes = 1u << TICK_MODE_PERIODIC,
};

struct tick_settings tick_settings;

/* tick_model= sets the four work lists (tick_work= and its old name inject= are the
 * shared words'): giving both would leave one unused. */
static bool check(const struct word_table *t, struct words_error *err)
{
	static const char *const lists[] = { "tick_work", "inject", "tick_data_kib",
					     "tick_code_kib", "tick_pages" };
	if (!words_given(t, "tick_model"))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(lists); i++)
		if (words_given(t, lists[i]) || config_given(lists[i]))
			return words_fail(err, "tick_model", "tick_model= sets tick_work, "
					  "tick_data_kib, tick_code_kib and tick_pages; %s= cannot "
					  "be given with it", lists[i], "");
	return true;
}

struct word_table tick_words = {
	.owner = "tick", .words = words, .n = ARRAY_SIZE(words), .settings = &tick_settings,
	.initial = &initial, .size = sizeof(initial), .check = check,
};

static bool list_nonzero(const struct uint_list *l)
{
	for (unsigned i = 0; i < l->n; i++)
		if (l->v[i])
			return true;
	return false;
}

bool tick_handler_work(const struct config *cfg, const struct tick_settings *ts)
{
	return list_nonzero(&cfg->tick_work) || list_nonzero(&ts->tick_data_kib) ||
	       list_nonzero(&ts->tick_code_kib) || list_nonzero(&ts->tick_pages) ||
	       (ts->tick_models & ~(1u << TICK_MODEL_FLOOR));
}
