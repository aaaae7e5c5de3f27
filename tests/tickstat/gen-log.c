/* gen-log: synthetic tickbench logs for tickstat's tests and benchmark, written
 * through the kernel's own record writer (kernel/record.c), so CRCs and layout are
 * the kernel's. Known costs are injected so tests can check they are recovered:
 * per interrupt, direct = DIRECT[timer] cycles, indirect = INDIRECT cycles.
 *
 *   gen-log [-s SEED] [-r RUNS] [-k REPEAT] [-z HIST_SAMPLES] [-t TSC_HZ] [-c] [-m]
 *   -t  the TSC frequency the calibration record gives (default 2 GHz)
 *   -c  end lines with \r\n as the serial port does
 *   -m  several configurations, as a real suite: timers pit and lapic, modes
 *       periodic and oneshot, workloads spin and matrix, HZ 100, 1000 and 10000,
 *       lapic periodic spin also on 2 CPUs at once, and a QEMU TCG platform.
 *       Per interrupt: direct DIRECT[timer] (+ ONESHOT_EXTRA re-arming in oneshot),
 *       indirect INDIRECT (spin) or MATRIX_INDIRECT (matrix); the second CPU's
 *       share is CPU1_FACTOR times the first's. So the CPU share one run loses is
 *       exactly (direct + indirect) x hz / TSC_HZ (lost_ppm: x 10^6), plus noise
 *       of NOISE cycles (s.d.) per run on WORK cycles.
 *   -M ID,MANUFACTURER,PRODUCT,BRAND,BIOS_VERSION,MICROCODE
 *       write a machine record (docs/FORMAT.md) with these values (the id as
 *       given, not recomputed: tests choose ids); without -M the log has none
 *   -x FACTOR  this machine's costs: every direct cost (DIRECT[timer]) and every
 *       read/arm/latency median times FACTOR (indirect costs stay)
 *   -V VERSION the boot record's version (default gen-log)
 *   -q  a quick suite: the local APIC timer's periodic tick on spin at HZ 100 and
 *       1000 only (no stats records)
 *   -B SD      this boot's effect: every interrupt of the tick runs costs (1 + b)
 *       times as much, b drawn once from N(0, SD) (the seed decides it): the
 *       variance between boots that no run inside a boot shows
 *   -N NOISE   the s.d. of a tick run's cycles, in cycles (default 2000)
 * With -s the boot record has "seed" (SEED) as the kernel's has; the end record's
 * "tsc" is FIRMWARE_S seconds of firmware and loader plus the runs' cycles.
 */
#include "record.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WORK      1000000000ull   /* cycles of the fixed workload without a tick */
#define INDIRECT  800.0
#define MATRIX_INDIRECT 4000.0
#define ONESHOT_EXTRA   300.0
#define CPU1_FACTOR     1.5
#define FIRMWARE_S 10           /* seconds before the kernel, in the end's tsc */

static const char *const timers[] = { "pit", "lapic", "hpet" };
static double direct[]            = { 3000.0, 1500.0, 2500.0 };
static const unsigned hzs[]       = { 100, 250, 1000, 10000 };

static uint64_t rng_state = 88172645463325252ull;
static int crlf, several, quick, have_seed;
static unsigned long long seed;
static double noise = 2000, boot_effect = 1, run_cycles;   /* run_cycles: all runs' */
static uint64_t tsc_hz = 2000000000ull;
static double cost_factor = 1.0;
static const char *version = "gen-log", *machine_spec;

static uint64_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ull;
}

static double uniform(void) { return ((rng() >> 11) + 0.5) / 9007199254740992.0; }

static double normal(double mean, double sd)
{
	return mean + sd * sqrt(-2 * log(uniform())) * cos(2 * M_PI * uniform());
}

static void sink(const char *line, size_t len)
{
	if (crlf && len && line[len - 1] == '\n') {
		fwrite(line, 1, len - 1, stdout);
		fputs("\r\n", stdout);
	} else {
		fwrite(line, 1, len, stdout);
	}
}

/* -M's comma-separated values, in its order, into a machine record (the microcode
 * revision a number, written as the kernel writes it). */
static void machine_record(const char *spec)
{
	static const char *const keys[] = {
		FIELD(machine, id, STR), FIELD(machine, system_manufacturer, STR),
		FIELD(machine, system_product, STR), FIELD(machine, cpu_brand, STR),
		FIELD(machine, bios_version, STR) };
	char buf[512], *save = NULL, *tok;
	struct record r;
	snprintf(buf, sizeof(buf), "%s", spec);
	REC_BEGIN(&r, machine);
	tok = strtok_r(buf, ",", &save);
	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		record_str(&r, keys[k], tok ? tok : "");
		if (k == 3)
			REC_STR(&r, machine, firmware, "bios");
		tok = tok ? strtok_r(NULL, ",", &save) : NULL;
	}
	REC_HEX(&r, machine, microcode, tok ? strtoull(tok, NULL, 16) : 0);
	record_emit(&r);
}

