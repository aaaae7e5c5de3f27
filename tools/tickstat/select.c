/* Data sets from logs (see select.h). */
#include "select.h"
#include "configuration.h"
#include "schema.h"
#include "pairs.h"
#include "machines.h"
#include "tickstat.h"

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Per-run figures of tick runs, each the one computation of lib/answer/pairs.h: "cost",
 * the total cost per interrupt of a run with the timer against its pair (its run
 * without, of the same CPU and index), and "direct", a spin run's holes' cost per
 * interrupt (TSC cycles both); "lost_ppm", the pair's CPU share. */
#define COST   "cost"
#define DIRECT "direct"

struct collect {
	struct selection *sel;
	const char *log;
	struct series *s;
	int n;
	unsigned long matched, lacked_by, missing, too_many;   /* records */
	unsigned long unpaired;  /* runs with the timer that no run without it pairs */
	int status;
	struct lost_pairs pairs; /* for lost_ppm */
	unsigned boots;          /* boot records read, in every log: a value's boot */
};

const char select_help[] =
"  --type T        records of type T (default: run where the logs have tick runs,\n"
"                  else stats)\n"
"  --field F       the value: any integer field, cost (run records' default: the\n"
"                  cycles a run lost per interrupt), direct (its hole cycles per\n"
"                  interrupt) or lost_ppm (the CPU share it lost); stats records:\n"
"                  p50 by default\n"
"  --where K=V     only records whose field K is V (repeatable, up to 16)\n";

bool select_option(struct selection *sel, int argc, char **argv, int *i)
{
	const char *a = argv[*i];
	if (!strcmp(a, "--numbers") || !strcmp(a, "-n")) {
		sel->numbers = true;
		return true;
	}
	if (strcmp(a, "--type") && strcmp(a, "--field") && strcmp(a, "--by") && strcmp(a, "--where"))
		return false;
	const char *v = option_value(argc, argv, i);
	if (!strcmp(a, "--type"))
		sel->type = v;
	else if (!strcmp(a, "--field"))
		sel->field = v;
	else if (!strcmp(a, "--by"))
		sel->by = v;
	else if (sel->nwhere == SELECT_MAX_WHERE || !strchr(v, '='))
		usage_error("--where K=V (at most %d)", SELECT_MAX_WHERE);
	else
		sel->where[sel->nwhere++] = v;
	return true;
}

/* A field's value as text, for --where and --by. */
static bool value_text(const struct rec *r, const char *key, char *buf, size_t size)
{
	const struct value *v = rec_get(r, key);
	if (!v || v->kind == V_ARRAY)
		return false;
	if (v->kind == V_STRING)
		snprintf(buf, size, "%s", v->s);
	else if (v->kind == V_BOOL)
		snprintf(buf, size, "%s", v->b ? "true" : "false");
	else
		snprintf(buf, size, "%s%llu", v->neg ? "-" : "", (unsigned long long)v->u);
	return true;
}

static bool matches(const struct selection *sel, const struct rec *r)
{
	char text[256];
	if (strcmp(r->type, sel->type))
		return false;
	for (int i = 0; i < sel->nwhere; i++) {
		const char *eq = strchr(sel->where[i], '=');
		char key[64];
		snprintf(key, sizeof(key), "%.*s", (int)(eq - sel->where[i]), sel->where[i]);
		if (!value_text(r, key, text, sizeof(text)) || strcmp(text, eq + 1))
			return false;
	}
	return true;
}

/* --by machine: a set per machine (machines.h), the logs of one pooled. */
static bool by_machine(const struct selection *sel)
{
	return sel->by && !strcmp(sel->by, "machine");
}

/* The fields that name a set with its --by field, its log or its machine, which the
 * configuration then leaves out: a timer's delivery path is its own (--by timer
 * compares pit's runs with lapic's, each through its path); the tick of what runs
 * below the loop, its handler and Linux's nohz, goes with a log or a machine (the
 * bare kernel's spin runs against Linux's). NULL-terminated. */
