/* The log's integrity rules (docs/FORMAT.md): CRC and JSON per line (log.c), seq
 * from 0 without gaps or repeats, a "boot" first, an "end" last whose "records"
 * counts the records before it, and every record held to the record contract,
 * lib/record/schema.def (contract.c). A serial capture may hold several boots: a "boot"
 * with seq 0 starts a new session. After a boot's "end" may come annexes, records
 * written on the host about that boot (tools/anatomy): a session of their own,
 * "annex" first naming the boot by its record's CRC, "annex_end" last. */
#include "log.h"
#include "contract.h"
#include "tickstat.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the log ------------------------------------------------------------------ */

struct log_state {
	const char *name;
	rec_fn fn;
	void *ctx;
	struct log_report *rep;
	bool in_session, ended;
	bool annex;              /* the session is an annex ("annex" ... "annex_end") */
	char boot_crc[9];        /* the CRC of the last boot record, which an annex names */
	unsigned long session_line, end_line, last_line;
	uint64_t next_seq;       /* seq the next record should carry */
	uint64_t lines_in_session; /* record lines (intact or not) since boot */
	uint64_t damaged;        /* damaged record lines since the last intact one */
	unsigned long lineno;    /* lines read */
	unsigned long problems_before, records_before;   /* the report's, at the start */
	char strbuf[LOG_LINE_MAX + 16];  /* struct rec_scratch: 16 bytes from the NUL */
	uint64_t arrbuf[LOG_LINE_MAX / 2 + 2];
	struct rec_shapes shapes;
	struct rec r;
	struct contract_log contract;    /* the format version of the boot read last */
};

