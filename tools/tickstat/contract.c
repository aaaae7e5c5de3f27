/* The record contract held (contract.h). A record's plan — where each of its fields
 * is in the schema, the kind its value must have, the values and rules to test —
 * is made once for all the records of its shape (lib/record/rec.h: their type and keys
 * the same, in the same order), kept by shape id as check's other per-shape
 * places are; a record without a shape gets one of its own. A record is then its
 * kinds compared with the plan's 8 at a time, its unsigned fields looked at only
 * where the parser met a negative number, and the plan's few values and rules. */
#include "contract.h"
#include "schema.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- the rules of lib/record/schema.def, beside its table ------------------------------ */

enum value_test { V_ANY, V_RANGE, V_WORDS };
struct value_rule {
	enum value_test test;
	uint64_t lo, hi;
	const char *words;          /* "a|b|c" */
};

/* In schema_fields[]'s order (lib/record/schema.c expands the same lines). */
static const struct value_rule value_rules[] = {
#define ANY { V_ANY, 0, 0, NULL }
#define RANGE(lo, hi) { V_RANGE, lo, hi, NULL }
#define WORDS(words) { V_WORDS, 0, 0, words }
#define F(type, name, kind, unit, role, writers, since, presence, value, meaning) value,
#include "schema.def"
#undef ANY
#undef RANGE
#undef WORDS
};

enum rule_test { R_LE, R_ORDER, R_NEEDS, R_ZERO_WITH, R_MEAN_WITHIN, R_HISTOGRAM };
#define RULE_NAMES 6
struct rule {
	unsigned type;
	enum rule_test test;
	const char *names[RULE_NAMES];   /* ORDER: one, the list */
	const char *text;                /* the rule, as docs/FORMAT.md says it */
};

