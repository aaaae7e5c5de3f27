/* The answer's figures gathered record by record (answer.h). Every per-run figure
 * is formed from one pair of tick runs (lib/answer/pairs.h), converted to ns with the
 * tsc_hz of the boot it came from. */
#include "answer.h"
#include "answer_idle.h"
#include "format.h"
#include "alloc_hook.h"
#include "lib.h"
#include "schema.h"

/* src (none: "") cut to size - 1 bytes and ended, as format("%s") would, without its
 * parsing: configurations copy five strings a run. */
static void copy_str(char *dst, size_t size, const char *src)
{
	size_t n = src ? strlen(src) : 0;
	n = n < size - 1 ? n : size - 1;
	memcpy(dst, src ? src : "", n);
	dst[n] = 0;
}

static bool take_value(struct report *r, struct dataset *d, double x, unsigned boot)
{
	if (ds_add_boot(d, x, boot))
		return true;
	r->out_of_memory = true;
	return false;
}

/* The work model of a record (absent fields: the floor, as in logs before it). */
static void model_of(const struct rec *rec, struct rconfig *m)
{
	uint64_t v[4] = { 0, 0, 0, 0 };
	rec_u64(rec, FIELD_INT(run, tick_work), &v[0]);
	rec_u64(rec, FIELD_INT(run, tick_data_kib), &v[1]);
	rec_u64(rec, FIELD_INT(run, tick_code_kib), &v[2]);
	rec_u64(rec, FIELD_INT(run, tick_pages), &v[3]);
	m->tick_work = v[0], m->data_kib = v[1], m->code_kib = v[2], m->pages = v[3];
	copy_str(m->preset, sizeof(m->preset), rec_str(rec, FIELD(run, tick_model, STR)));
	copy_str(m->handler, sizeof(m->handler), rec_str(rec, FIELD(run, handler, STR)));
}

/* What tells the report's configurations apart (docs/FORMAT.md, "run"): the record's
 * type aside, a run's and the ftq records of its runs are one; an absent part is
 * what logs before it meant. The handler apart: handler_fits. */
static const struct configuration_part config_parts[] = {
	{ FIELD(run, timer, STR), "" },      { FIELD(run, mode, STR), "" },
	{ FIELD(run, delivery, STR), "" },   { FIELD(run, workload, STR), "" },
	{ FIELD(run, hz, U64), "0" },        { FIELD(run, cpus, U64), "1" },
	{ FIELD(run, tick_work, U64), "0" }, { FIELD(run, tick_data_kib, U64), "0" },
	{ FIELD(run, tick_code_kib, U64), "0" }, { FIELD(run, tick_pages, U64), "0" },
	{ FIELD(run, tick_model, STR), "" }, { NULL, NULL },
};

/* The handler is part of the model (same_model), but a record without one (ftq's)
 * belongs to its run's, and a configuration first met without one takes the
 * handler of the first record that has one. */
static bool handler_fits(struct rconfig *c, const char *handler)
{
	if (handler && c->handler[0] && strcmp(c->handler, handler))
		return false;
	if (!c->handler[0])
		copy_str(c->handler, sizeof(c->handler), handler);
	return true;
}

/* A new configuration: its parts as the report reads them. */
static void fill_config(struct rconfig *c, const struct rec *rec)
{
	uint64_t hz = 0, cpus = 1;
	copy_str(c->timer, sizeof(c->timer), rec_str(rec, FIELD(run, timer, STR)));
	copy_str(c->mode, sizeof(c->mode), rec_str(rec, FIELD(run, mode, STR)));
	copy_str(c->delivery, sizeof(c->delivery), rec_str(rec, FIELD(run, delivery, STR)));
	copy_str(c->workload, sizeof(c->workload), rec_str(rec, FIELD(run, workload, STR)));
	rec_u64(rec, FIELD_INT(run, hz), &hz);
	rec_u64(rec, FIELD_INT(run, cpus), &cpus);
	c->hz = hz;
	c->cpus = (unsigned)cpus;
	model_of(rec, c);
}

