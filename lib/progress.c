/* The progress lines' arithmetic (see progress.h). Milliseconds of a run: their
 * products stay far below 2^64. */
#include "progress.h"

static uint64_t seconds(uint64_t ms)
{
	uint64_t s = (ms + 500) / 1000;
	return s ? s : 1;
}

void progress_step(struct progress *p, uint64_t plan_ms, uint64_t left_ms, uint64_t done_ms,
		   uint64_t took_ms, struct progress_step *s)
{
	uint64_t num = took_ms + PROGRESS_PRIOR_MS, den = done_ms + PROGRESS_PRIOR_MS;
	s->own_s = seconds(plan_ms * num / den);
	s->left_s = seconds(left_ms * num / den);
	s->up_from_s = p->said_s && s->left_s > p->said_s ? p->said_s : 0;
	s->over_tenths = done_ms ? took_ms * 10 / done_ms : 10;
	p->said_s = s->left_s;
}