static const char *const *companions(const struct selection *sel)
{
	static const char *const of_timer[] = { "delivery", NULL };
	static const char *const of_system[] = { "handler", "nohz", NULL };
	static const char *const none[] = { NULL };
	if (sel->by && !strcmp(sel->by, "timer"))
		return of_timer;
	return by_machine(sel) || (!sel->by && !sel->merge_logs) ? of_system : none;
}

static bool names_the_set(const struct selection *sel, const char *key)
{
	for (const char *const *k = companions(sel); *k; k++)
		if (!strcmp(*k, key))
			return true;
	return sel->by && !strcmp(sel->by, key);
}

/* A work model's field at 0: the floor, said as its absence is (tickbench-linux's
 * runs have none). */
static bool floor_model_field(const struct field *f)
{
	static const char *const model[] = {
		FIELD(run, tick_work, U64), FIELD(run, tick_data_kib, U64),
		FIELD(run, tick_code_kib, U64), FIELD(run, tick_pages, U64),
	};
	if (f->v.kind != V_INT || f->v.u)
		return false;
	for (size_t i = 0; i < sizeof(model) / sizeof(model[0]); i++)
		if (!strcmp(f->key, model[i]))
			return true;
	return false;
}

/* The configuration without the fields that name the set and the floor's work
 * model. */
static void config_without(const struct rec *r, const struct selection *sel, char *buf,
			   size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "%s", r->type);
	for (size_t i = 0; i < r->nfields && n < size; i++) {
		const struct field *f = &r->f[i];
		if (!configuration_field(r, i) || names_the_set(sel, f->key) || floor_model_field(f))
			continue;
		char text[256];
		value_text(r, f->key, text, sizeof(text));
		n += (size_t)snprintf(buf + n, size - n, " %s=%s", f->key, text);
	}
}

/* " delivery=local": the companions' values the record has, after the set's name. */
static void companion_words(const struct rec *r, const struct selection *sel, char *buf,
			    size_t size)
{
	char text[128];
	size_t n = 0;
	buf[0] = 0;
	for (const char *const *k = companions(sel); *k && n < size; k++)
		if (value_text(r, *k, text, sizeof(text)))
			n += (size_t)snprintf(buf + n, size - n, " %s=%s", *k, text);
}

/* Each log's set name: under --by machine, "M1 1a2b3c4d", "M3 old.log"; else the
 * logs of one machine and build (more than one) are one set of boots, "M1 1a2b3c4d
 * (3 logs)", and any other log is its own ("" keeps its path). */
static int machine_names(char **logs, int nlogs, bool by_machine, char (**names)[64])
{
	struct mlog *ids;
	struct mgroup *g;
	int ng = machine_setup(logs, nlogs, &ids, &g);
	*names = calloc((size_t)nlogs + 1, sizeof(**names));
	for (int i = 0; i < ng && *names; i++)
		for (int k = 0; k < g[i].nlogs; k++) {
			const struct mlog *m = &ids[g[i].logs[k]];
			const char *file = strrchr(m->path, '/');
			if (by_machine)
				snprintf((*names)[g[i].logs[k]], sizeof(**names), "%s %s", g[i].key,
					 m->id[0] ? m->id : file ? file + 1 : log_name(m->path));
			else if (g[i].nlogs > 1)
				snprintf((*names)[g[i].logs[k]], sizeof(**names), "%s %s (%d logs)",
					 g[i].key, m->id, g[i].nlogs);
		}
	free(ids);
	free(g);
	return (ng <= 0 && by_machine) || !*names ? -1 : ng;
}

