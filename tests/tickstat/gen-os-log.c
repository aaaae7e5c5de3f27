/* gen-os-log: a bare kernel's log or a tickbench-linux log of one machine with
 * known answers, for tickstat report's "What the OS adds to a tick"
 * (tests/host/tickstat-osadds.sh), through the kernel's record writer
 * (kernel/record.c). TSC 2 GHz; every run 1 s of spin (WORK cycles, a step of
 * STEP cycles) on CPU 0, the local APIC one-shot.
 *
 *   gen-os-log [-L] [-M ID] [-s SEED] [-r RUNS] [-H HZ] [-n NOHZ] [-d DIRECT]
 *              [-R RATE] [-x EXTRA] [-h floor|full]
 *   bare (without -L): per run a timer-off run and a run with the timer at HZ
 *       (default 1000) whose holes cost DIRECT cycles each (default 20), the
 *       handler -h (default floor);
 *   -L  tickbench-linux's: platform os "linux", a linux record (nohz NOHZ,
 *       default "off"; config_hz HZ, default 250), runs with RATE timer
 *       interrupts a second (default HZ), each a hole of DIRECT cycles (default
 *       5000), 1 TIMER and 0.5 RCU softirq per interrupt, and EXTRA cycles a run
 *       that no hole shows (default 0): the whole OS's rest;
 *   -M  the machine record's id (default 5d5349b2).
 * Known answers (docs/METHOD.md, "The OS beside the hardware"): direct DIRECT / 2
 * ns; the tick's share DIRECT x RATE / 2e9; the whole OS's share (RATE x DIRECT +
 * EXTRA) / (WORK + RATE x DIRECT + EXTRA); 1.5 softirqs per interrupt. */
#include "record.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TSC_HZ  2000000000ull
#define WORK    2000000000.0     /* a run: 1 s of the loop's own steps */
#define STEP    8

static uint64_t rng_state = 88172645463325252ull;
static int under_linux;
static const char *machine = "5d5349b2", *nohz = "off", *handler = "floor";
static unsigned long long hz = 0, runs = 5;
static double direct = 0, rate = -1, extra = 0;

static uint64_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ull;
}

