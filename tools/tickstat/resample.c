/* The bootstrap's resamples, each figure's drawn once, a shape's together (see
 * resample.h). */
#include "resample.h"
#include "boots.h"
#include "stats.h"

#include <stdlib.h>
#include <string.h>

#define GAMMA 0x9e3779b97f4a7c15ull     /* splitmix64's step */
#define LANES 4                         /* figures in a vector: an AVX register, or two
					 * SSE2 registers */
#define BLOCK 4                         /* vectors summed at once, in registers */

typedef uint64_t u64x8 __attribute__((vector_size(64)));
typedef double lanes __attribute__((vector_size(LANES * sizeof(double))));

/* splitmix64 (Steele, Lea and Flood, 2014): the resamples' random numbers. */
static uint64_t mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

uint64_t next_random(uint64_t *state)
{
	return mix(*state += GAMMA);
}

size_t pick(uint64_t *rng, size_t n)
{
	return (size_t)(((unsigned __int128)next_random(rng) * n) >> 64);
}

/* (u * m) >> 64 from 32-bit halves, 8 at a time (no 128-bit product in a vector):
 * u = h 2^32 + l, so it is (h m + ((l m) >> 32)) >> 32, which no step overflows. */
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
void draw_indices(uint64_t s, uint32_t m, uint32_t *idx, size_t n)
{
	const u64x8 step = { 1 * GAMMA, 2 * GAMMA, 3 * GAMMA, 4 * GAMMA,
			     5 * GAMMA, 6 * GAMMA, 7 * GAMMA, 8 * GAMMA };
	size_t t = 0;
	for (; t + 8 <= n; t += 8) {
		u64x8 z = (uint64_t)(s + t * GAMMA) + step;
		z = (z ^ (z >> 30)) * (uint64_t)0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * (uint64_t)0x94d049bb133111ebull;
		z ^= z >> 31;
		u64x8 q = ((z >> 32) * (uint64_t)m + (((z & (uint64_t)0xffffffff) * (uint64_t)m) >> 32)) >> 32;
		for (int k = 0; k < 8; k++)
			idx[t + k] = (uint32_t)q[k];
	}
	for (; t < n; t++)
		idx[t] = (uint32_t)(((unsigned __int128)mix(s + (t + 1) * GAMMA) * m) >> 64);
}

/* ---- figures and their shapes ------------------------------------------------- */

enum kind { MEAN, PAIRED, APART };

/* One set's boots, copied: k boots of len[i] values, in boot order from v. */
struct side {
	int k;
	size_t *len, n;
	double *v;
};

struct figure {
	enum kind kind;
	struct side a, b;
	int *map;                /* PAIRED: b's boot of each of a's */
	double *star;            /* the resamples, once drawn */
};

static struct figure *figures;
static size_t nfigures, cap_figures;
static bool collecting;

static struct side copy_side(const struct boot_values *s)
{
	struct side c = { .k = s->k, .len = must_calloc((size_t)s->k, sizeof(size_t)) };
	for (int i = 0; i < s->k; i++)
		c.n += c.len[i] = s->len[i];
	c.v = must_calloc(c.n + 1, sizeof(double));
	for (size_t i = 0, at = 0; i < (size_t)s->k; at += s->len[i], i++)
		memcpy(c.v + at, s->v + s->start[i], s->len[i] * sizeof(double));
	return c;
}

static bool side_shaped(const struct side *c, const struct boot_values *s)
{
	if (c->k != s->k)
		return false;
	for (int i = 0; i < s->k; i++)
		if (c->len[i] != s->len[i])
			return false;
	return true;
}

static bool side_equal(const struct side *c, const struct boot_values *s)
{
	if (!side_shaped(c, s))
		return false;
	for (size_t i = 0, at = 0; i < (size_t)s->k; at += s->len[i], i++)
		if (memcmp(c->v + at, s->v + s->start[i], s->len[i] * sizeof(double)))
			return false;
	return true;
}

static enum kind kind_of(const struct boot_values *b, const int *map)
{
	return !b ? MEAN : map ? PAIRED : APART;
}

static bool same_figure(const struct figure *f, const struct boot_values *a,
			const struct boot_values *b, const int *map)
{
	return f->kind == kind_of(b, map) && side_equal(&f->a, a) && (!b || side_equal(&f->b, b)) &&
	       (!map || !memcmp(f->map, map, (size_t)a->k * sizeof(int)));
}

