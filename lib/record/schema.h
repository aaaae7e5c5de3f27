/* The record contract (lib/record/schema.def), as the writers and the readers use it.
 *
 * Writers name a field by its type and name, never by a string of their own:
 *   record_u64(&r, FIELD(run, cycles, U64), cycles);
 * is record_u64(&r, "cycles", cycles) where lib/record/schema.def declares run's field
 * cycles of kind U64, and a compile error where it does not (the field's name in
 * the message). FIELD_INT takes an integer of either sign (U64 or I64), the key of
 * a family (pmu_EVENT) is its pattern, for the writer to fill in. The readers get
 * the same keys, so that a field read is a field declared; at run time the table
 * below gives each field's kind and role (tickstat check holds records to it, the
 * parsers take a record's configuration from it). */
#ifndef LIB_SCHEMA_H
#define LIB_SCHEMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* GNU C predefines linux as 1 (a relic: __linux__ is the name to test), which would
 * turn the record type of that name into a number inside the macros below. */
#undef linux

/* The format version this build writes and reads: lib/record/schema.def's highest since. */
#define SCHEMA_FORMAT_VERSION 1

enum schema_kind { SCHEMA_U64 = 1, SCHEMA_I64, SCHEMA_BOOL, SCHEMA_STR, SCHEMA_HEX, SCHEMA_ARR };
enum schema_role { SCHEMA_IDENTITY = 1, SCHEMA_CONFIG, SCHEMA_MEASURE, SCHEMA_NOTE };
enum schema_class { SCHEMA_DESCRIBES = 1, SCHEMA_MEASURES, SCHEMA_NOTES };
enum schema_writers { SCHEMA_KERNEL = 1, SCHEMA_LINUX = 2, SCHEMA_BOTH = 3, SCHEMA_ANNEX = 4 };

/* The record types, SCHEMA_TYPE_boot ...: their order in lib/record/schema.def. */
enum schema_type {
#define RECORD(type, class, writers, since) SCHEMA_TYPE_##type,
#include "schema.def"
	SCHEMA_TYPES
};

/* Each declared field's kind, by type and name: SCHEMA_KIND__run__cycles. */
enum {
#define F(type, name, kind, unit, role, writers, since, presence, value, meaning) \
	SCHEMA_KIND__##type##__##name = SCHEMA_##kind,
#include "schema.def"
};

/* An integer constant expression of 0 that does not compile where cond is false. */
#define SCHEMA_ASSERT(cond, message) \
	(0 * sizeof(struct { _Static_assert(cond, message); char c_; }))
#define SCHEMA_KIND_OF(type, name) ((int)SCHEMA_KIND__##type##__##name)

/* The key of type's field name, of kind (U64, I64, BOOL, STR, HEX, ARR): a string
 * constant (usable in a static initializer; a literal to the compiler). */
