/* tickbench-linux: tick's loop and workloads under Linux, beside the bare kernel
 * (docs/METHOD.md, "The OS beside the hardware"; docs/FORMAT.md for its records).
 *
 *   tickbench-linux [--cpu N] [--log FILE] [--fifo] [WORDS...]
 *
 * WORDS are the kernel's own (kernel/cmdline.c) that mean something under an OS:
 * bench=tick|none, workload=, runs=, ms=, order=, seed=, ftq_us=, memwalk_kib=, help.
 * Any other (timer=, hz=, ...) is refused by name: Linux drives the timers itself.
 *   --cpu N     the CPU to pin to (default: the last nohz_full CPU, else the last
 *               isolated one, else the last online one)
 *   --log FILE  the records into FILE instead of standard output
 *   --fifo      run SCHED_FIFO (priority 1): no other ordinary task preempts the loop
 * Records go to standard output (or FILE), human text to standard error. Exit
 * status: 0 the run ended pass, 1 fail, 2 error (bad words or options too, before
 * any record is written). */
#define _GNU_SOURCE
#include "about.h"
#include "cmdline.h"
#include "cpu.h"
#include "host.h"
#include "record.h"
#include "splitmix.h"
#include "tickrun.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static FILE *out;

static void to_log(const char *line, size_t len)
{
	fwrite(line, 1, len, out);
	fflush(out);
}

/* The words that mean something under an OS; every other is refused by name. */
static const char *const meaningful[] = {
	"bench", "workload", "runs", "ms", "order", "seed", "ftq_us", "memwalk_kib", "help", NULL
};

static bool is_meaningful(const char *key)
{
	for (const char *const *m = meaningful; *m; m++)
		if (!strcmp(*m, key))
			return true;
	return false;
}

/* A word the kernel knows but that means nothing here; NULL when all do. */
static const char *refused_word(const struct config *cfg)
{
	for (size_t i = 0; i < cmdline_help_lines(); i++) {
		struct cmdline_doc doc;
		cmdline_option_doc(i, &doc);
		if (config_given(cfg, doc.key) && !is_meaningful(doc.key))
			return doc.key;
	}
	return NULL;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: tickbench-linux [--cpu N] [--log FILE] [--fifo] [WORDS...]\n"
		"WORDS: the kernel's words that mean something under an OS:\n");
	for (size_t i = 0; i < cmdline_help_lines(); i++) {
		struct cmdline_doc doc;
		char line[CMDLINE_HELP_MAX];
		cmdline_option_doc(i, &doc);
		if (is_meaningful(doc.key)) {
			cmdline_help_line(i, line, sizeof(line));
			fprintf(f, "  %s\n", line);
		}
	}
	fprintf(f, "bench= takes tick or none here; timer=, hz= and the other words are the "
		"bare kernel's (Linux drives its timers itself).\n");
}

struct options {
	int cpu;                        /* -1: the default */
	const char *log;
	bool fifo;
	char words[4096];
};

/* A bad option or word: said on standard error, exit status 2, no record written. */
static int bad_usage(const char *fmt, const char *what, const char *more)
{
	fprintf(stderr, "tickbench-linux: ");
	fprintf(stderr, fmt, what, more);
	fprintf(stderr, "\ntry tickbench-linux --help\n");
	return 2;
}

/* The options and the words joined by spaces; 0, or the exit status. */
static int parse_options(int argc, char **argv, struct options *o)
{
	size_t n = 0;
	*o = (struct options){ .cpu = -1 };
	for (int i = 1; i < argc; i++) {
		char *end;
		if (!strcmp(argv[i], "--cpu") && i + 1 < argc) {
			long c = strtol(argv[++i], &end, 10);
			if (*end || c < 0 || c >= CPU_SET_MAX)
				return bad_usage("--cpu takes a CPU number, not '%s'%s", argv[i], "");
			o->cpu = (int)c;
		} else if (!strcmp(argv[i], "--log") && i + 1 < argc) {
			o->log = argv[++i];
		} else if (!strcmp(argv[i], "--fifo")) {
			o->fifo = true;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			exit(0);
		} else if (argv[i][0] == '-') {
			return bad_usage("unknown option, or an option without its value: %s%s", argv[i], "");
		} else if (n + strlen(argv[i]) + 2 < sizeof(o->words)) {
			n += (size_t)snprintf(o->words + n, sizeof(o->words) - n, "%s%s",
					      n ? " " : "", argv[i]);
		} else {
			return bad_usage("the words are too long%s%s", "", "");
		}
	}
	return 0;
}

