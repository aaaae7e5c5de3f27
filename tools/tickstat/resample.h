/* The hierarchical bootstrap's resamples (boots.h): BOOTSTRAP_RESAMPLES values of a
 * statistic over boots, each drawing the boots with replacement and then, in each
 * boot drawn, its runs with replacement, from splitmix64 seeded BOOTSTRAP_SEED. The
 * draws (which boot, which run) depend only on how many boots and runs a figure has
 * (its shape), never on its values, so every figure of one shape draws the same:
 * a figure's resamples are drawn once and kept, and the figures of a page that
 * share a shape are drawn in one pass, each value summed in the order one figure
 * alone sums it (the resamples are the same to the last bit; a figure of 14 boots x
 * 2000 runs draws 112 million runs, most of report's time on a 200 MB log). */
#ifndef TICKSTAT_RESAMPLE_H
#define TICKSTAT_RESAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One set's values by boot: k boots, boot i's len[i] values at v[start[i] ...]. */
struct boot_values {
	int k;
	const size_t *start, *len;
	const double *v;
};

/* The resamples of the mean of a's boot means (b NULL), of b - a paired by boot
 * (map[i]: b's boot of a's boot i), or of b - a of two sets of boots (map NULL):
 * BOOTSTRAP_RESAMPLES values, kept until the program ends. NULL while collecting. */
const double *resamples(const struct boot_values *a, const struct boot_values *b,
			const int *map);

/* A page printed twice: first with collecting on, its output put aside, each figure
 * it bootstraps noted and none drawn (resamples returns NULL); then every figure
 * noted is drawn, a pass per shape (resamples_draw), and the page printed. */
void resamples_collect(bool on);
void resamples_draw(void);
/* Both: print(ctx) once with standard output and error put aside, collecting, then
 * the figures drawn, then print(ctx) again (its messages said once); returns what
 * the second print returns. A print that must not run twice (it spawns gnuplot)
 * collects and draws itself. */
int print_drawn_ahead(int (*print)(void *ctx), void *ctx);

/* splitmix64's outputs from state s + 1 .. s + n steps, each scaled to [0, m) as
 * pick does ((u * m) >> 64; m < 2^32): vectorised where the CPU can. */
void draw_indices(uint64_t s, uint32_t m, uint32_t *idx, size_t n);
uint64_t next_random(uint64_t *state);
size_t pick(uint64_t *rng, size_t n);

#endif
