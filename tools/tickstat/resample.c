/* The bootstrap's resamples, each figure's drawn once, a shape's together (see
 * resample.h). */
#include "resample.h"
#include "boots.h"
#include "stats.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
	size_t width;            /* a multiple of LANES */
};

static struct matrix matrix_of(struct figure **g, int n, bool b_side)
{
	const struct side *s0 = b_side ? &g[0]->b : &g[0]->a;
	struct matrix m = { .width = ((size_t)n + LANES - 1) / LANES * LANES };
	m.start = must_calloc((size_t)s0->k + 1, sizeof(size_t));
	for (int i = 1; i <= s0->k; i++)
		m.start[i] = m.start[i - 1] + s0->len[i - 1];
	m.rows = aligned_alloc(sizeof(lanes), (s0->n + 1) * m.width * sizeof(double));
	if (!m.rows)
		out_of_memory();
	memset(m.rows, 0, (s0->n + 1) * m.width * sizeof(double));
	for (int f = 0; f < n; f++) {
		const struct side *s = b_side ? &g[f]->b : &g[f]->a;
		for (size_t j = 0; j < s->n; j++)
			m.rows[j * m.width + (size_t)f] = s->v[j];
	}
	return m;
}

/* One boot drawn in a resample: its first row, its runs and where splitmix64 stood
 * before them; the figures' sums of its runs go to sum[]. */
struct block {
	const double *rows;
	size_t len;
	uint64_t state;
	uint32_t *idx;           /* its runs drawn */
	lanes *sum;
};

/* Boot k of a side drawn from the stream at *rng, which its runs then move on. */
static struct block block_of(const struct matrix *m, const struct side *s, int k, uint64_t *rng)
{
	struct block b = { m->rows + m->start[k] * m->width, s->len[k], *rng, NULL, NULL };
	*rng += s->len[k] * GAMMA;
	return b;
}

/* Every boot n resamples draw, in the order one figure's resample draws them (a's
 * boots, each followed by b's of the same boot where paired; b's own after a's where
 * apart): a boot's pick, then its runs, from one stream. */
static size_t plan_blocks(const struct figure *f, const struct matrix *ma,
			  const struct matrix *mb, size_t n, uint64_t *rng, struct block *out)
{
	size_t nb = 0;
	for (size_t r = 0; r < n; r++) {
		for (int i = 0; i < f->a.k; i++) {
			int k = (int)pick(rng, (size_t)f->a.k);
			out[nb++] = block_of(ma, &f->a, k, rng);
			if (f->kind == PAIRED)
				out[nb++] = block_of(mb, &f->b, f->map[k], rng);
		}
		for (int i = 0; f->kind == APART && i < f->b.k; i++)
			out[nb++] = block_of(mb, &f->b, (int)pick(rng, (size_t)f->b.k), rng);
	}
	return nb;
}

static size_t blocks_a_resample(const struct figure *f)
{
	return (size_t)f->a.k + (f->kind == PAIRED ? (size_t)f->a.k : f->kind == APART ? (size_t)f->b.k : 0);
}

/* A block's run t: its row's vector q. */
#define RUN(b, t, width, q) (((const lanes *)((b).rows + (b).idx[t] * (width)))[q])

/* Four blocks' runs summed for the vectors q (and q + 1: two, false: one) of the
 * figures, the blocks side by side: 4 or 8 chains of additions at once, each
 * block's runs added in their order (one chain waits 3 or 4 cycles an addition);
 * the runs past the shortest block's after, in the same chains. */
#define GROUP 4
static inline __attribute__((always_inline)) void sum_four(struct block *const *b, size_t width,
							   size_t q, bool two)
{
	lanes a0 = { 0 }, a1 = { 0 }, a2 = { 0 }, a3 = { 0 };
	lanes c0 = { 0 }, c1 = { 0 }, c2 = { 0 }, c3 = { 0 };
	size_t common = b[0]->len, t = 0;
	for (int u = 1; u < GROUP; u++)
		common = b[u]->len < common ? b[u]->len : common;
	for (; t < common; t++) {
		a0 += RUN(*b[0], t, width, q), a1 += RUN(*b[1], t, width, q);
		a2 += RUN(*b[2], t, width, q), a3 += RUN(*b[3], t, width, q);
		if (two) {
			c0 += RUN(*b[0], t, width, q + 1), c1 += RUN(*b[1], t, width, q + 1);
			c2 += RUN(*b[2], t, width, q + 1), c3 += RUN(*b[3], t, width, q + 1);
		}
	}
	b[0]->sum[q] = a0, b[1]->sum[q] = a1, b[2]->sum[q] = a2, b[3]->sum[q] = a3;
	if (two)
		b[0]->sum[q + 1] = c0, b[1]->sum[q + 1] = c1, b[2]->sum[q + 1] = c2,
		b[3]->sum[q + 1] = c3;
	for (int u = 0; u < GROUP; u++)
		for (size_t v = q; v < q + 1 + two; v++) {
			lanes x = b[u]->sum[v];
			for (size_t k = t; k < b[u]->len; k++)
				x += RUN(*b[u], k, width, v);
			b[u]->sum[v] = x;
		}
}

/* One block's runs summed for the vector q of the figures. */
static inline void sum_one(struct block *b, size_t width, size_t q)
{
	lanes a = { 0 };
	for (size_t t = 0; t < b->len; t++)
		a += RUN(*b, t, width, q);
	b->sum[q] = a;
}

