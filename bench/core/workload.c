/* The workloads of tick (see workload.h). */
#include "workload.h"
#include "alloc.h"
#include "cpu.h"
#include "ftq.h"
#include "lib.h"
#include "measured.h"

#define MATRIX_N 32             /* 3 matrices of 4 KiB: they live in L1/L2 */

struct matrices {
	uint32_t a[MATRIX_N][MATRIX_N], b[MATRIX_N][MATRIX_N];
	volatile uint32_t c[MATRIX_N][MATRIX_N];
};

static struct matrices boot_mat;

MEASURED static void matrix_once(struct matrices *m)
{
	for (int i = 0; i < MATRIX_N; i++)
		for (int j = 0; j < MATRIX_N; j++) {
			uint32_t sum = 0;
			for (int k = 0; k < MATRIX_N; k++)
				sum += m->a[i][k] * m->b[k][j];
			m->c[i][j] = sum;
		}
}

MEASURED static uint64_t matrix_measured(struct matrices *m, uint64_t iterations)
{
	uint64_t start = rdtsc_ordered();
	for (uint64_t n = 0; n < iterations; n++)
		matrix_once(m);
	return rdtsc_ordered() - start;
}

static uint64_t matrix(struct matrices *m, uint64_t iterations)
{
	for (int i = 0; i < MATRIX_N; i++)
		for (int j = 0; j < MATRIX_N; j++) {
			m->a[i][j] = (uint32_t)(i * 31 + j);
			m->b[i][j] = (uint32_t)(j * 17 + i + 1);
		}
	measured_count();
	irq_enable();
	uint64_t cycles = matrix_measured(m, iterations);
	irq_disable();
	return cycles;
}

uint64_t workload_matrix(uint64_t iterations)
{
	return matrix(&boot_mat, iterations);
}

struct matrices *workload_matrices_alloc(void)
{
	return alloc(sizeof(struct matrices), 4096);
}

uint64_t workload_matrix_on(struct matrices *m, uint64_t iterations)
{
	return matrix(m, iterations);
}

static uint64_t *walk;
static uint64_t walk_len, walk_kib;

/* Sattolo's algorithm: a random permutation that is one single cycle, so the
 * chase visits every slot before it repeats. */
const char *workload_memwalk_init(uint32_t kib)
{
	if (walk && walk_kib == kib)
		return NULL;
	if (walk && walk_kib != kib)
		return "memwalk_kib cannot change within a run";
	walk = alloc((uint64_t)kib * 1024, 4096);
	if (!walk)
		return "memwalk's buffer does not fit in the free memory below 4 GiB";
	walk_kib = kib;
	walk_len = (uint64_t)kib * 1024 / sizeof(uint64_t);
	for (uint64_t i = 0; i < walk_len; i++)
		walk[i] = i;
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	for (uint64_t i = walk_len - 1; i > 0; i--) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		uint64_t j = (seed >> 33) % i;
		uint64_t t = walk[i];
		walk[i] = walk[j];
		walk[j] = t;
	}
	return NULL;
}

MEASURED static uint64_t memwalk_measured(uint64_t iterations)
{
	volatile uint64_t sink;
	uint64_t p = 0;
	uint64_t start = rdtsc_ordered();
	for (uint64_t n = 0; n < iterations; n++)
		p = walk[p];
	uint64_t end = rdtsc_ordered();
	sink = p;
	(void)sink;
	return end - start;
}

uint64_t workload_memwalk(uint64_t iterations)
{
	measured_count();
	irq_enable();
	uint64_t cycles = memwalk_measured(iterations);
	irq_disable();
	return cycles;
}

/* ftq's unit of work: the sum of one 64-byte line of a 16 KiB buffer (L1-resident
 * while nothing evicts it), the next line at the next unit. */
#define FTQ_WORDS (16 * 1024 / sizeof(uint64_t))
static uint64_t ftq_buf[FTQ_WORDS] __attribute__((aligned(64)));

static inline __attribute__((always_inline)) uint64_t ftq_unit(uint64_t *pos)
{
	const uint64_t *w = &ftq_buf[*pos];
	*pos = (*pos + 8) & (FTQ_WORDS - 1);
	return w[0] + w[1] + w[2] + w[3] + w[4] + w[5] + w[6] + w[7];
}

/* Quantum k ends at start + (k + 1) x quantum however late its units ran: an
 * interrupt's time, and what it did to the cache, show as units not done. (Its
 * quanta are folded by a call out of the measured code: docs/METHOD.md, "The tick's
 * anatomy", counts such a call as the run's own.) */
MEASURED static uint64_t ftq_measured(uint64_t quanta, struct ftq_view *f)
{
	uint64_t pos = 0, sink = 0;
	uint64_t start = rdtsc_ordered(), end = start;
	for (uint64_t k = 0; k < quanta; k++) {
		uint32_t units = 0;
		end += f->quantum;
		while (ftq_before(rdtsc(), end)) {
			sink += ftq_unit(&pos);
			units++;
		}
		ftq_fold(&f->sum, units);
	}
	uint64_t stop = rdtsc_ordered();
	__asm__ volatile("" : : "r"(sink));
	return stop - start;
}

uint64_t workload_ftq(uint64_t quanta, struct ftq_view *f)
{
	ftq_reset(&f->sum);
	measured_count();
	irq_enable();
	uint64_t cycles = ftq_measured(quanta, f);
	irq_disable();
	return cycles;
}
