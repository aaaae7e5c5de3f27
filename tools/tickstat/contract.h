/* Every record held to the record contract, lib/record/schema.def (docs/FORMAT.md,
 * "Records"): its type and each field declared in the log's format version, each of
 * its kind, within its range or among its words, those every record has present,
 * and the rules across fields. A log of a version newer than this tickstat's keeps
 * its records: the types and fields this version does not know are warned of, once
 * a log each, and their values not checked. */
#ifndef TICKSTAT_CONTRACT_H
#define TICKSTAT_CONTRACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "rec.h"

#define CONTRACT_WARNED_MAX 64

/* One log's: its format version (the boot record's) and what it was warned of. */
struct contract_log {
	uint64_t version;
	void (*warn)(void *ctx, const struct rec *r, const char *text);
	void *ctx;
	size_t nwarned;
	char warned[CONTRACT_WARNED_MAX][48];   /* "type" or "type.field" */
};

/* NULL when r keeps the contract of log->version, else the rule it breaks, in buf:
 * the record is refused. */
const char *contract_check(const struct rec *r, struct contract_log *log, char *buf, size_t size);

#endif