/* The words into cfg: the kernel's parser, then those with no meaning here refused,
 * bench= tick (the default here) or none. */
static int check_words(const char *words, struct config *cfg)
{
	struct cmdline_error err;
	if (!cmdline_parse(words, cfg, &err))
		return bad_usage("bad word \"%s\": %s", err.word, err.message);
	const char *key = refused_word(cfg);
	if (key)
		return bad_usage("%s= has no meaning under an OS: Linux drives its timers, "
				 "interrupts and CPUs itself (the bare kernel takes it)%s", key, "");
	if (!config_given(cfg, "bench"))
		cmdline_apply_default(cfg, "bench=tick");
	if (cfg->benches & ~(1u << 0) & ~(1u << 5))     /* bench_names[]: none, ..., tick */
		return bad_usage("bench= takes tick or none under an OS%s%s", "", "");
	return 0;
}

static int choose_cpu(const struct options *o, const struct linux_info *li)
{
	if (o->cpu < 0)
		return cpu_default(&li->online, &li->nohz_full, &li->isolated);
	if (!cpu_set_has(&li->online, (unsigned)o->cpu))
		return -1;
	return o->cpu;
}

/* Pin, lock, SCHED_FIFO: each said in the linux record, a failure in words too. */
static void set_up(unsigned cpu, bool fifo, struct run_setup *s)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	*s = (struct run_setup){ 0 };
	s->pinned = sched_setaffinity(0, sizeof(set), &set) == 0;
	s->why_not_pinned = s->pinned ? NULL : strerror(errno);
	s->mlocked = mlockall(MCL_CURRENT | MCL_FUTURE) == 0;
	s->why_not_mlocked = s->mlocked ? NULL : strerror(errno);
	struct sched_param p = { .sched_priority = 1 };
	s->fifo = fifo && sched_setscheduler(0, SCHED_FIFO, &p) == 0;
	s->why_not_fifo = fifo && !s->fifo ? strerror(errno) : NULL;
}

static int finish(bool ok)
{
	struct record r;
	uint64_t before = record_count();
	record_begin(&r, "end");
	record_u64(&r, "records", before);
	record_u64(&r, "tsc", rdtsc());
	record_str(&r, "status", ok ? "pass" : "error");
	record_emit(&r);
	fprintf(stderr, "tickbench-linux: finished, status %s.\n", ok ? "pass" : "error");
	return ok ? 0 : 2;
}

int main(int argc, char **argv)
{
	struct options o;
	struct config cfg;
	struct linux_info li;
	struct run_setup setup;
	const char *why;
	int rc = parse_options(argc, argv, &o);
	if (rc || (rc = check_words(o.words, &cfg)))
		return rc;
	if (cfg.help)
		return usage(stdout), 0;
	if (!linux_read(&li, &why))
		return bad_usage("%s%s", why, "");
	int cpu = choose_cpu(&o, &li);
	char asked[16];
	snprintf(asked, sizeof(asked), "%d", o.cpu);
	if (cpu < 0)
		return bad_usage("--cpu %s: no such CPU online here (online: %s)", asked, li.online_list);
	out = o.log ? fopen(o.log, "w") : stdout;
	if (!out)
		return bad_usage("cannot write the log %s: %s", o.log, strerror(errno));
	if (!config_given(&cfg, "seed"))
		cfg.seed = splitmix64_mix(rdtsc()) & RECORD_SEED_MAX;
	record_set_sink(to_log);
	set_up((unsigned)cpu, o.fifo, &setup);
	cpu_identify();                         /* on the CPU it runs on */
	linux_take_cpu(&li, (unsigned)cpu);
	li.tsc_hz = tsc_measure_hz();
	linux_emit_start(&li, o.words, cfg.seed, &setup);
	bool ok = !config_wants_bench(&cfg, "tick") || tick_linux(&cfg, &li);
	return finish(ok);
}