static struct rconfig *config_of(struct report *r, const struct rec *rec)
{
	struct configuration key;
	const char *handler = rec_str(rec, FIELD(run, handler, STR));
	configuration_pick(&key, rec, config_parts);
	for (int i = configurations_find(&r->configs, &key, 0); i >= 0;
	     i = configurations_find(&r->configs, &key, i + 1))
		if (handler_fits(configurations_at(&r->configs, i), handler))
			return configurations_at(&r->configs, i);
	int k = configurations_append(&r->configs, &key);
	if (k < 0) {
		r->out_of_memory = true;
		return NULL;
	}
	r->cfg = r->configs.items, r->nconfig = r->configs.n;
	fill_config(&r->cfg[k], rec);
	return &r->cfg[k];
}

static struct dataset *cpu_set(struct rconfig *c, uint64_t cpu)
{
	for (int i = 0; i < c->ncpu; i++)
		if (c->cpu_id[i] == cpu)
			return &c->cpu_lost[i];
	if (c->ncpu == A_MAX_CPUS)
		return NULL;
	c->cpu_id[c->ncpu] = cpu;
	return &c->cpu_lost[c->ncpu++];
}

/* The slot of (boot, run) in c's table of its run sums: open addressing, each slot
 * 1 + the sum's index or 0 for none (a walk of the sums for each run was quadratic:
 * 392 million steps a configuration of 28,000 runs). */
static size_t *sum_slot(const struct rconfig *c, unsigned boot, uint64_t run)
{
	size_t mask = c->cap_slots - 1;
	size_t h = (size_t)((run * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)boot * 0xbf58476d1ce4e5b9ull));
	for (h &= mask; c->slots[h]; h = (h + 1) & mask) {
		const struct run_sum *s = &c->sums[c->slots[h] - 1];
		if (s->run == run && s->boot == boot)
			break;
	}
	return &c->slots[h];
}

/* Room for one sum more: the sums, and the table twice as large as they are. */
static bool room_for_sum(struct rconfig *c)
{
	if (c->nsums == c->cap_sums) {
		size_t cap = c->cap_sums ? 2 * c->cap_sums : 16;
		struct run_sum *s = heap_resize(c->sums, c->cap_sums * sizeof(*s), cap * sizeof(*s));
		if (!s)
			return false;
		c->sums = s;
		c->cap_sums = cap;
	}
	if (2 * (c->nsums + 1) <= c->cap_slots)
		return true;
	size_t cap = c->cap_slots ? 2 * c->cap_slots : 32;
	size_t *slots = heap_resize(NULL, 0, cap * sizeof(*slots));
	if (!slots)
		return false;
	memset(slots, 0, cap * sizeof(*slots));
	heap_free(c->slots);
	c->slots = slots;
	c->cap_slots = cap;
	for (size_t i = 0; i < c->nsums; i++)
		*sum_slot(c, c->sums[i].boot, c->sums[i].run) = i + 1;
	return true;
}

/* lost_ppm summed over the CPUs that ran run index `run` of this configuration. */
static void add_to_sum(struct report *r, struct rconfig *c, unsigned boot, uint64_t run,
		       double ppm)
{
	if (!room_for_sum(c)) {
		r->out_of_memory = true;
		return;
	}
	size_t *slot = sum_slot(c, boot, run);
	if (*slot) {
		c->sums[*slot - 1].ppm += ppm;
		return;
	}
	c->sums[c->nsums++] = (struct run_sum){ boot, run, ppm };
	*slot = c->nsums;
}

/* The boot the records now read come from: boots are numbered across the logs. */
static unsigned this_boot(const struct report *r)
{
	return r->boots ? r->boots - 1 : 0;
}

static void add_lost(struct report *r, struct rconfig *c, double ppm, unsigned boot, uint64_t run)
{
	if (c->lost.n == c->cap_lost_run) {
		size_t cap = c->cap_lost_run ? 2 * c->cap_lost_run : 16;
		unsigned long long *runs = heap_resize(c->lost_run, c->cap_lost_run * sizeof(*runs),
						       cap * sizeof(*runs));
		if (!runs) {
			r->out_of_memory = true;
			return;
		}
		c->lost_run = runs;
		c->cap_lost_run = cap;
	}
	c->lost_run[c->lost.n] = run;
	take_value(r, &c->lost, ppm, boot);
}

