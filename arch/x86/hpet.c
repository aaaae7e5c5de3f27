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

/* Periodic. Implementations read SETVAL differently (spec 2.3.9.2.2 is vague: QEMU
 * takes the second comparator write as the period, Bochs as the next match; Xen's
 * hpet.c calls it "atrociously documented"). With the main counter halted and reset
 * to 0, writing the period twice means the same to both: first match at `period`,
 * then every `period` (as Linux's old x86-64 hpet_timer_stop_set_go did). The main
 * counter thus restarts from 0: absolute comparator values set before are void. */
void hpet_periodic_set(uint32_t comparators, uint64_t period)
{
	uint64_t cfg = hpet_read64(HPET_CFG);
	hpet_write64(HPET_CFG, cfg & ~(uint64_t)HPET_CFG_ENABLE);
	hpet_write64(HPET_COUNTER, 0);
	for (unsigned n = 0; n < HPET_MAX_TIMERS; n++) {
		if (!(comparators & (1u << n)))
			continue;
		hpet_write64(HPET_Tn_CFG(n), route_bits[n] | HPET_TN_ENABLE | HPET_TN_PERIODIC |
			     HPET_TN_SETVAL);
		hpet_write64(HPET_Tn_CMP(n), period);
		hpet_write64(HPET_Tn_CMP(n), period);
	}
	hpet_write64(HPET_CFG, cfg | HPET_CFG_ENABLE);
}

void hpet_periodic(unsigned n, uint64_t period) { hpet_periodic_set(1u << n, period); }

void hpet_stop(unsigned n)
{
	hpet_write64(HPET_Tn_CFG(n), hpet_read64(HPET_Tn_CFG(n)) &
		     ~(uint64_t)(HPET_TN_ENABLE | HPET_TN_PERIODIC));
}
