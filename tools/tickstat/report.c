/* tickstat report: gathering the figures (report.h). Every per-run figure is
 * formed here from one pair of tick runs (lost.h), converted to ns with the tsc_hz
 * of the boot it came from. */
#include "report.h"
#include "tickstat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void copy_str(char *dst, size_t size, const char *src)
{
	snprintf(dst, size, "%s", src ? src : "");
}

/* The work model of a record (absent fields: the floor, as in logs before it). */
static void model_of(const struct rec *rec, struct rconfig *m)
{
	uint64_t v[4] = { 0, 0, 0, 0 };
	rec_u64(rec, "tick_work", &v[0]);
	rec_u64(rec, "tick_data_kib", &v[1]);
	rec_u64(rec, "tick_code_kib", &v[2]);
	rec_u64(rec, "tick_pages", &v[3]);
	m->tick_work = v[0], m->data_kib = v[1], m->code_kib = v[2], m->pages = v[3];
	copy_str(m->preset, sizeof(m->preset), rec_str(rec, "tick_model"));
}

static struct rconfig *config_of(struct report *r, const struct rec *rec)
{
	const char *timer = rec_str(rec, "timer"), *mode = rec_str(rec, "mode");
	const char *delivery = rec_str(rec, "delivery"), *workload = rec_str(rec, "workload");
	uint64_t hz = 0, cpus = 1;
	struct rconfig model;
	rec_u64(rec, "hz", &hz);
	rec_u64(rec, "cpus", &cpus);
	model_of(rec, &model);
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *c = &r->cfg[i];
		if (!strcmp(c->timer, timer ? timer : "") && !strcmp(c->mode, mode ? mode : "") &&
		    !strcmp(c->delivery, delivery ? delivery : "") &&
		    !strcmp(c->workload, workload ? workload : "") && c->hz == hz && c->cpus == cpus &&
		    same_model(c, &model))
			return c;
	}
	if (r->nconfig == R_MAX_CONFIGS)
		return NULL;
	struct rconfig *c = &r->cfg[r->nconfig++];
	c->tick_work = model.tick_work, c->data_kib = model.data_kib;
	c->code_kib = model.code_kib, c->pages = model.pages;
	copy_str(c->preset, sizeof(c->preset), model.preset);
	copy_str(c->timer, sizeof(c->timer), timer);
	copy_str(c->mode, sizeof(c->mode), mode);
	copy_str(c->delivery, sizeof(c->delivery), delivery);
	copy_str(c->workload, sizeof(c->workload), workload);
	c->hz = hz;
	c->cpus = (unsigned)cpus;
	return c;
}

static struct dataset *cpu_set(struct rconfig *c, uint64_t cpu)
{
	for (int i = 0; i < c->ncpu; i++)
		if (c->cpu_id[i] == cpu)
			return &c->cpu_lost[i];
	if (c->ncpu == R_MAX_CPUS)
		return NULL;
	c->cpu_id[c->ncpu] = cpu;
	return &c->cpu_lost[c->ncpu++];
}

/* lost_ppm summed over the CPUs that ran run index `run` of this configuration. */
static void add_to_sum(struct rconfig *c, unsigned boot, uint64_t run, double ppm)
{
	for (size_t i = c->nsums; i-- > 0;)
		if (c->sums[i].run == run && c->sums[i].boot == boot) {
			c->sums[i].ppm += ppm;
			return;
		}
	struct run_sum *s = realloc(c->sums, (c->nsums + 1) * sizeof(*s));
	if (!s)
		return;
	c->sums = s;
	c->sums[c->nsums++] = (struct run_sum){ boot, run, ppm };
}

/* The boot the records now read come from: boots are numbered across the logs. */
static unsigned this_boot(const struct report *r)
{
	return r->boots ? r->boots - 1 : 0;
}

static void add_lost(struct rconfig *c, double ppm, unsigned boot, uint64_t run)
{
	unsigned long long *runs = realloc(c->lost_run, (c->lost.n + 1) * sizeof(*runs));
	if (!runs) {
		fprintf(stderr, "tickstat: out of memory\n");
		exit(2);
	}
	c->lost_run = runs;
	c->lost_run[c->lost.n] = run;
	ds_add_boot(&c->lost, ppm, boot);
}

/* A run's own signs of trouble: SMIs, holes nobody explains, ticks that did not
 * come (fewer than expected by more than 1 % + 1). */