/* A run with the timer off its rate: -1 where its ticks did not come (fewer than
 * expected by more than 1 % + 1), 1 where it took interrupts its rate did not ask
 * for (more by as much: QEMU 7.2's HPET under -icount fires twice a period), else 0
 * (or without expected). */
static int off_rate(const struct rec *rec, uint64_t *irq, uint64_t *expected)
{
	if (!rec_u64(rec, FIELD_INT(run, interrupts), irq) || !rec_u64(rec, FIELD_INT(run, expected), expected) ||
	    !*expected)
		return 0;
	return *irq + *expected / 100 + 1 < *expected ? -1 :
	       *irq > *expected + *expected / 100 + 1 ? 1 : 0;
}

/* A run's own signs of trouble: SMIs, holes nobody explains, a rate not kept. */
static void run_troubles(struct report *r, const struct rec *rec)
{
	uint64_t v, irq, expected;
	if (rec_u64(rec, FIELD_INT(run, smi), &v))
		r->smi += v;
	if (rec_u64(rec, FIELD_INT(run, unexplained), &v))
		r->unexplained += v;
	int off = off_rate(rec, &irq, &expected);
	r->short_runs += off < 0;
	r->extra_runs += off > 0;
}

/* The ticks a configuration's runs with the timer took and their rate asked for,
 * and those off it: the marks of its figures. */
static void take_ticks(struct rconfig *c, const struct rec *rec)
{
	uint64_t irq = 0, expected = 0;
	c->off_rate_runs += off_rate(rec, &irq, &expected) != 0;
	if (expected) {
		c->ticks_taken += (double)irq;
		c->ticks_asked += (double)expected;
	}
}

/* Per tick, each event the pair counted: (on - off) / interrupts. */
static void take_pmu(struct report *r, struct rconfig *c, const struct rec *rec,
		     const struct run_pair *p, unsigned boot)
{
	for (int i = 0; i < p->npmu; i++) {
		double on;
		if (!rec_num(rec, p->pmu[i].key, &on))
			continue;
		int k = 0;
		while (k < c->npmu && strcmp(c->pmu[k].event, p->pmu[i].key + 4))
			k++;
		if (k == c->npmu && c->npmu == A_MAX_PMU)
			continue;
		if (k == c->npmu) {
			copy_str(c->pmu[k].event, sizeof(c->pmu[k].event), p->pmu[i].key + 4);
			ds_init(&c->pmu[k].per_tick, c->pmu[k].event);
			c->npmu++;
		}
		take_value(r, &c->pmu[k].per_tick, (on - p->pmu[i].off) / p->interrupts, boot);
	}
}

/* ftq: per quantum, the units the on run did not do and those the off run did. */
static void take_ftq_pair(struct report *r, struct rconfig *c, const struct rec *rec,
			  const struct run_pair *p, unsigned boot)
{
	double quanta, quantum;
	if (!(p->on_work > 0) || !rec_num(rec, FIELD_INT(run, quanta), &quanta) || !(quanta > 0))
		return;
	take_value(r, &c->ftq_lost, (p->off_work - p->on_work) / quanta, boot);
	take_value(r, &c->ftq_units, p->off_work / quanta, boot);
	if (rec_num(rec, FIELD_INT(run, quantum_cycles), &quantum))
		c->quantum_cycles = quantum;
}

/* spin: the direct cost (lib/answer/pairs.h) and the indirect, cost less it. */
static void take_direct(struct report *r, struct rconfig *c, const struct rec *rec,
			double cost, double unit, unsigned boot)
{
	double direct;
	if (run_direct(rec, &direct)) {
		take_value(r, &c->direct, direct * unit, boot);
		take_value(r, &c->direct_cycles, direct, boot);
		take_value(r, &c->indirect, cost - direct * unit, boot);
	}
}

