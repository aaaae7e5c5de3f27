/* The spin workload around its measuring loop (see spin.h): the buffer, the
 * threshold, and the figures worked out from the holes after each run. */
#include "spin.h"
#include "alloc.h"
#include "cpu.h"
#include "measured.h"

#define MIN_CAPACITY      16384         /* holes: also the calibration's steps, at most */
#define MAX_CAPACITY      (1u << 20)    /* 16 MiB a CPU */
#define CALIBRATION_STEPS 65536

bool spin_view_init(struct spin_view *v, uint64_t capacity)
{
	v->holes = alloc(capacity * sizeof(struct spin_hole), 64);
	v->capacity = v->holes ? capacity : 0;
	return v->holes != NULL;
}

uint64_t spin_capacity(uint32_t max_hz, uint32_t ms)
{
	uint64_t holes = 2 * (uint64_t)max_hz * ms / 1000 + 4096;
	return holes < MIN_CAPACITY ? MIN_CAPACITY : holes > MAX_CAPACITY ? MAX_CAPACITY : holes;
}

uint64_t spin_measure(struct spin_view *v, uint64_t iterations, const volatile uint64_t *count)
{
	v->run = (struct spin_run){ .iterations = iterations, .count = count, .holes = v->holes,
				    .capacity = v->capacity, .threshold = v->threshold,
				    .reserve = (uint32_t)(v->capacity / 2) };
	v->count_before = (uint32_t)*count;
	measured_count();
	irq_enable();
	spin_run(&v->run);
	irq_disable();
	return v->run.end - v->run.start;
}

static void sift_down(uint32_t *a, uint64_t root, uint64_t n)
{
	for (uint64_t child; (child = 2 * root + 1) < n; root = child) {
		if (child + 1 < n && a[child + 1] > a[child])
			child++;
		if (a[root] >= a[child])
			return;
		uint32_t t = a[root];
		a[root] = a[child];
		a[child] = t;
	}
}

static void heap_sort(uint32_t *a, uint64_t n)
{
	for (uint64_t i = n / 2; i-- > 0;)
		sift_down(a, i, n);
	for (uint64_t end = n; end-- > 1;) {
		uint32_t t = a[0];
		a[0] = a[end];
		a[end] = t;
		sift_down(a, 0, end);
	}
}

/* Two runs of the loop with interrupts off: the first, without holes, gives the
 * mean step; the second stores every step above it, so the upper tail is known
 * step by step and the 99.9th percentile exactly. The threshold is that percentile
 * plus its distance from the mean: all steps equal (an exact emulator), it is the
 * step itself, and any longer step is a hole. */
void spin_calibrate(struct spin_view *v)
{
	static const volatile uint64_t none;
	uint64_t n = v->capacity < CALIBRATION_STEPS ? v->capacity : CALIBRATION_STEPS;
	struct spin_run r = { .iterations = n, .count = &none, .holes = v->holes,
			      .capacity = v->capacity, .threshold = UINT32_MAX };
	measured_count();
	spin_run(&r);
	uint64_t cycles = r.end - r.start, mean = cycles / n;
	v->step_cycles = cycles;
	v->step_iterations = n;
	r.threshold = mean > UINT32_MAX ? UINT32_MAX : (uint32_t)mean;
	measured_count();
	spin_run(&r);
	uint64_t rank = (n * 999 + 999) / 1000;         /* ceil(n * 0.999), from 1 */
	uint64_t below = n - r.stored;                  /* steps <= mean */
	uint64_t p999 = mean;
	if (rank > below) {
		uint32_t *a = (uint32_t *)v->holes;     /* a[i] lies before holes[i] */
		for (uint64_t i = 0; i < r.stored; i++)
			a[i] = v->holes[i].cycles;
		heap_sort(a, r.stored);
		p999 = a[rank - below - 1];
	}
	uint64_t t = 2 * p999 - mean;
	v->threshold = t > UINT32_MAX ? UINT32_MAX : (uint32_t)t;
	v->cal.steps = n;
	v->cal.cycles = cycles;
	v->cal.above = r.stored;
	v->cal.p999 = p999;
}

void spin_view_take_step(struct spin_view *v, uint64_t cycles, uint64_t iterations)
{
	v->step_cycles = cycles;
	v->step_iterations = iterations;
}

uint64_t spin_view_step(const struct spin_view *v)
{
	return v->step_iterations ?
	       (v->step_cycles + v->step_iterations / 2) / v->step_iterations : 0;
}

/* The low half of the opening read is stored, and its high half is that of the read
 * that closed it, less one where the low half wrapped between. */
uint64_t spin_hole_start(const struct spin_hole *h)
{
	uint32_t high = h->end_hi - ((uint32_t)(h->start_lo + h->cycles) < h->start_lo);
	return (uint64_t)high << 32 | h->start_lo;
}

void spin_view_digest(struct spin_view *v)
{
	uint32_t seen = v->count_before;
	uint64_t step = spin_view_step(v), sum = 0, last = 0;
	v->gaps = v->gap_interrupts = v->unexplained = v->unexplained_cycles = 0;
	hist_reset(&v->gap_hist);
	hist_reset(&v->interval_hist);
	for (uint64_t i = 0; i < v->run.stored; i++) {
		const struct spin_hole *h = &v->holes[i];
		if (h->count == seen) {
			v->unexplained++;
			v->unexplained_cycles += h->cycles;
			continue;
		}
		uint64_t start = spin_hole_start(h);
		if (v->gaps++)
			hist_add(&v->interval_hist, start - last);
		v->gap_interrupts += (uint32_t)(h->count - seen);
		sum += h->cycles;
		hist_add(&v->gap_hist, h->cycles > step ? h->cycles - step : 0);
		last = start;
		seen = h->count;
	}
	/* Σ (hole - step) with the step's exact fraction */
	uint64_t steps = v->step_iterations ? mul_div(v->gaps, v->step_cycles, v->step_iterations) : 0;
	v->gap_cycles = sum > steps ? sum - steps : 0;
}