static void run_troubles(struct report *r, const struct rec *rec)
{
	uint64_t v, irq, expected;
	if (rec_u64(rec, "smi", &v))
		r->smi += v;
	if (rec_u64(rec, "unexplained", &v))
		r->unexplained += v;
	if (rec_u64(rec, "interrupts", &irq) && rec_u64(rec, "expected", &expected) &&
	    expected > 0 && irq + expected / 100 + 1 < expected)
		r->short_runs++;
}

/* Per tick, each event the pair counted: (on - off) / interrupts. */
static void take_pmu(struct rconfig *c, const struct rec *rec, const struct run_pair *p,
		     unsigned boot)
{
	for (int i = 0; i < p->npmu; i++) {
		double on;
		if (!rec_num(rec, p->pmu[i].key, &on))
			continue;
		int k = 0;
		while (k < c->npmu && strcmp(c->pmu[k].event, p->pmu[i].key + 4))
			k++;
		if (k == c->npmu && c->npmu == R_MAX_PMU)
			continue;
		if (k == c->npmu) {
			copy_str(c->pmu[k].event, sizeof(c->pmu[k].event), p->pmu[i].key + 4);
			ds_init(&c->pmu[k].per_tick, c->pmu[k].event);
			c->npmu++;
		}
		ds_add_boot(&c->pmu[k].per_tick, (on - p->pmu[i].off) / p->interrupts, boot);
	}
}

/* ftq: per quantum, the units the on run did not do and those the off run did. */
static void take_ftq_pair(struct rconfig *c, const struct rec *rec, const struct run_pair *p,
			  unsigned boot)
{
	double quanta, quantum;
	if (!(p->on_work > 0) || !rec_num(rec, "quanta", &quanta) || !(quanta > 0))
		return;
	ds_add_boot(&c->ftq_lost, (p->off_work - p->on_work) / quanta, boot);
	ds_add_boot(&c->ftq_units, p->off_work / quanta, boot);
	if (rec_num(rec, "quantum_cycles", &quantum))
		c->quantum_cycles = quantum;
}

static void take_run(struct report *r, const struct rec *rec)
{
	struct run_pair p;
	const char *bench = rec_str(rec, "bench");
	if (!bench || strcmp(bench, "tick"))
		return;
	run_troubles(r, rec);
	if (!lost_pair(&r->pairs, rec, &p))
		return;
	struct rconfig *c = config_of(r, rec);
	if (!c)
		return;
	uint64_t cpu = 0, run = 0;
	double ppm = lost_ppm(&p), unit = r->tsc_hz > 0 ? 1e9 / r->tsc_hz : 1, gi, gc;
	unsigned boot = this_boot(r);
	rec_u64(rec, "cpu", &cpu);
	rec_u64(rec, "run", &run);
	add_lost(c, ppm, boot, run);
	c->pair_cycles += p.off + p.on;
	struct dataset *per_cpu = cpu_set(c, cpu);
	if (per_cpu)
		ds_add_boot(per_cpu, ppm, boot);
	add_to_sum(c, boot, run, ppm);
	if (p.interrupts <= 0)
		return;
	double cost = (p.on - p.off) / p.interrupts * unit;
	ds_add_boot(&c->cost, cost, boot);
	take_pmu(c, rec, &p, boot);
	take_ftq_pair(c, rec, &p, boot);
	if ((rec_num(rec, "gap_interrupts", &gi) || rec_num(rec, "gaps", &gi)) && gi > 0 &&
	    rec_num(rec, "gap_cycles", &gc)) {
		ds_add_boot(&c->direct, gc / gi * unit, boot);
		ds_add_boot(&c->indirect, cost - gc / gi * unit, boot);
	}
}

