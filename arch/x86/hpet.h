/* The HPET (IA-PC HPET specification 1.0a, section 2.3: register map; Linux names
 * from arch/x86/include/asm/hpet.h). */
#ifndef ARCH_X86_HPET_H
#define ARCH_X86_HPET_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

#define HPET_ID                 0x000
#define   HPET_ID_NUM_TIM_MASK  0x00001f00  /* comparators - 1 */
#define   HPET_ID_NUM_TIM_SHIFT 8
#define   HPET_ID_64BIT         0x00002000  /* main counter is 64-bit */
#define   HPET_ID_LEGSUP        0x00008000  /* legacy replacement routing capable */
#define HPET_PERIOD             0x004       /* femtoseconds per tick */
#define HPET_CFG                0x010
#define   HPET_CFG_ENABLE       0x001
#define   HPET_CFG_LEGACY       0x002       /* timer 0 -> IRQ0, timer 1 -> IRQ8 */
#define HPET_STATUS             0x020
#define HPET_COUNTER            0x0f0
#define HPET_Tn_CFG(n)          (0x100 + 0x20 * (n))
#define   HPET_TN_LEVEL         0x0002
#define   HPET_TN_ENABLE        0x0004
#define   HPET_TN_PERIODIC      0x0008
#define   HPET_TN_PERIODIC_CAP  0x0010
#define   HPET_TN_64BIT_CAP     0x0020
#define   HPET_TN_SETVAL        0x0040
#define   HPET_TN_32BIT         0x0100
#define   HPET_TN_ROUTE_SHIFT   9
#define   HPET_TN_FSB           0x4000
#define   HPET_TN_FSB_CAP       0x8000
#define   HPET_TN_ROUTE_CAP_SHIFT 32        /* bits 63:32: allowed I/O APIC inputs */
#define HPET_Tn_CMP(n)          (0x108 + 0x20 * (n))
#define HPET_Tn_ROUTE(n)        (0x110 + 0x20 * (n))  /* FSB: address 63:32, data 31:0 */

#define HPET_MAX_TIMERS 32
#define FS_PER_S 1000000000000000ull

extern volatile uint8_t *hpet_base;
extern uint64_t hpet_counter_mask;          /* the main counter's width: 2^32 - 1 or 2^64 - 1 */

static inline uint64_t hpet_read64(uint32_t reg) { return *(volatile uint64_t *)(hpet_base + reg); }
static inline void hpet_write64(uint32_t reg, uint64_t v) { *(volatile uint64_t *)(hpet_base + reg) = v; }
static inline void hpet_write32(uint32_t reg, uint32_t v) { *(volatile uint32_t *)(hpet_base + reg) = v; }

/* The main counter (64-bit read; a 32-bit counter's upper half reads 0). */
static inline uint64_t hpet_read(void) { return hpet_read64(HPET_COUNTER); }

struct hpet_caps {
	unsigned timers;
	uint32_t period_fs;
	bool counter_64bit, legacy_capable;
	struct {
		bool periodic, wide, fsb;
		uint32_t routes;            /* bit n: I/O APIC input n allowed */
	} timer[HPET_MAX_TIMERS];
};

/* Map the block at addr, read its capabilities, start the main counter and check
 * that it advances. Returns NULL with a reason when the HPET is unusable. */
const char *hpet_init(uint64_t addr, struct hpet_caps *caps);
/* Halt the main counter and let it run again at once (its value kept; it loses at
 * most the instant between the two writes). */
void hpet_restart(void);
/* Halt the main counter, set it to value (two 32-bit writes), let it run again. */
void hpet_set_counter(uint64_t value);
void hpet_legacy(bool on);

/* Comparator n: one interrupt when the counter equals cmp, through I/O APIC input
 * `route` (or FSB when fsb_addr is non-zero: the message address and data). */
void hpet_route(unsigned n, unsigned ioapic_input, uint32_t fsb_addr, uint32_t fsb_data);
void hpet_arm(unsigned n, uint64_t cmp);
/* Has the main counter reached cmp? Wrap-safe at the counter's width (a 32-bit
 * counter, as on AMD FCH, wraps in 5 minutes at 14.3 MHz). A comparator matches on
 * equality only (spec 2.3.9.2.1), so one written after the counter reached its value
 * fires after a whole wrap, or never: read this after every arm. The same test as
 * counter_since(hpet_read(), cmp, hpet_counter_mask) >= 0 (lib/c/lib.h), in the one
 * compare the floor handler's re-arm can afford (through counter_since it took 5
 * instructions more under -icount). */
static inline bool hpet_reached(uint64_t cmp)
{
	uint64_t ahead = (hpet_read() - cmp) & hpet_counter_mask;
	return ahead <= hpet_counter_mask / 2;  /* less than half a wrap past cmp */
}
/* Comparator n's match value alone (no configuration write): the re-arm step. */
static inline void hpet_write_cmp(unsigned n, uint64_t cmp) { hpet_write64(HPET_Tn_CMP(n), cmp); }
void hpet_periodic(unsigned n, uint64_t period);
/* The comparators of the mask (bit n: comparator n) periodic together, in phase. */
void hpet_periodic_set(uint32_t comparators, uint64_t period);
void hpet_stop(unsigned n);

#endif
