/* The answer's lines (answer.h; docs/METHOD.md, "The report"): the details, then
 * the answer, every figure by the one rule (lib/answer/figure.h), each estimator named. */
#include "answer_printer.h"
#include "answer_idle.h"
#include "figure_double.h"
#include "format.h"
#include "alloc_hook.h"
#include "lib.h"
#include "schema.h"
#include "student.h"
#include "tickmodel.h"

#include <stdarg.h>

/* readcost's clocks and armcost's acknowledgements in the answer's lines. */
static const char *const reads[] = { "rdtsc", "rdtscp", "hpet", "pmtimer", "pit", "lapic" };
static const char *const acks[] = { "eoi-xapic", "eoi-x2apic", "eoi-8259" };

/* ---- the details ---------------------------------------------------------------- */

static void warn(struct printer *p, const char *text)
{
	size_t n = strlen(p->warnings);
	format(p->warnings + n, sizeof(p->warnings) - n, "%s%s", n ? "; " : "", text);
	struct answer_figure f = { .what = "warning", .text = text };
	emit(p, &f);
}

static bool under_emulator(const struct report *r)
{
	return r->emulator[0] || (r->hypervisor && !strcmp(r->hypervisor_sig, "TCGTCGTCGTCG"));
}

/* What the platform, the calibration and the runs say that changes how to read the
 * figures: one paragraph of the answer. */
static void gather_warnings(struct printer *p)
{
	struct report *r = p->r;
	char text[256];
	if (under_emulator(r)) {
		format(text, sizeof(text), "an emulator (%s) underneath: its figures are the host's, "
		       "not a PC's", r->emulator[0] ? r->emulator : r->hypervisor_sig);
		warn(p, text);
	} else if (r->hypervisor) {
		format(text, sizeof(text), "a hypervisor (%s) underneath: exits and the host's "
		       "scheduling are in every figure", r->hypervisor_sig);
		warn(p, text);
	}
	if (r->below[0]) {
		format(text, sizeof(text), "%s (RDTSC back to back %llu cycles, 1000 turns of a loop "
		       "%llu): every cycle figure is the hypervisor's", r->below, r->rdtsc_cycles,
		       r->loop_cycles);
		warn(p, text);
	}
	if (r->have_platform && !r->tsc_invariant)
		warn(p, "the TSC is not invariant: its rate may follow the core clock");
	if (r->spread_ppm > 1000) {
		format(text, sizeof(text), "the clock references disagree by %llu ppm: ns figures "
		       "carry that", r->spread_ppm);
		warn(p, text);
	}
	if (r->tsc_hz_differs || r->other_brand[0]) {
		format(text, sizeof(text), "the logs may come from different machines (%s): figures "
		       "of one configuration are pooled", r->other_brand[0] ? "CPUs differ" :
		       "tsc_hz differs by over 1000 ppm");
		warn(p, text);
	}
	if (r->ends < r->boots) {
		format(text, sizeof(text), "%u boot%s without an end record: the run did not finish",
		       r->boots - r->ends, r->boots - r->ends == 1 ? "" : "s");
		warn(p, text);
	}
	if (r->ends_pass < r->ends) {
		format(text, sizeof(text), "%u run%s ended fail or error", r->ends - r->ends_pass,
		       r->ends - r->ends_pass == 1 ? "" : "s");
		warn(p, text);
	}
	if (r->smi) {
		format(text, sizeof(text), "%llu SMIs during tick runs: firmware took the CPU", r->smi);
		warn(p, text);
	}
	if (r->short_runs) {
		format(text, sizeof(text), "%llu tick run%s got under 99 %% of their ticks: "
		       "interrupts were lost", r->short_runs, r->short_runs == 1 ? "" : "s");
		warn(p, text);
	}
	if (r->extra_runs) {
		format(text, sizeof(text), "%llu tick run%s got over 101 %% of their ticks: the "
		       "timer fired more often than its rate", r->extra_runs,
		       r->extra_runs == 1 ? "" : "s");
		warn(p, text);
	}
	if (r->short_runs || r->extra_runs)
		warn(p, "figures of such runs are marked (ticks N %), their verdicts not given");
	if (r->out_of_memory)
		warn(p, "out of memory: the figures leave out some runs");
	if (r->caller_warning[0])
		warn(p, r->caller_warning);
}