static const struct rule rules[] = {
#define LE(t, a, b) { SCHEMA_TYPE_##t, R_LE, { #a, #b }, #a " <= " #b },
#define ORDER(t, list) { SCHEMA_TYPE_##t, R_ORDER, { list }, list " in this order, those present" },
#define NEEDS(t, a, b) { SCHEMA_TYPE_##t, R_NEEDS, { #a, #b }, #b " present with " #a },
#define ZERO_WITH(t, a, b) { SCHEMA_TYPE_##t, R_ZERO_WITH, { #a, #b }, #b " 0 where " #a " is 0" },
#define MEAN_WITHIN(t, sum, n, lo, hi) \
	{ SCHEMA_TYPE_##t, R_MEAN_WITHIN, { #sum, #n, #lo, #hi }, \
	  #n " x " #lo " <= " #sum " <= " #n " x " #hi },
#define HISTOGRAM(t, lo, count, n, min) \
	{ SCHEMA_TYPE_##t, R_HISTOGRAM, { #lo, #count, #n, #min }, \
	  #lo " and " #count " a histogram of " #n " samples" },
#include "schema.def"
};
#define RULES (sizeof(rules) / sizeof(rules[0]))

/* ---- a shape's plan --------------------------------------------------------------- */

#define ABSENT 0xff               /* a rule's field the record lacks */
#define KIND_ANY 0xff             /* a field this version does not know: not checked */
#define PLAN_RULES 8

/* A field whose value has a range or words, or is a hex string. Its words, up to
 * WORDS_FAST of up to 8 bytes, each as a word of its bytes (zeros after), compared
 * with the value's first 8 bytes at once; others by among_words(). */
#define WORDS_FAST 8
struct valued {
	uint8_t at;
	enum value_test test;
	bool hex;
	uint64_t lo, hi;
	const char *words;
	const struct schema_field *field;
	uint8_t nwords;                       /* 0: not fast */
	uint8_t word_len[WORDS_FAST];
	uint64_t word[WORDS_FAST];
};

struct plan {
	uint64_t shape, version;
	unsigned type;                        /* SCHEMA_TYPES: a type this version lacks */
	const char *broken;                   /* the shape's own: a field unknown or missing */
	char broken_text[160];
	bool any_unknown;                     /* a field of kind KIND_ANY among them */
	uint8_t kind[REC_FIELDS_MAX + 8];     /* each field's enum value_kind, or KIND_ANY */
	const struct schema_field *field[REC_FIELDS_MAX];
	uint8_t nonneg[REC_FIELDS_MAX], nnonneg;   /* U64: the places not to be negative */
	struct valued valued[REC_FIELDS_MAX];
	size_t nvalued;
	/* the rules whose fields the shape has (a rule of fields it lacks holds, or is
	 * broken by the shape itself): ORDER's places those present, ABSENT after */
	struct { const struct rule *rule; enum rule_test test; uint8_t at[RULE_NAMES]; }
		rule[PLAN_RULES];
	size_t nrules;
};

static enum value_kind value_kind_of(uint8_t kind)
{
	return kind == SCHEMA_BOOL ? V_BOOL : kind == SCHEMA_STR || kind == SCHEMA_HEX ? V_STRING :
	       kind == SCHEMA_ARR ? V_ARRAY : V_INT;
}

static const char *kind_words(uint8_t kind)
{
	switch (kind) {
	case SCHEMA_U64: return "an unsigned integer";
	case SCHEMA_I64: return "an integer";
	case SCHEMA_BOOL: return "a boolean";
	case SCHEMA_STR: return "a string";
	case SCHEMA_HEX: return "a hex string (0x and 16 lowercase hexadecimal digits)";
	default: return "an array of unsigned integers";
	}
}

static const char *value_words(enum value_kind k)
{
	return k == V_STRING ? "a string" : k == V_INT ? "an integer" : k == V_BOOL ? "a boolean" :
	       "an array";
}

static void say(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
}

/* Whether the log's version knows field f (it exists from its since on). */
static bool known(const struct schema_field *f, uint64_t version)
{
	return f && f->since <= version;
}

/* The place of r's field name, ABSENT where it has none. */
static uint8_t place_of(const struct rec *r, const char *name, size_t len)
{
	for (size_t i = 0; i < r->nfields; i++)
		if (!strncmp(r->f[i].key, name, len) && !r->f[i].key[len])
			return (uint8_t)i;
	return ABSENT;
}

static const char *rule_broken(const struct rec *r, const struct rule *rule, const uint8_t *at,
			       char *buf, size_t size);

/* The rule's places in r (ORDER's list: those present, then ABSENT); whether it is
 * to be tested record by record (false: its fields' presence decides it, and a
 * broken one is the shape's). */
static bool rule_places(struct plan *p, const struct rec *r, const struct rule *rule, uint8_t *at)
{
	const char *list = rule->names[0];
	size_t present = 0;
	for (size_t n = 0; n < RULE_NAMES; n++) {
		if (rule->test != R_ORDER) {
			at[n] = rule->names[n] ? place_of(r, rule->names[n], strlen(rule->names[n]))
					       : ABSENT;
			present += at[n] != ABSENT;
			continue;
		}
		size_t len = strcspn(list, " ");
		uint8_t place = len ? place_of(r, list, len) : ABSENT;
		list += len + (list[len] == ' ');
		at[n] = ABSENT;
		if (place != ABSENT)
			at[present++] = place;
	}
	switch (rule->test) {
	case R_NEEDS:
	case R_HISTOGRAM:         /* both, or neither */
		if ((rule->test == R_NEEDS ? at[0] != ABSENT : present) && (at[0] == ABSENT ||
									 at[1] == ABSENT) &&
		    !p->broken && (p->broken = rule_broken(r, rule, at, p->broken_text,
							    sizeof(p->broken_text))))
			return false;
		return rule->test == R_HISTOGRAM && at[0] != ABSENT && at[1] != ABSENT;
	case R_ORDER:
		return present > 1;
	default:
		for (size_t n = 0; n < RULE_NAMES && rule->names[n]; n++)
			if (at[n] == ABSENT)
				return false;
		return true;
	}
}

static void plan_rules(struct plan *p, const struct rec *r)
{
	p->nrules = 0;
	for (size_t k = 0; k < RULES && p->nrules < PLAN_RULES; k++) {
		const struct rule *rule = &rules[k];
		if (rule->type == p->type && rule_places(p, r, rule, p->rule[p->nrules].at)) {
			p->rule[p->nrules].rule = rule;
			p->rule[p->nrules++].test = rule->test;
		}
	}
}

/* The fields every record of the type has, each present. */
static void plan_required(struct plan *p, const struct rec *r)
{
	for (size_t i = 0; i < schema_field_count && !p->broken; i++) {
		const struct schema_field *f = &schema_fields[i];
		if (f->type == p->type && f->required && known(f, p->version) &&
		    place_of(r, f->name, strlen(f->name)) == ABSENT) {
			say(p->broken_text, sizeof(p->broken_text), "\"%s\" record lacks \"%s\" "
			    "(%s.%s is in every record)", r->type, f->name, r->type, f->name);
			p->broken = p->broken_text;
		}
	}
}

/* d's words as words of bytes, where there are few and short (else nwords 0). */
static void words_fast(struct valued *d)
{
	for (const char *w = d->words; *w; ) {
		size_t len = strcspn(w, "|");
		if (d->nwords == WORDS_FAST || len > 8) {
			d->nwords = 0;
			return;
		}
		d->word_len[d->nwords] = (uint8_t)len;
		d->word[d->nwords] = 0;
		memcpy(&d->word[d->nwords++], w, len);
		w += len + (w[len] == '|');
	}
}

/* Field i of r: its kind and what its value is tested for. */
static void plan_field(struct plan *p, const struct rec *r, size_t i)
{
	const char *key = r->f[i].key;
	const struct schema_field *f = schema_field(p->type, key, strlen(key));
	p->field[i] = f;
	if (!known(f, p->version)) {
		p->kind[i] = KIND_ANY;
		p->any_unknown = true;
		if (p->version <= SCHEMA_FORMAT_VERSION && !p->broken) {
			say(p->broken_text, sizeof(p->broken_text), "\"%s\" has no field \"%s\" in "
			    "format %llu (lib/record/schema.def)", r->type, key, (unsigned long long)p->version);
			p->broken = p->broken_text;
		}
		return;
	}
	const struct value_rule *rule = &value_rules[f - schema_fields];
	p->kind[i] = (uint8_t)value_kind_of(f->kind);
	if (f->kind == SCHEMA_U64)
		p->nonneg[p->nnonneg++] = (uint8_t)i;
	if (rule->test != V_ANY || f->kind == SCHEMA_HEX) {
		struct valued *d = &p->valued[p->nvalued++];
		*d = (struct valued){ (uint8_t)i, rule->test, f->kind == SCHEMA_HEX, rule->lo,
				      rule->hi, rule->words, f, 0, { 0 }, { 0 } };
		if (rule->test == V_WORDS)
			words_fast(d);
	}
}

static void plan_make(struct plan *p, const struct rec *r, uint64_t version)
{
	p->shape = r->shape;
	p->version = version;
	p->broken = NULL;
	p->any_unknown = false;
	p->nnonneg = 0;
	p->nvalued = p->nrules = 0;
	p->type = schema_type(r->type, strlen(r->type));
	if (p->type < SCHEMA_TYPES && schema_records[p->type].since > version)
		p->type = SCHEMA_TYPES;
	if (p->type == SCHEMA_TYPES) {
		if (version <= SCHEMA_FORMAT_VERSION) {
			say(p->broken_text, sizeof(p->broken_text), "no record type \"%s\" in format "
			    "%llu (lib/record/schema.def)", r->type, (unsigned long long)version);
			p->broken = p->broken_text;
		}
		return;
	}
	for (size_t i = 0; i < r->nfields; i++)
		plan_field(p, r, i);
	plan_required(p, r);
	plan_rules(p, r);
}

/* r's plan: its shape's, made once (made afresh for a record without a shape). */
static const struct plan *plan_of(const struct rec *r, uint64_t version)
{
	static struct plan kept[REC_SHAPES], fresh;
	struct plan *p = r->shape ? &kept[r->shape % REC_SHAPES] : &fresh;
	if (!r->shape || p->shape != r->shape || p->version != version)
		plan_make(p, r, version);
	return p;
}

/* ---- a record against its plan: what is wrong, said ----------------------------- */

/* Whether the 8 bytes of w are lowercase hexadecimal digits: each byte's top bit
 * added to and tested, which never carries into the next byte of plain ASCII (as
 * lib/record/rec_parse.h reads a crc's digits). */
static inline bool hex_word(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101ull, tops = 0x8080808080808080ull;
	uint64_t digit = (w + (0x80 - '0') * ones) & ~(w + (0x80 - '9' - 1) * ones) & tops;
	uint64_t letter = (w + (0x80 - 'a') * ones) & ~(w + (0x80 - 'f' - 1) * ones) & tops;
	return !(w & tops) && (digit | letter) == tops;
}

/* A HEX field's value: "0x" and 16 lowercase hexadecimal digits. */
static bool is_hex(const struct value *v)
{
	uint64_t a, b;
	if (v->len != 18 || v->s[0] != '0' || v->s[1] != 'x')
		return false;
	memcpy(&a, v->s + 2, 8), memcpy(&b, v->s + 10, 8);
	return hex_word(a) && hex_word(b);
}

/* Whether s, len bytes, is one of words ("a|b|c"). */
static bool among_words(const char *s, size_t len, const char *words)
{
	for (const char *w = words;; w++) {
		size_t i = 0;
		while (i < len && w[i] == s[i])
			i++;
		if (i == len && (w[i] == '|' || !w[i]))
			return true;
		while (*w && *w != '|')
			w++;
		if (!*w)
			return false;
	}
}

/* "a|b|c" as "a, b or c". */
static void words_list(char *buf, size_t size, const char *words)
{
	size_t n = 0, count = 1;
	for (const char *p = words; *p; p++)
		count += *p == '|';
	buf[0] = 0;
	for (size_t k = 0; k < count; k++) {
		size_t len = strcspn(words, "|");
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%.*s",
				      k == 0 ? "" : k + 1 == count ? " or " : ", ", (int)len, words);
		words += len + 1;
	}
}

/* A bound as FORMAT.md says it: 2^N for a large power of two. */
static void bound(char *buf, size_t size, uint64_t v)
{
	if (v >= 1ull << 20 && !(v & (v - 1)))
		snprintf(buf, size, "2^%d", __builtin_ctzll(v));
	else
		snprintf(buf, size, "%llu", (unsigned long long)v);
}

static const char *value_broken(const struct rec *r, const struct valued *d, char *buf,
				size_t size)
{
	const struct value *v = &r->f[d->at].v;
	const char *name = d->field->name;
	char lo[24], hi[24], list[160];
	if (d->hex && !is_hex(v)) {
		say(buf, size, "\"%s\" is \"%.40s\", not %s (%s.%s)", name, v->s,
		    kind_words(SCHEMA_HEX), r->type, name);
		return buf;
	}
	if (d->test == V_RANGE && (v->neg || v->u < d->lo || v->u > d->hi)) {
		bound(lo, sizeof(lo), d->lo);
		bound(hi, sizeof(hi), d->hi);
		say(buf, size, "\"%s\" = %s%llu is not %s to %s (%s.%s)", name, v->neg ? "-" : "",
		    (unsigned long long)v->u, lo, hi, r->type, name);
		return buf;
	}
	if (d->test == V_WORDS && !among_words(v->s, v->len, d->words)) {
		words_list(list, sizeof(list), d->words);
		say(buf, size, "\"%s\" is \"%.40s\", not %s (%s.%s)", name, v->s, list, r->type,
		    name);
		return buf;
	}
	return NULL;
}

/* The field whose kind is not its plan's. */
static const char *kind_broken(const struct rec *r, const struct plan *p, char *buf, size_t size)
{
	for (size_t i = 0; i < r->nfields; i++)
		if (p->kind[i] != KIND_ANY && r->kinds[i] != p->kind[i]) {
			say(buf, size, "\"%s\" is %s, not %s (%s.%s)", r->f[i].key,
			    value_words(r->f[i].v.kind), kind_words(p->field[i]->kind), r->type,
			    r->f[i].key);
			return buf;
		}
	return NULL;
}

static const char *negative_broken(const struct rec *r, const struct plan *p, char *buf,
				   size_t size)
{
	for (size_t k = 0; k < p->nnonneg; k++)
		if (r->f[p->nonneg[k]].v.neg) {
			const char *key = r->f[p->nonneg[k]].key;
			say(buf, size, "\"%s\" is negative, not %s (%s.%s)", key, kind_words(SCHEMA_U64),
			    r->type, key);
			return buf;
		}
	return NULL;
}

#define RULE_BROKEN(...) (say(buf, size, __VA_ARGS__), buf)

static const char *ordered(const struct rec *r, const uint8_t *at, const char *text, char *buf,
			   size_t size)
{
	for (size_t n = 1; n < RULE_NAMES && at[n] != ABSENT; n++) {
		const struct field *f = &r->f[at[n]], *before = &r->f[at[n - 1]];
		if (f->v.u < before->v.u)
			return RULE_BROKEN("\"%s\" = %llu is below \"%s\" = %llu (%s: %s)", f->key,
					   (unsigned long long)f->v.u, before->key,
					   (unsigned long long)before->v.u, r->type, text);
	}
	return NULL;
}

/* Bounds lo and counts of a histogram of n samples, the least min: one pass. */
static const char *histogram(const struct rec *r, const struct rule *rule, const uint8_t *at,
			     char *buf, size_t size)
{
	const char *const *name = rule->names;
	if (at[0] == ABSENT && at[1] == ABSENT)
		return NULL;
	if (at[0] == ABSENT || at[1] == ABSENT)
		return RULE_BROKEN("\"%s\" without \"%s\" (%s: %s: both or neither)",
				   at[0] == ABSENT ? name[1] : name[0],
				   at[0] == ABSENT ? name[0] : name[1], r->type, rule->text);
	const struct value *lo = &r->f[at[0]].v, *count = &r->f[at[1]].v;
	uint64_t n = at[2] != ABSENT ? r->f[at[2]].v.u : 0, total = 0;
	if (lo->len != count->len)
		return RULE_BROKEN("\"%s\" has %zu entries, \"%s\" %zu (%s: %s: as long)", name[0],
				   lo->len, name[1], count->len, r->type, rule->text);
	for (size_t i = 0; i < lo->len; i++) {
		if (i && lo->arr[i] <= lo->arr[i - 1])
			return RULE_BROKEN("\"%s\" is not ascending at entry %zu (%s: %s)", name[0],
					   i, r->type, rule->text);
		if (count->arr[i] == 0 || count->arr[i] > n - total)
			return RULE_BROKEN("\"%s\" entry %zu is 0 or sums past \"%s\" (%s: %s)",
					   name[1], i, name[2], r->type, rule->text);
		total += count->arr[i];
	}
	if (total != n)
		return RULE_BROKEN("\"%s\" sums to %llu, \"%s\" is %llu (%s: %s)", name[1],
				   (unsigned long long)total, name[2], (unsigned long long)n, r->type,
				   rule->text);
	if (lo->len && at[3] != ABSENT && lo->arr[0] > r->f[at[3]].v.u)
		return RULE_BROKEN("the first of \"%s\" is %llu, above \"%s\" = %llu (%s: %s)",
				   name[0], (unsigned long long)lo->arr[0], name[3],
				   (unsigned long long)r->f[at[3]].v.u, r->type, rule->text);
	return NULL;
}

static const char *rule_broken(const struct rec *r, const struct rule *rule, const uint8_t *at,
			       char *buf, size_t size)
{
	const char *const *n = rule->names;
	const struct value *a = at[0] != ABSENT ? &r->f[at[0]].v : NULL;
	const struct value *b = at[1] != ABSENT ? &r->f[at[1]].v : NULL;
	switch (rule->test) {
	case R_LE:
		return a && b && a->u > b->u ?
		       RULE_BROKEN("\"%s\" = %llu is above \"%s\" = %llu (%s: %s)", n[0],
				   (unsigned long long)a->u, n[1], (unsigned long long)b->u, r->type,
				   rule->text) : NULL;
	case R_ORDER:
		return ordered(r, at, rule->text, buf, size);
	case R_NEEDS:
		return a && !b ? RULE_BROKEN("\"%s\" without \"%s\" (%s: %s)", n[0], n[1], r->type,
					     rule->text) : NULL;
	case R_ZERO_WITH:
		return a && b && a->u == 0 && b->u != 0 ?
		       RULE_BROKEN("\"%s\" = %llu where \"%s\" is 0 (%s: %s)", n[1],
				   (unsigned long long)b->u, n[0], r->type, rule->text) : NULL;
	case R_MEAN_WITHIN: {
		if (!a || !b || at[2] == ABSENT || at[3] == ABSENT)
			return NULL;
		unsigned __int128 lo = (unsigned __int128)r->f[at[2]].v.u * b->u;
		unsigned __int128 hi = (unsigned __int128)r->f[at[3]].v.u * b->u;
		return a->u < lo || a->u > hi ?
		       RULE_BROKEN("\"%s\" = %llu is not between \"%s\" x \"%s\" and \"%s\" x \"%s\" "
				   "(%s: %s)", n[0], (unsigned long long)a->u, n[1], n[2], n[1], n[3],
				   r->type, rule->text) : NULL;
	}
	default:
		return histogram(r, rule, at, buf, size);
	}
}

/* The types and fields of a newer version this one does not know: warned of once a
 * log each. */
static void warn_unknown(const struct rec *r, const struct plan *p, struct contract_log *log)
{
	char name[48], text[160];
	for (size_t i = 0; i < r->nfields || (p->type == SCHEMA_TYPES && i == 0); i++) {
		if (p->type == SCHEMA_TYPES)
			snprintf(name, sizeof(name), "%s", r->type);
		else if (p->kind[i] == KIND_ANY)
			snprintf(name, sizeof(name), "%s.%s", r->type, r->f[i].key);
		else
			continue;
		size_t k = 0;
		while (k < log->nwarned && strcmp(log->warned[k], name))
			k++;
		if (k < log->nwarned || k == CONTRACT_WARNED_MAX)
			continue;
		snprintf(log->warned[log->nwarned++], sizeof(log->warned[0]), "%s", name);
		snprintf(text, sizeof(text), "%s %s is not in format %d, which this tickstat reads: "
			 "kept, not checked (the log's is %llu)", p->type == SCHEMA_TYPES ?
			 "record type" : "field", name, SCHEMA_FORMAT_VERSION,
			 (unsigned long long)log->version);
		if (log->warn)
			log->warn(log->ctx, r, text);
	}
}

/* ---- a record against its plan: the tests ---------------------------------------- */

/* Whether the n kinds at a (a record's, REC_FIELDS_MAX of them) are the plan's at b:
 * 8 at a time, the last word's bytes past n masked. */
static inline bool same_kinds(const uint8_t *a, const uint8_t *b, size_t n)
{
	uint64_t x, y, diff = 0;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		memcpy(&x, a + i, 8), memcpy(&y, b + i, 8);
		diff |= x ^ y;
	}
	if (i < n) {
		memcpy(&x, a + i, 8), memcpy(&y, b + i, 8);
		diff |= (x ^ y) & ((1ull << 8 * (n - i)) - 1);
	}
	return !diff;
}