static void take_stats(struct report *r, const struct rec *rec)
{
	const char *bench = rec_str(rec, "bench"), *what = rec_str(rec, "what");
	uint64_t cpus = 1;
	double p50, p99, unit = r->tsc_hz > 0 ? 1e9 / r->tsc_hz : 1;
	rec_u64(rec, "cpus", &cpus);
	if (!bench || !what || cpus != 1 || !rec_num(rec, "p50", &p50) || !rec_num(rec, "p99", &p99) ||
	    (strcmp(bench, "readcost") && strcmp(bench, "armcost") && strcmp(bench, "latency")))
		return;
	char label[64];
	const char *wait = rec_str(rec, "wait"), *stamp = rec_str(rec, "stamp");
	/* latency: each state apart from spin, and the wake's stamp from the handler's */
	snprintf(label, sizeof(label), "%s%s%s%s", what, wait && strcmp(wait, "spin") ? "/" : "",
		 wait && strcmp(wait, "spin") ? wait : "", stamp && !strcmp(stamp, "wake") ? " wake" : "");
	struct rstat *s = NULL;
	for (int i = 0; i < r->nstat && !s; i++)
		if (!strcmp(r->stat[i].bench, bench) && !strcmp(r->stat[i].what, label))
			s = &r->stat[i];
	if (!s && r->nstat < R_MAX_STATS) {
		s = &r->stat[r->nstat++];
		copy_str(s->bench, sizeof(s->bench), bench);
		copy_str(s->what, sizeof(s->what), label);
	}
	if (s) {
		ds_add_boot(&s->p50, p50 * unit, this_boot(r));
		ds_add_boot(&s->p99, p99 * unit, this_boot(r));
	}
}

/* An ftq record of a run with the timer: its values at [first, first + n) of that
 * run's series. */
static void take_ftq(struct report *r, const struct rec *rec)
{
	const struct value *w = rec_get(rec, "work");
	uint64_t run = 0, first = 0;
	bool on = false;
	if (!w || w->kind != V_ARRAY || !rec_bool(rec, "timer_on", &on) || !on ||
	    !rec_u64(rec, "run", &run) || !rec_u64(rec, "first", &first) || first > 1u << 20)
		return;
	struct rconfig *c = config_of(r, rec);
	if (!c)
		return;
	struct rseries *s = NULL;
	for (size_t i = 0; i < c->nseries && !s; i++)
		if (c->series[i].run == run && c->series[i].file == rec->file)
			s = &c->series[i];
	if (!s) {
		struct rseries *more = realloc(c->series, (c->nseries + 1) * sizeof(*more));
		if (!more)
			return;
		c->series = more;
		s = &c->series[c->nseries++];
		*s = (struct rseries){ rec->file, run, NULL, 0 };
	}
	size_t end = first + w->len;
	if (end > s->n) {
		double *v = realloc(s->v, end * sizeof(*v));
		if (!v)
			return;
		memset(v + s->n, 0, (end - s->n) * sizeof(*v));
		s->v = v;
		s->n = end;
	}
	for (size_t i = 0; i < w->len; i++)
		s->v[first + i] = (double)w->arr[i];
}

static void take_platform(struct report *r, const struct rec *rec)
{
	const char *brand = rec_str(rec, "brand");
	if (r->have_platform) {
		if (brand && strcmp(brand, r->brand))
			copy_str(r->other_brand, sizeof(r->other_brand), brand);
		return;
	}
	r->have_platform = true;
	copy_str(r->brand, sizeof(r->brand), brand);
	copy_str(r->vendor, sizeof(r->vendor), rec_str(rec, "vendor"));
	copy_str(r->hypervisor_sig, sizeof(r->hypervisor_sig), rec_str(rec, "hypervisor_sig"));
	copy_str(r->emulator, sizeof(r->emulator), rec_str(rec, "emulator"));
	rec_bool(rec, "hypervisor", &r->hypervisor);
	r->tsc_invariant = true;
	rec_bool(rec, "tsc_invariant", &r->tsc_invariant);
}

static void take_calibration(struct report *r, const struct rec *rec)
{
	uint64_t hz, spread;
	if (!rec_u64(rec, "tsc_hz", &hz))
		return;
	r->tsc_hz = (double)hz;
	if (r->first_tsc_hz == 0)
		r->first_tsc_hz = (double)hz;
	else if (fabs((double)hz - r->first_tsc_hz) > 1e-3 * r->first_tsc_hz)
		r->tsc_hz_differs = true;   /* more than calibrations of one TSC differ */
	if (rec_u64(rec, "spread_ppm", &spread) && spread > r->spread_ppm)
		r->spread_ppm = spread;
	if (!r->reference[0])
		copy_str(r->reference, sizeof(r->reference), rec_str(rec, "reference"));
}

static void take_end(struct report *r, const struct rec *rec)
{
	const char *status = rec_str(rec, "status");
	uint64_t tsc;
	r->ends++;
	r->ends_pass += status && !strcmp(status, "pass");
	if (r->boots && rec_u64(rec, "tsc", &tsc))
		r->boot[this_boot(r)].end_tsc = (double)tsc;
}

