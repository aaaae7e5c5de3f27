/* One boot given twice among the logs, which a command that pools their records
 * refuses (tickstat.h's logs_ready). */
#ifndef TICKSTAT_BOOT_TWICE_H
#define TICKSTAT_BOOT_TWICE_H

#include <stdbool.h>

/* One boot given twice among the logs (docs/TICKSTAT.md): a log named twice (- twice,
 * or - and the file it reads), or two boots whose machine, build and seed are all
 * equal; said on standard error. Reads the logs (quietly). */
bool boots_repeat(char **paths, int n);

#endif