/* Whether a string is one of d's words, d's fast: its first 8 bytes at once (the
 * line goes on after a string, or the scratch's 16 bytes from the NUL: they are
 * there to read). */
static inline bool among_fast(const struct value *v, const struct valued *d)
{
	uint64_t w;
	memcpy(&w, v->s, 8);
	for (unsigned k = 0; k < d->nwords; k++)
		if (v->len == d->word_len[k] &&
		    (w & (d->word_len[k] == 8 ? ~0ull : (1ull << 8 * d->word_len[k]) - 1)) == d->word[k])
			return true;
	return false;
}

/* Whether value test d passes: inline, the message only where it does not. */
static inline bool value_holds(const struct rec *r, const struct valued *d)
{
	const struct value *v = &r->f[d->at].v;
	switch (d->test) {
	case V_RANGE: return !v->neg && v->u >= d->lo && v->u <= d->hi;
	case V_WORDS: return d->nwords ? among_fast(v, d) : among_words(v->s, v->len, d->words);
	default: return !d->hex || is_hex(v);
	}
}

/* Whether a histogram of n samples, the least min, holds: bounds ascending, from
 * at most min, counts at least 1 summing to n (its arrays as long: the plan's). */
static inline bool histogram_holds(const struct value *lo, const struct value *count,
				   uint64_t n, uint64_t min)
{
	uint64_t total = 0, zero = 0, before = 0;
	if (lo->len != count->len || (lo->len && lo->arr[0] > min))
		return false;
	for (size_t i = 0; i < lo->len; i++) {
		if (i && lo->arr[i] <= before)
			return false;
		before = lo->arr[i];
		zero |= count->arr[i] == 0;
		total += count->arr[i];
		if (total < count->arr[i])      /* wrapped */
			return false;
	}
	return !zero && total == n;
}

