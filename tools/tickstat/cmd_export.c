/* tickstat export: the intact records as flat tables, CSV (one column per field
 * name seen, in order of first appearance) or a JSON array of objects with the
 * record's file and line added and its crc left out. */
#include "tickstat.h"
#include "machines.h"

#include <stdlib.h>
#include <string.h>

#define MAX_COLUMNS 256

/* The field of each column in the records of a shape (lib/record/rec.h), -1 for none:
 * found once a shape, not looked up by name in each record (a real log has some
 * 80 columns, and those lookups were most of export's time). */
struct shape_columns {
	uint64_t shape;
	int16_t field[MAX_COLUMNS];
};

struct export {
	const char *type;        /* only records of this type, or all */
	bool json, first;
	int ncols;
	char *cols[MAX_COLUMNS];
	uint64_t *gathered;      /* REC_SHAPES: shapes whose keys are columns already */
	struct shape_columns *columns;   /* REC_SHAPES, by shape id */
	/* machine columns: each log's key (M1), id and label (machines.h); none when a
	 * log is standard input, read only once */
	char **logs;
	int nlogs, cur;
	struct mlog *ids;
	struct mgroup *groups;
	int ngroups;
};

/* The label last: it may hold a comma. */
#define MACHINE_COLS 4
static const char *const machine_cols[MACHINE_COLS] = { "machine", "machine_id", "machine_os",
							 "machine_label" };

/* The machine values of the log r comes from ("" when unknown): its key, id, what
 * ran the loop (bare, or linux: tickbench-linux) and label. */
static void machine_values(struct export *x, const struct rec *r, const char *out[MACHINE_COLS],
			   char *label, size_t size)
{
	out[0] = out[1] = out[2] = out[3] = "";
	if (x->ngroups <= 0)
		return;
	if (x->cur >= x->nlogs || strcmp(log_name(x->logs[x->cur]), r->file))
		for (x->cur = 0; x->cur < x->nlogs && strcmp(log_name(x->logs[x->cur]), r->file);
		     x->cur++)
			;
	for (int g = 0; g < x->ngroups && x->cur < x->nlogs; g++)
		for (int k = 0; k < x->groups[g].nlogs; k++)
			if (x->groups[g].logs[k] == x->cur) {
				machine_label(label, size, &x->groups[g], 200);
				out[0] = x->groups[g].key;
				out[1] = x->groups[g].who->id;
				out[2] = x->groups[g].who->under_linux ? "linux" : "none";
				out[3] = label;
			}
}

static void machine_setup_export(struct export *x, char **logs, int n)
{
	x->logs = logs;
	x->nlogs = n;
	x->ngroups = machine_setup(logs, n, &x->ids, &x->groups);
}

/* The bytes at s up to the first that is not printable ASCII or is one of stop. */
static size_t plain_span(const char *s, const char *stop)
{
	size_t n = 0;
	while (s[n] >= 0x20 && s[n] < 0x7f && !strchr(stop, s[n]))
		n++;
	return n;
}

/* Always valid UTF-8 (RFC 8259 8.1): the records' strings are (log.c refuses
 * others), a file name need not be: a byte that is no character of it becomes
 * U+FFFD, the replacement character. Plain ASCII is written a run at a time. */
static void json_string(const char *s)
{
	putchar('"');
	for (size_t len = strlen(s), n; *s; s += n, len -= n) {
		unsigned char c = (unsigned char)*s;
		if ((n = plain_span(s, "\"\\"))) {
			fwrite(s, 1, n, stdout);
			continue;
		}
		n = utf8_valid(s, len);
		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else if (n)
			fwrite(s, 1, n, stdout);
		else
			fputs("\\ufffd", stdout), n = 1;
	}
	putchar('"');
}

/* A CSV field (RFC 4180): quoted, a quote doubled. */
static void csv_string(const char *s)
{
	putchar('"');
	for (const char *q; (q = strchr(s, '"')); s = q + 1) {
		fwrite(s, 1, (size_t)(q - s), stdout);
		fputs("\"\"", stdout);
	}
	fputs(s, stdout);
	putchar('"');
}

static void print_value(const struct value *v, bool json)
{
	switch (v->kind) {
	case V_STRING:
		if (json)
			json_string(v->s);
		else
			csv_string(v->s);
		break;
	case V_INT:
		printf("%s%llu", v->neg ? "-" : "", (unsigned long long)v->u);
		break;
	case V_BOOL:
		fputs(v->b ? "true" : "false", stdout);
		break;
	case V_ARRAY:
		fputs(json ? "[" : "\"", stdout);
		for (size_t i = 0; i < v->len; i++)
			printf("%s%llu", i ? (json ? "," : " ") : "", (unsigned long long)v->arr[i]);
		fputs(json ? "]" : "\"", stdout);
		break;
	}
}

