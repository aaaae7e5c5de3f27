/* libFuzzer target for the command-line parser (kernel/cmdline.c): the input,
 * NUL-terminated, is the command line. The error it reports must be two bounded,
 * terminated strings. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cmdline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = malloc(size + 1);
	memcpy(line, data, size);
	line[size] = 0;
	struct config cfg;
	struct cmdline_error err;
	if (!cmdline_parse(line, &cfg, &err) &&
	    (strlen(err.word) >= sizeof(err.word) || strlen(err.message) >= sizeof(err.message) ||
	     !err.message[0]))
		abort();
	free(line);
	return 0;
}