/* The command line holds a seed= word. */
static bool seed_given(const char *cmdline)
{
	for (const char *p = cmdline; p && (p = strstr(p, "seed=")); p++)
		if (p == cmdline || p[-1] == ' ' || p[-1] == '\t')
			return true;
	return false;
}

/* A boot begins: what tells it apart from the others (its seed, machine, build). */
static void take_boot(struct report *r, const struct rec *rec)
{
	struct rboot *b = realloc(r->boot, (r->boots + 1) * sizeof(*b));
	uint64_t seed;
	if (!b) {
		fprintf(stderr, "tickstat: out of memory\n");
		exit(2);
	}
	r->boot = b;
	b = &r->boot[r->boots++];
	*b = (struct rboot){ .file = rec->file, .line = rec->line };
	copy_str(b->version, sizeof(b->version), rec_str(rec, "version"));
	/* a seed drawn at boot tells boots apart; one given (seed=) repeats on purpose */
	if ((b->has_seed = rec_u64(rec, "seed", &seed) && !seed_given(rec_str(rec, "cmdline"))))
		b->seed = seed;
	r->tsc_hz = 0;   /* until this boot's calibration */
	if (!r->cmdline[0])
		copy_str(r->cmdline, sizeof(r->cmdline), rec_str(rec, "cmdline"));
}

/* Two boots that are one: the same boot record of the same file, or their machine,
 * build and seed all equal. */
static bool one_boot(const struct rboot *a, const struct rboot *b)
{
	if (a->line == b->line && same_file(a->file, b->file)) {
		fprintf(stderr, "tickstat: %s and %s are one log given twice\n", a->file, b->file);
		return true;
	}
	if (!a->has_seed || !b->has_seed || a->seed != b->seed || strcmp(a->version, b->version) ||
	    strcmp(a->machine, b->machine))
		return false;
	fprintf(stderr, "tickstat: %s:%lu and %s:%lu are one boot given twice (machine %s, "
		"build %s, seed %llu)\n", a->file, a->line, b->file, b->line,
		a->machine[0] ? a->machine : "unknown", a->version, a->seed);
	return true;
}

/* What tells the boots of the logs apart, into a report's boot list. */
static void scan_boot(const struct rec *rec, void *ctx)
{
	struct report *r = ctx;
	if (!strcmp(rec->type, "boot"))
		take_boot(r, rec);
	else if (!strcmp(rec->type, "machine") && r->boots)
		copy_str(r->boot[r->boots - 1].machine, sizeof(r->boot->machine), rec_str(rec, "id"));
}

bool boots_repeat(char **paths, int n)
{
	struct report *r = report_new(2);
	bool repeat = !r;
	for (int i = 0; r && i < n; i++) {
		struct log_report quiet = { .quiet = true };
		if (!strcmp(paths[i], "-"))
			break;           /* read once, by the figures */
		log_read(paths[i], scan_boot, r, &quiet);
	}
	for (unsigned i = 0; r && i < r->boots && !repeat; i++)
		for (unsigned j = i + 1; j < r->boots && !repeat; j++)
			repeat = one_boot(&r->boot[i], &r->boot[j]);
	if (r)
		report_free(r);
	return repeat;
}

double boot_cost(const struct report *r, const struct rconfig *c, const struct rconfig *b)
{
	double end = 0, ends = 0, run = 0, per_boot = 0;
	for (unsigned i = 0; i < r->boots; i++)
		if (r->boot[i].end_tsc > 0)
			end += r->boot[i].end_tsc, ends++;
	for (int k = 0; k < 2; k++) {
		const struct rconfig *x = k ? b : c;
		if (x && x->lost.n) {
			run += x->pair_cycles / (double)x->lost.n;
			per_boot += x->pair_cycles / boots_in(&x->lost);
		}
	}
	if (!ends || !(run > 0) || end / ends <= per_boot)
		return 0;
	return (end / ends - per_boot) / run;
}

