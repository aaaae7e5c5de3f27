/* The ftq workload's arithmetic (see ftq.h). */
#include "ftq.h"

void ftq_reset(struct ftq_sum *s)
{
	s->quanta = s->work = 0;
	s->min = UINT32_MAX;
	s->max = 0;
}

void ftq_fold(struct ftq_sum *s, uint32_t units)
{
	if (s->quanta < FTQ_SERIES_MAX)
		s->series[s->quanta] = units;
	s->quanta++;
	s->work += units;
	s->min = units < s->min ? units : s->min;
	s->max = units > s->max ? units : s->max;
}
