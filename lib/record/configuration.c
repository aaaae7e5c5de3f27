/* A record's configuration (see configuration.h). */
#include "configuration.h"
#include "alloc_hook.h"
#include "lib.h"
#include "schema.h"

/* ---- which fields: the roles ----------------------------------------------------- */

/* The fields of r's type whose role is of the configuration (bits: field i), and
 * those the schema does not know (a newer format's): which of them belong depends
 * on their values' kinds. */
static void roles_of(const struct rec *r, uint64_t *configured, uint64_t *unknown)
{
	unsigned t = schema_type(r->type, strlen(r->type));
	*configured = *unknown = 0;
	for (size_t i = 0; i < r->nfields; i++) {
		const struct field *f = &r->f[i];
		const struct schema_field *s = t < SCHEMA_TYPES ?
			schema_field(t, f->key, f->sig >> 16) : NULL;
		if (!s)
			*unknown |= 1ull << i;
		else if (schema_in_config(s, true, true))
			*configured |= 1ull << i;
	}
}

/* Those of the fields that belong: a configured one a string or an integer, an
 * unknown one a string (schema_in_config). */
static uint64_t by_kinds(const struct rec *r, uint64_t configured, uint64_t unknown)
{
	uint64_t bits = 0;
	for (uint64_t b = configured | unknown; b; b &= b - 1) {
		unsigned i = (unsigned)__builtin_ctzll(b);
		enum value_kind k = r->f[i].v.kind;      /* a record made by hand has no kinds[] */
		bool string = k == V_STRING, integer = k == V_INT;
		bits |= (uint64_t)(string || (integer && (configured >> i & 1))) << i;
	}
	return bits;
}

/* Each shape's roles found once (a record of a shape has its keys at their places,
 * lib/record/rec.h), its kinds tested record by record. */
uint64_t configuration_fields(const struct rec *r)
{
	static struct { uint64_t shape, configured, unknown; } kept[REC_SHAPES];
	uint64_t configured, unknown;
	if (!r->shape) {
		roles_of(r, &configured, &unknown);
		return by_kinds(r, configured, unknown);
	}
	unsigned at = r->shape % REC_SHAPES;
	if (kept[at].shape != r->shape) {
		kept[at].shape = r->shape;
		roles_of(r, &kept[at].configured, &kept[at].unknown);
	}
	return by_kinds(r, kept[at].configured, kept[at].unknown);
}

bool configuration_field(const struct rec *r, size_t i)
{
	return configuration_fields(r) >> i & 1;
}

/* ---- as text ------------------------------------------------------------------- */

/* A field's value as text: the string, or the integer written into num. */
static const char *value_text(const struct value *v, char num[24])
{
	if (v->kind == V_STRING)
		return v->s;
	char *d = num + 23;
	uint64_t u = v->u;
	*d = 0;
	do
		*--d = (char)('0' + u % 10);
	while (u /= 10);
	if (v->neg)
		*--d = '-';
	return d;
}

/* FNV-1a over the text. */
static void rehash(struct configuration *c)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (const char *p = c->text; *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
	c->hash = h;
}

/* "name=text" after c's text and sep (cut short at its size). */
static void append(struct configuration *c, const char *sep, const char *name, const char *text)
{
	size_t n = strlen(c->text);
	const char *parts[] = { sep, name, "=", text };
	for (int i = 0; i < 4; i++) {
		size_t len = strlen(parts[i]);
		if (len > sizeof(c->text) - 1 - n)
			len = sizeof(c->text) - 1 - n;
		memcpy(c->text + n, parts[i], len);
		n += len;
	}
	c->text[n] = 0;
}

static void begin(struct configuration *c, const struct rec *r)
{
	size_t n = 0;
	for (const char *p = r->type; *p && n + 1 < sizeof(c->text); p++)
		c->text[n++] = *p;
	c->text[n] = 0;
}

/* Built by hand, not with a formatter: summary builds one a record it has not
 * grouped yet. */
void configuration_of(struct configuration *c, const struct rec *r)
{
	char num[24];
	begin(c, r);
	for (uint64_t b = configuration_fields(r); b; b &= b - 1) {
		const struct field *f = &r->f[__builtin_ctzll(b)];
		append(c, " ", f->key, value_text(&f->v, num));
	}
	rehash(c);
}

/* Match p against " key=text"; the rest of p after it, or NULL. */
static const char *match_part(const char *p, const char *key, const char *text)
{
	if (*p++ != ' ')
		return NULL;
	while (*key && *p == *key)
		p++, key++;
	if (*key || *p++ != '=')
		return NULL;
	while (*text && *p == *text)
		p++, text++;
	return *text ? NULL : p;
}

bool configuration_is(const struct rec *r, const char *text)
{
	char num[24];
	size_t tl = strlen(r->type);
	if (strncmp(text, r->type, tl))
		return false;
	const char *p = text + tl;
	for (uint64_t b = configuration_fields(r); p && b; b &= b - 1) {
		const struct field *f = &r->f[__builtin_ctzll(b)];
		p = match_part(p, f->key, value_text(&f->v, num));
	}
	return p && !*p;
}

void configuration_pick(struct configuration *c, const struct rec *r,
			const struct configuration_part *parts)
{
	char num[24];
	c->text[0] = 0;
	for (const struct configuration_part *p = parts; p->name; p++) {
		const struct value *v = rec_get(r, p->name);
		append(c, p == parts ? "" : " ", p->name,
		       v && (v->kind == V_STRING || v->kind == V_INT) ? value_text(v, num) : p->absent);
	}
	rehash(c);
}

void configuration_add(struct configuration *c, const char *name, const char *text)
{
	append(c, " ", name, text);
	rehash(c);
}

/* ---- a table of them ----------------------------------------------------------- */

static bool same(const struct configuration *a, const struct configuration *b)
{
	return a->hash == b->hash && !strcmp(a->text, b->text);
}

int configurations_find(const struct configurations *t, const struct configuration *c, int from)
{
	for (int i = from; i < t->n; i++)
		if (same(configurations_at(t, i), c))
			return i;
	return -1;
}

int configurations_append(struct configurations *t, const struct configuration *c)
{
	if (t->max && t->n == t->max)
		return -1;
	if (t->n == t->cap) {
		int cap = t->cap ? 2 * t->cap : 16;
		void *more = heap_resize(t->items, (size_t)t->cap * t->size, (size_t)cap * t->size);
		if (!more)
			return -1;
		t->items = more, t->cap = cap;
	}
	void *item = configurations_at(t, t->n);
	memset(item, 0, t->size);
	memcpy(item, c, sizeof(*c));
	return t->n++;
}

int configurations_place(struct configurations *t, const struct configuration *c, bool *added)
{
	int i = configurations_find(t, c, 0);
	*added = i < 0;
	return i >= 0 ? i : configurations_append(t, c);
}

void configurations_free(struct configurations *t)
{
	heap_free(t->items);
	*t = (struct configurations){ .size = t->size, .max = t->max };
}
