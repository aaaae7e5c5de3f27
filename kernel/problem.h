/* The one way a benchmark or a kernel service says that something did not run: a
 * "skip" (what it needs is absent here, or cannot be given at these settings) or an
 * "error" (it should have run and did not), as one record and one console line. An
 * error makes the run's status error; a skip leaves it (docs/FORMAT.md, "skip" and
 * "error"). The fields name what did not run; "reason" says why, last.
 *
 *   struct problem p;
 *   problem_begin(&p, PROBLEM_ERROR, "tick");
 *   PROBLEM_STR(&p, timer, "hpet");
 *   PROBLEM_U64(&p, hz, 1000);
 *   problem_end(&p, "no interrupt arrived");
 *
 * prints "tick error (timer hpet, hz 1000): no interrupt arrived". The fields are
 * lib/record/schema.def's: PROBLEM_* those both skip and error declare (for a caller of
 * either kind), SKIP_* and ERROR_* a kind's own. */
#ifndef KERNEL_PROBLEM_H
#define KERNEL_PROBLEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "record.h"

enum problem_kind { PROBLEM_SKIP, PROBLEM_ERROR };

struct problem {
	struct record r;
	enum problem_kind kind;
	char line[256];                 /* the console line's fields so far */
	size_t len;
	bool fields;                    /* the line's parenthesis is open */
};

/* bench: the "bench" field (a benchmark's name), or NULL for a kernel service that
 * names itself in its fields. */
void problem_begin(struct problem *p, enum problem_kind kind, const char *bench);
void problem_str(struct problem *p, const char *key, const char *value);
void problem_u64(struct problem *p, const char *key, uint64_t value);
/* Add "reason", emit the record, print the line, and set the status. */
void problem_end(struct problem *p, const char *reason);

#define PROBLEM_STR(p, name, v)  problem_str(p, FIELD_OF(name, STR, skip, error), v)
#define PROBLEM_U64(p, name, v)  problem_u64(p, FIELD_OF(name, U64, skip, error), v)
#define SKIP_STR(p, name, v)     problem_str(p, FIELD(skip, name, STR), v)
#define SKIP_U64(p, name, v)     problem_u64(p, FIELD(skip, name, U64), v)
#define ERROR_STR(p, name, v)    problem_str(p, FIELD(error, name, STR), v)
#define ERROR_U64(p, name, v)    problem_u64(p, FIELD(error, name, U64), v)
/* a register's value, made "0x" and 16 digits by the caller (a HEX field) */
#define ERROR_HEX(p, name, v)    problem_str(p, FIELD(error, name, HEX), v)

#endif
