/* The spin loop's holes under Linux, split by what made them (see tickgrid.h). */
#include "tickgrid.h"

#include <string.h>

#define HOLE_CAPPED 3           /* kept as a tick under LOC's count: for a moment */

/* y0 + (x - x0) (y1 - y0) / (x1 - x0) on the line through (x0, y0), (x1, y1),
 * x anywhere (before x0 too). */
static uint64_t on_line(uint64_t x, const uint64_t xs[2], const uint64_t ys[2])
{
	__int128 dx = (__int128)x - xs[0], run = (__int128)xs[1] - xs[0];
	__int128 rise = (__int128)ys[1] - ys[0];
	if (run == 0)
		return ys[0];
	__int128 y = ys[0] + dx * rise / run;
	return y < 0 ? 0 : (uint64_t)y;
}

uint64_t grid_tsc_at(const struct tick_grid *g, uint64_t ns) { return on_line(ns, g->ns, g->tsc); }
uint64_t grid_ns_at(const struct tick_grid *g, uint64_t tsc) { return on_line(tsc, g->tsc, g->ns); }

uint64_t grid_point_from(const struct tick_grid *g, uint64_t ns)
{
	if (ns <= g->offset_ns)
		return g->offset_ns;
	uint64_t k = (ns - g->offset_ns + g->period_ns - 1) / g->period_ns;
	return g->offset_ns + k * g->period_ns;
}

uint64_t grid_points(const struct tick_grid *g, uint64_t from, uint64_t to)
{
	uint64_t n = 0;
	for (uint64_t p = grid_point_from(g, grid_ns_at(g, from)); grid_tsc_at(g, p) < to;
	     p += g->period_ns)
		n++;
	return n;
}

uint64_t grid_tolerance(const struct tick_grid *g)
{
	uint64_t quarter = g->period_ns / 4, ns = quarter < 50000 ? quarter : 50000;
	return grid_tsc_at(g, g->ns[0] + ns) - g->tsc[0];
}

static uint64_t hole_end(const struct spin_hole *h) { return spin_hole_start(h) + h->cycles; }

/* The count largest holes of the kinds in the mask from become kind to. */
static void mark_largest(const struct spin_hole *holes, uint64_t n, uint8_t *kind,
			 uint64_t count, unsigned from, uint8_t to)
{
	for (uint64_t k = 0; k < count; k++) {
		uint64_t best = n;
		for (uint64_t i = 0; i < n; i++)
			if ((from >> kind[i] & 1) && (best == n || holes[i].cycles > holes[best].cycles))
				best = i;
		if (best == n)
			return;
		kind[best] = to;
	}
}

static uint64_t distance(uint64_t a, uint64_t b) { return a > b ? a - b : b - a; }

/* Each grid point in [start, end) takes the hole nearest it (still a candidate)
 * among those that reach within tol of it. */
static void mark_grid(const struct spin_hole *holes, uint64_t n, uint64_t start,
		      uint64_t end, const struct tick_grid *g, uint8_t *kind)
{
	uint64_t tol = grid_tolerance(g), first = 0;
	for (uint64_t ns = grid_point_from(g, grid_ns_at(g, start)); ; ns += g->period_ns) {
		uint64_t p = grid_tsc_at(g, ns), best = n;
		if (p >= end)
			return;
		while (first < n && hole_end(&holes[first]) + tol < p)
			first++;
		for (uint64_t i = first; i < n && spin_hole_start(&holes[i]) <= p + tol; i++)
			if (kind[i] == HOLE_OFF_GRID &&
			    (best == n || distance(spin_hole_start(&holes[i]), p) <
					  distance(spin_hole_start(&holes[best]), p)))
				best = i;
		if (best < n)
			kind[best] = HOLE_TICK;
	}
}

/* How far the hole opened from the grid point nearest it (TSC cycles). */
static uint64_t off_point(const struct tick_grid *g, const struct spin_hole *h)
{
	uint64_t start = spin_hole_start(h), ns = grid_ns_at(g, start);
	uint64_t back = ns > g->period_ns / 2 ? ns - g->period_ns / 2 : 0;
	return distance(start, grid_tsc_at(g, grid_point_from(g, back)));
}

/* More holes on the grid than LOC counted (another CPU's ticks under -icount, a
 * hypervisor's work at the tick's times): as many as LOC counted, those that opened
 * nearest their points, are this CPU's ticks; the others go off the grid. */
static void cap_ticks(const struct spin_hole *holes, uint64_t n, const struct tick_grid *g,
		      uint8_t *kind, uint64_t timer)
{
	for (uint64_t k = 0; k < timer; k++) {
		uint64_t best = n, d = 0;
		for (uint64_t i = 0; i < n; i++)
			if (kind[i] == HOLE_TICK && (best == n || off_point(g, &holes[i]) < d))
				best = i, d = off_point(g, &holes[i]);
		if (best == n)
			break;
		kind[best] = HOLE_CAPPED;
	}
	for (uint64_t i = 0; i < n; i++)
		kind[i] = kind[i] == HOLE_CAPPED ? HOLE_TICK :
			  kind[i] == HOLE_TICK ? HOLE_OFF_GRID : kind[i];
}

static uint64_t count_kind(const uint8_t *kind, uint64_t n, uint8_t k)
{
	uint64_t c = 0;
	for (uint64_t i = 0; i < n; i++)
		c += kind[i] == k;
	return c;
}

