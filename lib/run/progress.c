/* The progress lines' arithmetic (see progress.h). Milliseconds of a run: their
 * products stay far below 2^64. */
#include "progress.h"
#include "format.h"

uint64_t progress_seconds(uint64_t ms)
{
	uint64_t s = (ms + 500) / 1000;
	return s ? s : 1;
}

void progress_step(struct progress *p, uint64_t plan_ms, uint64_t left_ms, uint64_t done_ms,
		   uint64_t took_ms, struct progress_step *s)
{
	uint64_t num = took_ms + PROGRESS_PRIOR_MS, den = done_ms + PROGRESS_PRIOR_MS;
	s->own_s = progress_seconds(plan_ms * num / den);
	s->left_s = progress_seconds(left_ms * num / den);
	s->up_from_s = p->said_s && s->left_s > p->said_s ? p->said_s : 0;
	s->over_tenths = done_ms ? took_ms * 10 / done_ms : 10;
	p->said_s = s->left_s;
}

void progress_duration(char *buf, size_t size, uint64_t s)
{
	if (s < 120)
		format(buf, size, "%llu s", (unsigned long long)s);
	else
		format(buf, size, "%llu min %llu s", (unsigned long long)(s / 60),
		       (unsigned long long)(s % 60));
}
