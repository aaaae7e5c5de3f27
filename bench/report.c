/* The end-of-run report (see report.h). Every figure is one the records already
 * hold, reduced the way docs/METHOD.md ("The report") says, so that tickstat finds
 * the same numbers in the same log:
 *   - read, arm and acknowledge costs: the mean over the runs of each run's median;
 *   - latency: the mean over the runs of each run's p50 and p99 (one CPU);
 *   - direct cost per interrupt: the spin runs' gap cycles over their gap
 *     interrupts, all runs with the timer on one CPU pooled, of the sweep's
 *     first work model (the handler without work unless tick_work= or
 *     tick_model= give another first);
 *   - CPU share lost at each HZ and work model, and each HZ against the lowest:
 *     bench/shares.c.
 * The details (the CPU in full, each HZ's own share) come first, the answer last:
 * it is what the screen shows when the run ends. */
#include "report.h"
#include "bench.h"
#include "clock.h"
#include "idlereport.h"
#include "console.h"
#include "cpu.h"
#include "format.h"
#include "lib.h"
#include "qrscreen.h"
#include "record.h"
#include "serial.h"
#include "reportline.h"
#include "shares.h"
#include "timers.h"

#define MAX_COSTS  32

static struct { const char *what; uint64_t sum, n; } costs[MAX_COSTS];
static unsigned n_costs;
static struct { uint64_t p50, p99, n; } latency[4];
static struct { uint64_t cycles, interrupts; } direct[4];
/* The direct cost's work model: the sweep's first (the floor unless tick_work= or
 * tick_model= say otherwise), so that one boot's figure is of one handler. */
static struct tick_model direct_model;
static enum bench_handler direct_handler;   /* whose direct cost: tick's handler */
static bool cycles_are_instructions;        /* the spin loop's calibration says so */
static struct platform_speed speed;        /* at boot */
static uint64_t smi, short_runs;       /* SMIs in tick runs; on runs short of ticks */

/* ---- collecting ---- */

void report_cost(const char *what, uint64_t p50)
{
	unsigned i = 0;
	while (i < n_costs && strcmp(costs[i].what, what))
		i++;
	if (i == MAX_COSTS)
		return;
	if (i == n_costs)
		costs[n_costs++].what = what;
	costs[i].sum += p50;
	costs[i].n++;
}

void report_latency(unsigned timer, uint64_t p50, uint64_t p99)
{
	latency[timer].p50 += p50;
	latency[timer].p99 += p99;
	latency[timer].n++;
}

void report_direct_model(const struct tick_model *m)
{
	direct_model = *m;
}

void report_tick(const struct tick_config *t, unsigned run, bool on, uint64_t cycles,
		 uint64_t interrupts, uint64_t expected, const struct spin_view *v,
		 uint64_t work, uint64_t smis)
{
	if (t->cpus != 1)
		return;
	smi += smis;
	shares_take(t, run, on, cycles, work);
	if (!on)
		return;
	short_runs += interrupts + 1 < expected - expected / 100;
	if (t->workload == WORKLOAD_SPIN && tick_model_same(&t->model, &direct_model)) {
		direct_handler = t->handler;
		direct[t->source->timer_bit].cycles += v->gap_cycles;
		direct[t->source->timer_bit].interrupts += v->gap_interrupts;
	}
}

void report_platform_speed(const struct platform_speed *s) { speed = *s; }

void report_spin_calibration(const struct spin_view *v)
{
	cycles_are_instructions = spin_cycles_are_instructions(v);
}

/* A warning: its record now, its words in the answer's one "warning" paragraph. */
static char warnings[320];

static void warn(const char *text)
{
	size_t n = strlen(warnings);
	format(warnings + n, sizeof(warnings) - n, "%s%s", n ? "; " : "", text);
	struct record r;
	record_begin(&r, "report");
	record_str(&r, "what", "warning");
	record_str(&r, "text", text);
	record_emit(&r);
}

