/* tsc_sync: are the TSCs of two CPUs one clock? A warp test in the manner of
 * Linux's check_tsc_warp (arch/x86/kernel/tsc_sync.c): the boot CPU and one AP read
 * the TSC (LFENCE; RDTSC) in turn and compare it with the reading the other stored
 * last. The turn passes through a shared variable, written after the reading is
 * stored and read before the next reading is taken, so the readings are ordered in
 * real time: on one clock none can be below the one before it. One that is, is a
 * warp. Linux lets the CPUs race for a lock instead; strict turns were chosen
 * because a lock let one CPU keep it for the whole test under QEMU (nothing was
 * compared), and because a waiting CPU's PAUSE is what makes QEMU's round-robin
 * scheduler (-icount) switch to the other. The test runs WARP_MS of the boot CPU's
 * TSC and at least WARP_MIN_READINGS readings (at most WARP_LIMIT_MS, at most
 * WARP_MAX_READINGS readings) per pair and reports the readings, the warps
 * and the largest backwards step. A pair where no turn passes for WARP_STALL_MS
 * ends at once: a PC hands a turn over in well under a microsecond, an emulated
 * CPU on a busy host (TCG) in up to milliseconds, so the limits only matter there. An offset smaller than one handoff (a cache line
 * round trip) hides inside it. docs/METHOD.md, "tsc_sync". */
#include "bench.h"
#include "console.h"
#include "cpu.h"
#include "lib.h"
#include "record.h"
#include "smp.h"
#include "clock.h"
#include "timers.h"

#define WARP_MS             20
#define WARP_MAX_READINGS   10000000ull
#define WARP_MIN_READINGS   1000        /* the test goes on past WARP_MS until so many */
#define WARP_LIMIT_MS       10000       /* ... but no longer than this */
#define WARP_STALL_MS       1000        /* nor this long with no turn passed */

static struct {
	volatile uint32_t turn;         /* 0: the boot CPU reads next, 1: the AP */
	volatile uint32_t ready, go, stop;
	uint64_t last_tsc;
	uint64_t max_warp, warps, readings;
	uint64_t cycles, limit, stall;
	bool stalled;                   /* WARP_STALL_MS passed waiting for the AP's turn */
} w;

/* One side of the test; the boot CPU (me = 0) decides when it ends. */
static void warp_loop(uint32_t me)
{
	uint64_t start = rdtsc_ordered(), turn_start = start;
	for (;;) {
		while (__atomic_load_n(&w.turn, __ATOMIC_ACQUIRE) != me) {
			if (w.stop)
				return;
			uint64_t t = rdtsc();
			if (me == 0 && (t - turn_start > w.stall || t - start > w.limit)) {
				w.stalled = t - turn_start > w.stall;
				w.stop = 1;
				return;
			}
			cpu_relax();
		}
		uint64_t prev = w.last_tsc, now = rdtsc_ordered();
		turn_start = now;
		if (prev > now) {
			w.warps++;
			if (prev - now > w.max_warp)
				w.max_warp = prev - now;
		}
		w.last_tsc = now;
		w.readings++;
		uint64_t took = now - start;
		if (me == 0 && ((took >= w.cycles && w.readings >= WARP_MIN_READINGS) ||
				took >= w.limit || w.readings >= WARP_MAX_READINGS)) {
			w.stop = 1;
			return;
		}
		__atomic_store_n(&w.turn, 1 - me, __ATOMIC_RELEASE);
	}
}

static void warp_ap(void *arg)
{
	__atomic_store_n(&w.ready, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&w.go, __ATOMIC_ACQUIRE))
		cpu_relax();
	warp_loop(1);
}

static void emit(const struct cpu *c, bool ran)
{
	struct record r;
	REC_BEGIN(&r, tsc_sync);
	REC_U64(&r, tsc_sync, from, smp.cpu[0].apic_id);
	REC_U64(&r, tsc_sync, to, c->apic_id);
	REC_U64(&r, tsc_sync, ms, WARP_MS);
	REC_U64(&r, tsc_sync, readings, w.readings);
	REC_U64(&r, tsc_sync, warps, w.warps);
	REC_U64(&r, tsc_sync, max_warp_cycles, w.max_warp);
	REC_BOOL(&r, tsc_sync, trusted, c->tsc_trusted);
	if (!ran)
		REC_STR(&r, tsc_sync, reason, "the AP did not run the test");
	else if (w.stalled)
		REC_STR(&r, tsc_sync, reason, "the AP stopped taking its turn (none in 1 s)");
	else if (w.readings < WARP_MIN_READINGS)
		REC_STR(&r, tsc_sync, reason, "too few readings in the time limit");
	else if (w.warps)
		REC_STR(&r, tsc_sync, reason, "time went backwards between the CPUs");
	record_emit(&r);
	kprintf("tsc_sync %u-%u: %llu readings in turn, %llu warps, max %llu cycles: %s\n",
		smp.cpu[0].apic_id, c->apic_id, (unsigned long long)w.readings,
		(unsigned long long)w.warps,
		(unsigned long long)w.max_warp, c->tsc_trusted ? "trusted" : "NOT trusted");
}

static bool warp_pair(struct cpu *c)
{
	uint64_t timeout = clock_cycles_ms(WARP_STALL_MS);
	memset(&w, 0, sizeof(w));
	w.cycles = clock_cycles_ms(WARP_MS);
	w.limit = clock_cycles_ms(WARP_LIMIT_MS);
	w.stall = clock_cycles_ms(WARP_STALL_MS);
	if (!smp_call(c, warp_ap, NULL))
		return false;
	uint64_t start = rdtsc();
	while (!__atomic_load_n(&w.ready, __ATOMIC_ACQUIRE))
		if (rdtsc() - start > timeout)
			return false;
		else
			cpu_relax();
	__atomic_store_n(&w.go, 1, __ATOMIC_RELEASE);
	warp_loop(0);
	return smp_wait(c, timeout);
}

void tsc_sync_check(void)
{
	for (unsigned i = 1; i < smp.online; i++) {
		struct cpu *c = &smp.cpu[i];
		bool ran = warp_pair(c);
		c->tsc_trusted = ran && w.warps == 0 && w.readings >= WARP_MIN_READINGS;
		emit(c, ran);
	}
}
