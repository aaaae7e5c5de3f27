/* The record writer (see record.h and docs/FORMAT.md). */
#include "record.h"
#include "crc32.h"
#include "format.h"
#include "lib.h"

#define CRC_TAIL_MAX sizeof(",\"crc\":\"00000000\"}\n")
#define TRUNCATED_TAIL sizeof(",\"truncated\":1")
#define SEQ_MAX sizeof(",\"seq\":18446744073709551615")

static uint64_t next_seq;
static record_sink sink;
static void (*lock)(void), (*unlock)(void);

void record_set_sink(record_sink s) { sink = s; }
uint64_t record_count(void) { return next_seq; }

void record_set_lock(void (*take)(void), void (*release)(void))
{
	lock = take;
	unlock = release;
}

/* Room for fields: keep space for seq, the truncation marker and the CRC tail. */
static size_t room(const struct record *r)
{
	return RECORD_MAX - SEQ_MAX - CRC_TAIL_MAX - TRUNCATED_TAIL - r->len;
}

static void append(struct record *r, const char *text, size_t n)
{
	if (n > room(r)) {
		r->truncated = true;
		return;
	}
	memcpy(r->line + r->len, text, n);
	r->len += n;
}

/* Append ,"key": then the value the caller formatted, as one unit. */
static void append_field(struct record *r, const char *key, const char *value)
{
	char field[RECORD_MAX];
	int n = format(field, sizeof(field), ",\"%s\":%s", key, value);
	if (n >= (int)sizeof(field)) {
		r->truncated = true;
		return;
	}
	append(r, field, (size_t)n);
}

void record_begin(struct record *r, const char *type)
{
	r->truncated = false;
	r->len = (size_t)format(r->line, sizeof(r->line), "{\"type\":\"%s\"", type);
	r->seq_at = r->len;
}

/* seq goes in after the type, at emission: numbers and lines then agree in order. */
static void insert_seq(struct record *r, uint64_t seq)
{
	char field[SEQ_MAX];
	size_t n = (size_t)format(field, sizeof(field), ",\"seq\":%llu", (unsigned long long)seq);
	memmove(r->line + r->seq_at + n, r->line + r->seq_at, r->len - r->seq_at);
	memcpy(r->line + r->seq_at, field, n);
	r->len += n;
}

/* JSON string escaping (RFC 8259, section 7): quote, backslash and control bytes. */
static size_t escape(char *dst, size_t size, const char *s)
{
	size_t n = 0;
	dst[n++] = '"';
	for (; *s && n + 8 < size; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			dst[n++] = '\\';
			dst[n++] = (char)c;
		} else if (c < 0x20 || c >= 0x7f) {
			n += (size_t)format(dst + n, size - n, "\\u%04x", c);
		} else {
			dst[n++] = (char)c;
		}
	}
	dst[n++] = '"';
	dst[n] = 0;
	return n;
}

void record_str(struct record *r, const char *key, const char *value)
{
	char quoted[RECORD_MAX];
	escape(quoted, sizeof(quoted) - 8, value ? value : "");
	append_field(r, key, quoted);
}

void record_u64(struct record *r, const char *key, uint64_t value)
{
	char v[24];
	format(v, sizeof(v), "%llu", (unsigned long long)value);
	append_field(r, key, v);
}

void record_i64(struct record *r, const char *key, int64_t value)
{
	char v[24];
	format(v, sizeof(v), "%lld", (long long)value);
	append_field(r, key, v);
}

void record_bool(struct record *r, const char *key, bool value)
{
	append_field(r, key, value ? "true" : "false");
}

void record_hex(struct record *r, const char *key, uint64_t value)
{
	char v[24];
	format(v, sizeof(v), "\"0x%016llx\"", (unsigned long long)value);
	append_field(r, key, v);
}

void record_u64_array(struct record *r, const char *key, const uint64_t *v, size_t n)
{
	char list[RECORD_MAX];
	size_t len = 0;
	list[len++] = '[';
	for (size_t i = 0; i < n && len + 24 < sizeof(list); i++)
		len += (size_t)format(list + len, sizeof(list) - len, "%s%llu",
				      i ? "," : "", (unsigned long long)v[i]);
	if (len + 24 >= sizeof(list)) {
		r->truncated = true;
		return;
	}
	list[len++] = ']';
	list[len] = 0;
	append_field(r, key, list);
}

void record_emit(struct record *r)
{
	if (r->truncated) {
		memcpy(r->line + r->len, ",\"truncated\":1", TRUNCATED_TAIL - 1);
		r->len += TRUNCATED_TAIL - 1;
	}
	if (lock)
		lock();
	insert_seq(r, next_seq++);
	uint32_t crc = crc32_update(0, r->line, r->len);
	r->len += (size_t)format(r->line + r->len, sizeof(r->line) - r->len,
				 ",\"crc\":\"%08x\"}\n", crc);
	if (sink)
		sink(r->line, r->len);
	if (unlock)
		unlock();
}