/* The draws of g and f are the same: one kind, boots and runs. */
static bool same_shape(const struct figure *f, const struct figure *g)
{
	struct boot_values b = { g->b.k, NULL, g->b.len, NULL }, a = { g->a.k, NULL, g->a.len, NULL };
	return f->kind == g->kind && side_shaped(&f->a, &a) &&
	       (f->kind == MEAN || side_shaped(&f->b, &b)) &&
	       (f->kind != PAIRED || !memcmp(f->map, g->map, (size_t)f->a.k * sizeof(int)));
}

static struct figure *note_figure(const struct boot_values *a, const struct boot_values *b,
				  const int *map)
{
	if (nfigures == cap_figures) {
		cap_figures = cap_figures ? 2 * cap_figures : 16;
		figures = realloc(figures, cap_figures * sizeof(*figures));
		if (!figures)
			out_of_memory();
	}
	struct figure *f = &figures[nfigures++];
	*f = (struct figure){ .kind = kind_of(b, map), .a = copy_side(a) };
	if (b)
		f->b = copy_side(b);
	if (map) {
		f->map = must_calloc((size_t)a->k, sizeof(int));
		memcpy(f->map, map, (size_t)a->k * sizeof(int));
	}
	return f;
}

/* ---- a shape's figures drawn together ----------------------------------------- */

/* One side of g's figures, their values side by side: value j of boot i of figure f
 * at rows[(start of i + j) * width + f]; the figures' own boots and runs alike. */
struct matrix {
	double *rows;
	size_t *start;
	int width;
};

static struct matrix matrix_of(struct figure **g, int n, bool b_side)
{
	const struct side *s0 = b_side ? &g[0]->b : &g[0]->a;
	struct matrix m = { .width = (n + LANES - 1) / LANES * LANES };
	m.start = must_calloc((size_t)s0->k + 1, sizeof(size_t));
	for (int i = 1; i <= s0->k; i++)
		m.start[i] = m.start[i - 1] + s0->len[i - 1];
	m.rows = aligned_alloc(sizeof(lanes), (s0->n + 1) * (size_t)m.width * sizeof(double));
	if (!m.rows)
		out_of_memory();
	memset(m.rows, 0, (s0->n + 1) * (size_t)m.width * sizeof(double));
	for (int f = 0; f < n; f++) {
		const struct side *s = b_side ? &g[f]->b : &g[f]->a;
		for (size_t j = 0; j < s->n; j++)
			m.rows[j * (size_t)m.width + (size_t)f] = s->v[j];
	}
	return m;
}

/* The runs idx[0 .. len) of one boot (its first row: rows) summed for the figures
 * of w vectors from vector q on (w at most BLOCK, a constant where inlined), in
 * registers: w chains of additions, not one through memory. */
static inline __attribute__((always_inline)) void sum_vectors(const double *rows, size_t width,
							      const uint32_t *idx, size_t len,
							      size_t q, lanes *acc, int w)
{
	lanes a[BLOCK] = { { 0 } };
	for (size_t t = 0; t < len; t++) {
		const lanes *row = (const lanes *)(rows + idx[t] * width) + q;
		for (int u = 0; u < w; u++)
			a[u] += row[u];
	}
	for (int u = 0; u < w; u++)
		acc[q + (size_t)u] = a[u];
}

__attribute__((target_clones("arch=x86-64-v3", "default")))
static void sum_block(const double *rows, size_t width, const uint32_t *idx, size_t len,
		      size_t q, lanes *acc, size_t w)
{
	switch (w) {
	case 1: sum_vectors(rows, width, idx, len, q, acc, 1); break;
	case 2: sum_vectors(rows, width, idx, len, q, acc, 2); break;
	case 3: sum_vectors(rows, width, idx, len, q, acc, 3); break;
	default: sum_vectors(rows, width, idx, len, q, acc, BLOCK); break;
	}
}

/* Boot i of one side, its len runs drawn: each figure's mean of them added to its
 * sum[], each summed in the order one figure's own draw sums it. */