/* The CPU and the TSC in full (the details), and the warnings they give. */
static void platform_details(const char *emulator)
{
	uint64_t khz = clock_tsc_hz() / 1000;
	report_say(QRSCREEN_DETAIL, "CPU      %s \"%s\"%s%s", cpu.vendor, cpu.brand,
		   cpu.has_hypervisor ? ", hypervisor " : "", cpu.hypervisor);
	report_say(QRSCREEN_DETAIL, "TSC      %llu.%03llu MHz from %s; references spread %llu "
		   "ppm; invariant %s", (unsigned long long)(khz / 1000),
		   (unsigned long long)(khz % 1000),
		   timers.tsc_reference ? timers.tsc_reference : "nothing",
		   (unsigned long long)timers.tsc_spread_ppm, cpu.has_tsc_invariant ? "yes" : "no");
	if (*emulator)
		warn("an emulator underneath: its figures are the host's, not a PC's");
	else if (cpu.has_hypervisor)
		warn("a hypervisor underneath: exits and the host's scheduling are in every figure");
	char text[160];
	const char *below = platform_speed_below(&speed);
	if (below) {
		format(text, sizeof(text), "%s (RDTSC back to back %llu cycles, 1000 turns of a "
		       "loop %llu): every cycle figure is the hypervisor's", below,
		       (unsigned long long)speed.rdtsc_cycles, (unsigned long long)speed.loop_cycles);
		warn(text);
	}
	if (!cpu.has_tsc_invariant)
		warn("the TSC is not invariant: its rate may follow the core clock");
	if (timers.tsc_spread_ppm > 1000)
		warn("the clock references disagree by over 1000 ppm: ns figures carry that");
	if (smi) {
		format(text, sizeof(text), "%llu SMIs during tick runs: firmware took the CPU",
		       (unsigned long long)smi);
		warn(text);
	}
	if (short_runs) {
		format(text, sizeof(text), "%llu tick runs got under 99%% of their ticks: "
		       "interrupts were lost", (unsigned long long)short_runs);
		warn(text);
	}
}

/* The answer's first lines: the CPU and its TSC in one, the warnings in one. */
static void print_platform(void)
{
	uint64_t khz = clock_tsc_hz() / 1000;
	report_say(QRSCREEN_ANSWER, "CPU      %s, TSC %llu.%03llu MHz (from %s)", cpu.brand,
		   (unsigned long long)(khz / 1000), (unsigned long long)(khz % 1000),
		   timers.tsc_reference ? timers.tsc_reference : "nothing");
	if (*warnings)
		report_say(QRSCREEN_WARNING, "warning  %s", warnings);
}

/* ---- reads, acknowledgements and the timers ---- */

static uint64_t cost(const char *what)
{
	for (unsigned i = 0; i < n_costs; i++)
		if (!strcmp(costs[i].what, what))
			return costs[i].sum / costs[i].n;
	return 0;
}

static void emit_cost(unsigned i)
{
	struct record r;
	char name[48];
	format(name, sizeof(name), "cost-%s", costs[i].what);
	report_figure_begin(&r, "cost", name, (int64_t)(costs[i].sum / costs[i].n), "cycles");
	record_str(&r, "op", costs[i].what);
	record_u64(&r, "runs", costs[i].n);
	record_emit(&r);
}

/* "label (cycles, median): op n op n ...", for the ops measured (none: no line). */
static void print_cost_line(const char *label, const char *const *ops, unsigned n_ops)
{
	char line[160];
	int n = format(line, sizeof(line), "%s (median cycles):", label), start = n;
	for (unsigned i = 0; i < n_ops; i++)
		if (cost(ops[i]))
			n += format(line + n, sizeof(line) - (size_t)n, " %s %llu", ops[i],
				    (unsigned long long)cost(ops[i]));
	if (n > start)
		report_say(QRSCREEN_ANSWER, "%s", line);
}

/* The medians of every read and acknowledgement measured. */
static void print_costs(void)
{
	static const char *const reads[] = { "rdtsc", "rdtscp", "hpet", "pmtimer", "pit", "lapic" };
	static const char *const acks[] = { "eoi-xapic", "eoi-x2apic", "eoi-8259" };
	print_cost_line("reads", reads, ARRAY_SIZE(reads));
	print_cost_line("acks", acks, ARRAY_SIZE(acks));
	for (unsigned i = 0; i < n_costs; i++)
		emit_cost(i);
}

