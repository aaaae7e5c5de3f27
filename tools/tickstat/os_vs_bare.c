/* "What the OS adds to a tick": the figures gathered record by record (os_vs_bare.h).
 * A log is tickbench-linux's when its platform record says `os` "linux"
 * (docs/FORMAT.md, "Under Linux"); the bare kernel's otherwise. */
#include "os_vs_bare.h"
#include "schema.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void copy(char *dst, size_t size, const char *src)
{
	snprintf(dst, size, "%s", src ? src : "");
}

static void add(struct os_adds *a, struct dataset *d, double x)
{
	if (!ds_add_boot(d, x, a->now.boot))
		a->full = true;
}

/* The records before a log's runs: what the log is. */
static void take_about(struct os_adds *a, const struct rec *rec)
{
	struct os_log *l = &a->now;
	const char *t = rec->type;
	if (!strcmp(t, "boot")) {
		memset(l, 0, sizeof(*l));
		l->file = rec->file;
		l->boot = a->boots++;
		a->bare_logs++;          /* until its platform says linux */
	} else if (!strcmp(t, "platform")) {
		const char *os = rec_str(rec, FIELD(platform, os, STR));
		l->under_linux = os && !strcmp(os, "linux");
		a->bare_logs -= l->under_linux;
	} else if (!strcmp(t, "machine")) {
		copy(l->machine, sizeof(l->machine), rec_str(rec, FIELD(machine, id, STR)));
	} else if (!strcmp(t, "calibration")) {
		rec_num(rec, FIELD_INT(calibration, tsc_hz), &l->tsc_hz);
	} else if (!strcmp(t, "spin") && !l->step) {
		rec_num(rec, FIELD_INT(spin, step_cycles), &l->step);
	} else if (!strcmp(t, "linux")) {
		copy(l->nohz, sizeof(l->nohz), rec_str(rec, FIELD(linux, nohz, STR)));
		copy(l->release, sizeof(l->release), rec_str(rec, FIELD(linux, release, STR)));
	}
}

static struct os_work *work_of(struct os_work *w, int *n, int max, const char *workload,
			       double step)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(w[i].workload, workload))
			return &w[i];
	if (*n == max)
		return NULL;
	copy(w[*n].workload, sizeof(w[*n].workload), workload);
	w[*n].step = step;
	return &w[(*n)++];
}

/* A run's work rate, iterations per TSC cycle (ftq's runs last a fixed time and
 * count their work otherwise). */
static bool work_rate(const struct rec *rec, const char *workload, double *rate)
{
	double it, cycles;
	if (!strcmp(workload, "ftq") || !rec_num(rec, FIELD_INT(run, iterations), &it) ||
	    !rec_num(rec, FIELD_INT(run, cycles), &cycles) || !(cycles > 0))
		return false;
	*rate = it / cycles;
	return true;
}

static struct os_source *source_of(struct os_adds *a, const char *timer, const char *mode)
{
	for (int i = 0; i < a->nsource; i++) {
		struct os_source *s = &a->src[i];
		if (!strcmp(s->machine, a->now.machine) && !strcmp(s->timer, timer) &&
		    !strcmp(s->mode, mode))
			return s;
	}
	if (a->nsource == OS_MAX_SOURCES) {
		a->full = true;
		return NULL;
	}
	struct os_source *s = &a->src[a->nsource++];
	copy(s->machine, sizeof(s->machine), a->now.machine);
	copy(s->timer, sizeof(s->timer), timer);
	copy(s->mode, sizeof(s->mode), mode);
	return s;
}

/* The bare timer-off runs of this log's machine and a workload. */
static struct os_work *bare_work_of(struct os_adds *a, const char *workload)
{
	int k = 0, one = 0;
	while (k < a->nbare_work && (strcmp(a->bare_work[k].machine, a->now.machine) ||
				     strcmp(a->bare_work[k].w.workload, workload)))
		k++;
	if (k < a->nbare_work)
		return &a->bare_work[k].w;
	if (k == OS_MAX_SOURCES) {
		a->full = true;
		return NULL;
	}
	copy(a->bare_work[k].machine, sizeof(a->bare_work[k].machine), a->now.machine);
	a->nbare_work++;
	return work_of(&a->bare_work[k].w, &one, 1, workload, a->now.step);
}

/* A bare run on one CPU: spin with the timer, its direct cost by handler; without
 * it, the workload's rate. */
static void take_bare(struct os_adds *a, const struct rec *rec, const char *timer,
		      const char *mode, const char *workload)
{
	bool on = false;
	double direct, rate, unit = a->now.tsc_hz > 0 ? 1e9 / a->now.tsc_hz : 1;
	rec_bool(rec, FIELD(run, timer_on, BOOL), &on);
	if (!on && work_rate(rec, workload, &rate)) {
		struct os_work *w = bare_work_of(a, workload);
		if (w)
			add(a, &w->rate, rate);
		return;
	}
	const char *handler = rec_str(rec, FIELD(run, handler, STR));
	struct os_source *s;
	if (!on || strcmp(workload, "spin") || !handler || !run_direct(rec, &direct) ||
	    !(s = source_of(a, timer, mode)))
		return;
	bool full = !strcmp(handler, "full");
	add(a, full ? &s->full : &s->floor, direct * unit);
	add(a, full ? &s->full_cycles : &s->floor_cycles, direct);
}

