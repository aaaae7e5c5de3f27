/* The anatomy's table of kinds and layers (tools/anatomy/layers, whose header says
 * its format): which kind an episode is by the function it enters at, which layer
 * a function belongs to. */
#ifndef ANATOMY_TABLE_H
#define ANATOMY_TABLE_H

#include <stddef.h>

#define LAYER_OTHER "other"
#define LAYER_USER  "user"
#define KIND_OTHER  "other"
/* The names the anatomy gives code with no symbol: another task's, in user space
 * (its layer "user"), and the kernel's below every symbol ("other"). */
#define FUNCTION_USER    "(user)"
#define FUNCTION_UNKNOWN "(unknown)"

struct pattern {
	char *text;                 /* without the "*" of a prefix */
	size_t len;
	int prefix;                 /* it ended in "*" */
	const char *what;           /* its kind or layer */
};

struct layer_info {
	char *name, *description;
};

struct table {
	struct pattern *kinds, *layers;
	size_t n_kinds, n_layers;
	struct layer_info *info;    /* the declared layers, in their order */
	size_t n_info;
	char **kind_names;          /* the kinds' names, as the patterns point at them */
	size_t n_kind_names;
};

/* Parse the table's text; NULL, or a message naming the line (into err). */
const char *table_parse(struct table *t, const char *text, char *err, size_t size);
const char *table_read(struct table *t, const char *path, char *err, size_t size);
/* The kind of an episode entering at the function name (NULL: none known). */
const char *table_kind(const struct table *t, const char *name);
/* The layer of a function: FUNCTION_USER's is "user"; a NULL name, "other". */
const char *table_layer(const struct table *t, const char *name);
/* A declared layer's description, "" when it has none. */
const char *table_description(const struct table *t, const char *layer);
void table_free(struct table *t);

#endif
