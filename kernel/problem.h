/* The one way a benchmark or a kernel service says that something did not run: a
 * "skip" (what it needs is absent here, or cannot be given at these settings) or an
 * "error" (it should have run and did not), as one record and one console line. An
 * error makes the run's status error; a skip leaves it (docs/FORMAT.md, "skip" and
 * "error"). The fields name what did not run; "reason" says why, last.
 *
 *   struct problem p;
 *   problem_begin(&p, PROBLEM_ERROR, "tick");
 *   problem_str(&p, "timer", "hpet");
 *   problem_u64(&p, "hz", 1000);
 *   problem_end(&p, "no interrupt arrived");
 *
 * prints "tick error (timer hpet, hz 1000): no interrupt arrived". */
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

#endif
