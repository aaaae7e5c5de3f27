/* Log-linear histograms of cycle counts, filled on the fly: values below 32 have a
 * bucket each; above, each power of two is split in 16 buckets (a bucket spans at
 * most 1/16 of its lower bound, 6.25 %). Exact count, sum, min and max ride along.
 * Percentiles are reported as the lower bound of the bucket holding that rank. */
#ifndef BENCH_HIST_H
#define BENCH_HIST_H

#include <stdint.h>

#define HIST_EXACT   32
#define HIST_SUB     16
#define HIST_BUCKETS (HIST_EXACT + (64 - 5) * HIST_SUB)

struct hist {
	uint64_t n, sum, min, max;
	uint32_t count[HIST_BUCKETS];
};

void hist_reset(struct hist *h);
unsigned hist_bucket(uint64_t v);
uint64_t hist_bucket_low(unsigned b);

static inline void hist_add(struct hist *h, uint64_t v)
{
	h->n++;
	h->sum += v;
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
	h->count[hist_bucket(v)]++;
}

/* The value at rank ceil(n * permille / 1000) (lower bucket bound; min and max exact). */
uint64_t hist_permille(const struct hist *h, unsigned permille);

struct record;
/* Append n, min, max, sum, p50, p90, p99, p999, hist_lo and hist_n to a record. */
void hist_fields(struct record *r, const struct hist *h);

/* A "stats" record (docs/FORMAT.md): bench, what, run, n, min, max, sum, p50, p90,
 * p99, p999 and the non-empty buckets as hist_lo / hist_n. Extra string fields
 * (key, value pairs, NULL-terminated) describe the configuration. */
/* Integer extra fields (key, value; nums[] ends with a NULL key; nums may be NULL)
 * are written after the string ones: e.g. readcost's "overhead". The keys of both
 * are the schema's: FIELD(stats, apic, STR), FIELD(stats, overhead, U64). */
struct hist_num {
	const char *key;
	uint64_t value;
};
void hist_emit_nums(const struct hist *h, const char *bench, const char *what, unsigned run,
		    const char *const *extra, const struct hist_num *nums);

#endif