static void problem(struct log_state *s, unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void problem(struct log_state *s, unsigned long line, const char *fmt, ...)
{
	s->rep->problems++;
	if (s->rep->quiet)
		return;
	va_list ap;
	fprintf(stderr, "%s:%lu: ", s->name, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* A warning: said, not counted as a problem (a log of a newer format). */
static void warn(void *ctx, const struct rec *r, const char *text)
{
	struct log_state *s = ctx;
	if (!s->rep->quiet)
		fprintf(stderr, "%s:%lu: warning: %s\n", s->name, r->line, text);
}

static void close_session(struct log_state *s)
{
	if (s->in_session && !s->ended)
		problem(s, s->last_line, "log is truncated: the session that starts at line %lu "
			"has no \"%s\" record", s->session_line, s->annex ? "annex_end" : "end");
	s->in_session = s->ended = false;
}

/* An annex follows a whole session of the boot it names. */
static void check_annex(struct log_state *s, const struct rec *r, bool after_whole)
{
	const char *of = rec_str(r, FIELD(annex, of, STR));
	if (!after_whole || !s->boot_crc[0])
		problem(s, r->line, "an annex that follows no whole boot");
	else if (!of || strcmp(of, s->boot_crc))
		problem(s, r->line, "an annex of boot %.8s after boot %s", of ? of : "(none)",
			s->boot_crc);
}

static void open_session(struct log_state *s, const struct rec *r)
{
	bool after_whole = s->in_session && s->ended;
	close_session(s);
	s->annex = rec_type_is(r, RECORD_TYPE(annex));
	if (s->annex)
		check_annex(s, r, after_whole);
	else if (strcmp(r->type, "boot"))
		problem(s, r->line, "first record is \"%.40s\", not \"boot\"", r->type);
	else     /* the line ends "crc":"xxxxxxxx"} */
		snprintf(s->boot_crc, sizeof(s->boot_crc), "%.8s", r->raw + r->rawlen - 10);
	s->in_session = true;
	s->session_line = r->line;
	s->next_seq = r->seq;
	s->lines_in_session = r->seq;
	s->damaged = 0;
	/* a newer format is named (its records read on, docs/FORMAT.md); an older one is
	 * read as its version's contract, a field added since then absent */
	uint64_t format;
	if (!strcmp(r->type, RECORD_TYPE(boot)) && rec_u64(r, FIELD(boot, format, U64), &format) &&
	    format > LOG_FORMAT_VERSION)
		problem(s, r->line, "format version %llu; tickstat reads version %d",
			(unsigned long long)format, LOG_FORMAT_VERSION);
}

/* seq must be next_seq; after damaged lines it may skip as many as were lost. */
static bool check_seq(struct log_state *s, const struct rec *r)
{
	uint64_t want = s->next_seq;
	if (r->seq < want) {
		s->rep->refused++;
		problem(s, r->line, "seq %llu repeats or goes back (expected %llu); record refused",
			(unsigned long long)r->seq, (unsigned long long)want);
		return false;
	}
	if (r->seq > want && r->seq - want > s->damaged)
		problem(s, r->line, "seq jumps from %llu to %llu: %llu record(s) missing",
			(unsigned long long)want - 1, (unsigned long long)r->seq,
			(unsigned long long)(r->seq - want - s->damaged));
	s->next_seq = r->seq + 1;
	s->damaged = 0;
	return true;
}

static void check_end(struct log_state *s, const struct rec *r)
{
	uint64_t records = 0;
	rec_u64(r, FIELD_OF(records, U64, end, annex_end), &records);
	if (records != r->seq || records != s->lines_in_session)
		problem(s, r->line, "\"end\" says %llu records came before it; seq is %llu and "
			"the log holds %llu", (unsigned long long)records,
			(unsigned long long)r->seq, (unsigned long long)s->lines_in_session);
	/* A run that ended "fail" or "error" is still a whole log: its status is the
	 * run's verdict, not damage (tools/run reports it). */
	s->ended = true;
	s->end_line = r->line;
}

static void intact_record(struct log_state *s, const struct rec *r)
{
	bool new_session = r->seq == 0 && (rec_type_is(r, RECORD_TYPE(boot)) ||
					   rec_type_is(r, RECORD_TYPE(annex)));
	if (!s->in_session || new_session) {
		open_session(s, r);
	} else if (s->ended) {
		s->rep->refused++;
		problem(s, r->line, "record after the \"%s\" record of line %lu; refused",
			s->annex ? "annex_end" : "end", s->end_line);
		return;
	} else if (!check_seq(s, r)) {
		return;
	}
	if (rec_type_is(r, s->annex ? RECORD_TYPE(annex_end) : RECORD_TYPE(end)))
		check_end(s, r);
	s->next_seq = r->seq + 1;
	s->lines_in_session++;
	s->rep->records++;
	if (s->fn)
		s->fn(r, s->ctx);
}

/* A line that starts with '{' but has neither the opening nor the closing of a
 * record ({"type": ... "crc":"…"}) is noise on the line, not a damaged record: it
 * does not count among the records the "end" record names. */
static bool looks_like_record(const char *p, size_t n)
{
	static const char open[] = "{\"type\":", close[] = "\"crc\":\"";
	if (n >= sizeof(open) - 1 && !memcmp(p, open, sizeof(open) - 1))
		return true;
	size_t tail = sizeof(close) - 1 + 10;   /* "crc":"xxxxxxxx"} */
	return n >= tail && !memcmp(p + n - tail, close, sizeof(close) - 1);
}

static void record_line(struct log_state *s, unsigned long lineno, const char *p, size_t n)
{
	char why[200];
	s->last_line = lineno;
	if (!looks_like_record(p, n)) {
		problem(s, lineno, "a line that starts with '{' but is no record (noise on the "
			"line?): ignored");
		return;
	}
	if (n > LOG_LINE_MAX) {
		problem(s, lineno, "record line too long (%zu bytes; records have at most 4096)", n);
		s->damaged++, s->lines_in_session++, s->rep->refused++;
		return;
	}
	struct rec *r = &s->r;
	r->file = s->name;
	r->line = lineno;
	const struct rec_scratch scratch = { s->strbuf, s->arrbuf, log_crc, &s->shapes };
	const char *e = rec_parse(r, p, n, &scratch);
	if (!e && rec_type_is(r, RECORD_TYPE(boot)) &&     /* its version's contract from here */
	    !rec_u64(r, FIELD(boot, format, U64), &s->contract.version))
		s->contract.version = LOG_FORMAT_VERSION;
	if (!e)
		e = contract_check(r, &s->contract, why, sizeof(why));
	if (e) {
		problem(s, lineno, "damaged record refused: %s", e);
		s->damaged++, s->lines_in_session++, s->rep->refused++;
		return;
	}
	intact_record(s, r);
}

static struct log_state *state_new(const char *name, rec_fn fn, void *ctx,
				   struct log_report *rep)
{
	struct log_state *s = calloc(1, sizeof(*s));
	if (!s) {
		say_error("out of memory");
		return NULL;
	}
	s->name = name, s->fn = fn, s->ctx = ctx, s->rep = rep;
	s->contract = (struct contract_log){ .version = LOG_FORMAT_VERSION, .warn = warn, .ctx = s };
	s->problems_before = rep->problems;
	s->records_before = rep->records;
	return s;
}

/* Is the record line p[0..n) of a type the reader wants (log_report's only)? */
static bool wanted(const struct log_report *rep, const char *p, size_t n)
{
	static const char open[] = "{\"type\":\"";
	if (!rep->only)
		return true;
	if (n < sizeof(open) || memcmp(p, open, sizeof(open) - 1))
		return true;                    /* not a record's opening: said as noise */
	p += sizeof(open) - 1, n -= sizeof(open) - 1;
	for (const char *const *t = rep->only; *t; t++) {
		size_t len = strlen(*t);
		if (n > len && !memcmp(p, *t, len) && p[len] == '"')
			return true;
	}
	return false;
}

/* The whole lines of data[0..len) (and, at the end of the log, the last one
 * without its end of line); returns the bytes used. */
static size_t feed_lines(struct log_state *s, const char *data, size_t len, bool last)
{
	const char *p = data, *end = data + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl && !last)
			break;
		const char *stop = nl ? nl : end;
		size_t n = (size_t)(stop - p);
		s->lineno++;
		if (n && p[n - 1] == '\r')
			n--;
		if (n && p[0] == '{' && wanted(s->rep, p, n))
			record_line(s, s->lineno, p, n);
		p = nl ? nl + 1 : end;
	}
	s->rep->bytes += (uint64_t)(p - data);
	return (size_t)(p - data);
}

static int state_finish(struct log_state *s)
{
	struct log_report *rep = s->rep;
	rep->lines += s->lineno;
	close_session(s);
	if (rep->records == s->records_before && rep->problems == s->problems_before)
		problem(s, s->lineno, "no records in this log");
	int rc = rep->problems != s->problems_before;
	free(s);
	return rc;
}

int log_read_mem(const char *name, const char *data, size_t len, rec_fn fn, void *ctx,
		 struct log_report *rep)
{
	struct log_state *s = state_new(name, fn, ctx, rep);
	if (!s)
		return 2;
	feed_lines(s, data, len, true);
	return state_finish(s);
}

/* All of fd into a buffer that grows (never freed: standard input, kept for the
 * next read). Non-zero on a read error. */
static int slurp(int fd, char **data, size_t *len)
{
	size_t cap = 1 << 20;
	char *buf = malloc(cap);
	*len = 0;
	for (;;) {
		if (!buf)
			return -1;
		if (*len == cap) {
			char *more = realloc(buf, cap * 2);
			if (!more) {
				free(buf);
				return -1;
			}
			buf = more, cap *= 2;
		}
		ssize_t got = read(fd, buf + *len, cap - *len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			free(buf);
			return -1;
		}
		if (got == 0)
			break;
		*len += (size_t)got;
	}
	*data = buf;
	return 0;
}

/* Read in 1 MiB pieces, each processed while it is in the cache: some 40% less
 * time than mapping the file (its page faults, then a trip to memory per pass). A
 * line longer than the buffer grows it. */
static int read_pieces(int fd, struct log_state *s)
{
	size_t cap = 1 << 20, have = 0;
	char *buf = malloc(cap);
	for (;;) {
		if (have == cap) {
			char *more = buf ? realloc(buf, cap * 2) : NULL;
			if (!more)
				break;
			buf = more, cap *= 2;
		}
		if (!buf)
			break;
		ssize_t got = read(fd, buf + have, cap - have);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			break;
		have += (size_t)got;
		size_t used = feed_lines(s, buf, have, got == 0);
		memmove(buf, buf + used, have - used);
		have -= used;
		if (got == 0) {
			free(buf);
			return 0;
		}
	}
	free(buf);
	return -1;
}

/* A log that cannot be opened or read, said once, whichever read of a command
 * finds it first (a command reads a log up to four times: its boots, its machine,
 * its records' type, its figures): "tickstat: report: x.log: No such file or
 * directory". Returns 2. */
static int unreadable(const char *path, const char *what, int err)
{
	static const char *said[64];
	static unsigned nsaid;
	for (unsigned i = 0; i < nsaid; i++)
		if (!strcmp(said[i], path))
			return 2;
	if (nsaid < sizeof(said) / sizeof(said[0]) && (said[nsaid] = strdup(path)))
		nsaid++;
	say_error("%s: %s%s", !strcmp(path, "-") ? "standard input" : path, what, strerror(err));
	return 2;
}

/* Standard input, read as often as a command asks (compare and column read a log
 * twice, export --csv too, the machines' scan once more): a file (a redirection)
 * from where it started each time; a pipe whole into memory the first time. */
static int read_stdin(rec_fn fn, void *ctx, struct log_report *rep)
{
	static bool seen, seekable;
	static off_t start;
	static char *data;
	static size_t len;
	struct stat st;
	if (!seen) {
		seen = true;
		seekable = !fstat(0, &st) && S_ISREG(st.st_mode) &&
			   (start = lseek(0, 0, SEEK_CUR)) >= 0;
		if (!seekable && slurp(0, &data, &len))
			return unreadable("-", "cannot read: ", errno);
	}
	if (!seekable)
		return data ? log_read_mem(log_name("-"), data, len, fn, ctx, rep) : 2;
	struct log_state *s = state_new(log_name("-"), fn, ctx, rep);
	if (!s || lseek(0, start, SEEK_SET) < 0 || read_pieces(0, s)) {
		free(s);
		return unreadable("-", "cannot read: ", errno);
	}
	return state_finish(s);
}

const char *(*log_taken)(const char *name, size_t *len);

int log_read(const char *path, rec_fn fn, void *ctx, struct log_report *rep)
{
	size_t len;
	const char *page_log = log_taken ? log_taken(path, &len) : NULL;
	if (page_log)
		return log_read_mem(path, page_log, len, fn, ctx, rep);
	if (!strcmp(path, "-"))
		return read_stdin(fn, ctx, rep);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return unreadable(path, "", errno);
	struct log_state *s = state_new(path, fn, ctx, rep);
	int rc = 2;
	if (s && read_pieces(fd, s) == 0) {
		rc = state_finish(s);
	} else if (s) {
		rc = unreadable(path, "cannot read: ", errno);
		free(s);
	}
	close(fd);
	return rc;
}

bool log_readable(const char *path)
{
	if (!strcmp(path, "-"))
		return true;
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		unreadable(path, "", errno);
		return false;
	}
	close(fd);
	return true;
}