/* Whether a rule of the plan holds for r, its fields present: inline; rule_broken
 * says what is wrong where one does not. */
static inline bool rule_holds(const struct rec *r, enum rule_test test, const uint8_t *at)
{
	const struct field *f = r->f;
	switch (test) {
	case R_LE:
		return f[at[0]].v.u <= f[at[1]].v.u;
	case R_ZERO_WITH:
		return f[at[0]].v.u != 0 || f[at[1]].v.u == 0;
	case R_ORDER:
		for (size_t n = 1; n < RULE_NAMES && at[n] != ABSENT; n++)
			if (f[at[n]].v.u < f[at[n - 1]].v.u)
				return false;
		return true;
	case R_MEAN_WITHIN: {
		unsigned __int128 n = f[at[1]].v.u, sum = f[at[0]].v.u;
		return sum >= n * f[at[2]].v.u && sum <= n * f[at[3]].v.u;
	}
	case R_HISTOGRAM:
		return histogram_holds(&f[at[0]].v, &f[at[1]].v, at[2] != ABSENT ? f[at[2]].v.u : 0,
				       at[3] != ABSENT ? f[at[3]].v.u : UINT64_MAX);
	default:
		return false;
	}
}

const char *contract_check(const struct rec *r, struct contract_log *log, char *buf, size_t size)
{
	const struct plan *p = plan_of(r, log->version);
	const char *e;
	if (p->broken)
		return p->broken;
	if (p->any_unknown || p->type == SCHEMA_TYPES) {
		warn_unknown(r, p, log);
		if (p->type == SCHEMA_TYPES)
			return NULL;
	}
	if ((p->any_unknown || !same_kinds(r->kinds, p->kind, r->nfields)) &&
	    (e = kind_broken(r, p, buf, size)))
		return e;
	if (r->negatives && (e = negative_broken(r, p, buf, size)))
		return e;
	for (size_t k = 0; k < p->nvalued; k++)
		if (!value_holds(r, &p->valued[k]))
			return value_broken(r, &p->valued[k], buf, size);
	for (size_t k = 0; k < p->nrules; k++)
		if (!rule_holds(r, p->rule[k].test, p->rule[k].at) &&
		    (e = rule_broken(r, p->rule[k].rule, p->rule[k].at, buf, size)))
			return e;
	return NULL;
}
