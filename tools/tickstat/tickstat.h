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

/* Read every log in paths[0..n) into fn; sums the reports; returns the worst status. */
int read_logs(char **paths, int n, rec_fn fn, void *ctx, struct log_report *rep);

/* A record's configuration key: its type, then every string field and "hz", as
 * "type k=v k=v" (in record order). Measurement fields are the other integers. */
void config_key(const struct rec *r, char *buf, size_t size);
bool is_config_field(const struct field *f);

void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