/* A Linux configuration: the machine and tick mode of its log, the run's timer,
 * mode and HZ. */
static const struct configuration_part config_parts[] = {
	{ FIELD(run, timer, STR), "" }, { FIELD(run, mode, STR), "" },
	{ FIELD(run, hz, U64), "0" }, { NULL, NULL },
};

static void fill_config(struct os_adds *a, struct os_config *c, const char *timer,
			const char *mode, unsigned long long hz)
{
	copy(c->machine, sizeof(c->machine), a->now.machine);
	copy(c->timer, sizeof(c->timer), timer);
	copy(c->mode, sizeof(c->mode), mode);
	copy(c->nohz, sizeof(c->nohz), a->now.nohz);
	copy(c->release, sizeof(c->release), a->now.release);
	c->file = a->now.file;
	c->hz = hz;
}

static struct os_config *config_of(struct os_adds *a, const struct rec *rec, const char *timer,
				   const char *mode, unsigned long long hz)
{
	struct configuration key;
	bool added;
	configuration_pick(&key, rec, config_parts);
	configuration_add(&key, "machine", a->now.machine);
	configuration_add(&key, FIELD(linux, nohz, STR), a->now.nohz);
	if (!a->configs.size)
		a->configs = (struct configurations){ .size = sizeof(struct os_config),
						      .max = OS_MAX_CONFIGS };
	int k = configurations_place(&a->configs, &key, &added);
	if (k < 0) {
		a->full = true;
		return NULL;
	}
	a->cfg = a->configs.items, a->nconfig = a->configs.n;
	struct os_config *c = &a->cfg[k];
	if (added)
		fill_config(a, c, timer, mode, hz);
	c->logs += c->last_boot != a->now.boot || added;
	c->last_boot = a->now.boot;
	return c;
}

/* Each softirq_LABEL field of the run, summed by label; their total per interrupt. */
static void take_softirqs(struct os_adds *a, struct os_config *c, const struct rec *rec,
			  double interrupts)
{
	double all = 0;
	for (size_t i = 0; i < rec->nfields; i++) {
		const struct field *f = &rec->f[i];
		uint64_t n;
		if (strncmp(f->key, "softirq_", 8) || !value_u64(&f->v, &n))
			continue;
		all += (double)n;
		int k = 0;
		while (k < c->nsoft && strcmp(c->soft[k].label, f->key + 8))
			k++;
		if (k == OS_MAX_SOFTIRQ)
			continue;
		if (k == c->nsoft)
			copy(c->soft[c->nsoft++].label, sizeof(c->soft[k].label), f->key + 8);
		c->soft[k].sum += (double)n;
	}
	c->interrupts += interrupts;
	if (interrupts > 0)
		add(a, &c->softirqs, all / interrupts);
}

/* A run under Linux: the timer interrupts a second and softirqs per interrupt of
 * every run; the workload's rate; on spin the tick's direct cost and CPU share. */
static void take_linux(struct os_adds *a, const struct rec *rec, const char *timer,
		       const char *mode, const char *workload)
{
	uint64_t hz = 0;
	double cycles, irqs = 0, direct, rate;
	rec_u64(rec, FIELD_INT(run, hz), &hz);
	rec_num(rec, FIELD_INT(run, interrupts), &irqs);
	struct os_config *c = config_of(a, rec, timer, mode, hz);
	if (!c || !rec_num(rec, FIELD_INT(run, cycles), &cycles) || !(cycles > 0) || !(a->now.tsc_hz > 0))
		return;
	add(a, &c->rate, irqs * a->now.tsc_hz / cycles);
	take_softirqs(a, c, rec, irqs);
	struct os_work *w = work_of(c->work, &c->nwork, OS_MAX_WORK, workload, a->now.step);
	if (w && work_rate(rec, workload, &rate))
		add(a, &w->rate, rate);
	if (strcmp(workload, "spin"))
		return;
	if (!run_direct(rec, &direct)) {
		if (irqs == 0)               /* no tick at all (nohz_full): no share */
			add(a, &c->share, 0);
		return;
	}
	add(a, &c->direct, direct * 1e9 / a->now.tsc_hz);
	add(a, &c->direct_cycles, direct);
	add(a, &c->share, direct * irqs / cycles * 1e6);
}

void os_adds_take(const struct rec *rec, void *ctx)
{
	struct os_adds *a = ctx;
	const char *bench, *timer, *mode, *workload;
	uint64_t cpus = 1;
	if (strcmp(rec->type, "run")) {
		take_about(a, rec);
		return;
	}
	rec_u64(rec, FIELD_INT(run, cpus), &cpus);
	bench = rec_str(rec, FIELD(run, bench, STR)), timer = rec_str(rec, FIELD(run, timer, STR));
	mode = rec_str(rec, FIELD(run, mode, STR)), workload = rec_str(rec, FIELD(run, workload, STR));
	if (rec->file != a->now.file || !bench || strcmp(bench, "tick") || !timer || !mode ||
	    !workload || cpus != 1)
		return;
	if (a->now.under_linux)
		take_linux(a, rec, timer, mode, workload);
	else
		take_bare(a, rec, timer, mode, workload);
}

