/* What tickstat summary's files share (private to them): a group of records of
 * one type and configuration, its rows and histograms, the layout a group reads
 * its records through, and the whole summary of a log. summary_groups.c keeps the
 * groups' rows, histograms and notes; summary_take.c reads the records into them;
 * summary_print.c prints them; cmd_summary.c is the command. */
#ifndef TICKSTAT_SUMMARY_GROUPS_H
#define TICKSTAT_SUMMARY_GROUPS_H

#include "tickstat.h"
#include "configuration.h"
#include "schema.h"
#include "boots.h"
#include "figure_double.h"
#include "pairs.h"
#include "stats.h"
#include "tick_scaling.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_GROUPS 512
#define MAX_ROWS   48
#define LABEL_W    26
#define SUMMARY_CI 2             /* 95% */
#define LAYOUTS    2             /* a group's sets of keys at once: see struct group */
#define GROUP_SLOTS (2 * MAX_GROUPS)   /* the groups' index: open addressing, half full */
#define MAX_PENDING 64           /* CPUs of one configuration waiting for their pair */

struct bucket { uint64_t lo, n; };

/* What a group's records hold, field by field, worked out from one of them: a
 * record with the same keys, kinds and configuration values in the same order
 * (the kernel writes a configuration's records alike) has its values added to
 * the rows found then, without a test of each key, a row's label or the
 * configuration key. The tick runs with and without the timer are separate rows
 * (" timer_on=false"; other booleans describe the platform and split nothing):
 * each of timer_on's three cases (none, false, true) has its rows, found when a
 * record first has it. */
enum field_role { AS_NOTHING, AS_CONFIG, AS_FIGURE };
enum { SUFFIXES = 3 };           /* no timer_on, false, true */

struct figure_at { unsigned char field, row; };   /* REC_FIELDS_MAX, MAX_ROWS < 256 */

/* The fields read by name beyond the figures (stats' pooled figures, the spin
 * runs' direct cost): their numbers in the layout, not looked up in each record. */
enum named { N_P50, N_N, N_SUM, N_MIN, N_MAX, N_HIST_LO, N_HIST_N, N_GAP_INTERRUPTS, N_GAPS,
	     N_GAP_CYCLES, NAMED };

/* A configuration field of a layout: its number and its value, as compared: an
 * integer's magnitude and sign, or a string's length, first 8 bytes (and the mask
 * of those it has) and text. Together, the values a record is compared with lie
 * in a few lines (an array for each part, of every field, took a line a part). */
struct config_value {
	uint8_t field;
	bool string, neg;
	uint32_t len;
	uint64_t word, mask;     /* the integer; a string's first bytes, masked */
	const char *s;           /* the string, in the layout's text */
};

struct layout {
	int n;                   /* fields; -1 before the first record */
	uint64_t shape;          /* the shape of the last record that fitted, or 0 */
	bool is_run, is_stats;   /* its type */
	unsigned sig[REC_FIELDS_MAX];
	uint8_t kind[REC_FIELDS_MAX];     /* enum value_kind, as a record's kinds */
	enum field_role role[REC_FIELDS_MAX];
	unsigned key[REC_FIELDS_MAX];     /* the key's offset in text */
	int nconfig;
	struct config_value config[REC_FIELDS_MAX];   /* the AS_CONFIG fields */
	int cpu, run, cycles, timer_on;   /* those fields' numbers, or -1 */
	signed char at[NAMED];   /* the named fields' numbers, or -1 */
	bool ready[SUFFIXES];
	int nfigures[SUFFIXES];
	struct figure_at figure[SUFFIXES][REC_FIELDS_MAX];   /* the AS_FIGURE fields with a row */
	char text[LOG_LINE_MAX + 8];   /* the type, keys and strings, NUL after each */
};

struct group {
	char key[512];
	double tsc_hz;           /* of the boot the records came from; 0: none */
	unsigned long records, first_line, last_line;
	int nrows, next_row;      /* next_row: the row the next value most likely goes to */
	int mean_row;            /* stats: 1 + the row of "mean", 0 before it has one */
	struct dataset rows[MAX_ROWS];
	/* A row that has had one value only holds it and its count, no array: a
	 * quarter of the bench log's values are such ("interrupts" without the timer,
	 * stats' "n"), and their arrays took a quarter of summary's page faults.
	 * summary_row_data() writes them out. */
	double only[MAX_ROWS];
	size_t times[MAX_ROWS];
	struct moments moments[MAX_ROWS];   /* a row's, once known (row_moments) */
	bool have_moments[MAX_ROWS];
	struct bucket *hist;     /* stats: merged histogram, ascending lo */
	size_t nhist;
	uint32_t *slot;          /* hist's index by lo: 1 + a bucket's number, 0 free */
	size_t slot_mask;        /* 2^k - 1 for 2^k slots, at least twice the buckets */
	int slot_shift;          /* 64 - k */
	uint64_t pooled_n, pooled_min, pooled_max;
	long double pooled_sum;
	bool pool_overflow;      /* the counts add up past 2^64: no pooled figures */
	struct dataset level;    /* run: lost_ppm, stats: p50, per run with its boot */
	struct dataset direct;   /* spin runs with the timer: direct cost (lib/answer/pairs.h) */
	struct { uint64_t cpu, run; double cycles; } off[MAX_PENDING];
	int noff;                /* tick runs without the timer not yet paired */
	/* Its records' keys: a tick run's with the timer has "expected", one without
	 * it not, and they come in turns: a layout for each. at: the one the last
	 * record fitted. */
	struct layout layout[LAYOUTS];
	int at;
};

