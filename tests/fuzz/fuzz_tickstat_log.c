/* libFuzzer target: tickstat's log reader (record parser, range checks, log rules)
 * on arbitrary bytes. Built by `make host` (with clang) and `make fuzz`. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "log.h"

static void touch(const struct rec *r, void *ctx)
{
	double d;
	size_t *n = ctx;
	for (size_t i = 0; i < r->nfields; i++)
		if (rec_num(r, r->f[i].key, &d))
			(*n)++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct log_report rep = { .quiet = true };
	size_t n = 0;
	log_read_mem("fuzz", (const char *)data, size, touch, &n, &rep);
	return 0;
}