const struct os_source *os_bare_source(const struct os_adds *a, const struct os_config *c)
{
	for (int i = 0; i < a->nsource; i++) {
		const struct os_source *s = &a->src[i];
		if (!strcmp(s->machine, c->machine) && !strcmp(s->timer, c->timer) &&
		    !strcmp(s->mode, c->mode))
			return s;
	}
	return NULL;
}

const struct os_work *os_bare_work(const struct os_adds *a, const char *machine,
				   const char *workload)
{
	for (int i = 0; i < a->nbare_work; i++)
		if (!strcmp(a->bare_work[i].machine, machine) &&
		    !strcmp(a->bare_work[i].w.workload, workload))
			return &a->bare_work[i].w;
	return NULL;
}

bool os_bare_machine(const struct os_adds *a, const char *machine)
{
	for (int i = 0; i < a->nsource; i++)
		if (!strcmp(a->src[i].machine, machine))
			return true;
	for (int i = 0; i < a->nbare_work; i++)
		if (!strcmp(a->bare_work[i].machine, machine))
			return true;
	return false;
}

struct estimate os_whole(const struct os_adds *a, const struct os_config *c,
			 const struct os_work *w, int ci, double *bare_step)
{
	const struct os_work *bare = os_bare_work(a, c->machine, w->workload);
	struct estimate e = { .ok = false };
	*bare_step = bare ? bare->step : 0;
	if (!bare || !bare->rate.n || !w->rate.n || bare->step != w->step)
		return e;
	double k = 1e6 / ds_mean(&bare->rate);
	e = diff_estimate(&w->rate, &bare->rate, ci);  /* bare - Linux */
	e.v *= k, e.lo *= k, e.hi *= k, e.e *= k;
	return e;
}

bool os_parts_of(const struct os_adds *a, const struct os_config *c, struct os_parts *p)
{
	const struct os_source *s = os_bare_source(a, c);
	memset(p, 0, sizeof(*p));
	if (!c->direct.n)
		return false;
	p->linux_direct = ds_mean(&c->direct);
	p->floor = s && s->floor.n ? ds_mean(&s->floor) : 0;
	double rate = ds_mean(&c->rate), step;
	for (int k = 0; k < c->nwork; k++) {
		struct estimate whole = os_whole(a, c, &c->work[k], 0, &step);   /* ppm */
		if (!strcmp(c->work[k].workload, "spin") && whole.ok && rate > 0)
			p->rest = fmax(whole.v * 1e3 / rate - p->linux_direct, 0);
	}
	return true;
}

/* off (periodic), idle (tickless when idle), full (nohz_full), else after them. */
static int nohz_rank(const char *nohz)
{
	static const char *const modes[] = { "off", "idle", "full" };
	int k = 0;
	while (k < 3 && strcmp(nohz, modes[k]))
		k++;
	return k;
}

/* Paired first, then machine, HZ and the tick's mode. */
static int config_cmp(const void *x, const void *y)
{
	const struct os_config *a = x, *b = y;
	int m = a->paired != b->paired ? b->paired - a->paired : strcmp(a->machine, b->machine);
	if (m)
		return m;
	if (a->hz != b->hz)
		return a->hz < b->hz ? -1 : 1;
	return nohz_rank(a->nohz) - nohz_rank(b->nohz);
}

void os_adds_order(struct os_adds *a)
{
	for (int i = 0; i < a->nconfig; i++)
		a->cfg[i].paired = os_bare_machine(a, a->cfg[i].machine);
	qsort(a->cfg, (size_t)a->nconfig, sizeof(a->cfg[0]), config_cmp);
}

void os_config_label(char *buf, size_t size, const struct os_config *c)
{
	snprintf(buf, size, "HZ=%llu nohz=%s", c->hz, nohz_rank(c->nohz) < 3 ? c->nohz : "?");
}

static void free_config(struct os_config *c)
{
	ds_free(&c->direct), ds_free(&c->direct_cycles), ds_free(&c->share);
	ds_free(&c->rate), ds_free(&c->softirqs);
	for (int k = 0; k < c->nwork; k++)
		ds_free(&c->work[k].rate);
}

void os_adds_free(struct os_adds *a)
{
	for (int i = 0; i < a->nconfig; i++)
		free_config(&a->cfg[i]);
	configurations_free(&a->configs);
	for (int i = 0; i < a->nsource; i++) {
		struct os_source *s = &a->src[i];
		ds_free(&s->floor), ds_free(&s->full);
		ds_free(&s->floor_cycles), ds_free(&s->full_cycles);
	}
	for (int i = 0; i < a->nbare_work; i++)
		ds_free(&a->bare_work[i].w.rate);
}