static void draw_boot(uint64_t *rng, const struct matrix *m, const struct side *s0, int i,
		      uint32_t *idx, lanes *acc, double *sum)
{
	size_t len = s0->len[i], groups = (size_t)m->width / LANES;
	draw_indices(*rng, (uint32_t)len, idx, len);
	*rng += len * GAMMA;
	for (size_t q = 0; q < groups; q += BLOCK)
		sum_block(m->rows + m->start[i] * (size_t)m->width, (size_t)m->width, idx, len, q, acc,
			  groups - q < BLOCK ? groups - q : BLOCK);
	for (size_t q = 0; q < groups; q++)
		for (int l = 0; l < LANES; l++)
			sum[q * LANES + (size_t)l] += acc[q][l] / (double)len;
}

/* One resample of every figure of the shape: its boots drawn (a's, then b's of the
 * same boot where paired, or b's own after a's), the statistic into each star. */
static void draw_one(uint64_t *rng, struct figure **g, int n, const struct matrix *ma,
		     const struct matrix *mb, uint32_t *idx, lanes *acc, double *sa, double *sb,
		     size_t r)
{
	const struct figure *f = g[0];
	memset(sa, 0, (size_t)ma->width * sizeof(double));
	memset(sb, 0, (size_t)ma->width * sizeof(double));   /* both sides as wide */
	for (int i = 0; i < f->a.k; i++) {
		int k = (int)pick(rng, (size_t)f->a.k);
		draw_boot(rng, ma, &f->a, k, idx, acc, sa);
		if (f->kind == PAIRED)
			draw_boot(rng, mb, &f->b, f->map[k], idx, acc, sb);
	}
	for (int i = 0; f->kind == APART && i < f->b.k; i++)
		draw_boot(rng, mb, &f->b, (int)pick(rng, (size_t)f->b.k), idx, acc, sb);
	for (int j = 0; j < n; j++)
		g[j]->star[r] = f->kind == MEAN ? sa[j] / f->a.k :
				sb[j] / (f->kind == PAIRED ? f->a.k : f->b.k) - sa[j] / f->a.k;
}

static size_t longest_boot(const struct figure *f)
{
	size_t most = 1;
	for (int i = 0; i < f->a.k; i++)
		most = f->a.len[i] > most ? f->a.len[i] : most;
	for (int i = 0; f->kind != MEAN && i < f->b.k; i++)
		most = f->b.len[i] > most ? f->b.len[i] : most;
	return most;
}

static void draw_shape(struct figure **g, int n)
{
	struct matrix ma = matrix_of(g, n, false), mb = { NULL, NULL, 0 };
	if (g[0]->kind != MEAN)
		mb = matrix_of(g, n, true);
	int width = ma.width > mb.width ? ma.width : mb.width;
	uint32_t *idx = must_calloc(longest_boot(g[0]), sizeof(*idx));
	lanes *acc = aligned_alloc(sizeof(lanes), (size_t)width * sizeof(double));
	double *sa = must_calloc((size_t)width, sizeof(double));
	double *sb = must_calloc((size_t)width, sizeof(double));
	if (!acc)
		out_of_memory();
	for (int j = 0; j < n; j++)
		g[j]->star = must_calloc(BOOTSTRAP_RESAMPLES, sizeof(double));
	uint64_t rng = BOOTSTRAP_SEED;
	for (size_t r = 0; r < BOOTSTRAP_RESAMPLES; r++)
		draw_one(&rng, g, n, &ma, &mb, idx, acc, sa, sb, r);
	free(ma.rows), free(ma.start), free(mb.rows), free(mb.start);
	free(idx), free(acc), free(sa), free(sb);
}

void resamples_draw(void)
{
	struct figure **g = must_calloc(nfigures + 1, sizeof(*g));
	for (size_t i = 0; i < nfigures; i++) {
		int n = 0;
		for (size_t j = i; j < nfigures && !figures[i].star; j++)
			if (!figures[j].star && same_shape(&figures[j], &figures[i]))
				g[n++] = &figures[j];
		if (n)
			draw_shape(g, n);
	}
	free(g);
}

void resamples_collect(bool on)
{
	collecting = on;
}

const double *resamples(const struct boot_values *a, const struct boot_values *b,
			const int *map)
{
	struct figure *f = NULL;
	for (size_t i = 0; i < nfigures && !f; i++)
		if (same_figure(&figures[i], a, b, map))
			f = &figures[i];
	if (!f)
		f = note_figure(a, b, map);
	if (!f->star && !collecting)
		draw_shape(&f, 1);
	return f->star;
}
