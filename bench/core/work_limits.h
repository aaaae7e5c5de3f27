/* The largest values of the work-model words (tick_work=, bench/core/config.c; the
 * footprint's, bench/tick/tick_words.c), which the work code must hold:
 * bench/core/workcode.S generates TICK_CODE_MAX_KIB KiB of code (the image pays for
 * it), bench/core/footprint.c takes its buffers up to these sizes. For C and the
 * assembler. */
#ifndef BENCH_WORK_LIMITS_H
#define BENCH_WORK_LIMITS_H

#define TICK_WORK_MAX           100000000       /* cycles: inject='s old limit */
#define TICK_DATA_MAX_KIB       16384
#define TICK_CODE_MAX_KIB       64
#define TICK_PAGES_MAX          4096

#endif
