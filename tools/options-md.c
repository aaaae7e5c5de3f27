/* options-md: docs/OPTIONS.md's tables of words, printed from the tables the kernel
 * parses with and prints for the word help: the kernel's own (kernel/cmdline.c), the
 * benchmarks' shared words (bench/core/config.c), the list of benchmarks with what each
 * measures (bench/core/benches.def) and each one's own words (bench/NAME/NAME_words.c).
 * `make docs` puts them between the file's markers (scripts/options-doc);
 * tests/host/option-table.sh fails when they differ. */
#include <stdio.h>
#include <string.h>

#include "cmdline.h"
#include "config.h"

/* A table cell: a '|' escaped, so that it does not end the cell. */
static void cell(const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			putchar('\\');
		putchar(*s);
	}
}

static void table(const char *title, const struct word_table *t)
{
	printf("\n#### %s\n\n", title);
	puts("| key | values | default | meaning |");
	puts("|---|---|---|---|");
	for (size_t i = 0; i < t->n; i++) {
		struct word_doc doc;
		words_doc(&t->words[i], &doc);
		printf("| `%s` | ", doc.key);
		cell(doc.accepts);
		fputs(" | ", stdout);
		cell(doc.defaults);
		fputs(" | ", stdout);
		cell(doc.meaning);
		puts(" |");
	}
}

/* The table of benchmark name, or NULL when it has no words of its own. */
static const struct word_table *words_of(const char *name)
{
	for (size_t t = 1; t < bench_tables_n; t++)
		if (!strcmp(bench_tables[t]->owner, name))
			return bench_tables[t];
	return NULL;
}

int main(void)
{
	char title[96];
	table("The kernel's words", &kernel_words);
	table("The benchmarks' shared words", &bench_words);
	puts("\n#### The benchmarks (`bench=`)\n");
	puts("| name | what it measures | its own words |");
	puts("|---|---|---|");
	for (unsigned i = 0; i < bench_count; i++) {
		printf("| `%s` | ", bench_name[i]);
		cell(bench_summary[i]);
		printf(" | %s |\n", words_of(bench_name[i]) ? "below" : "none");
	}
	for (size_t t = 1; t < bench_tables_n; t++) {
		snprintf(title, sizeof(title), "%s's words", bench_tables[t]->owner);
		table(title, bench_tables[t]);
	}
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}