static void take_run(struct report *r, const struct rec *rec)
{
	struct run_pair p;
	const char *bench = rec_str(rec, FIELD(run, bench, STR));
	if (!bench || strcmp(bench, "tick"))
		return;
	run_troubles(r, rec);
	if (!lost_pair(&r->pairs, rec, &p))
		return;
	struct rconfig *c = config_of(r, rec);
	if (!c)
		return;
	uint64_t cpu = 0, run = 0;
	double ppm = lost_ppm(&p), unit = r->tsc_hz > 0 ? 1e9 / r->tsc_hz : 1;
	unsigned boot = this_boot(r);
	rec_u64(rec, FIELD_INT(run, cpu), &cpu);
	rec_u64(rec, FIELD_INT(run, run), &run);
	add_lost(r, c, ppm, boot, run);
	take_ticks(c, rec);
	c->pair_cycles += p.off + p.on;
	struct dataset *per_cpu = cpu_set(c, cpu);
	if (per_cpu)
		take_value(r, per_cpu, ppm, boot);
	add_to_sum(r, c, boot, run, ppm);
	double cost;
	if (!pair_cost(&p, &cost))
		return;
	cost *= unit;
	take_value(r, &c->cost, cost, boot);
	take_pmu(r, c, rec, &p, boot);
	take_ftq_pair(r, c, rec, &p, boot);
	take_direct(r, c, rec, cost, unit, boot);
}

static struct rstat *stat_of(struct report *r, const char *bench, const char *label)
{
	for (int i = 0; i < r->nstat; i++)
		if (!strcmp(r->stat[i].bench, bench) && !strcmp(r->stat[i].what, label))
			return &r->stat[i];
	if (r->nstat == A_MAX_STATS)
		return NULL;
	struct rstat *s = &r->stat[r->nstat++];
	copy_str(s->bench, sizeof(s->bench), bench);
	copy_str(s->what, sizeof(s->what), label);
	return s;
}

/* readcost, armcost and latency on one CPU: each run's p50 and p99. */
static void take_stats(struct report *r, const struct rec *rec)
{
	const char *bench = rec_str(rec, FIELD(stats, bench, STR));
	const char *what = rec_str(rec, FIELD(stats, what, STR));
	uint64_t cpus = 1;
	double p50, p99, unit = r->tsc_hz > 0 ? 1e9 / r->tsc_hz : 1;
	rec_u64(rec, FIELD_INT(stats, cpus), &cpus);
	if (!bench || !what || cpus != 1 || !rec_num(rec, FIELD_INT(stats, p50), &p50) ||
	    !rec_num(rec, FIELD_INT(stats, p99), &p99) ||
	    (strcmp(bench, "readcost") && strcmp(bench, "armcost") && strcmp(bench, "latency")))
		return;
	char label[64];
	const char *wait = rec_str(rec, FIELD(stats, wait, STR));
	const char *stamp = rec_str(rec, FIELD(stats, stamp, STR));
	bool waits = wait && strcmp(wait, "spin"), wake = stamp && !strcmp(stamp, "wake");
	/* latency: each state apart from spin, and the wake's stamp from the handler's */
	format(label, sizeof(label), "%s%s%s%s", what, waits ? "/" : "", waits ? wait : "",
	       wake ? " wake" : "");
	if (wait && !r->latency_wait[0])
		copy_str(r->latency_wait, sizeof(r->latency_wait), wait);
	struct rstat *s = stat_of(r, bench, label);
	if (!s)
		return;
	copy_str(s->timer, sizeof(s->timer), what);
	copy_str(s->wait, sizeof(s->wait), wait);
	s->wake = wake;
	unsigned boot = this_boot(r);
	take_value(r, &s->p50, p50 * unit, boot), take_value(r, &s->p99, p99 * unit, boot);
	take_value(r, &s->p50_cycles, p50, boot), take_value(r, &s->p99_cycles, p99, boot);
}

/* An ftq record of a run with the timer: its values at [first, first + n) of that
 * run's series. */