static struct series *find_series(struct collect *c, const struct rec *r)
{
	char label[160] = "", byval[128], with[128];
	size_t n = 0;
	bool machine = by_machine(c->sel);
	if (!c->sel->merge_logs || machine)
		n = (size_t)snprintf(label, sizeof(label), "%s", c->log);
	if (c->sel->by && !machine) {
		if (!value_text(r, c->sel->by, byval, sizeof(byval)))
			return NULL;
		n += (size_t)snprintf(label + n, sizeof(label) - n, "%s%s=%s", n ? " " : "",
				      c->sel->by, byval);
	}
	companion_words(r, c->sel, with, sizeof(with));
	snprintf(label + n, sizeof(label) - n, "%s", with);
	char config[512];
	config_without(r, c->sel, config, sizeof(config));
	for (int i = 0; i < c->n; i++)
		if (!strcmp(c->s[i].d.name, label) &&
		    (!c->sel->split_configs || !strcmp(c->s[i].config, config)))
			return &c->s[i];
	if (c->n == SELECT_MAX_SETS)
		return NULL;
	struct series *s = &c->s[c->n++];
	memset(s, 0, sizeof(*s));
	ds_init(&s->d, label);
	snprintf(s->config, sizeof(s->config), "%s", config);
	return s;
}

static void take(const struct rec *r, void *ctx)
{
	struct collect *c = ctx;
	struct run_pair pair;
	bool lost = !strcmp(c->sel->field, LOST_PPM), cost = !strcmp(c->sel->field, COST);
	if (!strcmp(r->type, "boot"))
		c->boots++;
	unsigned boot = c->boots ? c->boots - 1 : 0;
	/* every run, unfiltered, goes to the pairing */
	bool paired = (lost || cost) && lost_pair(&c->pairs, r, &pair), on = false;
	if (!matches(c->sel, r))
		return;
	if ((lost || cost) && !paired && rec_get(r, FIELD_ANY(run, timer_on))) {
		c->unpaired += rec_bool(r, FIELD_ANY(run, timer_on), &on) && on;
		return;                 /* an off run, kept for its pair; an on run without */
	}
	c->matched++;
	struct series *s = find_series(c, r);
	if (!s) {
		if (c->n == SELECT_MAX_SETS)
			c->too_many++;
		else
			c->lacked_by++;
		return;
	}
	char config[512];
	config_without(r, c->sel, config, sizeof(config));
	if (strcmp(config, s->config) && c->status != 2) {
		say_error("set \"%s\" mixes configurations:\n  %s\n  %s\n"
			"choose one with --where K=V (or split with --by FIELD)",
			s->d.name, s->config, config);
		c->status = 2;
		return;
	}
	double v;
	if (paired) {
		if (lost)
			ds_add_boot(&s->d, lost_ppm(&pair), boot);
		else if (pair_cost(&pair, &v))
			ds_add_boot(&s->d, v, boot);
		else
			s->no_irq++;
		return;
	}
	if (!strcmp(c->sel->field, DIRECT)) {
		if (run_direct(r, &v))
			ds_add_boot(&s->d, v, boot);
		return;
	}
	if (cost)
		return;                 /* an off run, kept for its pair */
	if (!rec_num(r, c->sel->field, &v)) {
		c->missing++;
		return;
	}
	ds_add_boot(&s->d, v, boot);
}

/* " --where hz=5 --where timer=pit", or "". */
static void where_words(const struct selection *sel, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = 0;
	for (int i = 0; i < sel->nwhere && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, " --where %s", sel->where[i]);
}

/* Why no set has a value: on standard error. */
static void explain_nothing(const struct collect *c, unsigned long no_irq)
{
	const struct selection *sel = c->sel;
	char where[256];
	where_words(sel, where, sizeof(where));
	if (!c->matched && c->unpaired)
		say_error("the %lu %s records with the timer%s have no run without the timer to pair "
			  "with (tickbench-linux's runs have none): no %s (--field direct: their "
			  "holes' cost)", c->unpaired, sel->type, where, sel->field);
	else if (!c->matched)
		say_error("no %s record matches%s", sel->type,
			where[0] ? where : " (the logs have none)");
	else if (c->lacked_by == c->matched)
		say_error("no %s record%s has the field \"%s\" (--by)", sel->type,
			where, sel->by);
	else if (c->missing == c->matched)
		say_error("no %s record%s has the field \"%s\"", sel->type, where,
			sel->field);
	else if (no_irq)
		say_error("the %lu runs with the timer counted no interrupts: no "
			"cost per interrupt (--field names another figure)", no_irq);
	else
		say_error("no value of \"%s\" in the %lu matching records",
			sel->field, c->matched);
}