static const char *const arm_ops[4] = { "pit-reload", "lapic-tmict", "tscdl-write", "hpet-cmp" };

/* cycles as ns, or "-" for a figure not measured. */
static void ns_cell(char *buf, size_t size, uint64_t cycles, bool measured)
{
	if (measured)
		format(buf, size, "%llu", (unsigned long long)clock_ns(cycles));
	else
		format(buf, size, "-");
}

/* One figure of a timer, begun: what ("latency_p50", "latency_p99", "direct") and
 * over how many runs or interrupts (count_key). */
static void timer_figure_begin(struct record *r, unsigned timer, const char *what,
			       uint64_t value, const char *count_key, uint64_t count)
{
	char name[48];
	format(name, sizeof(name), "%s-%s", what, timer_names[timer]);
	report_figure_begin(r, what, name, (int64_t)value, "cycles");
	record_str(r, "timer", timer_names[timer]);
	record_u64(r, count_key, count);
}

static void emit_timer(unsigned timer)
{
	struct record r;
	uint64_t nl = latency[timer].n, nd = direct[timer].interrupts;
	if (nl) {
		timer_figure_begin(&r, timer, "latency_p50", latency[timer].p50 / nl, "runs", nl);
		record_emit(&r);
		timer_figure_begin(&r, timer, "latency_p99", latency[timer].p99 / nl, "runs", nl);
		record_emit(&r);
	}
	if (!nd)
		return;
	timer_figure_begin(&r, timer, "direct", direct[timer].cycles / nd, "interrupts", nd);
	record_str(&r, "handler", bench_handler_names[direct_handler]);
	if (cycles_are_instructions)
		record_u64(&r, "instructions", direct[timer].cycles / nd);
	record_emit(&r);
}

static bool direct_any(void)
{
	for (unsigned timer = 0; timer < 4; timer++)
		if (direct[timer].interrupts)
			return true;
	return false;
}

/* Per timer present: arming, deadline-to-handler latency, direct cost, in ns. */
static void print_timers(void)
{
	bool header = false;
	for (unsigned timer = 0; timer < 4; timer++) {
		char arm[24], p50[24], p99[24], dir[24];
		uint64_t nl = latency[timer].n, nd = direct[timer].interrupts;
		if (!nl && !nd && !cost(arm_ops[timer]))
			continue;               /* nothing measured of it */
		if (!header)
			report_say(QRSCREEN_ANSWER | QRSCREEN_HEAD, "timer    arm (ns)  latency p50 "
				   "(ns)  latency p99 (ns)  direct (ns per interrupt)");
		header = true;
		ns_cell(arm, sizeof(arm), cost(arm_ops[timer]), cost(arm_ops[timer]));
		ns_cell(p50, sizeof(p50), nl ? latency[timer].p50 / nl : 0, nl);
		ns_cell(p99, sizeof(p99), nl ? latency[timer].p99 / nl : 0, nl);
		ns_cell(dir, sizeof(dir), nd ? direct[timer].cycles / nd : 0, nd);
		report_say(QRSCREEN_ANSWER, "%-8s %-9s %-17s %-17s %s", timer_names[timer], arm,
			   p50, p99, dir);
		emit_timer(timer);
	}
}

void bench_report(const char *emulator)
{
	kprintf("\n");
	report_say(QRSCREEN_DETAIL, "tickbench: the details (the answer follows):");
	platform_details(emulator);
	if (direct_any())
		report_say(QRSCREEN_DETAIL, "direct   per interrupt, the %s handler%s",
			   bench_handler_names[direct_handler], cycles_are_instructions ?
			   "; cycles = instructions here (each 8-instruction loop step took 8)" : "");
	if (shares_any())
		shares_print_details();
	idle_report_print();
	if (strcmp(console_serial_name(), "none"))
		report_say(QRSCREEN_DETAIL, "The serial log holds every record: tickstat report "
			   "LOG compares them.");
	else
		report_say(QRSCREEN_DETAIL, "No serial port: the records leave as the screen's QR "
			   "pages (tools/qr-import).");
	kprintf("\n");
	report_say(QRSCREEN_ANSWER, "======================== tickbench: the answer "
		   "========================");
	print_platform();
	print_costs();
	print_timers();
	shares_print_verdicts();
}
