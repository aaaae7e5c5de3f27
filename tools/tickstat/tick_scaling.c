/* The tick benchmark's figures that summary and plot share (tick_scaling.h). */
#include "tick_scaling.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TICK_CI 2                /* 95% */

bool tick_figures(const struct dataset *off, const struct dataset *on,
		  const struct dataset *irq, unsigned cpus, struct tick_figures *f)
{
	if (off->n < 2 || on->n < 2 || irq->n < 1)
		return false;
	struct tresult t = student_exact(off, on, TICK_CI);
	f->cpus = cpus;
	f->irqs = ds_mean(irq);
	f->lost = t.diff;
	f->lost_err = t.err;
	f->proven = t.proven;
	f->cost = f->irqs > 0 ? t.diff / f->irqs : NAN;     /* no interrupt: lost, no cost */
	f->cost_err = f->irqs > 0 ? t.err / f->irqs : NAN;
	f->lost_all = t.diff * cpus;
	f->lost_all_err = t.err * cpus;
	return true;
}

/* The key without " cpus=N"; N, or 0 when the key has none. */
static unsigned key_without_cpus(const char *key, char *buf, size_t size)
{
	const char *c = strstr(key, " cpus=");
	if (!c) {
		snprintf(buf, size, "%s", key);
		return 0;
	}
	char *end;
	unsigned long n = strtoul(c + 6, &end, 10);
	snprintf(buf, size, "%.*s%s", (int)(c - key), key, end);
	return (unsigned)n;
}

/* Put key index at its place in members[0..n), kept by ascending cpus. */
static int add_member(int *members, unsigned *cpus, int n, int index, unsigned count)
{
	int k = n;
	for (; k > 0 && cpus[k - 1] > count; k--) {
		members[k] = members[k - 1];
		cpus[k] = cpus[k - 1];
	}
	members[k] = index;
	cpus[k] = count;
	return n + 1;
}

void scaling_sets(const char *const *keys, int nkeys, scaling_fn fn, void *ctx)
{
	bool *done = calloc((size_t)nkeys + 1, sizeof(bool));
	int *members = calloc((size_t)nkeys + 1, sizeof(int));
	unsigned *cpus = calloc((size_t)nkeys + 1, sizeof(unsigned));
	for (int i = 0; done && members && cpus && i < nkeys; i++) {
		char base[512], other[512];
		if (done[i] || strncmp(keys[i], "run bench=tick", 14) ||
		    !key_without_cpus(keys[i], base, sizeof(base)))
			continue;
		int n = 0;
		for (int j = i; j < nkeys; j++) {
			unsigned count = key_without_cpus(keys[j], other, sizeof(other));
			if (count && !strcmp(base, other)) {
				done[j] = true;
				n = add_member(members, cpus, n, j, count);
			}
		}
		if (n >= 2)             /* one CPU count: nothing to compare */
			fn(base, members, cpus, n, ctx);
	}
	free(done);
	free(members);
	free(cpus);
}