static double normal(double mean, double sd)
{
	double u = ((rng() >> 11) + 0.5) / 9007199254740992.0;
	double v = ((rng() >> 11) + 0.5) / 9007199254740992.0;
	return mean + sd * sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

static void sink(const char *line, size_t len)
{
	fwrite(line, 1, len, stdout);
}

static void about_records(void)
{
	struct record r;
	REC_BEGIN(&r, boot);
	REC_U64(&r, boot, format, 1);
	REC_STR(&r, boot, version, "gen-os-log");
	REC_STR(&r, boot, cmdline, "bench=tick workload=spin");
	REC_STR(&r, boot, firmware, "bios");
	record_emit(&r);
	REC_BEGIN(&r, platform);
	REC_STR(&r, platform, vendor, "GenuineIntel");
	REC_STR(&r, platform, brand, "Example CPU");
	REC_BOOL(&r, platform, hypervisor, false);
	REC_STR(&r, platform, os, under_linux ? "linux" : "none");
	if (under_linux)
		REC_STR(&r, platform, os_release, "6.1.0-gen");
	record_emit(&r);
	REC_BEGIN(&r, machine);
	REC_STR(&r, machine, id, machine);
	REC_STR(&r, machine, cpu_brand, "Example CPU");
	record_emit(&r);
	REC_BEGIN(&r, calibration);
	REC_U64(&r, calibration, tsc_hz, TSC_HZ);
	REC_STR(&r, calibration, reference, under_linux ? "clock_monotonic_raw" : "pit");
	record_emit(&r);
	if (!under_linux)
		return;
	REC_BEGIN(&r, linux);
	REC_STR(&r, linux, release, "6.1.0-gen");
	REC_U64(&r, linux, config_hz, hz);
	REC_STR(&r, linux, clockevent, "lapic");
	REC_STR(&r, linux, nohz, nohz);
	record_emit(&r);
}

/* The fields every run has; the holes' cycles are in cycles. */
static void run_head(struct record *r, unsigned long long run, bool on, double cycles,
		     uint64_t irqs)
{
	REC_BEGIN(r, run);
	REC_STR(r, run, bench, "tick");
	REC_U64(r, run, cpu, 0);
	REC_U64(r, run, cpus, 1);
	REC_STR(r, run, timer, "lapic");
	REC_STR(r, run, mode, "oneshot");
	REC_STR(r, run, delivery, "local");
	REC_U64(r, run, hz, hz);
	REC_STR(r, run, workload, "spin");
	REC_U64(r, run, run, run);
	REC_BOOL(r, run, timer_on, on);
	REC_U64(r, run, iterations, (uint64_t)(WORK / STEP));
	REC_U64(r, run, cycles, (uint64_t)cycles);
	REC_U64(r, run, interrupts, irqs);
	REC_STR(r, run, handler, under_linux ? "linux" : handler);
}

static void holes(struct record *r, uint64_t n, double each)
{
	REC_U64(r, run, gaps, n);
	REC_U64(r, run, gap_interrupts, n);
	REC_U64(r, run, gap_cycles, (uint64_t)(n * normal(each, 0.02 * each)));
}

static void bare_runs(void)
{
	uint64_t irqs = hz;
	for (unsigned long long run = 0; run < runs; run++) {
		struct record r;
		run_head(&r, run, false, normal(WORK, 200), 0);
		holes(&r, 0, 0);
		record_emit(&r);
		run_head(&r, run, true, normal(WORK + irqs * direct, 200), irqs);
		holes(&r, irqs, direct);
		record_emit(&r);
	}
}

static void linux_runs(void)
{
	uint64_t irqs = (uint64_t)rate;
	for (unsigned long long run = 0; run < runs; run++) {
		struct record r;
		run_head(&r, run, true, normal(WORK + irqs * direct + extra, 200), irqs);
		REC_STR(&r, run, nohz, nohz);
		holes(&r, irqs, direct);
		record_u64(&r, FAMILY(run, irq_LABEL, U64, "irq_LOC"), irqs);
		record_u64(&r, FAMILY(run, softirq_LABEL, U64, "softirq_TIMER"), irqs);
		record_u64(&r, FAMILY(run, softirq_LABEL, U64, "softirq_RCU"), irqs / 2);
		record_emit(&r);
	}
}

int main(int argc, char **argv)
{
	int opt;
	while ((opt = getopt(argc, argv, "LM:s:r:H:n:d:R:x:h:")) != -1) {
		switch (opt) {
		case 'L': under_linux = 1; break;
		case 'M': machine = optarg; break;
		case 's': rng_state += strtoull(optarg, NULL, 0) * 0x9e3779b97f4a7c15ull; break;
		case 'r': runs = strtoull(optarg, NULL, 0); break;
		case 'H': hz = strtoull(optarg, NULL, 0); break;
		case 'n': nohz = optarg; break;
		case 'd': direct = strtod(optarg, NULL); break;
		case 'R': rate = strtod(optarg, NULL); break;
		case 'x': extra = strtod(optarg, NULL); break;
		case 'h': handler = optarg; break;
		default:
			fprintf(stderr, "usage: gen-os-log [-L] [-M ID] [-s SEED] [-r RUNS] [-H HZ] "
				"[-n NOHZ] [-d DIRECT] [-R RATE] [-x EXTRA] [-h floor|full]\n");
			return 2;
		}
	}
	hz = hz ? hz : under_linux ? 250 : 1000;
	direct = direct > 0 ? direct : under_linux ? 5000 : 20;
	rate = rate >= 0 ? rate : (double)hz;
	record_set_sink(sink);
	about_records();
	if (under_linux)
		linux_runs();
	else
		bare_runs();
	struct record r;
	REC_BEGIN(&r, end);
	REC_U64(&r, end, records, record_count());
	REC_STR(&r, end, status, "pass");
	record_emit(&r);
	return 0;
}
