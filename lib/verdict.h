/* The words of a verdict on the CPU share lost to a tick, as tickstat report writes
 * them (tools/tickstat/verdict.c: fmt_share, fmt_runs_needed), in ASCII: "+/-" for
 * tickstat's "±". Figures in ppt (lib/ci.h). */
#ifndef LIB_VERDICT_H
#define LIB_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "ci.h"

/* "0.89 % +/- 0.06 %" (with sign: "+0.89 % ..."), the half interval to one
 * significant digit, two when that digit is 1 or 2; without an interval
 * (has_err false) "0.89 %", the value to three digits. Returns the length. */
int verdict_share(char *buf, size_t size, int64_t ppt, int64_t err, bool has_err, bool sign);

/* The mean of a set: verdict_share of its mean and half interval. */
int verdict_mean(char *buf, size_t size, const struct ci_mean *m);

/* What would prove a difference, as tickstat report says it of one boot (the
 * kernel sees one): "needed: 1 boot x 37 runs", "needed: over 10^7 runs", or
 * "identical means". */
int verdict_needed(char *buf, size_t size, const struct ci_verdict *v);

/* Outside [-100 %, 100 %] of the CPU: no cost a tick can have, the runs' noise. */
bool verdict_is_noise(int64_t ppt);

#endif
