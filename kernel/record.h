/* The output contract: one JSON object per line, "type" and a gap-free "seq" first,
 * "crc" last (CRC-32 of the line's bytes before the comma that precedes "crc").
 * docs/FORMAT.md describes every record, lib/record/schema.def declares each: a record is
 * written through it, its type and every field named as the schema names them, so
 * that a field it does not declare, or of another kind, does not compile:
 *
 *   struct record r;
 *   REC_BEGIN(&r, boot);
 *   REC_STR(&r, boot, cmdline, cmdline);
 *   REC_U64(&r, boot, format, RECORD_FORMAT_VERSION);
 *   record_emit(&r);
 *
 * (record_begin(&r, "boot") and record_u64(&r, "format", 1) with the same strings:
 * the same code). A field that does not fit is left out whole and the record gains
 * "truncated":1, so every emitted line stays valid JSON. */
#ifndef KERNEL_RECORD_H
#define KERNEL_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "schema.h"

#define RECORD_MAX 4096           /* bytes of one line, CRC and newline included */
#define RECORD_FORMAT_VERSION SCHEMA_FORMAT_VERSION

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

/* A record of lib/record/schema.def's type, and its field name of the kind each writes (an
 * unsigned integer also into a field of either sign). A family's key (pmu_EVENT) is
 * the writer's to make: FIELD(type, pmu_EVENT, U64) checks that the family exists. */
#define REC_BEGIN(r, type)              record_begin(r, RECORD_TYPE(type))
#define REC_STR(r, type, name, v)       record_str(r, FIELD(type, name, STR), v)
#define REC_U64(r, type, name, v)       record_u64(r, FIELD_INT(type, name), v)
#define REC_I64(r, type, name, v)       record_i64(r, FIELD(type, name, I64), v)
#define REC_BOOL(r, type, name, v)      record_bool(r, FIELD(type, name, BOOL), v)
#define REC_HEX(r, type, name, v)       record_hex(r, FIELD(type, name, HEX), v)
#define REC_ARRAY(r, type, name, v, n)  record_u64_array(r, FIELD(type, name, ARR), v, n)

/* How many records have been emitted: the next record's seq. */
uint64_t record_count(void);

#endif
