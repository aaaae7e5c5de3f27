/* The calibration's vote and wrap-safe counter deltas (see tscvote.h). */
#include "tscvote.h"

uint64_t counter_delta(uint64_t a, uint64_t b, unsigned bits)
{
	uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
	return (b - a) & mask;
}

/* Differences above this would overflow the * 10^6 (rates are far below it). */
#define PPM_SAFE_MAX (UINT64_MAX / 1000000)

int64_t ppm_off(uint64_t hz, uint64_t ref_hz)
{
	uint64_t d = hz >= ref_hz ? hz - ref_hz : ref_hz - hz;
	int64_t ppm = d > PPM_SAFE_MAX ? INT64_MAX : (int64_t)(d * 1000000 / ref_hz);
	return hz >= ref_hz ? ppm : -ppm;
}

/* |a - b| <= (tol_a + tol_b) ppm of the smaller: each within its tolerance of the
 * truth puts them within the sum of each other. */
bool tsc_refs_agree(const struct tsc_ref *a, const struct tsc_ref *b)
{
	uint64_t lo = a->hz < b->hz ? a->hz : b->hz;
	uint64_t hi = a->hz < b->hz ? b->hz : a->hz;
	if (!lo || hi - lo > PPM_SAFE_MAX)
		return false;
	uint64_t tol = (uint64_t)a->tolerance_ppm + b->tolerance_ppm;
	return (hi - lo) * 1000000 <= tol * lo;
}

static unsigned agreeing_with(const struct tsc_ref *refs, unsigned n, unsigned i)
{
	unsigned count = 0;
	for (unsigned j = 0; j < n; j++)
		count += refs[j].hz && tsc_refs_agree(&refs[i], &refs[j]);
	return count;                   /* itself included */
}

/* The reference most others agree with; ties to the earlier (more trusted). */
static int winner(const struct tsc_ref *refs, unsigned n)
{
	int best = -1;
	unsigned best_count = 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned c = refs[i].hz ? agreeing_with(refs, n, i) : 0;
		if (c > best_count) {
			best = (int)i;
			best_count = c;
		}
	}
	return best;
}

/* The most trusted reference that agrees with the winner (the winner at worst). */
static int most_trusted_agreeing(const struct tsc_ref *refs, unsigned n, int w)
{
	for (unsigned i = 0; i < n; i++)
		if (refs[i].hz && tsc_refs_agree(&refs[i], &refs[w]))
			return (int)i;
	return w;
}

void tsc_vote(const struct tsc_ref *refs, unsigned n, struct tsc_vote *v)
{
	*v = (struct tsc_vote){ .chosen = -1 };
	if (n > TSCVOTE_MAX)
		n = TSCVOTE_MAX;
	int w = winner(refs, n);
	if (w < 0)
		return;
	v->chosen = most_trusted_agreeing(refs, n, w);
	v->hz = refs[v->chosen].hz;
	for (unsigned i = 0; i < n; i++) {
		if (!refs[i].hz)
			continue;
		v->present++;
		v->agrees[i] = tsc_refs_agree(&refs[i], &refs[v->chosen]);
		v->agreeing += v->agrees[i];
		v->ppm[i] = ppm_off(refs[i].hz, v->hz);
	}
}
