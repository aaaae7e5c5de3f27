/* Words on a command line: "key=value", lists with commas ("hz=100,1000"), a flag
 * alone ("help"). Each key belongs to one table of words: the kernel's own
 * (kernel/cmdline.c), the benchmarks' common vocabulary (bench/core/suite.c) and each
 * benchmark's own (bench/core/benches.def names them). A table says where its values go
 * (a settings struct, each word at an offset) and what they are before the line is
 * read. An unknown key, a key given twice or a bad value is never guessed at:
 * words_parse() fails and says which word is wrong, what it accepts, or which known
 * key is nearest. Freestanding: the kernel, tickbench-linux, the host tests and
 * tools/options-md.c compile it. docs/OPTIONS.md is printed from the tables. */
#ifndef LIB_WORDS_H
#define LIB_WORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WORDS_LIST_MAX 8            /* items of a comma list of integers */

enum word_kind {
	WORD_ENUM,                  /* one of names[], stored as its index (uint32_t) */
	WORD_SET,                   /* a comma list of names[], a bit each (uint32_t) */
	WORD_UINT,                  /* an integer min..max (uint32_t) */
	WORD_UINT64,                /* the same in 64 bits (uint64_t) */
	WORD_UINT_ALL,              /* an integer, or "all" stored as 0 (uint32_t) */
	WORD_UINT_LIST,             /* a comma list of integers (struct uint_list) */
	WORD_UINT_ALL_LIST,         /* a comma list of those, each maybe "all" */
	WORD_WAIT_LIST,             /* a comma list of idle states (lib/run/idlestate.h) */
	WORD_FLAG,                  /* the key alone (bool) */
	WORD_OTHER,                 /* the table's parse_other() reads it; names[0]
				     * says what it takes */
};

struct uint_list {
	unsigned n;
	uint32_t v[WORDS_LIST_MAX];
};

struct word {
	const char *key;
	enum word_kind kind;
	const char *const *names;   /* ENUM and SET: the accepted names, NULL-ended */
	uint64_t min, max;          /* the integer kinds */
	size_t offset;              /* where in the table's settings */
	const char *defaults;       /* in words, for the help */
	const char *meaning;
};

struct words_error {
	char word[64];              /* the offending word, cut to fit */
	char message[512];          /* what is wrong and what is accepted */
};

struct word_table {
	const char *owner;          /* whose words: "kernel", "benchmarks", "tick", ... */
	const struct word *words;
	size_t n;
	void *settings;             /* the struct the words' offsets point into */
	const void *initial;        /* its values before the line is read */
	size_t size;
	uint64_t given;             /* bit i: words[i] appeared on the line */
	/* After the whole line: words that cannot go together (NULL: none). Returns
	 * false after words_fail() named the word and the reason. */
	bool (*check)(const struct word_table *t, struct words_error *err);
	/* Its WORD_OTHER words' values: false when the value is not one w takes. */
	bool (*parse_other)(const struct word *w, const char *value, size_t len, void *settings);
};

/* Parse line (NULL is empty) into the tables' settings, each first reset to its
 * initial values. On failure returns false and fills err; the settings then hold
 * the initial values plus the words before the bad one. */
bool words_parse(struct word_table *const *tables, size_t n, const char *line,
		 struct words_error *err);

/* Apply one "key=value" word unless its key was on the line (a suite's default):
 * false when the word is not valid. */
bool words_default(struct word_table *const *tables, size_t n, const char *word);

/* Was the word called key (of t) on the line? */
bool words_given(const struct word_table *t, const char *key);

/* An unsigned decimal or 0x-hexadecimal number filling [s, s+len) exactly. */
bool words_uint(const char *s, size_t len, uint64_t *out);

/* Fill err: the word (up to its first space) and the message, printf-style with
 * two string arguments at most. Returns false, for checks to return. */
bool words_fail(struct words_error *err, const char *word, const char *fmt, const char *a,
		const char *b);

/* One word's parts for the help and docs/OPTIONS.md. */
struct word_doc {
	const char *key, *defaults, *meaning;
	char accepts[192];          /* what values it takes, in words */
};
void words_doc(const struct word *w, struct word_doc *doc);

/* A line of the help, no newline; head: a title or a table's head, not a word's. */
typedef void words_print_fn(const char *line, bool head);
/* A table's words for the help: a head ("tick's words:"), then a line per word,
 * indented by 2, whole or (fold) folded to fit WORDS_HELP_WIDTH columns. */
#define WORDS_HELP_WIDTH 78
void words_print_table(const struct word_table *t, bool fold, words_print_fn *print);
/* A line of the help indented by 2, whole or (fold) folded as a word's: the later
 * lines indented by 12. */
void words_print_item(const char *s, bool fold, words_print_fn *print);

#endif
