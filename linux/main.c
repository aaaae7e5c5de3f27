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
#include "linux_info.h"
#include "cmdline.h"
#include "config.h"
#include "cpu.h"
#include "host.h"
#include "record.h"
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

/* Every table of words: the kernel's, then the benchmarks' (as kmain parses them). */
static const struct word_table *table(size_t i)
{
	return i == 0 ? &kernel_words : bench_tables[i - 1];
}

/* A word the kernel knows but that means nothing here; NULL when all do. */
static const char *refused_word(void)
{
	for (size_t i = 0; i <= bench_tables_n; i++)
		for (size_t k = 0; k < table(i)->n; k++)
			if (words_given(table(i), table(i)->words[k].key) &&
			    !is_meaningful(table(i)->words[k].key))
				return table(i)->words[k].key;
	return NULL;
}

static void print_line(const char *line, bool head)
{
	(void)head;
	printf("%s\n", line);
}

static void usage(void)
{
	printf("usage: tickbench-linux [--cpu N] [--log FILE] [--fifo] [WORDS...]\n"
	       "WORDS: the kernel's words that mean something under an OS:\n");
	for (size_t i = 0; i <= bench_tables_n; i++)
		for (size_t k = 0; k < table(i)->n; k++) {
			struct word_doc doc;
			char line[1024];
			if (!is_meaningful(table(i)->words[k].key))
				continue;
			words_doc(&table(i)->words[k], &doc);
			snprintf(line, sizeof(line), "%-9s %s (default %s): %s", doc.key,
				 doc.accepts, doc.defaults, doc.meaning);
			words_print_item(line, true, print_line);
		}
	printf("bench= takes tick or none here; timer=, hz= and the other words are the "
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
			usage();
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

/* The words into the kernel's and the benchmarks' settings (kernel/cmdline.c, as
 * kmain parses them), then those with no meaning here refused; bench= tick (the
 * default) or none. */
static int check_words(const char *words)
{
	struct words_error err;
	if (!cmdline_parse(words, bench_tables, bench_tables_n, &err))
		return bad_usage("bad word \"%s\": %s", err.word, err.message);
	const char *key = refused_word();
	if (key)
		return bad_usage("%s= has no meaning under an OS: Linux drives its timers, "
				 "interrupts and CPUs itself (the bare kernel takes it)%s", key, "");
	for (unsigned i = 0; i < bench_count; i++)
		if ((bench_config.benches >> (i + 1) & 1) && strcmp(bench_name[i], "tick"))
			return bad_usage("bench=%s: bench= takes tick or none under an OS%s",
					 bench_name[i], "");
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
	REC_BEGIN(&r, end);
	REC_U64(&r, end, records, before);
	REC_U64(&r, end, tsc, rdtsc());
	REC_STR(&r, end, status, ok ? "pass" : "error");
	record_emit(&r);
	fprintf(stderr, "tickbench-linux: finished, status %s.\n", ok ? "pass" : "error");
	return ok ? 0 : 2;
}

int main(int argc, char **argv)
{
	struct options o;
	struct linux_info li;
	struct run_setup setup;
	const char *why;
	setvbuf(stderr, NULL, _IOLBF, BUFSIZ);  /* each text line in one write (linux/init) */
	int rc = parse_options(argc, argv, &o);
	if (rc || (rc = check_words(o.words)))
		return rc;
	if (kernel_config.help)
		return usage(), 0;
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
	config_choose_seed(rdtsc());            /* seed=, else the TSC's, mixed */
	record_set_sink(to_log);
	set_up((unsigned)cpu, o.fifo, &setup);
	cpu_identify();                         /* on the CPU it runs on */
	linux_take_cpu(&li, (unsigned)cpu);
	li.tsc_hz = tsc_measure_hz();
	linux_emit_start(&li, o.words, bench_config.seed, &setup);
	bool ok = !config_wants_bench("tick") || tick_linux(&bench_config, &li);
	return finish(ok);
}
