/* The rule for printed figures (figure.h), from doubles: what the report's
 * statistics give. In the kernel only code compiled with SSE calls it (after the
 * last benchmark: docs/METHOD.md, "The report"). */
#ifndef LIB_FIGURE_DOUBLE_H
#define LIB_FIGURE_DOUBLE_H

#include "figure.h"

/* v with the half interval e: e NAN (or negative) for none, 0 for an exact figure
 * of runs equal runs. */
struct figure figure_of(double v, double e, uint64_t runs);
/* x as a mantissa at 10^exp, rounded to the nearest. */
int64_t figure_mantissa(double x, int exp);
/* Its text ("-" for a value that is not finite); returns the length. */
int figure_double(char *buf, size_t size, double v, double e, uint64_t runs, unsigned flags);

#endif
