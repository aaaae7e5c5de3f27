/* Student's t quantiles for the report's intervals, without a C library (the kernel
 * computes its answer with them): the two-sided quantile at one of ministat's six
 * confidence levels, for integer degrees of freedom, exact to about 1e-13. */
#ifndef LIB_STUDENT_H
#define LIB_STUDENT_H

#include <stdint.h>

/* ministat's confidence levels (tickstat's -c): 80 90 95 98 99 99.5 %. */
#define CONF_LEVELS 6
#define CONF_95     2
extern const double conf_pct[CONF_LEVELS];

/* t at 1 - (1 - conf_pct[level] / 100) / 2 with df >= 1 degrees of freedom (df 0:
 * as 1): for df up to 300 the root of the t distribution's finite series (Abramowitz
 * and Stegun 26.7.3, 26.7.4), above it the Cornish-Fisher expansion in the normal
 * quantile (26.7.5). */
double t_quantile(int level, uint64_t df);

/* The normal quantile at the same level (df infinite). */
double z_quantile(int level);

/* atan(x), which the series of an odd df needs: exported for its test against the
 * C library's. */
double student_atan(double x);

#endif
