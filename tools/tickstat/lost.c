/* Pairing runs with and without the timer (see lost.h). */
#include "lost.h"
#include "tickstat.h"

#include <stdlib.h>
#include <string.h>

struct pending {
	char key[600];
	double cycles;
};

/* "file|config cpu=N run=K": which off run an on run belongs with. */
static bool pair_key(const struct rec *r, char *buf, size_t size)
{
	uint64_t cpu = 0, run;
	char config[512];
	if (!rec_u64(r, "run", &run))
		return false;
	rec_u64(r, "cpu", &cpu);
	config_key(r, config, sizeof(config));
	snprintf(buf, size, "%s|%s cpu=%llu run=%llu", r->file, config,
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

static void keep_off(struct lost_pairs *lp, const char *key, double cycles)
{
	struct pending *p = find_pending(lp, key);
	if (!p) {
		if (lp->n == lp->cap) {
			size_t cap = lp->cap ? lp->cap * 2 : 16;
			struct pending *np = realloc(lp->p, cap * sizeof(*np));
			if (!np)
				return;
			lp->p = np;
			lp->cap = cap;
		}
		p = &lp->p[lp->n++];
		snprintf(p->key, sizeof(p->key), "%s", key);
	}
	p->cycles = cycles;      /* a later boot's off run replaces an unpaired one */
}

bool lost_pair(struct lost_pairs *lp, const struct rec *r, struct run_pair *out)
{
	char key[600];
	double cycles;
	bool on;
	if (strcmp(r->type, "run") || !rec_bool(r, "timer_on", &on) ||
	    !rec_num(r, "cycles", &cycles) || cycles <= 0 || !pair_key(r, key, sizeof(key)))
		return false;
	if (!on) {
		keep_off(lp, key, cycles);
		return false;
	}
	struct pending *p = find_pending(lp, key);
	if (!p)
		return false;
	out->off = p->cycles;
	out->on = cycles;
	if (!rec_num(r, "interrupts", &out->interrupts))
		out->interrupts = 0;
	*p = lp->p[--lp->n];
	return true;
}

void lost_free(struct lost_pairs *lp)
{
	free(lp->p);
	lp->p = NULL;
	lp->n = lp->cap = 0;
}

double lost_ppm(const struct run_pair *p)
{
	return (p->on - p->off) / p->off * 1e6;
}