/* Tick runs when the log has them, else stats. */
static void guess_type(const struct rec *r, void *ctx)
{
	const char **type = ctx;
	if (!strcmp(r->type, "run"))
		*type = "run";
}

/* The largest magnitude read: the standard deviation stays finite (1e155 made it
 * infinite, and the plot wrote outside its grid); the smallest, but 0: a double
 * below 2.2e-308 holds fewer digits than tickstat prints. */
#define NUMBER_MAX 1e100
#define NUMBER_MIN 1e-300

/* How far the numbers' text may lie from the doubles read: the largest half unit
 * in the last place of a value strtod() rounded (FE_INEXACT), and whether every
 * value had the same text. */
struct rounding {
	double most;
	bool one_text;
	char first[64];
};

static void note_rounding(struct rounding *r, const char *text, size_t len, double v, bool inexact)
{
	if (inexact)
		r->most = fmax(r->most, (nextafter(fabs(v), INFINITY) - fabs(v)) / 2);
	if (!r->first[0])
		snprintf(r->first, sizeof(r->first), "%.*s", (int)len, text);
	else if (strlen(r->first) != len || strncmp(r->first, text, len))
		r->one_text = false;
}

/* A unit in the 8th significant digit of x (ministat's %13.8g columns). */
static double last_digit(double x)
{
	return pow(10, floor(log10(fabs(x))) - 7);
}

/* Why the mean and standard deviation of the doubles read are not those of the
 * numbers' text to the 8 digits printed, or NULL. Each value is off by at most
 * r->most, which moves the mean by as much and the standard deviation by at most
 * r->most sqrt(n / (n - 1)) (the norm of the deviations is 1-Lipschitz). Allowed:
 * a hundredth of the last digit (which carries a figure beyond its rounding only
 * when it lies within that of a tie). Values all read as one double are a constant
 * set only when their text is one too. */
static const char *digits_lost(const struct dataset *d, const struct rounding *r, double *sd)
{
	static const char coarse[] = "too coarse for their spread to 8 digits";
	if (d->n < 2)
		return NULL;
	double mean = ds_mean(d);
	*sd = ds_stddev(d);
	if (*sd != 0 && *sd < DBL_MIN)
		return "their spread is below the doubles that hold 8 digits";
	if (r->most == 0)
		return NULL;
	if (*sd == 0)
		return r->one_text ? NULL : coarse;
	double spread = r->most * sqrt((double)d->n / ((double)d->n - 1));
	if (spread > 0.01 * last_digit(*sd) || (mean != 0 && r->most > 0.01 * last_digit(mean)))
		return coarse;
	return NULL;
}

/* One line's number (its first column; blank lines and '#' lines have none) into
 * s: 0, or 2 with the line named. */
static int take_number(const char *path, unsigned long lineno, const char *line,
		       struct series *s, struct rounding *rounding)
{
	const char *p = line + strspn(line, " \t");
	char *end;
	if (*p == '#' || *p == '\n' || *p == '\r' || !*p)
		return 0;
	feclearexcept(FE_INEXACT);
	double v = strtod(p, &end);
	bool inexact = fetestexcept(FE_INEXACT);
	if (end == p || (*end && !strchr(" \t\r\n", *end))) {
		fprintf(stderr, "%s:%lu: not a number\n", path, lineno);
		return 2;
	}
	if (!isfinite(v) || fabs(v) > NUMBER_MAX || (v != 0 && fabs(v) < NUMBER_MIN)) {
		fprintf(stderr, "%s:%lu: %.*s: %s\n", path, lineno, (int)(end - p), p,
			isfinite(v) ? "out of range (tickstat takes 0 and magnitudes from "
			"1e-300 to 1e100)" : "not a finite number");
		return 2;
	}
	note_rounding(rounding, p, (size_t)(end - p), v, inexact);
	ds_add(&s->d, v);
	return 0;
}

