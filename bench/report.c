/* The end-of-run report (see report.h). Every figure is one the records already
 * hold, reduced the way docs/METHOD.md ("The report") says, so that tickstat finds
 * the same numbers in the same log:
 *   - read, arm and acknowledge costs: the mean over the runs of each run's median;
 *   - latency: the mean over the runs of each run's p50 and p99 (one CPU);
 *   - direct cost per interrupt: the spin runs' gap cycles over their gap
 *     interrupts, all runs with the timer on one CPU pooled, of the sweep's
 *     first work model (the handler without work unless tick_work= or
 *     tick_model= give another first);
 *   - CPU share lost at each HZ and work model: for each timer-on run, (on - off) /
 *     off in ppm against the timer-off run of the same configuration and run
 *     number (ftq: off is the off run's cycles for the on run's work), then the
 *     mean and Student's 95 % half-width over the runs (lib/ci.h). */
#include "report.h"
#include "bench.h"
#include "alloc.h"
#include "idlereport.h"
#include "ci.h"
#include "clock.h"
#include "console.h"
#include "cpu.h"
#include "format.h"
#include "lib.h"
#include "qrscreen.h"
#include "record.h"
#include "source.h"
#include "timers.h"

#define MAX_COSTS  32
#define MAX_SHARES 384                  /* timers x modes x 8 HZ x workloads x models */
#define MAX_RUNS   1000                 /* runs= */

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

struct share {
	const struct timer_source *source;
	unsigned workload;
	uint32_t hz;
	struct tick_model model;
	struct ci ci;
};
static struct share shares[MAX_SHARES];
static unsigned n_shares;

/* Each configuration's runs as they arrive: with order=random (bench/tick.c) the
 * pairs of all of them come interleaved, each pair off then on. */
static struct gathering {
	struct share key;
	bool have_off;
	unsigned off_run;
	uint64_t off_cycles, off_work;
	uint64_t n;
	int64_t *lost_ppm;              /* MAX_RUNS, from alloc() */
} gathering[MAX_SHARES];
static unsigned n_gathering;

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

/* The configurations' shares, in the order their first runs came. */
static void close_shares(void)
{
	for (unsigned i = 0; i < n_gathering; i++) {
		struct gathering *g = &gathering[i];
		if (g->n && n_shares < MAX_SHARES) {
			shares[n_shares] = g->key;
			shares[n_shares++].ci = ci_of(g->lost_ppm, g->n);
		}
	}
	n_gathering = 0;
}

static struct gathering *gathering_of(const struct tick_config *t)
{
	for (unsigned i = 0; i < n_gathering; i++) {
		struct gathering *g = &gathering[i];
		if (g->key.source == t->source && g->key.workload == t->workload &&
		    g->key.hz == t->hz && tick_model_same(&g->key.model, &t->model))
			return g;
	}
	int64_t *runs = n_gathering < MAX_SHARES ? alloc(MAX_RUNS * sizeof(*runs), 8) : NULL;
	if (!runs)
		return NULL;
	gathering[n_gathering] = (struct gathering){
		.key = { t->source, t->workload, t->hz, t->model, { 0 } }, .lost_ppm = runs };
	return &gathering[n_gathering++];
}

/* (on - off) / off in ppm, rounded toward zero. */
static int64_t lost_ppm(uint64_t on, uint64_t off)
{
	uint64_t mag = mul_div(on > off ? on - off : off - on, 1000000, off);
	return on >= off ? (int64_t)mag : -(int64_t)mag;
}

/* The off run's cycles to pair with an on run: ftq's runs last the same, so its
 * off run's cycles for the on run's work (docs/METHOD.md, "ftq"). */
static uint64_t pair_off(const struct gathering *g, uint64_t on_work)
{
	if (!g->off_work)
		return g->off_cycles;
	return mul_div(g->off_cycles, on_work, g->off_work);
}

void report_direct_model(const struct tick_model *m)
{
	direct_model = *m;
}

