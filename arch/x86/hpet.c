/* HPET driver (see hpet.h). */
#include "hpet.h"
#include "paging.h"

volatile uint8_t *hpet_base;
static uint64_t route_bits[HPET_MAX_TIMERS];    /* route / FSB bits of each Tn_CFG */

uint64_t hpet_counter_mask = ~0ull;

const char *hpet_init(uint64_t addr, struct hpet_caps *caps)
{
	if (!paging_map(addr, 0x1000, true))
		return "its registers cannot be mapped";
	hpet_base = (volatile uint8_t *)(uintptr_t)addr;
	uint64_t id = hpet_read64(HPET_ID);
	caps->period_fs = (uint32_t)(id >> 32);
	/* The spec bounds the period to (0, 100 ns]; 0 or all ones: nothing answers. */
	if (id == 0 || id == ~0ull || caps->period_fs == 0 || caps->period_fs > 100000000)
		return "its capabilities register reads nonsense (no HPET at the ACPI address)";
	caps->timers = ((id & HPET_ID_NUM_TIM_MASK) >> HPET_ID_NUM_TIM_SHIFT) + 1;
	caps->counter_64bit = id & HPET_ID_64BIT;
	hpet_counter_mask = caps->counter_64bit ? ~0ull : 0xffffffffull;
	caps->legacy_capable = id & HPET_ID_LEGSUP;
	for (unsigned n = 0; n < caps->timers; n++) {
		uint64_t cfg = hpet_read64(HPET_Tn_CFG(n));
		caps->timer[n].periodic = cfg & HPET_TN_PERIODIC_CAP;
		caps->timer[n].wide = cfg & HPET_TN_64BIT_CAP;
		caps->timer[n].fsb = cfg & HPET_TN_FSB_CAP;
		caps->timer[n].routes = (uint32_t)(cfg >> HPET_TN_ROUTE_CAP_SHIFT);
		hpet_stop(n);
	}
	/* Firmware may leave the counter halted; start it and see it move. */
	hpet_write64(HPET_CFG, hpet_read64(HPET_CFG) | HPET_CFG_ENABLE);
	uint64_t first = hpet_read();
	for (int i = 0; i < 100000; i++)
		if (hpet_read() != first)
			return NULL;
	return "its main counter does not advance";
}

/* ENABLE_CNF cleared halts the main counter, set lets it run again (spec 2.3.5,
 * General Configuration Register); its value is kept. A real HPET's clock keeps
 * its phase; QEMU's counter counts from the enabling write (hw/timer/hpet.c sets
 * hpet_offset there), so under QEMU this sets its phase against the code. */
void hpet_restart(void)
{
	uint64_t cfg = hpet_read64(HPET_CFG);
	hpet_write64(HPET_CFG, cfg & ~(uint64_t)HPET_CFG_ENABLE);
	hpet_write64(HPET_CFG, cfg | HPET_CFG_ENABLE);
}

/* The main counter is writable while halted (spec 2.3.7), one half at a time so
 * that no 64-bit access needs splitting. */
void hpet_set_counter(uint64_t value)
{
	uint64_t cfg = hpet_read64(HPET_CFG);
	hpet_write64(HPET_CFG, cfg & ~(uint64_t)HPET_CFG_ENABLE);
	hpet_write32(HPET_COUNTER, (uint32_t)value);
	hpet_write32(HPET_COUNTER + 4, (uint32_t)(value >> 32));
	hpet_write64(HPET_CFG, cfg | HPET_CFG_ENABLE);
}

void hpet_legacy(bool on)
{
	uint64_t cfg = hpet_read64(HPET_CFG);
	hpet_write64(HPET_CFG, on ? cfg | HPET_CFG_LEGACY : cfg & ~(uint64_t)HPET_CFG_LEGACY);
}

void hpet_route(unsigned n, unsigned ioapic_input, uint32_t fsb_addr, uint32_t fsb_data)
{
	if (fsb_addr) {
		hpet_write64(HPET_Tn_ROUTE(n), (uint64_t)fsb_addr << 32 | fsb_data);
		route_bits[n] = HPET_TN_FSB;
	} else {
		route_bits[n] = (uint64_t)ioapic_input << HPET_TN_ROUTE_SHIFT;
	}
}

/* One-shot, edge-triggered. The comparator fires on equality only (spec 2.3.9.2.1):
 * a value already passed fires only after the counter wraps. The caller reads the
 * counter after arming and handles a miss. */
void hpet_arm(unsigned n, uint64_t cmp)
{
	hpet_write64(HPET_Tn_CFG(n), route_bits[n] | HPET_TN_ENABLE);
	hpet_write64(HPET_Tn_CMP(n), cmp);
}

/* Comparator n periodic: its match value and its period both `period`, whatever
 * a 64-bit access would become. Tn_VAL_SET_CNF lets the next comparator write reach
 * the match value and then clears itself (spec 2.3.8): QEMU 7.2 splits an 8-byte
 * access into two 4-byte ones, low half first, and clears the bit after the low
 * one, so the high half of a 64-bit write landed in the period and the comparator
 * kept a stale high half (a first match 2^32 ticks late once the counter had once
 * passed 2^32); AMD FCH HPETs are 32-bit, and Linux programs the HPET with 32-bit
 * accesses only. So: each half of the match value by its own 32-bit write, SETVAL
 * set before each, then each half of the period (no SETVAL: the accumulator, or
 * the next match on implementations that read the second write so, equal here). */
static void hpet_set_period(unsigned n, uint64_t cfg, uint64_t period)
{
	uint32_t low = (uint32_t)period, high = (uint32_t)(period >> 32);
	hpet_write32(HPET_Tn_CFG(n), (uint32_t)(cfg | HPET_TN_SETVAL));
	hpet_write32(HPET_Tn_CMP(n) + 4, high);
	hpet_write32(HPET_Tn_CFG(n), (uint32_t)(cfg | HPET_TN_SETVAL));
	hpet_write32(HPET_Tn_CMP(n), low);
	hpet_write32(HPET_Tn_CMP(n) + 4, high);
	hpet_write32(HPET_Tn_CMP(n), low);
}

/* Periodic. Implementations read SETVAL differently (spec 2.3.9.2.2 is vague: QEMU
 * takes the write after the set as the period, Bochs as the next match; Xen's
 * hpet.c calls it "atrociously documented"). With the main counter halted and reset
 * to 0, writing the period twice means the same to both: first match at `period`,
 * then every `period` (as Linux's old x86-64 hpet_timer_stop_set_go did). The main
 * counter thus restarts from 0: absolute comparator values set before are void. */
void hpet_periodic_set(uint32_t comparators, uint64_t period)
{
	uint64_t cfg = hpet_read64(HPET_CFG);
	hpet_write64(HPET_CFG, cfg & ~(uint64_t)HPET_CFG_ENABLE);
	hpet_write32(HPET_COUNTER, 0);
	hpet_write32(HPET_COUNTER + 4, 0);
	for (unsigned n = 0; n < HPET_MAX_TIMERS; n++)
		if (comparators & (1u << n))
			hpet_set_period(n, route_bits[n] | HPET_TN_ENABLE | HPET_TN_PERIODIC,
					period);
	hpet_write64(HPET_CFG, cfg | HPET_CFG_ENABLE);
}

void hpet_periodic(unsigned n, uint64_t period) { hpet_periodic_set(1u << n, period); }

void hpet_stop(unsigned n)
{
	hpet_write64(HPET_Tn_CFG(n), hpet_read64(HPET_Tn_CFG(n)) &
		     ~(uint64_t)(HPET_TN_ENABLE | HPET_TN_PERIODIC));
}