static void boot_records(void)
{
	struct record r;
	REC_BEGIN(&r, boot);
	REC_U64(&r, boot, format, SCHEMA_FORMAT_VERSION);
	REC_STR(&r, boot, version, version);
	REC_STR(&r, boot, cmdline, "suite=all runs=synthetic");
	REC_STR(&r, boot, loader, "GRUB 2.06");
	REC_STR(&r, boot, firmware, "bios");
	if (have_seed)
		REC_U64(&r, boot, seed, seed);
	record_emit(&r);
	REC_BEGIN(&r, platform);
	REC_STR(&r, platform, vendor, "GenuineIntel");
	if (several) {
		REC_STR(&r, platform, brand, "QEMU TCG CPU version 2.5+");
		REC_BOOL(&r, platform, hypervisor, true);
		REC_STR(&r, platform, hypervisor_sig, "TCGTCGTCGTCG");
		REC_STR(&r, platform, emulator, "qemu");
		REC_BOOL(&r, platform, tsc_invariant, false);
	} else {
		REC_BOOL(&r, platform, hypervisor, false);
	}
	REC_U64(&r, platform, memory_kib, 1048576);
	record_emit(&r);
	printf("tickbench: calibrating the TSC against the PIT\n");
	REC_BEGIN(&r, calibration);
	REC_U64(&r, calibration, tsc_hz, tsc_hz);
	REC_STR(&r, calibration, reference, several ? "hpet" : "pit");
	if (several)
		REC_U64(&r, calibration, spread_ppm, 1500);
	record_emit(&r);
	if (several) {
		uint64_t ids[] = { 0, 1 };
		REC_BEGIN(&r, cpus);
		REC_U64(&r, cpus, found, 2);
		REC_U64(&r, cpus, online, 2);
		REC_U64(&r, cpus, bsp_apic_id, 0);
		REC_ARRAY(&r, cpus, apic_ids, ids, 2);
		record_emit(&r);
	}
	if (machine_spec)
		machine_record(machine_spec);
	REC_BEGIN(&r, tsc_sync);           /* a record of its own kind: N = 1 */
	REC_U64(&r, tsc_sync, from, 0);
	REC_U64(&r, tsc_sync, to, 1);
	REC_U64(&r, tsc_sync, ms, 20);
	REC_U64(&r, tsc_sync, readings, 4000);
	REC_U64(&r, tsc_sync, warps, 0);
	REC_U64(&r, tsc_sync, max_warp_cycles, 0);
	REC_BOOL(&r, tsc_sync, trusted, true);
	record_emit(&r);
}

static void run_record(int t, unsigned hz, unsigned run, int on)
{
	struct record r;
	uint64_t irqs = on ? (uint64_t)hz * WORK / tsc_hz : 0;
	double cost = (direct[t] + INDIRECT) * boot_effect;
	double cycles = normal((double)WORK + (double)irqs * cost, noise);
	run_cycles += cycles;
	REC_BEGIN(&r, run);
	REC_STR(&r, run, bench, "tick");
	REC_STR(&r, run, timer, timers[t]);
	REC_STR(&r, run, mode, "periodic");
	REC_U64(&r, run, hz, hz);
	REC_STR(&r, run, workload, "spin");
	REC_U64(&r, run, run, run);
	REC_BOOL(&r, run, timer_on, on);
	REC_U64(&r, run, cycles, (uint64_t)cycles);
	REC_U64(&r, run, interrupts, irqs);
	REC_U64(&r, run, gaps, irqs);
	REC_U64(&r, run, gap_cycles, irqs ? (uint64_t)(irqs * normal(direct[t], 20.0)) : 0);
	record_emit(&r);
}

/* One run of the -m log: timer t, mode oneshot or not, workload matrix or spin,
 * on CPU cpu of cpus. */
struct mconfig { int t, oneshot, matrix; unsigned hz, cpus; };

static double per_irq(const struct mconfig *c, unsigned cpu)
{
	double cost = direct[c->t] + (c->oneshot ? ONESHOT_EXTRA : 0) +
		      (c->matrix ? MATRIX_INDIRECT : INDIRECT);
	return cpu ? cost * CPU1_FACTOR : cost;
}