/* What a record is: a measurement, or one of the machine and the run (its type's
 * class in lib/record/schema.def: it describes, or notes what did not run; a type the
 * schema does not know, of a newer format, measures), of which summary reads boot,
 * calibration, skip and error. Every record type is either a measurement (run,
 * stats, fire, storm, storm_limit, tsc_sync, idle, report) or not: tests/host/
 * tickstat-summary.sh holds the list to the document. Those before `calibration`
 * (machine_check, machine, ...) once got tables "converted" at tsc_hz 0, and a
 * warning of boots with different TSC frequencies in every single-boot log. */
enum record_is { MEASURED, DESCRIBING, BOOT, CALIBRATION, NOTED };

/* What the records of a shape (lib/record/rec.h) are, and the numbers of the fields that
 * name their configuration. */
struct shape_info {
	uint64_t shape;          /* 0: none known */
	enum record_is is;
	uint8_t nconfig, config[REC_FIELDS_MAX];
	uint64_t keys;           /* a hash of the type and those fields' keys */
};

/* The groups by a hash of their configuration (config_hash), 1 + the group's
 * number in each slot, 0 for a free one: in a real log every record is of another
 * configuration than the one before (the order of runs is shuffled), so no key
 * is built and compared with each group's. */
struct group_index {
	uint64_t hash[GROUP_SLOTS];
	int group[GROUP_SLOTS];
	int n;
};

/* A skip or error record, said once with how often it came. */
struct note {
	char *text;
	unsigned long line, count;
};

#define MAX_CLOCKS 8

struct summary {
	double tsc_hz;           /* the current boot's (its calibration record) */
	struct { double hz; unsigned long line; } clocks[MAX_CLOCKS];
	int nclocks;             /* distinct tsc_hz of the boots that have groups */
	bool all;                /* --all: a table row for every field */
	int ngroups, last;       /* last: the group of the last record */
	bool overflow;
	struct group *g;
	struct note *notes;
	size_t nnotes;
	struct shape_info *info;         /* REC_SHAPES, by shape id */
	struct group_index *index;
	unsigned boots;          /* boot records read: the boot a value comes from */
	struct run_pair pair;    /* take_lost's: off and on set for each pair, the rest 0
				  * (not zeroed for each pair) */
};

/* strcmp() == 0 for the short strings of the hot path, inlined. */
static inline bool streq_short(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

bool summary_is_id_field(const struct rec *r, size_t i);
struct group *summary_find_group(struct summary *s, const struct rec *r);
int summary_row_of(struct group *g, const char *field, const char *suffix);
struct dataset *summary_row_data(struct group *g, int k);
void summary_pool_stats(struct group *g, const struct rec *r, unsigned boot);
void summary_print_notes(const struct summary *s);
void summary_take_lost(struct summary *s, struct group *g, const struct rec *r, bool on,
		       uint64_t cpu, uint64_t run, double cycles);
void summary_note(struct summary *s, const struct rec *r);
const struct value *summary_named(const struct layout *L, const struct rec *r, enum named k);

static inline bool same_bits(double a, double b)
{
	return !memcmp(&a, &b, sizeof(a));
}

/* x added to row k: counted while the row has had no other value (the same bits:
 * -0 is not 0; a NaN goes to the array, as it is not equal to itself). */
static inline void row_add(struct group *g, int k, double x)
{
	struct dataset *d = &g->rows[k];
	if (d->n) {
		ds_add(d, x);
	} else if (g->times[k] ? same_bits(x, g->only[k]) : x == x) {
		g->only[k] = x;
		g->times[k]++;
	} else {
		ds_add(summary_row_data(g, k), x);
	}
}

/* summary_take.c: a record into its group (a rec_fn; ctx the summary). */
void summary_take(const struct rec *r, void *ctx);
/* summary_print.c: a group's tables; the tick at several CPU counts. */
void summary_print_group(struct group *g, const struct summary *s);
void summary_print_scaling(struct summary *s);

#endif
