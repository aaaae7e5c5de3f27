/* Pairing runs with and without the timer (see pairs.h). */
#include "pairs.h"
#include "format.h"
#include "alloc_hook.h"
#include "lib.h"
#include "configuration.h"
#include "schema.h"

struct pending {
	char key[600];
	double cycles, work;     /* work: ftq's units, 0 for the other workloads */
	int npmu;
	struct { char key[32]; double v; } pmu[PAIR_PMU_MAX];
};

/* The off run's event counts, kept for its on run. */
static void keep_pmu(struct pending *p, const struct rec *r)
{
	p->npmu = 0;
	for (size_t i = 0; i < r->nfields && p->npmu < PAIR_PMU_MAX; i++) {
		const struct field *f = &r->f[i];
		if (f->v.kind != V_INT || strncmp(f->key, "pmu_", 4))
			continue;
		format(p->pmu[p->npmu].key, sizeof(p->pmu[0].key), "%s", f->key);
		p->pmu[p->npmu++].v = (double)f->v.u;
	}
}

/* "file|config cpu=N run=K": which off run an on run belongs with. */
static bool pair_key(const struct rec *r, char *buf, size_t size)
{
	uint64_t cpu = 0, run;
	struct configuration config;
	if (!rec_u64(r, FIELD_INT(run, run), &run))
		return false;
	rec_u64(r, FIELD_INT(run, cpu), &cpu);
	configuration_of(&config, r);
	format(buf, size, "%s|%s cpu=%llu run=%llu", r->file ? r->file : "", config.text,
	       (unsigned long long)cpu, (unsigned long long)run);
	return true;
}

static struct pending *find_pending(struct lost_pairs *lp, const char *key)
{
	for (size_t i = lp->n; i-- > 0;)
		if (!strcmp(lp->p[i].key, key))
			return &lp->p[i];
	return NULL;
}

static void keep_off(struct lost_pairs *lp, const char *key, const struct rec *r,
		     double cycles, double work)
{
	struct pending *p = find_pending(lp, key);
	if (!p) {
		if (lp->n == lp->cap) {
			size_t cap = lp->cap ? lp->cap * 2 : 16;
			struct pending *np = heap_resize(lp->p, lp->cap * sizeof(*np), cap * sizeof(*np));
			if (!np)
				return;
			lp->p = np;
			lp->cap = cap;
		}
		p = &lp->p[lp->n++];
		format(p->key, sizeof(p->key), "%s", key);
	}
	p->cycles = cycles;      /* a later boot's off run replaces an unpaired one */
	p->work = work;
	keep_pmu(p, r);
}

bool lost_pair(struct lost_pairs *lp, const struct rec *r, struct run_pair *out)
{
	char key[600];
	double cycles, work = 0;
	bool on;
	if (strcmp(r->type, "run") || !rec_bool(r, FIELD(run, timer_on, BOOL), &on) ||
	    !rec_num(r, FIELD_INT(run, cycles), &cycles) || cycles <= 0 ||
	    !pair_key(r, key, sizeof(key)))
		return false;
	rec_num(r, FIELD_INT(run, work), &work);
	if (!on) {
		keep_off(lp, key, r, cycles, work);
		return false;
	}
	struct pending *p = find_pending(lp, key);
	if (!p || (p->work > 0) != (work > 0))
		return false;
	/* ftq's runs last the same: the off run's cycles for the on run's work */
	out->off = p->work > 0 ? p->cycles * work / p->work : p->cycles;
	out->on = cycles;
	out->off_work = p->work;
	out->on_work = work;
	out->npmu = p->npmu;
	for (int i = 0; i < p->npmu; i++) {
		format(out->pmu[i].key, sizeof(out->pmu[i].key), "%s", p->pmu[i].key);
		out->pmu[i].off = p->pmu[i].v;
	}
	if (out->off <= 0)
		return false;
	if (!rec_num(r, FIELD_INT(run, interrupts), &out->interrupts))
		out->interrupts = 0;
	*p = lp->p[--lp->n];
	return true;
}

void lost_free(struct lost_pairs *lp)
{
	heap_free(lp->p);
	lp->p = NULL;
	lp->n = lp->cap = 0;
}

double lost_ppm(const struct run_pair *p)
{
	return (p->on - p->off) / p->off * 1e6;
}

bool pair_cost(const struct run_pair *p, double *cycles)
{
	if (!(p->interrupts > 0))
		return false;
	*cycles = (p->on - p->off) / p->interrupts;
	return true;
}

/* v as a double, if it is an integer (rec_num()'s rule). */
static bool num_of(const struct value *v, double *out)
{
	if (!v || v->kind != V_INT)
		return false;
	*out = v->neg ? -(double)v->u : (double)v->u;
	return true;
}

bool run_direct_of(const struct value *gap_interrupts, const struct value *gaps,
		   const struct value *gap_cycles, double *cycles)
{
	double gi, gc;
	if (!(num_of(gap_interrupts, &gi) || num_of(gaps, &gi)) || !(gi > 0) ||
	    !num_of(gap_cycles, &gc))
		return false;
	*cycles = gc / gi;
	return true;
}

bool run_direct(const struct rec *r, double *cycles)
{
	return run_direct_of(rec_get(r, FIELD_ANY(run, gap_interrupts)),
			     rec_get(r, FIELD_ANY(run, gaps)),
			     rec_get(r, FIELD_ANY(run, gap_cycles)), cycles);
}