static void mrun_record(const struct mconfig *c, unsigned cpu, unsigned run, int on)
{
	struct record r;
	uint64_t irqs = on ? (uint64_t)c->hz * WORK / tsc_hz : 0;
	double cycles = normal((double)WORK + (double)irqs * per_irq(c, cpu), noise);
	run_cycles += cycles;
	double dir = direct[c->t] + (c->oneshot ? ONESHOT_EXTRA : 0);
	REC_BEGIN(&r, run);
	REC_STR(&r, run, bench, "tick");
	REC_U64(&r, run, cpu, cpu);
	REC_U64(&r, run, cpus, c->cpus);
	REC_STR(&r, run, timer, timers[c->t]);
	REC_STR(&r, run, mode, c->oneshot ? "oneshot" : "periodic");
	REC_STR(&r, run, delivery, c->t == 1 ? "local" : "ioapic");
	REC_U64(&r, run, hz, c->hz);
	REC_STR(&r, run, workload, c->matrix ? "matrix" : "spin");
	REC_U64(&r, run, run, run);
	REC_BOOL(&r, run, timer_on, on);
	REC_U64(&r, run, cycles, (uint64_t)cycles);
	REC_U64(&r, run, interrupts, irqs);
	if (on)
		REC_U64(&r, run, expected, irqs);
	if (!c->matrix) {
		REC_U64(&r, run, gaps, irqs);
		REC_U64(&r, run, gap_interrupts, irqs);
		REC_U64(&r, run, gap_cycles, irqs ? (uint64_t)(irqs * normal(dir, 20.0)) : 0);
	}
	record_emit(&r);
}

/* Off, on, off, on...: every CPU's off run, then every CPU's on run, as tick does. */
static void mconfig_runs(const struct mconfig *c, unsigned runs)
{
	printf("tickbench: tick %s %s hz=%u %s cpus=%u\n", timers[c->t],
	       c->oneshot ? "oneshot" : "periodic", c->hz, c->matrix ? "matrix" : "spin", c->cpus);
	for (unsigned run = 0; run < runs; run++)
		for (int on = 0; on < 2; on++)
			for (unsigned cpu = 0; cpu < c->cpus; cpu++)
				mrun_record(c, cpu, run, on);
}

static void several_suite(unsigned runs)
{
	static const unsigned mhz[] = { 100, 1000, 10000 };
	for (int t = 0; t < 2; t++)
		for (int oneshot = 0; oneshot < 2; oneshot++)
			for (int matrix = 0; matrix < 2; matrix++)
				for (size_t h = 0; h < 3; h++) {
					struct mconfig c = { t, oneshot, matrix, mhz[h], 1 };
					mconfig_runs(&c, runs);
					if (t == 1 && !oneshot && !matrix) {
						c.cpus = 2;
						mconfig_runs(&c, runs);
					}
				}
}

/* The kernel's log-linear buckets (bench/core/hist.c): exact below 32, then 16 per
 * power of two. */