void report_take(const struct rec *rec, void *ctx)
{
	struct report *r = ctx;
	uint64_t v;
	const char *t = rec->type;
	r->records++;
	if (!strcmp(t, "boot")) {
		take_boot(r, rec);
	} else if (!strcmp(t, "machine") && r->boots) {
		copy_str(r->boot[this_boot(r)].machine, sizeof(r->boot->machine), rec_str(rec, "id"));
	} else if (!strcmp(t, "platform")) {
		take_platform(r, rec);
	} else if (!strcmp(t, "calibration")) {
		take_calibration(r, rec);
	} else if (!strcmp(t, "cpus") && rec_u64(rec, "online", &v)) {
		r->cpus_online = v > r->cpus_online ? v : r->cpus_online;
	} else if (!strcmp(t, "skip")) {
		r->skips++;
	} else if (!strcmp(t, "error")) {
		r->errors++;
	} else if (!strcmp(t, "end")) {
		take_end(r, rec);
	} else if (!strcmp(t, "run")) {
		if (r->tsc_hz <= 0)
			r->cycles_only = true;
		take_run(r, rec);
	} else if (!strcmp(t, "stats")) {
		take_stats(r, rec);
	} else if (!strcmp(t, "ftq")) {
		take_ftq(r, rec);
	}
	if (r->idle && (!strcmp(t, "idle") || !strcmp(t, "stats") || !strcmp(t, "skip")))
		idle_take(r->idle, rec, r->tsc_hz, this_boot(r));
}

struct report *report_new(int ci)
{
	struct report *r = calloc(1, sizeof(*r));
	if (r && (!(r->cfg = calloc(R_MAX_CONFIGS, sizeof(*r->cfg))) || !(r->idle = idle_new()))) {
		free(r->cfg);
		free(r);
		return NULL;
	}
	if (r)
		r->ci = ci;
	return r;
}

static bool same_group(const struct rconfig *a, const struct rconfig *b)
{
	return !strcmp(a->timer, b->timer) && !strcmp(a->mode, b->mode) &&
	       !strcmp(a->delivery, b->delivery) && !strcmp(a->workload, b->workload) &&
	       a->hz == b->hz && a->cpus == b->cpus;
}

/* A configuration and the index of its group's first in log order. */
struct ordered { struct rconfig c; int group; };

static int by_group_then_model(const void *pa, const void *pb)
{
	const struct ordered *a = pa, *b = pb;
	const unsigned long long ka[] = { a->c.tick_work, a->c.data_kib, a->c.code_kib, a->c.pages };
	const unsigned long long kb[] = { b->c.tick_work, b->c.data_kib, b->c.code_kib, b->c.pages };
	if (a->group != b->group)
		return a->group < b->group ? -1 : 1;
	for (int k = 0; k < 4; k++)
		if (ka[k] != kb[k])
			return ka[k] < kb[k] ? -1 : 1;
	return strcmp(a->c.preset, b->c.preset);
}

void report_order_models(struct report *r)
{
	struct ordered *o = malloc((size_t)r->nconfig * sizeof(*o) + 1);
	if (!o)
		return;                 /* log order, then */
	for (int i = 0; i < r->nconfig; i++) {
		o[i].c = r->cfg[i];
		o[i].group = i;
		for (int j = 0; j < i; j++)
			if (same_group(&r->cfg[j], &r->cfg[i])) {
				o[i].group = o[j].group;
				break;
			}
	}
	qsort(o, (size_t)r->nconfig, sizeof(*o), by_group_then_model);
	for (int i = 0; i < r->nconfig; i++)
		r->cfg[i] = o[i].c;
	free(o);
}

void report_free(struct report *r)
{
	for (int i = 0; i < r->nconfig; i++) {
		struct rconfig *c = &r->cfg[i];
		ds_free(&c->lost), ds_free(&c->cost), ds_free(&c->direct), ds_free(&c->indirect);
		for (int k = 0; k < c->ncpu; k++)
			ds_free(&c->cpu_lost[k]);
		for (int k = 0; k < c->npmu; k++)
			ds_free(&c->pmu[k].per_tick);
		ds_free(&c->ftq_lost), ds_free(&c->ftq_units);
		for (size_t k = 0; k < c->nseries; k++)
			free(c->series[k].v);
		free(c->series);
		free(c->sums);
		free(c->lost_run);
	}
	free(r->boot);
	for (int i = 0; i < r->nstat; i++)
		ds_free(&r->stat[i].p50), ds_free(&r->stat[i].p99);
	free(r->cfg);
	idle_free(r->idle);
	lost_free(&r->pairs);
	free(r);
}