__attribute__((target_clones("arch=x86-64-v3", "default")))
static void sum_group(struct block *const *b, int nb, size_t width, size_t q, bool two)
{
	if (nb == GROUP && two)
		sum_four(b, width, q, true);
	else if (nb == GROUP)
		sum_four(b, width, q, false);
	else
		for (int u = 0; u < nb; u++)    /* the last blocks of a shape */
			for (size_t v = q; v < q + 1 + two; v++)
				sum_one(b[u], width, v);
}

/* Blocks b[0 .. nb) drawn and summed: each figure's sum of each block's runs. */
static void sum_blocks(struct block *const *b, int nb, size_t width)
{
	for (int u = 0; u < nb; u++)
		draw_indices(b[u]->state, (uint32_t)b[u]->len, b[u]->idx, b[u]->len);
	for (size_t q = 0; q < width / LANES; q += 2)
		sum_group(b, nb, width, q, width / LANES - q >= 2);
}

static int by_boot(const void *x, const void *y)
{
	const struct block *p = *(struct block *const *)x, *q = *(struct block *const *)y;
	return p->rows < q->rows ? -1 : p->rows > q->rows;
}

/* A round's blocks summed a boot's at a time (four blocks of one boot read rows of
 * one boot, which stay in the cache; four boots' did not), each into its own sums. */
static void sum_round(struct block *b, size_t nblocks, size_t width, lanes *sums,
		      uint32_t *idx, size_t longest, struct block **order)
{
	for (size_t i = 0; i < nblocks; i++) {
		b[i].sum = sums + i * (width / LANES);
		order[i] = &b[i];
	}
	qsort(order, nblocks, sizeof(*order), by_boot);
	for (size_t i = 0; i < nblocks; i += GROUP) {
		int nb = nblocks - i < GROUP ? (int)(nblocks - i) : GROUP;
		for (int u = 0; u < nb; u++)
			order[i + (size_t)u]->idx = idx + (size_t)u * longest;
		sum_blocks(order + i, nb, width);
	}
}

/* Each figure's resamples r0 .. r0 + nr from their blocks' sums, added in the order a
 * figure's resample adds them: a block's mean (its sum over its runs) into its
 * side's sum, the statistic of the two sides' sums. */
static void resamples_from(struct figure **g, int n, const struct block *b, const double *sums,
			   size_t width, size_t r0, size_t nr)
{
	const struct figure *f = g[0];
	for (int j = 0; j < n; j++)
		for (size_t r = r0, at = 0; r < r0 + nr; r++) {
			double sa = 0, sb = 0;
			for (int i = 0; i < f->a.k; i++) {
				sa += sums[at * width + (size_t)j] / (double)b[at].len, at++;
				if (f->kind == PAIRED)
					sb += sums[at * width + (size_t)j] / (double)b[at].len, at++;
			}
			for (int i = 0; f->kind == APART && i < f->b.k; i++)
				sb += sums[at * width + (size_t)j] / (double)b[at].len, at++;
			g[j]->star[r] = f->kind == MEAN ? sa / f->a.k :
					sb / (f->kind == PAIRED ? f->a.k : f->b.k) - sa / f->a.k;
		}
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

/* The resamples drawn CHUNK at a time: their blocks and sums stay in the cache. */
#define CHUNK 64

static void draw_shape(struct figure **g, int n)
{
	struct matrix ma = matrix_of(g, n, false), mb = { NULL, NULL, ma.width };
	if (g[0]->kind != MEAN)
		mb = matrix_of(g, n, true);
	size_t most = CHUNK * blocks_a_resample(g[0]), longest = longest_boot(g[0]);
	struct block *b = must_calloc(most, sizeof(*b)), **order = must_calloc(most, sizeof(*order));
	uint32_t *idx = must_calloc(GROUP * longest, sizeof(*idx));
	lanes *sums = aligned_alloc(sizeof(lanes), most * ma.width * sizeof(double));
	if (!sums)
		out_of_memory();
	for (int j = 0; j < n; j++)
		g[j]->star = must_calloc(BOOTSTRAP_RESAMPLES, sizeof(double));
	uint64_t rng = BOOTSTRAP_SEED;
	for (size_t r = 0; r < BOOTSTRAP_RESAMPLES; r += CHUNK) {
		size_t nr = BOOTSTRAP_RESAMPLES - r < CHUNK ? BOOTSTRAP_RESAMPLES - r : CHUNK;
		size_t nblocks = plan_blocks(g[0], &ma, &mb, nr, &rng, b);
		sum_round(b, nblocks, ma.width, sums, idx, longest, order);
		resamples_from(g, n, b, (const double *)sums, ma.width, r, nr);
	}
	free(ma.rows), free(ma.start), free(mb.rows), free(mb.start);
	free(b), free(order), free(idx), free(sums);
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

/* The page printed with standard output and error put aside, its bootstraps
 * collected (its messages are said once, when it prints). */
static void print_quietly(int (*print)(void *ctx), void *ctx)
{
	int out = dup(1), err = dup(2), quiet = open("/dev/null", O_WRONLY | O_CLOEXEC);
	fflush(stdout), fflush(stderr);
	if (out >= 0 && err >= 0 && quiet >= 0 && dup2(quiet, 1) >= 0 && dup2(quiet, 2) >= 0) {
		resamples_collect(true);
		print(ctx);
		fflush(stdout), fflush(stderr);
		resamples_collect(false);
	}
	if (out >= 0)
		dup2(out, 1), close(out);
	if (err >= 0)
		dup2(err, 2), close(err);
	if (quiet >= 0)
		close(quiet);
	clearerr(stdout);
}

int print_drawn_ahead(int (*print)(void *ctx), void *ctx)
{
	print_quietly(print, ctx);
	resamples_draw();
	return print(ctx);
}
