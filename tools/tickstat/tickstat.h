/* tickstat: the host tool that reads tickbench logs (docs/TICKSTAT.md). */
#ifndef TICKSTAT_H
#define TICKSTAT_H

#include "log.h"

/* Each command takes the arguments after its name; returns the exit status:
 * 0 all well, 1 a log is damaged (figures use only intact records), 2 usage or I/O. */
int cmd_check(int argc, char **argv);
int cmd_summary(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_column(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_report(int argc, char **argv);

/* Read every log in paths[0..n) into fn; sums the reports; returns the worst status. */
int read_logs(char **paths, int n, rec_fn fn, void *ctx, struct log_report *rep);

/* A record's configuration key: its type, then every string field and "hz", as
 * "type k=v k=v" (in record order). Measurement fields are the other integers. */
void config_key(const struct rec *r, char *buf, size_t size);
/* Whether r's configuration key is key, without building it. */
bool config_key_is(const struct rec *r, const char *key);
bool is_config_field(const struct field *f);
/* tick_work, tick_data_kib, tick_code_kib, tick_pages: the work model's integers. */
bool is_model_field(const char *key);

/* The tick benchmark's derived figures (summary.c), 95% confidence: total cost
 * per interrupt (Student's t on cycles on - off, over mean interrupts), and direct
 * cost (per-run gap_cycles / gaps). False when the data do not allow them. */
struct dataset;
bool tick_total(struct dataset *off, struct dataset *on, struct dataset *irq,
		double *v, double *e);
bool tick_direct(struct dataset *gaps, struct dataset *gc, double *v, double *e);

/* One tick configuration run on cpus CPUs at once, each CPU's runs pooled: the
 * figures of summary's "1 versus N CPUs" tables, in TSC cycles, each with its 95%
 * half interval (Student's t on cycles on - off, pooled s, as ministat). */
struct tick_figures {
	unsigned cpus;
	double irqs;                     /* mean interrupts per run with the timer, per CPU */
	double lost, lost_err;           /* cycles a run lost to the timer, per CPU: on - off */
	double cost, cost_err;           /* total cost per interrupt: lost / irqs */
	double lost_all, lost_all_err;   /* cycles lost per run by all CPUs: lost * cpus */
	bool proven;                     /* lost is distinguishable from 0 */
};
/* False with fewer than 2 runs off or on, or no interrupts. */
bool tick_figures(const struct dataset *off, const struct dataset *on,
		  const struct dataset *irq, unsigned cpus, struct tick_figures *f);

/* The tick configurations among keys[0..nkeys) (config_key) that ran at two or more
 * CPU counts: fn gets each one's key without " cpus=N" and the indices of its keys,
 * with their CPU counts, by ascending count. */
typedef void (*scaling_fn)(const char *base, const int *members, const unsigned *cpus,
			   int n, void *ctx);
void scaling_sets(const char *const *keys, int nkeys, scaling_fn fn, void *ctx);

void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