/* Σ cycles over the holes of kind k, less the step of each. */
static uint64_t beyond_step(const struct spin_hole *holes, uint64_t n, const uint8_t *kind,
			    uint8_t k, uint64_t step_cycles, uint64_t step_iterations)
{
	uint64_t sum = 0, count = 0;
	for (uint64_t i = 0; i < n; i++)
		if (kind[i] == k) {
			sum += holes[i].cycles;
			count++;
		}
	uint64_t steps = step_iterations ?
		(uint64_t)((unsigned __int128)count * step_cycles / step_iterations) : 0;
	return sum > steps ? sum - steps : 0;
}

static void histograms(const struct spin_hole *holes, uint64_t n, const uint8_t *kind,
		       uint64_t step, struct hole_split *out)
{
	uint64_t last = 0;
	bool seen = false;
	hist_reset(&out->tick_hist);
	hist_reset(&out->interval_hist);
	hist_reset(&out->off_hist);
	for (uint64_t i = 0; i < n; i++) {
		uint64_t beyond = holes[i].cycles > step ? holes[i].cycles - step : 0;
		if (kind[i] == HOLE_OFF_GRID) {
			hist_add(&out->off_hist, beyond);
		} else if (kind[i] == HOLE_TICK) {
			hist_add(&out->tick_hist, beyond);
			if (seen)
				hist_add(&out->interval_hist, spin_hole_start(&holes[i]) - last);
			last = spin_hole_start(&holes[i]);
			seen = true;
		}
	}
}

void tick_holes_split(const struct spin_hole *holes, uint64_t n, uint64_t start, uint64_t end,
		      uint64_t step_cycles, uint64_t step_iterations, const struct tick_grid *g,
		      const struct run_counts *c, uint8_t *kind, struct hole_split *out)
{
	memset(kind, HOLE_OFF_GRID, n);
	mark_grid(holes, n, start, end, g, kind);
	out->on_grid = count_kind(kind, n, HOLE_TICK);
	if (out->on_grid > c->timer)
		cap_ticks(holes, n, g, kind, c->timer);
	out->found = count_kind(kind, n, HOLE_TICK);
	mark_largest(holes, n, kind, c->preempted, 1u << HOLE_TICK | 1u << HOLE_OFF_GRID,
		     HOLE_SHARED);
	uint64_t step = step_iterations ? (step_cycles + step_iterations / 2) / step_iterations : 0;
	out->ticks = count_kind(kind, n, HOLE_TICK);
	out->tick_cycles = beyond_step(holes, n, kind, HOLE_TICK, step_cycles, step_iterations);
	out->shared = count_kind(kind, n, HOLE_SHARED);
	out->shared_cycles = beyond_step(holes, n, kind, HOLE_SHARED, step_cycles, step_iterations);
	histograms(holes, n, kind, step, out);
	/* Off the grid: as many as the other interrupts (and LOC's beyond the ticks)
	 * explain, the rest beneath the OS; which is which cannot be told hole by hole,
	 * so each part gets its count's share of their cycles. */
	uint64_t off = count_kind(kind, n, HOLE_OFF_GRID);
	uint64_t off_cycles = beyond_step(holes, n, kind, HOLE_OFF_GRID, step_cycles, step_iterations);
	uint64_t budget = c->others + (c->timer > out->found ? c->timer - out->found : 0);
	out->irqs = off < budget ? off : budget;
	out->beneath = off - out->irqs;
	out->irq_cycles = off ? (uint64_t)((unsigned __int128)off_cycles * out->irqs / off) : 0;
	out->beneath_cycles = off_cycles - out->irq_cycles;
}

enum quantum_kind { QUANTUM_CLEAN, QUANTUM_TICK, QUANTUM_AFTER };

static enum quantum_kind quantum_kind(uint64_t k, uint64_t start, uint64_t quantum,
				      const struct tick_grid *g, unsigned after)
{
	uint64_t from = start + k * quantum, to = from + quantum;
	if (grid_points(g, from, to))
		return QUANTUM_TICK;
	uint64_t back = k < after ? k : after;
	return grid_points(g, from - back * quantum, from) ? QUANTUM_AFTER : QUANTUM_CLEAN;
}

void ftq_tick_loss(const uint32_t *series, uint64_t n, uint64_t start, uint64_t quantum,
		   const struct tick_grid *g, unsigned after, struct ftq_loss *out)
{
	uint64_t clean_units = 0;
	memset(out, 0, sizeof(*out));
	for (uint64_t k = 0; k < n; k++)
		if (quantum_kind(k, start, quantum, g, after) == QUANTUM_CLEAN) {
			clean_units += series[k];
			out->clean++;
		}
	if (!out->clean || !clean_units)
		return;
	double mean = (double)clean_units / (double)out->clean, lost = 0, lost_after = 0;
	for (uint64_t k = 0; k < n; k++) {
		enum quantum_kind q = quantum_kind(k, start, quantum, g, after);
		double missing = mean - series[k];
		out->ticks += q == QUANTUM_TICK;
		if (q != QUANTUM_CLEAN)
			lost += missing;
		if (q == QUANTUM_AFTER)
			lost_after += missing;
	}
	/* units to cycles at the clean quanta's rate; a gain (negative) counts as 0 */
	double per_unit = (double)quantum / mean;
	out->lost_cycles = lost > 0 ? (uint64_t)(lost * per_unit + 0.5) : 0;
	out->lost_after_cycles = lost_after > 0 ? (uint64_t)(lost_after * per_unit + 0.5) : 0;
}