static void print_platform_details(struct printer *p)
{
	struct report *r = p->r;
	unsigned long long khz = (unsigned long long)(r->first_tsc_hz / 1000 + 0.5);
	unsigned long long cpus = r->cpus_online ? r->cpus_online : 1;
	if (r->have_platform)
		answer_say_paragraph(&p->o, "CPU", "%s \"%s\"%s%s, %llu CPU%s online", r->vendor, r->brand,
				     r->hypervisor ? ", hypervisor " : "", r->hypervisor_sig, cpus,
				     cpus == 1 ? "" : "s");
	if (r->first_tsc_hz > 0)
		answer_say_paragraph(&p->o, "TSC", "%llu.%03llu MHz from %s; references spread %llu ppm; "
				     "invariant %s", khz / 1000, khz % 1000, r->reference[0] ? r->reference : "?",
				     r->spread_ppm, r->tsc_invariant ? "yes" : "no");
	else
		answer_say_paragraph(&p->o, "TSC", "no calibration record: costs are TSC cycles");
}

/* The notes: what the runs say that does not change the answer's reading. */
static void print_notes(struct printer *p)
{
	struct report *r = p->r;
	if (r->boots > 1)
		answer_say_paragraph(&p->o, "note", "%u boots pooled: each interval is over them (%s)",
				     r->boots, method_words(answer_table_shape(r, false).method, false));
	if (r->unexplained)
		answer_say_paragraph(&p->o, "note", "%llu holes in the spin loop held no interrupt (time "
				     "taken from below)", r->unexplained);
	if (r->skips || r->errors)
		answer_say_paragraph(&p->o, "note", "%u skip and %u error records (tickstat summary names "
				     "them)", r->skips, r->errors);
}

/* ---- the whole ------------------------------------------------------------------ */

static void print_details(struct printer *p)
{
	struct report *r = p->r;
	const struct rconfig *direct = NULL;
	p->o.kind = ANSWER_DETAIL;
	answer_say(&p->o, "tickbench: the details (the answer follows):");
	print_platform_details(p);
	gather_warnings(p);
	print_notes(p);
	for (int i = 0; i < 4 && !direct; i++)
		direct = answer_direct_first(r, answer_timer_order[i]);
	if (direct)
		answer_say_paragraph(&p->o, "direct", "per interrupt, of each timer's first mode and path%s%s%s%s",
				     direct->handler[0] ? ", the " : "", direct->handler,
				     direct->handler[0] ? " handler" : "", r->cycles_are_instructions ?
				     "; cycles = instructions here (each loop step took as many cycles as "
				     "it has instructions)" : "");
	answer_print_estimators(p);
	if (answer_all_hz(r, (unsigned long long[MAX_HZ]){ 0 }))
		answer_print_shares(p);
	idle_print(r->idle, r->ci, r->cycles_only, &p->o);
}

static void print_answer(struct printer *p)
{
	struct report *r = p->r;
	unsigned long long khz = (unsigned long long)(r->first_tsc_hz / 1000 + 0.5);
	p->o.kind = ANSWER_MAIN;
	answer_say(&p->o, "======================== tickbench: the answer "
		   "========================");
	const char *brand = r->have_platform ? r->brand : "(no platform record)";
	if (r->first_tsc_hz > 0)
		answer_say(&p->o, "CPU      %s, TSC %llu.%03llu MHz (from %s)", brand,
			   khz / 1000, khz % 1000, r->reference[0] ? r->reference : "?");
	else
		answer_say(&p->o, "CPU      %s, TSC not calibrated", brand);
	if (p->warnings[0]) {               /* one paragraph */
		p->o.kind = ANSWER_WARNING;
		answer_say_paragraph(&p->o, "warning", "%s", p->warnings);
		p->o.kind = ANSWER_MAIN;
	}
	answer_print_costs(p, "readcost", "reads", reads, 6);
	answer_print_costs(p, "armcost", "acks", acks, 3);
	answer_emit_costs(p);
	answer_print_timers(p);
	answer_print_verdicts(p);
}

void report_warn(struct report *r, const char *text)
{
	format(r->caller_warning, sizeof(r->caller_warning), "%s", text);
}

void answer_print(struct report *r, answer_say_fn *say, answer_figure_fn *figure, void *ctx)
{
	answer_print_rows(r, say, NULL, figure, ctx);
}

void answer_print_rows(struct report *r, answer_say_fn *say, answer_row_fn *row,
		       answer_figure_fn *figure, void *ctx)
{
	struct printer p = { .r = r, .o = { say, ctx, ANSWER_DETAIL, row }, .figure = figure,
			     .ctx = ctx };
	report_order(r);
	print_details(&p);
	print_answer(&p);
}