/* Plain numbers, one per line of any length, as ministat reads them. */
static int read_numbers(const char *path, struct series *s)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *line = NULL;
	size_t cap = 0;
	unsigned long lineno = 0;
	struct rounding rounding = { .one_text = true };
	int rc = 0;
	if (!f) {
		perror(path);
		return 2;
	}
	memset(s, 0, sizeof(*s));
	ds_init(&s->d, path);
	while (!rc && getline(&line, &cap, f) >= 0)
		rc = take_number(path, ++lineno, line, s, &rounding);
	free(line);
	if (f != stdin)
		fclose(f);
	double sd = 0;
	const char *lost = rc ? NULL : digits_lost(&s->d, &rounding, &sd);
	if (lost) {
		fprintf(stderr, "%s: a double holds these numbers to +/-%.2g, their standard "
			"deviation is %.2g: %s (subtract a common offset, or scale them; "
			"ministat loses the same digits)\n", path, rounding.most, sd, lost);
		rc = 2;
	}
	return rc;
}

int select_sets(char **logs, int nlogs, struct selection *sel, struct series **out, int *n)
{
	struct collect c = { .sel = sel };
	*out = NULL;             /* select_free's, whatever the status */
	*n = 0;
	c.s = calloc(SELECT_MAX_SETS, sizeof(*c.s));
	if (!c.s)
		return 2;
	struct log_report rep = { 0 };
	char (*names)[64] = NULL;
	if (!sel->numbers && machine_names(logs, nlogs, by_machine(sel), &names) < 0) {
		free(names);
		free(c.s);
		return 2;
	}
	for (int i = 0; i < nlogs && sel->numbers; i++)
		if ((c.status = read_numbers(logs[i], &c.s[c.n++])))
			break;
	for (int i = 0; i < nlogs && !sel->numbers && c.status != 2; i++) {
		if (!sel->type) {
			struct log_report quiet = { .quiet = true };
			if (log_read(logs[i], guess_type, &sel->type, &quiet) == 2) {
				c.status = 2;
				break;
			}
			sel->type = sel->type ? sel->type : "stats";
		}
		if (!sel->field)
			sel->field = !strcmp(sel->type, "run") ? COST : "p50";
		c.log = names && names[i][0] ? names[i] : log_name(logs[i]);
		int rc = log_read(logs[i], take, &c, &rep);
		if (rc > c.status)
			c.status = rc;
	}
	size_t values = 0;
	unsigned long no_irq = 0;
	for (int i = 0; i < c.n; i++) {
		values += c.s[i].d.n;
		no_irq += c.s[i].no_irq;
	}
	lost_free(&c.pairs);
	free(names);
	if (c.missing && values)
		say_error("%lu matching record(s) lacked \"%s\"", c.missing,
			sel->field);
	if (c.lacked_by && values)
		say_error("%lu matching record(s) lacked the --by field \"%s\"",
			c.lacked_by, sel->by);
	if (c.too_many)
		say_error("more than %d sets: %lu record(s) left out",
			SELECT_MAX_SETS, c.too_many);
	if (!values && c.status < 2 && !sel->numbers) {   /* nothing to print */
		explain_nothing(&c, no_irq);
		c.status = c.status == 1 ? 1 : 2;
	}
	*out = c.s;
	*n = c.n;
	return c.status;
}

void select_free(struct series *s, int n)
{
	for (int i = 0; i < n; i++)
		ds_free(&s[i].d);
	free(s);
}
