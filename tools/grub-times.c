/* grub-times: the "PC est. D" of each iso/grub.cfg title whose entry boots the kernel
 * (`tickbench WORDS`), from the kernel's own code: the words parsed as the kernel
 * parses them (kernel/cmdline.c, bench/core/config.c, lib/run/words.c), the suite's
 * estimate (bench_plan_ms: each selected row's valid() and plan_ms) on the PC of
 * pc_model(), said as the progress lines say a duration (lib/run/progress.h). It links
 * the kernel's objects; only those queries run here, on the state pc_model() gives.
 * Prints FILE with those titles rewritten; `make docs` writes it back
 * (mk/docs.mk), tests/host/grub-times.sh fails when the two differ. The entries of
 * Debian's kernel (tickbench_linux) keep their hand-written figures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "clock.h"
#include "cmdline.h"
#include "config.h"
#include "irq.h"
#include "progress.h"
#include "smp.h"
#include "timers.h"

/* The PC of the estimates, as grub.cfg's comment says it: the four timers at their
 * usual rates (the HPET's 14.318 MHz, the local APIC timer's 24 MHz crystal), the
 * 8259 pair and an I/O APIC, the local APIC in x2APIC mode, 4 CPUs online, an
 * invariant TSC at 3 GHz. What a plan_ms reads of it: the timers present, the
 * delivery paths, the CPUs; what a valid() reads: the TSC calibrated, the local
 * APIC, a second CPU. MWAIT's hints change no estimate: plan_ms counts each word
 * of wait= once (bench/core/plan.h). */
#define PC_CPUS     4
#define PC_TSC_HZ   3000000000ull
/* The kernel's start before the first benchmark (GRUB's load, the platform and
 * machine records, the timers' calibration, the APs), and before help's end (no
 * calibration there): allowances, as plan.c's are (no PC measured them here). */
#define PC_START_MS 3000
#define PC_HELP_MS  1000

static void pc_model(void)
{
	timers.pit = timers.lapic = timers.tscdl = timers.hpet = timers.pmtimer = true;
	timers.hpet_hz = 14318180;
	timers.lapic_hz = 24000000;
	irq.pic = irq.lapic = true;
	irq.ioapics = 1;
	irq.lapic_mode = LAPIC_X2APIC;
	smp.online = PC_CPUS;
	clock_set_tsc_hz(PC_TSC_HZ);
}

/* The estimate of the kernel's run of words, in ms; exits naming a bad word. */
static uint64_t estimate_ms(const char *file, unsigned line, const char *words)
{
	struct words_error err;
	if (!cmdline_parse(words, bench_tables, bench_tables_n, &err) || !suite_apply()) {
		fprintf(stderr, "%s:%u: bad word \"%s\": %s\n", file, line, err.word, err.message);
		exit(2);
	}
	if (kernel_config.help)
		return PC_HELP_MS;
	return PC_START_MS + bench_plan_ms(&bench_config);
}

/* title (a menuentry line) with what follows "PC est. " up to the next ',' made ms. */
static void print_title(const char *file, unsigned line, const char *title, uint64_t ms)
{
	static const char mark[] = "PC est. ";
	const char *at = strstr(title, mark), *end = at ? strchr(at, ',') : NULL;
	if (!end) {
		fprintf(stderr, "%s:%u: the title has no \"%sD,\" to write\n", file, line, mark);
		exit(2);
	}
	char said[32];
	progress_duration(said, sizeof(said), progress_seconds(ms));
	printf("%.*s%s%s", (int)(at + strlen(mark) - title), title, said, end);
}

/* The kernel's words of the entry whose menuentry line is lines[i]: its line
 * "<tabs>tickbench WORDS" before the closing "}" (allocated, without the newline);
 * NULL when it boots something else. *at: that line's index. */
static char *entry_words(char **lines, unsigned n, unsigned i, unsigned *at)
{
	static const char call[] = "tickbench ";
	for (*at = i + 1; *at < n && lines[*at][0] != '}'; (*at)++) {
		const char *body = lines[*at] + strspn(lines[*at], "\t ");
		if (!strncmp(body, call, strlen(call))) {
			body += strlen(call);
			return strndup(body, strcspn(body, "\n"));
		}
	}
	return NULL;
}

/* FILE's lines, each with its newline; *n of them. */
static char **read_lines(const char *file, unsigned *n)
{
	FILE *in = fopen(file, "r");
	if (!in) {
		perror(file);
		exit(2);
	}
	char **lines = NULL, *text = NULL;
	size_t size = 0;
	for (*n = 0; getline(&text, &size, in) >= 0; (*n)++) {
		lines = realloc(lines, (*n + 1) * sizeof(*lines));
		lines[*n] = strdup(text);
	}
	free(text);
	fclose(in);
	return lines;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: grub-times FILE (iso/grub.cfg): FILE with each kernel "
			"entry's \"PC est.\" estimated, on stdout\n");
		return 2;
	}
	unsigned n, at;
	char **lines = read_lines(argv[1], &n);
	pc_model();
	for (unsigned i = 0; i < n; i++) {
		char *words = strncmp(lines[i], "menuentry ", 10) ? NULL :
			      entry_words(lines, n, i, &at);
		if (words)
			print_title(argv[1], i + 1, lines[i], estimate_ms(argv[1], at + 1, words));
		else
			fputs(lines[i], stdout);
		free(words);
	}
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}