#define FIELD(type, name, kind) \
	(&("" #name)[SCHEMA_ASSERT(SCHEMA_KIND_OF(type, name) == (int)SCHEMA_##kind, \
				   #type "." #name " is not " #kind " in lib/record/schema.def")])
/* The key of field name, of kind, in every one of the types given (up to 8): for
 * a writer of fields several types share (the timer's source in run, stats, ...). */
#define FIELD_OF(name, kind, ...) \
	(&("" #name)[SCHEMA_ASSERT(SCHEMA_ALL(kind, name, __VA_ARGS__), #name " is not " \
				   #kind " in every one of " #__VA_ARGS__ " in lib/record/schema.def")])
#define SCHEMA_IS(kind, name, type) (SCHEMA_KIND_OF(type, name) == (int)SCHEMA_##kind)
#define SCHEMA_ALL_1(k, n, a) SCHEMA_IS(k, n, a)
#define SCHEMA_ALL_2(k, n, a, ...) SCHEMA_IS(k, n, a) && SCHEMA_ALL_1(k, n, __VA_ARGS__)
#define SCHEMA_ALL_3(k, n, a, ...) SCHEMA_IS(k, n, a) && SCHEMA_ALL_2(k, n, __VA_ARGS__)
#define SCHEMA_ALL_4(k, n, a, ...) SCHEMA_IS(k, n, a) && SCHEMA_ALL_3(k, n, __VA_ARGS__)
#define SCHEMA_ALL_5(k, n, a, ...) SCHEMA_IS(k, n, a) && SCHEMA_ALL_4(k, n, __VA_ARGS__)
#define SCHEMA_ALL_6(k, n, a, ...) SCHEMA_IS(k, n, a) && SCHEMA_ALL_5(k, n, __VA_ARGS__)
#define SCHEMA_ALL_7(k, n, a, ...) SCHEMA_IS(k, n, a) && SCHEMA_ALL_6(k, n, __VA_ARGS__)
#define SCHEMA_ALL_8(k, n, a, ...) SCHEMA_IS(k, n, a) && SCHEMA_ALL_7(k, n, __VA_ARGS__)
#define SCHEMA_COUNT(...) SCHEMA_COUNT_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define SCHEMA_COUNT_(a, b, c, d, e, f, g, h, n, ...) n
#define SCHEMA_CAT(a, b) SCHEMA_CAT_(a, b)
#define SCHEMA_CAT_(a, b) a##b
#define SCHEMA_ALL(k, n, ...) SCHEMA_CAT(SCHEMA_ALL_, SCHEMA_COUNT(__VA_ARGS__))(k, n, __VA_ARGS__)
/* A field of any kind (a reader that takes the value as it comes, rec_get). */
#define FIELD_ANY(type, name) \
	(&("" #name)[SCHEMA_ASSERT(SCHEMA_KIND_OF(type, name) > 0, \
				   #type "." #name " is not in lib/record/schema.def")])
/* An integer field, of either sign. */
#define FIELD_INT(type, name) \
	(&("" #name)[SCHEMA_ASSERT(SCHEMA_KIND_OF(type, name) == (int)SCHEMA_U64 || \
				   SCHEMA_KIND_OF(type, name) == (int)SCHEMA_I64, \
				   #type "." #name " is not an integer in lib/record/schema.def")])
/* A key of the family pattern (pmu_EVENT) of type, of kind, as its writer makes it:
 * the key itself or the format that makes it ("pmu_%s"), checked that the family
 * exists; that the key is one of the family's, tickstat check holds. */
#define FAMILY(type, pattern, kind, key) \
	(&(key)[SCHEMA_ASSERT(SCHEMA_KIND_OF(type, pattern) == (int)SCHEMA_##kind, \
			      #type "." #pattern " is not " #kind " in lib/record/schema.def")])
/* A record type's name. */
#define RECORD_TYPE(type) (&("" #type)[0 * SCHEMA_TYPE_##type])
/* The keys of a quantity of the cache mode's records per level (NAME_l1i, NAME_l1d,
 * NAME_l2, NAME_llc), of kind in every one of the types given, in that order: an
 * initializer of an array of 4. */
#define SCHEMA_CACHE_LEVELS(name, kind, ...) \
	{ FIELD_OF(name##_l1i, kind, __VA_ARGS__), FIELD_OF(name##_l1d, kind, __VA_ARGS__), \
	  FIELD_OF(name##_l2, kind, __VA_ARGS__), FIELD_OF(name##_llc, kind, __VA_ARGS__) }

/* ---- at run time ------------------------------------------------------------- */

struct schema_field {
	const char *name;        /* a family's: its pattern, the capitals the variable part */
	uint8_t type, kind, role, writers, since;
	bool required;
};

struct schema_record {
	const char *name;
	uint8_t class, writers, since;
	uint16_t first;          /* its fields: schema_fields[first ..) up to the next type's */
};

extern const struct schema_field schema_fields[];
extern const struct schema_record schema_records[SCHEMA_TYPES];
extern const size_t schema_field_count;

/* The type named type (len bytes), SCHEMA_TYPES where the schema knows none. */
unsigned schema_type(const char *type, size_t len);
/* The field of type t named key (len bytes), the family whose pattern it matches
 * where no field has the name; NULL where the type has none. */
const struct schema_field *schema_field(unsigned t, const char *key, size_t len);
/* Whether a field of this role and of a value of kind k (a value_kind of lib/record/rec.h:
 * 0 string, 1 integer) belongs to its record's configuration, as the parsers group
 * records: a CONFIG or NOTE string or integer (a boolean of the configuration,
 * timer_on, splits records into rows, not into configurations). f NULL: a field the
 * schema does not know (a newer format's), which belongs when it is a string, as
 * every string did before the schema. */
bool schema_in_config(const struct schema_field *f, bool is_string, bool is_int);

#endif
