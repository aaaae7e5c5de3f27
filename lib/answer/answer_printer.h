/* What the files that print the answer share (private to lib/answer/: answer_print.c
 * the details and the whole, answer_series.c the series and the figures' fields, answer_timers.c the timers' table and the costs,
 * answer_shares.c the CPU share lost and the verdicts; answer.h is the interface). */
#ifndef LIB_ANSWER_PRINTER_H
#define LIB_ANSWER_PRINTER_H

#include "answer.h"
#include "answer_table.h"
#include "schema.h"

/* The names the kernel uses for its timers, in the order its tables list them. */
extern const char *const answer_timer_order[4];

/* The answer being printed: its report, where its lines and its figures go, and the
 * warnings gathered for its details. */
struct printer {
	struct report *r;
	struct answer_out o;
	answer_figure_fn *figure;
	void *ctx;
	char warnings[640];
};

static inline void field_str(struct answer_figure *f, const char *key, const char *s)
{
	if (f->nfields < FIGURE_FIELDS)
		f->f[f->nfields++] = (typeof(f->f[0])){ .key = key, .s = s, .is_str = true };
}

static inline void field_int(struct answer_figure *f, const char *key, int64_t i)
{
	if (f->nfields < FIGURE_FIELDS)
		f->f[f->nfields++] = (typeof(f->f[0])){ .key = key, .i = i };
}

static inline void field_bool(struct answer_figure *f, const char *key, bool b)
{
	if (f->nfields < FIGURE_FIELDS)
		f->f[f->nfields++] = (typeof(f->f[0])){ .key = key, .i = b, .is_bool = true };
}


static inline void emit(struct printer *p, const struct answer_figure *f)
{
	if (p->figure)
		p->figure(p->ctx, f);
}

/* ppm, toward zero; a half width rounded down. */
static inline int64_t ppm_of(double v) { return (int64_t)v; }

/* answer_series.c */
int answer_config_cmp(const struct rconfig *a, const struct rconfig *b);
void answer_cpus_words(char *buf, size_t size, const struct report *r, const char *unit_of_one);
void answer_config_fields(struct answer_figure *f, const struct rconfig *c);
void answer_figure_name(char *buf, size_t size, const char *what, const struct rconfig *c,
			const struct rconfig *base);
/* ticks_pct, where the figure's runs were off their rate: the share of their ticks
 * they took, %, rounded. */
void answer_ticks_field(struct answer_figure *f, const struct rconfig *const *c, int n);

/* answer_timers.c */
const struct rconfig *answer_direct_first(const struct report *r, const char *timer);
void answer_print_timers(struct printer *p);
void answer_print_costs(struct printer *p, const char *bench, const char *label,
			const char *const *ops, int n_ops);
void answer_emit_costs(struct printer *p);

/* answer_shares.c */
int answer_all_hz(const struct report *r, unsigned long long *hz);
struct estimate answer_table_shape(const struct report *r, bool diff);
void answer_print_shares(struct printer *p);
void answer_print_verdicts(struct printer *p);
void answer_print_estimators(struct printer *p);

#endif
