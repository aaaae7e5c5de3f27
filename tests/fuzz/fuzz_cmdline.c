/* libFuzzer target for the command-line parser (lib/run/words.c with the kernel's and the benchmarks' tables): the input,
 * NUL-terminated, is the command line. The error it reports must be two bounded,
 * terminated strings. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cmdline.h"
#include "config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = malloc(size + 1);
	memcpy(line, data, size);
	line[size] = 0;
	struct words_error err;
	if (!cmdline_parse(line, bench_tables, bench_tables_n, &err) &&
	    (strlen(err.word) >= sizeof(err.word) || strlen(err.message) >= sizeof(err.message) ||
	     !err.message[0]))
		abort();
	free(line);
	return 0;
}