void report_tick(const struct tick_config *t, unsigned run, bool on, uint64_t cycles,
		 uint64_t interrupts, uint64_t expected, const struct spin_view *v,
		 uint64_t work, uint64_t smis)
{
	struct gathering *g = t->cpus == 1 ? gathering_of(t) : NULL;
	if (!g)
		return;
	smi += smis;
	if (!on) {
		g->have_off = cycles != 0 && (t->workload != WORKLOAD_FTQ || work != 0);
		g->off_run = run;
		g->off_cycles = cycles;
		g->off_work = work;
		return;
	}
	uint64_t off = pair_off(g, work);
	if (g->have_off && g->off_run == run && g->n < MAX_RUNS && off)
		g->lost_ppm[g->n++] = lost_ppm(cycles, off);
	g->have_off = false;
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

static uint64_t cost(const char *what)
{
	for (unsigned i = 0; i < n_costs; i++)
		if (!strcmp(costs[i].what, what))
			return costs[i].sum / costs[i].n;
	return 0;
}

/* A "report" record of one figure: what kind, a name unique in the run (LAVA's
 * test case: tools/lava), its value and unit first, then what describes it. */
static void figure_begin(struct record *r, const char *what, const char *name, int64_t value,
			 const char *unit)
{
	record_begin(r, "report");
	record_str(r, "what", what);
	record_str(r, "name", name);
	record_i64(r, "value", value);
	record_str(r, "unit", unit);
}

static void warn(const char *text)
{
	kprintf("warning  %s\n", text);
	struct record r;
	record_begin(&r, "report");
	record_str(&r, "what", "warning");
	record_str(&r, "text", text);
	record_emit(&r);
}

static void print_platform(const char *emulator)
{
	uint64_t khz = clock_tsc_hz() / 1000;
	kprintf("CPU      %s \"%s\"%s%s\n", cpu.vendor, cpu.brand,
		cpu.has_hypervisor ? ", hypervisor " : "", cpu.hypervisor);
	kprintf("TSC      %llu.%03llu MHz from %s; references spread %llu ppm; invariant %s\n",
		(unsigned long long)(khz / 1000), (unsigned long long)(khz % 1000),
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

static void emit_cost(unsigned i)
{
	struct record r;
	char name[48];
	format(name, sizeof(name), "cost-%s", costs[i].what);
	figure_begin(&r, "cost", name, (int64_t)(costs[i].sum / costs[i].n), "cycles");
	record_str(&r, "op", costs[i].what);
	record_u64(&r, "runs", costs[i].n);
	record_emit(&r);
}

/* "label cycles, median: op n op n ...", for the ops measured (none: no line). */
static void print_cost_line(const char *label, const char *const *ops, unsigned n_ops)
{
	char line[160];
	int n = format(line, sizeof(line), "%-8s cycles, median:", label), start = n;
	for (unsigned i = 0; i < n_ops; i++)
		if (cost(ops[i]))
			n += format(line + n, sizeof(line) - (size_t)n, " %s %llu", ops[i],
				    (unsigned long long)cost(ops[i]));
	if (n > start)
		kprintf("%s\n", line);
}

/* The medians of every read and acknowledgement measured. */
static void print_costs(void)
{
	static const char *const reads[] = { "rdtsc", "rdtscp", "hpet", "pmtimer", "pit", "lapic" };
	static const char *const acks[] = { "eoi-xapic", "eoi-x2apic", "eoi-8259" };
	print_cost_line("reads", reads, ARRAY_SIZE(reads));
	print_cost_line("ack", acks, ARRAY_SIZE(acks));
	for (unsigned i = 0; i < n_costs; i++)
		emit_cost(i);
}

static const char *const arm_ops[4] = { "pit-reload", "lapic-tmict", "tscdl-write", "hpet-cmp" };

/* "cycles (ns)", or "-" for a figure not measured. */
static void cycles_ns(char *buf, size_t size, uint64_t cycles, bool measured)
{
	if (!measured)
		format(buf, size, "-");
	else
		format(buf, size, "%llu (%llu)", (unsigned long long)cycles,
		       (unsigned long long)clock_ns(cycles));
}

/* One figure of a timer, begun: what ("latency_p50", "latency_p99", "direct") and
 * over how many runs or interrupts (count_key). */
static void timer_figure_begin(struct record *r, unsigned timer, const char *what,
			       uint64_t value, const char *count_key, uint64_t count)
{
	char name[48];
	format(name, sizeof(name), "%s-%s", what, timer_names[timer]);
	figure_begin(r, what, name, (int64_t)value, "cycles");
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

/* Beside the QR pages: "lapic: latency 1234 ns, direct 456 ns" (0: not measured). */
static void note_timer(unsigned timer, uint64_t latency_cycles, uint64_t direct_cycles)
{
	char line[64];
	int n = format(line, sizeof(line), "%s:", timer_names[timer]);
	if (latency_cycles)
		n += format(line + n, sizeof(line) - (size_t)n, " latency %llu ns",
			    (unsigned long long)clock_ns(latency_cycles));
	if (direct_cycles)
		format(line + n, sizeof(line) - (size_t)n, "%s direct %llu ns",
		       latency_cycles ? "," : "", (unsigned long long)clock_ns(direct_cycles));
	qrscreen_note(line);
}

static bool direct_any(void)
{
	for (unsigned timer = 0; timer < 4; timer++)
		if (direct[timer].interrupts)
			return true;
	return false;
}

/* Per timer present: arming, deadline-to-handler latency, direct cost. */
static void print_timers(void)
{
	bool header = false;
	for (unsigned timer = 0; timer < 4; timer++) {
		char arm[24], p50[32], p99[24], dir[32];
		uint64_t nl = latency[timer].n, nd = direct[timer].interrupts;
		if (!nl && !nd && !cost(arm_ops[timer]))
			continue;               /* nothing measured of it */
		if (!header)
			kprintf("timer    arm      latency p50 (ns)  latency p99    "
				"direct/interrupt (ns)\n");
		header = true;
		format(arm, sizeof(arm), cost(arm_ops[timer]) ? "%llu" : "-",
		       (unsigned long long)cost(arm_ops[timer]));
		cycles_ns(p50, sizeof(p50), nl ? latency[timer].p50 / nl : 0, nl);
		format(p99, sizeof(p99), nl ? "%llu" : "-",
		       (unsigned long long)(nl ? latency[timer].p99 / nl : 0));
		cycles_ns(dir, sizeof(dir), nd ? direct[timer].cycles / nd : 0, nd);
		kprintf("%-8s %-8s %-17s %-14s %s\n", timer_names[timer], arm, p50, p99, dir);
		note_timer(timer, nl ? latency[timer].p50 / nl : 0, nd ? direct[timer].cycles / nd : 0);
		emit_timer(timer);
	}
	if (header && direct_any())
		kprintf("direct   per interrupt, the %s handler%s\n",
			bench_handler_names[direct_handler], cycles_are_instructions ?
			"; cycles = instructions here (each 8-instruction loop step took 8)" : "");
}

/* ppm as a percentage with three decimals, e.g. 1234 -> "0.123". */
static int format_percent(char *buf, size_t size, int64_t ppm)
{
	uint64_t mag = (uint64_t)(ppm < 0 ? -ppm : ppm);
	return format(buf, size, "%s%llu.%03llu", ppm < 0 ? "-" : "", (unsigned long long)(mag / 10000),
		      (unsigned long long)(mag % 10000 / 10));
}

/* "-linux-tick", "-w2000-d16-c8-p32" (the non-zero parts), "" for the floor. */
static void model_suffix(char *buf, size_t size, const struct tick_model *m)
{
	static const char *const tags[] = { "-w%llu", "-d%llu", "-c%llu", "-p%llu" };
	const uint64_t v[] = { m->work, m->data_kib, m->code_kib, m->pages };
	size_t n = 0;
	buf[0] = 0;
	if (m->preset) {
		format(buf, size, "-%s", m->preset);
		return;
	}
	for (unsigned i = 0; i < 4 && n < size; i++)
		if (v[i])
			n += (size_t)format(buf + n, size - n, tags[i], (unsigned long long)v[i]);
}

static void emit_share(const struct share *s)
{
	struct record r;
	char name[112], model[64];
	model_suffix(model, sizeof(model), &s->model);
	format(name, sizeof(name), "share-%s-%s-%s-%u%s", s->source->timer, s->source->mode,
	       workload_names[s->workload], s->hz, model);
	figure_begin(&r, "share", name, s->ci.mean, "ppm");
	source_fields(&r, s->source);
	record_str(&r, "workload", workload_names[s->workload]);
	record_u64(&r, "hz", s->hz);
	if (!tick_model_is_floor(&s->model) || s->model.preset) {
		record_u64(&r, "tick_work", s->model.work);
		record_u64(&r, "tick_data_kib", s->model.data_kib);
		record_u64(&r, "tick_code_kib", s->model.code_kib);
		record_u64(&r, "tick_pages", s->model.pages);
		if (s->model.preset)
			record_str(&r, "tick_model", s->model.preset);
	}
	record_u64(&r, "cpus", 1);
	record_u64(&r, "runs", s->ci.n);
	if (s->ci.valid && s->ci.n > 1)
		record_u64(&r, "ci95", s->ci.half);
	record_emit(&r);
}

static bool same_row(const struct share *a, const struct share *b)
{
	return a->source == b->source && a->workload == b->workload &&
	       tick_model_same(&a->model, &b->model);
}

static void print_trimmed(char *line, int n)
{
	while (n > 0 && line[n - 1] == ' ')
		n--;
	kprintf("%.*s\n", n, line);
}

/* One row per timer, mode and workload: "HZ=h mean±half" cells, two a line. */
static void print_row(unsigned first)
{
	const struct share *s0 = &shares[first];
	char line[160], model[96] = "";
	if (!tick_model_is_floor(&s0->model) || s0->model.preset)
		tick_model_label(&s0->model, model, sizeof(model));
	if (*model)
		kprintf("%-5s %-8s %-8s %s:\n", s0->source->timer, s0->source->mode,
			workload_names[s0->workload], model);
	int n = format(line, sizeof(line), "%-5s %-8s %-8s", *model ? "" : s0->source->timer,
		       *model ? "" : s0->source->mode, *model ? "" : workload_names[s0->workload]);
	unsigned cells = 0;
	for (unsigned i = first; i < n_shares; i++) {
		const struct share *s = &shares[i];
		if (!same_row(s, s0))
			continue;
		if (cells && cells % 2 == 0) {
			print_trimmed(line, n);
			n = format(line, sizeof(line), "%24s", "");
		}
		char mean[24], half[24] = "";
		format_percent(mean, sizeof(mean), s->ci.mean);
		if (s->ci.valid && s->ci.n > 1)
			format_percent(half, sizeof(half), (int64_t)s->ci.half);
		n += format(line + n, sizeof(line) - (size_t)n, "  HZ=%-6u%8s %s%-8s", s->hz, mean,
			    *half ? "+/-" : "   ", half);
		cells++;
		emit_share(s);
		char note[112], suffix[64];
		model_suffix(suffix, sizeof(suffix), &s->model);
		format(note, sizeof(note), "%s %s %s%s %uHz: %s%%%s%s", s->source->timer,
		       s->source->mode, workload_names[s->workload], suffix, s->hz, mean,
		       *half ? "+-" : "", half);
		qrscreen_note(note);
	}
	print_trimmed(line, n);
}

static void print_shares(void)
{
	close_shares();
	if (!n_shares)
		return;
	kprintf("CPU lost to the tick on 1 CPU, %% (mean +/- 95%% interval over the runs; "
		"on vs off):\n");
	for (unsigned i = 0; i < n_shares; i++) {
		bool seen = false;
		for (unsigned j = 0; j < i; j++)
			seen |= same_row(&shares[j], &shares[i]);
		if (!seen)
			print_row(i);
	}
}

void bench_report(const char *emulator)
{
	kprintf("\n======================== tickbench: the answer ========================\n");
	print_platform(emulator);
	print_costs();
	print_timers();
	print_shares();
	idle_report_print();
	kprintf("The serial log holds every record: tickstat report LOG compares them.\n");
}
