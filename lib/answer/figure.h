/* One rule for every figure tickbench prints, the kernel's and tickstat's alike
 * (docs/METHOD.md, "Figures"; the ministat and GUM practice):
 *   - with an interval, the half interval to one significant digit, two when that
 *     digit is 1 or 2, and the value to the same decimal place: "0.84 % +/- 0.06 %",
 *     "8k +/- 3k" (7565 +/- 3173), "0.7M +/- 1.2M" (710k +/- 1216k);
 *   - an interval of exactly 0 (runs that were all equal) is said so, the value to
 *     three significant digits or to the unit, whichever shows more:
 *     "52.763k (exact: 5 equal runs)";
 *   - without an interval, three significant digits: "1.15k", "9.61", "0.00240";
 *   - SI prefixes the same way everywhere: the larger of the value and the interval
 *     between 1 and 999 of its prefix (k, M, G, T; none below 1000); shares of the
 *     CPU are in % and take none;
 *   - a figure that cannot be negative, or a share above 100 %, says why it is
 *     noise: "-10 % +/- 70 % (< 0: noise)".
 * In integers (a decimal mantissa and exponent): the kernel's benchmarks print with
 * it without floating point; lib/answer/figure_double.c is the entry for doubles. */
#ifndef LIB_FIGURE_H
#define LIB_FIGURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A figure: v x 10^exp, and its half interval e x 10^exp (interval: e is one; an
 * interval of 0 is exact, runs the equal runs it comes from). */
struct figure {
	int64_t v, e;
	int exp;
	bool interval;
	uint64_t runs;
};

enum figure_flags {
	FIGURE_SIGN = 1,            /* "+" before a positive value */
	FIGURE_PERCENT = 2,         /* a share: " %" after value and interval, no prefix */
	FIGURE_COMPACT = 4,         /* an exact figure: "(exact)", not "(exact: 5 equal runs)" */
	FIGURE_NOT_NEGATIVE = 8,    /* below 0 it is noise: "(< 0: noise)" */
	FIGURE_AT_MOST_100 = 16,    /* a share above 100 % is noise: "(> 100 %: noise)" */
};

/* The figure's text; returns its length (as format() does). */
int figure_print(char *buf, size_t size, const struct figure *f, unsigned flags);

/* An interval that is not symmetric (a bootstrap's): "0.89 % (0.83 to 0.96 %)", the
 * value and its ends lo and hi (f's exponent) at the place f's half width e (the
 * nearer end's distance) gives. */
int figure_print_range(char *buf, size_t size, const struct figure *f, int64_t lo, int64_t hi,
		       unsigned flags);

/* v x 10^exp without an interval (three significant digits): the integer entry. */
int figure_int(char *buf, size_t size, int64_t v, int exp, unsigned flags);

/* Whether a figure of these flags would be flagged as noise. */
bool figure_is_noise(const struct figure *f, unsigned flags);

#endif
