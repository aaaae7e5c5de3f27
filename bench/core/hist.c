/* Log-linear histograms (see hist.h). */
#include "hist.h"
#include "lib.h"
#include "record.h"

void hist_reset(struct hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min = ~0ull;
}

unsigned hist_bucket(uint64_t v)
{
	if (v < HIST_EXACT)
		return (unsigned)v;
	unsigned e = 63 - (unsigned)__builtin_clzll(v);             /* >= 5 */
	unsigned sub = (unsigned)(v >> (e - 4)) & (HIST_SUB - 1);
	return HIST_EXACT + (e - 5) * HIST_SUB + sub;
}

uint64_t hist_bucket_low(unsigned b)
{
	if (b < HIST_EXACT)
		return b;
	unsigned e = 5 + (b - HIST_EXACT) / HIST_SUB, sub = (b - HIST_EXACT) % HIST_SUB;
	return (uint64_t)(HIST_SUB + sub) << (e - 4);
}

uint64_t hist_permille(const struct hist *h, unsigned permille)
{
	if (!h->n)
		return 0;
	uint64_t rank = (h->n * permille + 999) / 1000, seen = 0;
	if (rank <= 1)
		return h->min;
	if (rank >= h->n)
		return h->max;
	for (unsigned b = 0; b < HIST_BUCKETS; b++) {
		seen += h->count[b];
		if (seen >= rank) {
			uint64_t low = hist_bucket_low(b);
			return low < h->min ? h->min : low;
		}
	}
	return h->max;
}

void hist_fields(struct record *r, const struct hist *h)
{
	static uint64_t lo[HIST_BUCKETS], n[HIST_BUCKETS];
	size_t used = 0;
	for (unsigned b = 0; b < HIST_BUCKETS; b++)
		if (h->count[b]) {
			lo[used] = hist_bucket_low(b);
			n[used++] = h->count[b];
		}
	REC_STR(r, stats, unit, "cycles");
	REC_U64(r, stats, n, h->n);
	REC_U64(r, stats, min, h->n ? h->min : 0);
	REC_U64(r, stats, max, h->max);
	REC_U64(r, stats, sum, h->sum);
	REC_U64(r, stats, p50, hist_permille(h, 500));
	REC_U64(r, stats, p90, hist_permille(h, 900));
	REC_U64(r, stats, p99, hist_permille(h, 990));
	REC_U64(r, stats, p999, hist_permille(h, 999));
	REC_ARRAY(r, stats, hist_lo, lo, used);
	REC_ARRAY(r, stats, hist_n, n, used);
}

void hist_emit_nums(const struct hist *h, const char *bench, const char *what, unsigned run,
		    const char *const *extra, const struct hist_num *nums)
{
	struct record r;
	REC_BEGIN(&r, stats);
	REC_STR(&r, stats, bench, bench);
	REC_STR(&r, stats, what, what);
	for (; extra && extra[0]; extra += 2)
		record_str(&r, extra[0], extra[1]);
	for (; nums && nums->key; nums++)
		record_u64(&r, nums->key, nums->value);
	REC_U64(&r, stats, run, run);
	hist_fields(&r, h);
	record_emit(&r);
}