static void json_record(const struct rec *r, void *ctx)
{
	struct export *x = ctx;
	if (x->type && strcmp(r->type, x->type))
		return;
	printf("%s{\"file\":", x->first ? "" : ",\n");
	x->first = false;
	json_string(r->file);
	const char *m[MACHINE_COLS];
	char label[256];
	machine_values(x, r, m, label, sizeof(label));
	for (int k = 0; k < MACHINE_COLS; k++) {
		printf(",\"%s\":", machine_cols[k]);
		json_string(m[k]);
	}
	printf(",\"line\":%lu,\"type\":", r->line);
	json_string(r->type);
	printf(",\"seq\":%llu", (unsigned long long)r->seq);
	for (size_t i = 0; i < r->nfields; i++) {
		printf(",");
		json_string(r->f[i].key);
		putchar(':');
		print_value(&r->f[i].v, true);
	}
	putchar('}');
}

static void gather_columns(const struct rec *r, void *ctx)
{
	struct export *x = ctx;
	if (x->type && strcmp(r->type, x->type))
		return;
	uint64_t *seen = &x->gathered[r->shape % REC_SHAPES];
	if (r->shape && *seen == r->shape)
		return;
	*seen = r->shape;
	for (size_t i = 0; i < r->nfields; i++) {
		int k;
		for (k = 0; k < x->ncols && strcmp(x->cols[k], r->f[i].key); k++)
			;
		if (k == x->ncols && x->ncols < MAX_COLUMNS)
			x->cols[x->ncols++] = strdup(r->f[i].key);
	}
}

/* The columns of r's shape: found for its first record (every record of a shape
 * 0, one made by hand or read by the full parser). */
static const struct shape_columns *columns_of(struct export *x, const struct rec *r)
{
	struct shape_columns *c = &x->columns[r->shape % REC_SHAPES];
	if (r->shape && c->shape == r->shape)
		return c;
	c->shape = r->shape;
	for (int k = 0; k < x->ncols; k++) {
		c->field[k] = -1;
		for (size_t i = 0; i < r->nfields && c->field[k] < 0; i++)
			if (!strcmp(r->f[i].key, x->cols[k]))
				c->field[k] = (int16_t)i;
	}
	return c;
}

static void csv_record(const struct rec *r, void *ctx)
{
	struct export *x = ctx;
	if (x->type && strcmp(r->type, x->type))
		return;
	const char *m[MACHINE_COLS];
	char label[256];
	const struct shape_columns *c = columns_of(x, r);
	printf("\"%s\",%lu,%s,%llu", r->file, r->line, r->type, (unsigned long long)r->seq);
	for (int k = 0; k < x->ncols; k++) {
		putchar(',');
		if (c->field[k] >= 0)
			print_value(&r->f[c->field[k]].v, false);
	}
	/* last: a label may hold a comma (QEMU's "Standard PC (i440FX + PIIX, 1996)"),
	 * and scripts that split on commas find the fields before it where they were */
	machine_values(x, r, m, label, sizeof(label));
	for (int k = 0; k < MACHINE_COLS; k++) {
		struct value v = { .kind = V_STRING, .s = m[k] };
		putchar(',');
		print_value(&v, false);
	}
	putchar('\n');
}

const struct help help_export = {
	"export --csv|--json [--type T] LOG...",
	"  flat tables of the intact records, with machine columns\n",
	"  --csv           one table: file, line, type, seq, a column per field name\n"
	"                  seen, then machine, machine_id, machine_os, machine_label\n"
	"  --json          a JSON array of the records, file, line and the machine\n"
	"                  columns added, crc left out\n"
	"  --type T        records of type T only\n", NULL
};

int cmd_export(int argc, char **argv)
{
	struct export x = { .first = true };
	bool csv = false;
	int first_log = argc;
	for (int i = 0; i < argc && first_log == argc; i++) {
		if (!strcmp(argv[i], "--csv"))
			csv = true;
		else if (!strcmp(argv[i], "--json"))
			x.json = true;
		else if (!strcmp(argv[i], "--type"))
			x.type = option_value(argc, argv, &i);
		else if (argv[i][0] == '-' && argv[i][1])
			usage_error("unknown option %s", argv[i]);
		else
			first_log = i;
	}
	if (csv == x.json)
		usage_error("give --csv or --json");
	struct log_report rep = { 0 };
	char **logs = argv + first_log;
	int n = argc - first_log, rc;
	if (logs_ready(logs, n, false))
		return 2;
	machine_setup_export(&x, logs, n);
	if (x.json) {
		puts("[");
		rc = read_logs(logs, n, json_record, &x, &rep);
		puts("\n]");
		free(x.ids), free(x.groups);
		return rc;
	}
	struct log_report quiet = { .quiet = true };
	x.gathered = must_calloc(REC_SHAPES, sizeof(*x.gathered));
	x.columns = must_calloc(REC_SHAPES, sizeof(*x.columns));
	for (int i = 0; i < n; i++)
		log_read(logs[i], gather_columns, &x, &quiet);
	printf("file,line,type,seq");
	for (int k = 0; k < x.ncols; k++)
		printf(",%s", x.cols[k]);
	for (int k = 0; k < MACHINE_COLS; k++)
		printf(",%s", machine_cols[k]);
	putchar('\n');
	rc = read_logs(logs, n, csv_record, &x, &rep);
	for (int k = 0; k < x.ncols; k++)
		free(x.cols[k]);
	free(x.gathered), free(x.columns);
	free(x.ids), free(x.groups);
	return rc;
}
