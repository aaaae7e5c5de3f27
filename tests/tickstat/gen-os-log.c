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
	record_begin(&r, "boot");
	record_u64(&r, "format", 1);
	record_str(&r, "version", "gen-os-log");
	record_str(&r, "cmdline", "bench=tick workload=spin");
	record_str(&r, "firmware", "bios");
	record_emit(&r);
	record_begin(&r, "platform");
	record_str(&r, "vendor", "GenuineIntel");
	record_str(&r, "brand", "Example CPU");
	record_bool(&r, "hypervisor", false);
	record_str(&r, "os", under_linux ? "linux" : "none");
	if (under_linux)
		record_str(&r, "os_release", "6.1.0-gen");
	record_emit(&r);
	record_begin(&r, "machine");
	record_str(&r, "id", machine);
	record_str(&r, "cpu_brand", "Example CPU");
	record_emit(&r);
	record_begin(&r, "calibration");
	record_u64(&r, "tsc_hz", TSC_HZ);
	record_str(&r, "reference", under_linux ? "clock_monotonic_raw" : "pit");
	record_emit(&r);
	if (!under_linux)
		return;
	record_begin(&r, "linux");
	record_str(&r, "release", "6.1.0-gen");
	record_u64(&r, "config_hz", hz);
	record_str(&r, "clockevent", "lapic");
	record_str(&r, "nohz", nohz);
	record_emit(&r);
}

/* The fields every run has; the holes' cycles are in cycles. */
static void run_head(struct record *r, unsigned long long run, bool on, double cycles,
		     uint64_t irqs)
{
	record_begin(r, "run");
	record_str(r, "bench", "tick");
	record_u64(r, "cpu", 0);
	record_u64(r, "cpus", 1);
	record_str(r, "timer", "lapic");
	record_str(r, "mode", "oneshot");
	record_str(r, "delivery", "local");
	record_u64(r, "hz", hz);
	record_str(r, "workload", "spin");
	record_u64(r, "run", run);
	record_bool(r, "timer_on", on);
	record_u64(r, "iterations", (uint64_t)(WORK / STEP));
	record_u64(r, "cycles", (uint64_t)cycles);
	record_u64(r, "interrupts", irqs);
	record_str(r, "handler", under_linux ? "linux" : handler);
}

static void holes(struct record *r, uint64_t n, double each)
{
	record_u64(r, "gaps", n);
	record_u64(r, "gap_interrupts", n);
	record_u64(r, "gap_cycles", (uint64_t)(n * normal(each, 0.02 * each)));
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
		record_str(&r, "nohz", nohz);
		holes(&r, irqs, direct);
		record_u64(&r, "irq_LOC", irqs);
		record_u64(&r, "softirq_TIMER", irqs);
		record_u64(&r, "softirq_RCU", irqs / 2);
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
	record_begin(&r, "end");
	record_u64(&r, "records", record_count());
	record_str(&r, "status", "pass");
	record_emit(&r);
	return 0;
}
