/* Reading tickbench logs (docs/FORMAT.md): lines, the record envelope, the JSON
 * subset records use, and the log's integrity rules (seq, boot first, end last).
 *
 * A reader hands each intact record to a callback; every damaged line is reported
 * as "FILE:LINE: problem" and never handed on. Field values point into the reader's
 * buffers and stay valid only during the callback. */
#ifndef TICKSTAT_LOG_H
#define TICKSTAT_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The record format this reader knows: docs/FORMAT.md's "Format version", tickstat's
 * own copy (it reads logs, not the kernel's headers); tests/host/tickstat-format.sh
 * holds the two, and the kernel's, equal. */
#define LOG_FORMAT_VERSION 1

#define LOG_LINE_MAX   8192   /* a record line (the kernel writes at most 4096) */
#define LOG_FIELDS_MAX 64
#define LOG_INDEX_SLOTS 128   /* the fields' index: open addressing, half full at most */

enum value_kind { V_STRING, V_INT, V_BOOL, V_ARRAY };

struct value {
	enum value_kind kind;
	bool neg;                /* V_INT: negative; the magnitude is in u */
	uint64_t u;              /* V_INT magnitude */
	bool b;                  /* V_BOOL */
	const char *s;           /* V_STRING, unescaped, NUL-terminated */
	size_t len;              /* V_STRING length, V_ARRAY element count */
	const uint64_t *arr;     /* V_ARRAY */
};

struct field {
	const char *key;         /* NUL-terminated */
	unsigned sig;            /* key_sig(): a lookup compares it first */
	struct value v;
};

/* A key's length and first and last bytes in one word: keys that differ nearly
 * always differ in it. */
static inline unsigned key_sig(const char *key, size_t len)
{
	return (unsigned)len << 16 | (unsigned)(unsigned char)key[0] << 8 |
	       (len ? (unsigned)(unsigned char)key[len - 1] : 0);
}

/* Name a field (a record made by hand, in tests): its key and signature. */
static inline void field_name(struct field *f, const char *key)
{
	f->key = key;
	f->sig = key_sig(key, strlen(key));
}

struct rec {
	const char *file;
	unsigned long line;
	const char *type;
	uint64_t seq;
	size_t nfields;          /* fields between seq and crc */
	struct field f[LOG_FIELDS_MAX];
	/* The parser's records are indexed by key (rec_get); a record made by hand,
	 * with indexed false, is searched field by field. index[h]: 1 + the number of
	 * a field whose key hashes to h or is placed after it, 0 for none. */
	bool indexed;
	uint8_t index[LOG_INDEX_SLOTS];
	const char *raw;         /* the line, without its end of line */
	size_t rawlen;
};

/* Parse one line that starts with '{' into r (type, seq, fields, CRC verified).
 * Returns NULL on success, else a static description of the first problem. The
 * scratch buffers must hold len + 1 bytes (strings: the line is copied there, a NUL
 * after it) and len/2+1 integers (arrays). */
const char *rec_parse(struct rec *r, const char *line, size_t len,
		      char *strbuf, uint64_t *arrbuf);
/* The two parsers behind it (log.c says why), for the fuzzer that holds them
 * equal: the kernel's form alone (false at anything else), and all of JSON's. */
bool rec_parse_fast(struct rec *r, const char *line, size_t len, char *strbuf, uint64_t *arrbuf);
const char *rec_parse_full(struct rec *r, const char *line, size_t len,
			   char *strbuf, uint64_t *arrbuf);

/* Range checks on the fields of known record types (n >= 1, min <= p50 <= max, ...).
 * Returns NULL or a description (written to buf). */
const char *rec_validate(const struct rec *r, char *buf, size_t size);

/* The length of the valid UTF-8 character (RFC 3629: no overlong form, no
 * surrogate, at most U+10FFFF) at s, of the avail bytes there; 0 if there is none.
 * Record strings are refused unless every character is valid (JSON text is UTF-8,
 * RFC 8259 8.1). */
size_t utf8_valid(const char *s, size_t avail);

/* The value of r's field key, or NULL. Inline, as the helpers below: a key given
 * as a literal has its length and signature worked out by the compiler (the
 * lookups of the range checks and of summary's pooling were 7 % of its time). */
const struct value *rec_get_sig(const struct rec *r, const char *key, unsigned sig);
static inline const struct value *rec_get(const struct rec *r, const char *key)
{
	return rec_get_sig(r, key, key_sig(key, strlen(key)));
}

/* A value rec_get() found (or NULL) as an unsigned integer: a second lookup
 * spared where the caller needs to know whether the field is there at all. */
static inline bool value_u64(const struct value *v, uint64_t *out)
{
	if (!v || v->kind != V_INT || v->neg)
		return false;
	*out = v->u;
	return true;
}

static inline bool rec_u64(const struct rec *r, const char *key, uint64_t *out)
{
	return value_u64(rec_get(r, key), out);
}

bool rec_i64(const struct rec *r, const char *key, int64_t *out);

static inline const char *rec_str(const struct rec *r, const char *key)  /* NULL if absent */
{
	const struct value *v = rec_get(r, key);
	return v && v->kind == V_STRING ? v->s : NULL;
}

static inline bool rec_bool(const struct rec *r, const char *key, bool *out)
{
	const struct value *v = rec_get(r, key);
	if (!v || v->kind != V_BOOL)
		return false;
	*out = v->b;
	return true;
}

/* An integer field as a double (exact below 2^53, nearest above). */
static inline bool rec_num(const struct rec *r, const char *key, double *out)
{
	const struct value *v = rec_get(r, key);
	if (!v || v->kind != V_INT)
		return false;
	*out = v->neg ? -(double)v->u : (double)v->u;
	return true;
}

typedef void (*rec_fn)(const struct rec *r, void *ctx);

struct log_report {
	unsigned long lines;
	unsigned long records;   /* intact records handed on */
	unsigned long problems;
	unsigned long refused;   /* damaged records among the problems */
	uint64_t bytes;
	bool quiet;              /* count problems, don't print them */
};

/* A log's name in messages and records' file: its path, "(stdin)" for "-". */
static inline const char *log_name(const char *path)
{
	return strcmp(path, "-") ? path : "(stdin)";
}

/* Read one log (path "-" is standard input, as often as asked), checking every
 * rule of the format,
 * and call fn for each intact record. Problems go to stderr as FILE:LINE: text.
 * Returns 0 when the log is whole, 1 when damaged, 2 when it cannot be read. */
int log_read(const char *path, rec_fn fn, void *ctx, struct log_report *rep);

/* The same on a buffer in memory (tests, fuzzing). */
int log_read_mem(const char *name, const char *data, size_t len, rec_fn fn, void *ctx,
		 struct log_report *rep);

#endif
