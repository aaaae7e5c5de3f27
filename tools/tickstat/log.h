/* Reading tickbench logs (docs/FORMAT.md): lines, the record envelope, the JSON
 * subset records use, and the log's integrity rules (seq, boot first, end last).
 *
 * A reader hands each intact record to a callback; every damaged line is reported
 * as "FILE:LINE: problem" and never handed on. Field values point into the reader's
 * buffers and stay valid only during the callback. */
#ifndef TICKSTAT_LOG_H
#define TICKSTAT_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "rec.h"
#include "schema.h"

/* The record format this reader knows: the schema's (lib/record/schema.h), docs/FORMAT.md's
 * "Format version" (tests/host/tickstat-format.sh holds the two equal). */
#define LOG_FORMAT_VERSION SCHEMA_FORMAT_VERSION

#define LOG_LINE_MAX   8192   /* a record line (the kernel writes at most 4096) */

/* One record line, parsed and checked, is lib/'s (rec.h: the kernel reads its own
 * records back with it); tickstat gives it isa-l's CRC-32, zlib's (the reflected
 * IEEE polynomial) folded with carry-less multiplication where the CPU has it:
 * zlib's crc32() was 15 % of summary's time and a fifth of check's. */
uint32_t log_crc(const void *data, size_t len);

typedef void (*rec_fn)(const struct rec *r, void *ctx);

struct log_report {
	unsigned long lines;
	unsigned long records;   /* intact records handed on */
	unsigned long problems;
	unsigned long refused;   /* damaged records among the problems */
	uint64_t bytes;
	bool quiet;              /* count problems, don't print them */
	/* NULL, or the record types wanted (NULL-terminated): a quiet scan of what a
	 * log is (its boots, its machine) reads the other records' lines not at all
	 * (their seq then seems to skip: problems counted, not said) */
	const char *const *only;
};

/* A log's name in messages and records' file: its path, "(stdin)" for "-". */
static inline const char *log_name(const char *path)
{
	return strcmp(path, "-") ? path : "(stdin)";
}

/* Read one log (path "-" is standard input, as often as asked), checking every
 * rule of the format, and call fn for each intact record. Problems go to stderr as
 * FILE:LINE: text; a log that cannot be opened or read is said once a command.
 * Returns 0 when the log is whole, 1 when damaged, 2 when it cannot be read. */
int log_read(const char *path, rec_fn fn, void *ctx, struct log_report *rep);

/* Whether the log at path can be opened (standard input can); one that cannot is
 * said, once a command, as log_read says it. */
bool log_readable(const char *path);

/* The same file, by name or not (a link, another path). */
bool same_file(const char *a, const char *b);

/* The records of a log taken out of an HTML report, by its name, or NULL: set by
 * html_logs.c when tickstat check or report takes such a page; NULL (logs are
 * files) in a program without it. */
extern const char *(*log_taken)(const char *name, size_t *len);

/* The same on a buffer in memory (tests, fuzzing). */
int log_read_mem(const char *name, const char *data, size_t len, rec_fn fn, void *ctx,
		 struct log_report *rep);

#endif
