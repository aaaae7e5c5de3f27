/* options-md: the table of kernel words for docs/OPTIONS.md, printed from
 * kernel/cmdline.c's own option table (the one the kernel parses with and prints
 * for the word help). `make docs` puts it between the file's markers
 * (scripts/options-doc); tests/host/option-table.sh fails when they differ. */
#include <stdio.h>

#include "cmdline.h"

/* A table cell: a '|' escaped, so that it does not end the cell. */
static void cell(const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			putchar('\\');
		putchar(*s);
	}
}

int main(void)
{
	puts("| key | values | default | meaning |");
	puts("|---|---|---|---|");
	for (size_t i = 0; i < cmdline_help_lines(); i++) {
		struct cmdline_doc doc;
		cmdline_option_doc(i, &doc);
		printf("| `%s` | ", doc.key);
		cell(doc.accepts);
		fputs(" | ", stdout);
		cell(doc.defaults);
		fputs(" | ", stdout);
		cell(doc.meaning);
		puts(" |");
	}
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}