static void take_ftq(struct report *r, const struct rec *rec)
{
	const struct value *w = rec_get(rec, FIELD_ANY(ftq, work));
	uint64_t run = 0, first = 0;
	bool on = false;
	if (!w || w->kind != V_ARRAY || !rec_bool(rec, FIELD(ftq, timer_on, BOOL), &on) || !on ||
	    !rec_u64(rec, FIELD_INT(ftq, run), &run) || !rec_u64(rec, FIELD_INT(ftq, first), &first) ||
	    first > 1u << 20)
		return;
	struct rconfig *c = config_of(r, rec);
	if (!c)
		return;
	struct rseries *s = NULL;
	for (size_t i = 0; i < c->nseries && !s; i++)
		if (c->series[i].run == run && c->series[i].file == rec->file)
			s = &c->series[i];
	if (!s) {
		struct rseries *more = heap_resize(c->series, c->nseries * sizeof(*more),
						   (c->nseries + 1) * sizeof(*more));
		if (!more)
			return;
		c->series = more;
		s = &c->series[c->nseries++];
		*s = (struct rseries){ rec->file, run, NULL, 0 };
	}
	size_t end = first + w->len;
	if (end > s->n) {
		double *v = heap_resize(s->v, s->n * sizeof(*v), end * sizeof(*v));
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
	const char *brand = rec_str(rec, FIELD(platform, brand, STR));
	uint64_t v;
	if (r->have_platform) {
		if (brand && strcmp(brand, r->brand))
			copy_str(r->other_brand, sizeof(r->other_brand), brand);
		return;
	}
	r->have_platform = true;
	copy_str(r->brand, sizeof(r->brand), brand);
	copy_str(r->vendor, sizeof(r->vendor), rec_str(rec, FIELD(platform, vendor, STR)));
	copy_str(r->hypervisor_sig, sizeof(r->hypervisor_sig),
		 rec_str(rec, FIELD(platform, hypervisor_sig, STR)));
	copy_str(r->emulator, sizeof(r->emulator), rec_str(rec, FIELD(platform, emulator, STR)));
	copy_str(r->below, sizeof(r->below), rec_str(rec, FIELD(platform, below, STR)));
	rec_bool(rec, FIELD(platform, hypervisor, BOOL), &r->hypervisor);
	r->tsc_invariant = true;
	rec_bool(rec, FIELD(platform, tsc_invariant, BOOL), &r->tsc_invariant);
	if (rec_u64(rec, FIELD_INT(platform, rdtsc_cycles), &v))
		r->rdtsc_cycles = v;
	if (rec_u64(rec, FIELD_INT(platform, loop_cycles), &v))
		r->loop_cycles = v;
}

static void take_calibration(struct report *r, const struct rec *rec)
{
	uint64_t hz, spread;
	if (!rec_u64(rec, FIELD_INT(calibration, tsc_hz), &hz))
		return;
	r->tsc_hz = (double)hz;
	if (r->first_tsc_hz == 0)
		r->first_tsc_hz = (double)hz;
	else if ((double)hz - r->first_tsc_hz > 1e-3 * r->first_tsc_hz ||
		 r->first_tsc_hz - (double)hz > 1e-3 * r->first_tsc_hz)
		r->tsc_hz_differs = true;   /* more than calibrations of one TSC differ */
	if (rec_u64(rec, FIELD_INT(calibration, spread_ppm), &spread) && spread > r->spread_ppm)
		r->spread_ppm = spread;
	if (!r->reference[0])
		copy_str(r->reference, sizeof(r->reference),
			 rec_str(rec, FIELD(calibration, reference, STR)));
}

/* tick's spin calibration: whether every step of the measuring loop took as many
 * cycles as the loop has instructions (QEMU -icount: cycles are instructions). */
static void take_spin(struct report *r, const struct rec *rec)
{
	uint64_t steps, cycles, above, p999, instructions;
	if (r->step_instructions || !rec_u64(rec, FIELD_INT(spin, step_instructions), &instructions) ||
	    !rec_u64(rec, FIELD_INT(spin, steps), &steps) ||
	    !rec_u64(rec, FIELD_INT(spin, cycles), &cycles) ||
	    !rec_u64(rec, FIELD_INT(spin, above_step), &above) ||
	    !rec_u64(rec, FIELD_INT(spin, p999_cycles), &p999) || !steps)
		return;
	r->step_instructions = instructions;
	r->cycles_are_instructions = !above && p999 == instructions && cycles / steps == instructions;
}

void report_end(struct report *r, const char *status)
{
	r->ends++;
	r->ends_pass += status && !strcmp(status, "pass");
}

static void take_end(struct report *r, const struct rec *rec)
{
	uint64_t tsc;
	report_end(r, rec_str(rec, FIELD(end, status, STR)));
	if (r->boots && rec_u64(rec, FIELD_INT(end, tsc), &tsc))
		r->boot[this_boot(r)].end_tsc = (double)tsc;
}

/* The command line holds a seed= word. */
static bool seed_given(const char *cmdline)
{
	for (const char *p = cmdline; p && *p; p++)
		if (!strncmp(p, "seed=", 5) && (p == cmdline || p[-1] == ' ' || p[-1] == '\t'))
			return true;
	return false;
}

/* A boot begins: what tells it apart from the others (its seed, machine, build). */
static void take_boot(struct report *r, const struct rec *rec)
{
	struct rboot *b = heap_resize(r->boot, r->boots * sizeof(*b), (r->boots + 1) * sizeof(*b));
	uint64_t seed;
	if (!b) {
		r->out_of_memory = true;
		return;
	}
	r->boot = b;
	b = &r->boot[r->boots++];
	*b = (struct rboot){ .file = rec->file, .line = rec->line };
	copy_str(b->version, sizeof(b->version), rec_str(rec, FIELD(boot, version, STR)));
	/* a seed drawn at boot tells boots apart; one given (seed=) repeats on purpose */
	if ((b->has_seed = rec_u64(rec, FIELD_INT(boot, seed), &seed) &&
			   !seed_given(rec_str(rec, FIELD(boot, cmdline, STR)))))
		b->seed = seed;
	r->tsc_hz = 0;   /* until this boot's calibration */
	if (!r->cmdline[0])
		copy_str(r->cmdline, sizeof(r->cmdline), rec_str(rec, FIELD(boot, cmdline, STR)));
}

bool report_take_boot(struct report *r, const struct rec *rec)
{
	if (!strcmp(rec->type, "boot"))
		take_boot(r, rec);
	else if (!strcmp(rec->type, "machine") && r->boots)
		copy_str(r->boot[this_boot(r)].machine, sizeof(r->boot->machine),
			 rec_str(rec, FIELD(machine, id, STR)));
	else
		return false;
	return true;
}

void report_take(const struct rec *rec, void *ctx)
{
	struct report *r = ctx;
	uint64_t v;
	const char *t = rec->type;
	r->records++;
	if (report_take_boot(r, rec)) {
		/* a boot's identity */
	} else if (!strcmp(t, "platform")) {
		take_platform(r, rec);
	} else if (!strcmp(t, "calibration")) {
		take_calibration(r, rec);
	} else if (!strcmp(t, "spin")) {
		take_spin(r, rec);
	} else if (!strcmp(t, "cpus") && rec_u64(rec, FIELD_INT(cpus, online), &v)) {
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
	struct report *r = heap_resize(NULL, 0, sizeof(*r));
	if (!r)
		return NULL;
	memset(r, 0, sizeof(*r));
	r->ci = ci;
	r->configs.size = sizeof(struct rconfig);
	if (!(r->idle = idle_new())) {
		heap_free(r);
		return NULL;
	}
	return r;
}

static void config_free(struct rconfig *c)
{
	ds_free(&c->lost), ds_free(&c->cost), ds_free(&c->direct), ds_free(&c->indirect);
	ds_free(&c->direct_cycles);
	for (int k = 0; k < c->ncpu; k++)
		ds_free(&c->cpu_lost[k]);
	for (int k = 0; k < c->npmu; k++)
		ds_free(&c->pmu[k].per_tick);
	ds_free(&c->ftq_lost), ds_free(&c->ftq_units);
	for (size_t k = 0; k < c->nseries; k++)
		heap_free(c->series[k].v);
	heap_free(c->series);
	heap_free(c->sums);
	heap_free(c->slots);
	heap_free(c->lost_run);
}

void report_free(struct report *r)
{
	for (int i = 0; i < r->nconfig; i++)
		config_free(&r->cfg[i]);
	configurations_free(&r->configs);
	heap_free(r->boot);
	for (int i = 0; i < r->nstat; i++) {
		struct rstat *s = &r->stat[i];
		ds_free(&s->p50), ds_free(&s->p99), ds_free(&s->p50_cycles), ds_free(&s->p99_cycles);
	}
	idle_free(r->idle);
	lost_free(&r->pairs);
	heap_free(r);
}
