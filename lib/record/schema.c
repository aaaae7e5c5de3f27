/* lib/record/schema.def at run time (schema.h): names, kinds and roles. The meanings stay
 * in the table (the kernel's image carries none: only `make docs` reads them,
 * tools/format-md.c), the values' rules in tickstat (tools/tickstat/contract.c). */
#include "schema.h"
#include "lib.h"

#define SCHEMA_PRESENCE_REQ true
#define SCHEMA_PRESENCE_OPT false

/* In lib/record/schema.def's order: each type's fields together after its RECORD, the
 * types in order (test_schema holds the table to it: the lookups below search a
 * type's own). */
const struct schema_field schema_fields[] = {
#define F(type, name, kind, unit, role, writers, since, presence, value, meaning) \
	{ #name, SCHEMA_TYPE_##type, SCHEMA_##kind, SCHEMA_##role, SCHEMA_##writers, since, \
	  SCHEMA_PRESENCE_##presence },
#include "schema.def"
};
const size_t schema_field_count = sizeof(schema_fields) / sizeof(schema_fields[0]);

/* Each type's first field's place in schema_fields, SCHEMA_FIRST_type: the next
 * field's, the fields counted as enumerators and a type's own number taken back. */
enum {
#define RECORD(type, class, writers, since) \
	SCHEMA_FIRST_##type, SCHEMA_BACK_##type = SCHEMA_FIRST_##type - 1,
#define F(type, name, kind, unit, role, writers, since, presence, value, meaning) \
	SCHEMA_AT__##type##__##name,
#include "schema.def"
};

const struct schema_record schema_records[SCHEMA_TYPES] = {
#define RECORD(type, class, writers, since) \
	[SCHEMA_TYPE_##type] = { #type, SCHEMA_##class, SCHEMA_##writers, since, \
				 SCHEMA_FIRST_##type },
#include "schema.def"
};

unsigned schema_type(const char *type, size_t len)
{
	for (unsigned t = 0; t < SCHEMA_TYPES; t++)
		if (len && schema_records[t].name[0] == type[0] &&
		    !strncmp(schema_records[t].name, type, len) && !schema_records[t].name[len])
			return t;
	return SCHEMA_TYPES;
}

/* Whether key, len bytes, is one of the family pattern's keys: the pattern's text
 * before and after its capitals, and between them at least one letter, digit or
 * '_' (pmu_EVENT: pmu_cycles; residency_X_ppm: residency_cc6_ppm). */
static bool in_family(const char *pattern, const char *key, size_t len)
{
	size_t n = strlen(pattern), first = 0, last;
	while (first < n && !(pattern[first] >= 'A' && pattern[first] <= 'Z'))
		first++;
	if (first == n)
		return false;
	for (last = n; !(pattern[last - 1] >= 'A' && pattern[last - 1] <= 'Z'); last--)
		;
	size_t suffix = n - last;
	if (len <= first + suffix || strncmp(key, pattern, first) ||
	    strncmp(key + len - suffix, pattern + last, suffix))
		return false;
	for (size_t i = first; i < len - suffix; i++) {
		char c = key[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '_'))
			return false;
	}
	return true;
}

/* By name first (the first letters compared before the rest), then by family. */
const struct schema_field *schema_field(unsigned t, const char *key, size_t len)
{
	if (t >= SCHEMA_TYPES)
		return NULL;
	size_t first = schema_records[t].first;
	size_t end = t + 1 < SCHEMA_TYPES ? schema_records[t + 1].first : schema_field_count;
	for (size_t i = first; i < end; i++) {
		const char *name = schema_fields[i].name;
		if (len && name[0] == key[0] && !strncmp(name, key, len) && !name[len])
			return &schema_fields[i];
	}
	for (size_t i = first; i < end; i++)
		if (in_family(schema_fields[i].name, key, len))
			return &schema_fields[i];
	return NULL;
}

bool schema_in_config(const struct schema_field *f, bool is_string, bool is_int)
{
	if (!f)
		return is_string;
	return (f->role == SCHEMA_CONFIG || f->role == SCHEMA_NOTE) && (is_string || is_int);
}
