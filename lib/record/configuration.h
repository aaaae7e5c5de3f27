/* A record's configuration: what was run, as its fields of role configuration or
 * note name it (lib/record/schema.def: the strings and integers of those roles; a boolean
 * of the configuration, timer_on, splits records into rows, not configurations), in
 * the record's order. The one notion of a configuration: tickstat summary groups
 * records by it, the pairing of runs and plot key their records by it, and the
 * report, its idle part and os_vs_bare keep a table of the parts of it they tell
 * configurations apart by (configuration_pick). As text: "type key=value ...". */
#ifndef LIB_CONFIGURATION_H
#define LIB_CONFIGURATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "rec.h"

#define CONFIGURATION_TEXT 512

struct configuration {
	uint64_t hash;                  /* of the text */
	char text[CONFIGURATION_TEXT];  /* "type key=value ...", cut short at its size */
};

/* A part of a configuration a table keeps: a field, by name, and its text where
 * the record lacks it (the value logs from before the field meant: "1" for cpus,
 * "0" for the work model's, "" for a string). */
struct configuration_part {
	const char *name;
	const char *absent;
};

/* Whether field i of r belongs to r's configuration (its role's), and all of them
 * as bits (bit i: field i), found once a shape (lib/record/rec.h). */
bool configuration_field(const struct rec *r, size_t i);
uint64_t configuration_fields(const struct rec *r);

/* r's whole configuration: its type and every field of it. */
void configuration_of(struct configuration *c, const struct rec *r);
/* Whether r's whole configuration is text, without building it. */
bool configuration_is(const struct rec *r, const char *text);
/* The parts named (ended by a NULL name), in their order, of r, without its type
 * ("key=value ..."): a table's key, the same for records of several types. */
void configuration_pick(struct configuration *c, const struct rec *r,
			const struct configuration_part *parts);
/* A part from elsewhere than r (the log's machine), added. */
void configuration_add(struct configuration *c, const char *name, const char *text);

/* A table of configurations, each an item of the caller's (size bytes) that begins
 * with its struct configuration, in the order met (sorting the items keeps each
 * with its configuration). max: at most so many items (0: as many as memory holds).
 * Zeroed, with size and max set, before the first use. */
struct configurations {
	void *items;
	size_t size;
	int n, cap, max;
};

/* The first item at or after index from whose configuration is c's, -1 where none. */
int configurations_find(const struct configurations *t, const struct configuration *c, int from);
/* A new item at the end, zeroed but for its configuration c; -1 when t is full or out
 * of memory. */
int configurations_append(struct configurations *t, const struct configuration *c);
/* c's item, appended where new (*added says); -1 as configurations_append. */
int configurations_place(struct configurations *t, const struct configuration *c, bool *added);
static inline void *configurations_at(const struct configurations *t, int i)
{
	return (char *)t->items + (size_t)i * t->size;
}
void configurations_free(struct configurations *t);

#endif
