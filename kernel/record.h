/* The output contract: one JSON object per line, "type" and a gap-free "seq" first,
 * "crc" last (CRC-32 of the line's bytes before the comma that precedes "crc").
 * docs/FORMAT.md describes every record.
 *
 *   struct record r;
 *   record_begin(&r, "boot");
 *   record_str(&r, "cmdline", cmdline);
 *   record_u64(&r, "format", 1);
 *   record_emit(&r);
 *
 * A field that does not fit is left out whole and the record gains "truncated":1,
 * so every emitted line stays valid JSON. */
#ifndef KERNEL_RECORD_H
#define KERNEL_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#define RECORD_MAX 4096           /* bytes of one line, CRC and newline included */
#define RECORD_FORMAT_VERSION 1

struct record {
	char line[RECORD_MAX];
	size_t len;
	size_t seq_at;                /* where record_emit() puts "seq" */
	bool truncated;
};

typedef void (*record_sink)(const char *line, size_t len);

void record_set_sink(record_sink sink);
/* Taken around numbering and writing a record, so that with several CPUs the seq
 * order is the line order and no line is torn (kernel/console.c's output lock). */
void record_set_lock(void (*lock)(void), void (*unlock)(void));
void record_begin(struct record *r, const char *type);
void record_str(struct record *r, const char *key, const char *value);
void record_u64(struct record *r, const char *key, uint64_t value);
void record_i64(struct record *r, const char *key, int64_t value);
void record_bool(struct record *r, const char *key, bool value);
void record_hex(struct record *r, const char *key, uint64_t value);  /* "0x%016x" string */
void record_u64_array(struct record *r, const char *key, const uint64_t *v, size_t n);
void record_emit(struct record *r);

/* How many records have been emitted: the next record's seq. */
uint64_t record_count(void);

#endif