static uint64_t bucket_lo(uint64_t v)
{
	if (v < 32)
		return v;
	int e = 63 - __builtin_clzll(v);
	uint64_t step = 1ull << (e - 4);
	return v / step * step;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static void stats_record(const char *bench, const char *what, unsigned run,
			 double median, unsigned n)
{
	uint64_t *v = malloc(n * sizeof(*v)), lo[128], cnt[128], sum = 0;
	size_t nb = 0;
	for (unsigned i = 0; i < n; i++) {
		v[i] = (uint64_t)(median * exp(normal(0, 0.15)) + (uniform() < 0.01 ? median * 5 : 0));
		sum += v[i];
	}
	qsort(v, n, sizeof(*v), cmp_u64);
	for (unsigned i = 0; i < n; i++) {
		uint64_t b = bucket_lo(v[i]);
		if (nb && lo[nb - 1] == b) {
			cnt[nb - 1]++;
		} else if (nb < 128) {
			lo[nb] = b;
			cnt[nb++] = 1;
		}
	}
	struct record r;
	REC_BEGIN(&r, stats);
	REC_STR(&r, stats, bench, bench);
	REC_STR(&r, stats, what, what);
	if (!strcmp(bench, "readcost"))
		REC_U64(&r, stats, overhead, 24);  /* constant across runs, as on a PC */
	REC_U64(&r, stats, run, run);
	REC_STR(&r, stats, unit, "cycles");
	REC_U64(&r, stats, n, n);
	REC_U64(&r, stats, min, v[0]);
	REC_U64(&r, stats, max, v[n - 1]);
	REC_U64(&r, stats, sum, sum);
	REC_U64(&r, stats, p50, v[(n - 1) / 2]);
	REC_U64(&r, stats, p90, v[(uint64_t)(n - 1) * 90 / 100]);
	REC_U64(&r, stats, p99, v[(uint64_t)(n - 1) * 99 / 100]);
	REC_U64(&r, stats, p999, v[(uint64_t)(n - 1) * 999 / 1000]);
	REC_ARRAY(&r, stats, hist_lo, lo, nb);
	REC_ARRAY(&r, stats, hist_n, cnt, nb);
	record_emit(&r);
	free(v);
}

static void suite(unsigned runs, unsigned samples)
{
	static const struct { const char *bench, *what; double median; } dists[] = {
		{ "readcost", "rdtsc", 25 }, { "readcost", "hpet", 900 },
		{ "readcost", "pmtimer", 1400 }, { "armcost", "lapic-oneshot", 120 },
		{ "armcost", "hpet", 1100 }, { "latency", "lapic-oneshot", 1800 },
		{ "latency", "hpet", 4200 },
	};
	for (size_t d = 0; d < sizeof(dists) / sizeof(dists[0]); d++)
		for (unsigned run = 0; run < runs; run++)
			stats_record(dists[d].bench, dists[d].what, run,
				     dists[d].median * cost_factor, samples);
	for (int t = 0; t < 3; t++)
		for (size_t h = 0; h < sizeof(hzs) / sizeof(hzs[0]); h++) {
			printf("tickbench: tick %s hz=%u\n", timers[t], hzs[h]);
			for (unsigned run = 0; run < runs; run++) {
				run_record(t, hzs[h], run, 0);
				run_record(t, hzs[h], run, 1);
			}
		}
}

/* -q: the local APIC timer at two rates, off and on in turn. */
static void quick_suite(unsigned runs)
{
	static const unsigned qhz[] = { 100, 1000 };
	for (size_t h = 0; h < 2; h++) {
		printf("tickbench: tick lapic hz=%u\n", qhz[h]);
		for (unsigned run = 0; run < runs; run++) {
			run_record(1, qhz[h], run, 0);
			run_record(1, qhz[h], run, 1);
		}
	}
}

int main(int argc, char **argv)
{
	unsigned runs = 10, repeat = 1, samples = 1000;
	int opt;
	double boot_sd = 0;
	while ((opt = getopt(argc, argv, "s:r:k:z:t:cmM:x:V:qB:N:")) != -1) {
		switch (opt) {
		case 's':
			seed = strtoull(optarg, NULL, 0);
			have_seed = 1;
			rng_state += seed * 0x9e3779b97f4a7c15ull;
			break;
		case 'q': quick = 1; break;
		case 'B': boot_sd = strtod(optarg, NULL); break;
		case 'N': noise = strtod(optarg, NULL); break;
		case 'r': runs = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'k': repeat = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'z': samples = (unsigned)strtoul(optarg, NULL, 0); break;
		case 't': tsc_hz = strtoull(optarg, NULL, 0); break;
		case 'c': crlf = 1; break;
		case 'm': several = 1; break;
		case 'M': machine_spec = optarg; break;
		case 'x': cost_factor = strtod(optarg, NULL); break;
		case 'V': version = optarg; break;
		default:
			fprintf(stderr, "usage: gen-log [-s SEED] [-r RUNS] [-k REPEAT] [-z SAMPLES] [-t TSC_HZ] [-c] [-m]\n"
				"               [-M ID,MANUFACTURER,PRODUCT,BRAND,BIOS,MICROCODE] [-x FACTOR] [-V VERSION]\n"
				"               [-q] [-B BOOT_SD] [-N NOISE]\n");
			return 2;
		}
	}
	if (runs < 2 || samples < 1) {
		fprintf(stderr, "gen-log: need -r >= 2 and -z >= 1\n");
		return 2;
	}
	for (size_t t = 0; t < sizeof(direct) / sizeof(direct[0]); t++)
		direct[t] *= cost_factor;
	if (boot_sd > 0)
		boot_effect = 1 + normal(0, boot_sd);
	record_set_sink(sink);
	boot_records();
	struct record r;
	REC_BEGIN(&r, skip);
	REC_STR(&r, skip, bench, "tscdl");
	REC_STR(&r, skip, reason, "no TSC-deadline mode (CPUID.1:ECX[24] clear)");
	record_emit(&r);
	REC_BEGIN(&r, skip);               /* as bench/tick/tick.c words it */
	REC_STR(&r, skip, bench, "tick");
	REC_STR(&r, skip, timer, "pit");
	REC_STR(&r, skip, mode, "oneshot");
	REC_STR(&r, skip, reason, "no path of delivery= serves this timer in this mode here");
	record_emit(&r);
	for (unsigned k = 0; k < repeat; k++)
		if (quick)
			quick_suite(runs);
		else if (several)
			several_suite(runs);
		else
			suite(runs, samples);
	REC_BEGIN(&r, end);
	REC_U64(&r, end, records, record_count());
	REC_U64(&r, end, tsc, (uint64_t)(FIRMWARE_S * (double)tsc_hz + run_cycles));
	REC_STR(&r, end, status, "pass");
	record_emit(&r);
	return 0;
}
