/* Fixed-point statistics for the kernel's report (the kernel has no floating point):
 * the mean of a sample of integers and the half-width of its 95 % confidence
 * interval, Student's t at n - 1 degrees of freedom. tickstat computes the same
 * figures in double precision from the records; docs/METHOD.md, "The report". */
#ifndef KERNEL_CI_H
#define KERNEL_CI_H

#include <stdbool.h>
#include <stdint.h>

/* t(0.975, df) in thousandths, for df >= 1 (a df between two table rows takes the
 * smaller df's value, which is the larger t: the interval errs wide). */
uint32_t ci_t975_milli(uint64_t df);

/* floor(sqrt(v)). */
uint64_t ci_isqrt(uint64_t v);

struct ci {
	int64_t mean;                   /* sum / n, rounded toward zero */
	uint64_t half;                  /* t(0.975, n-1) * s / sqrt(n), rounded down; 0 when n < 2 */
	uint64_t n;
	bool valid;                     /* false: no sample, or the squares overflowed */
};

/* Mean and 95 % half-width of v[0..n). */
struct ci ci_of(const int64_t *v, uint64_t n);

#endif
