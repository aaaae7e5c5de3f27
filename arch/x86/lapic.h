/* The local APIC in xAPIC (MMIO) and x2APIC (MSR) mode, and its timer: periodic,
 * one-shot and TSC-deadline. Intel SDM vol. 3A, chapter 12 (register map: table
 * 12-1; x2APIC MSRs 0x800 + offset/16: table 12-6; timer: section 12.5.4).
 * Register names as in Linux (arch/x86/include/asm/apicdef.h). */
#ifndef ARCH_X86_LAPIC_H
#define ARCH_X86_LAPIC_H

#include <stdint.h>
#include <stdbool.h>
#include "cpu.h"

#define APIC_ID         0x020
#define APIC_LVR        0x030           /* version; bits 23:16 max LVT entry */
#define APIC_TASKPRI    0x080
#define APIC_EOI        0x0b0
#define APIC_SPIV       0x0f0
#define   APIC_SPIV_APIC_ENABLED (1u << 8)
#define APIC_ICR        0x300           /* low half; writing it sends (x2APIC: one 64-bit MSR) */
#define   APIC_DM_FIXED          (0u << 8)
#define   APIC_DM_NMI            (4u << 8)
#define   APIC_DM_INIT           (5u << 8)
#define   APIC_DM_STARTUP        (6u << 8)
#define   APIC_ICR_BUSY          (1u << 12)      /* delivery status: send pending (xAPIC only) */
#define   APIC_INT_ASSERT        (1u << 14)
#define   APIC_INT_LEVELTRIG     (1u << 15)
#define APIC_ICR2       0x310           /* xAPIC: destination in bits 31:24 */
#define APIC_LVTT       0x320           /* LVT timer */
#define   APIC_LVT_MASKED        (1u << 16)
#define   APIC_LVT_TIMER_ONESHOT      (0u << 17)
#define   APIC_LVT_TIMER_PERIODIC     (1u << 17)
#define   APIC_LVT_TIMER_TSCDEADLINE  (2u << 17)
#define APIC_LVT0       0x350
#define APIC_LVT1       0x360
#define   APIC_DM_EXTINT         (7u << 8)
#define   APIC_LVT_ACTIVE_LOW    (1u << 13)      /* LINT input pin polarity */
#define APIC_LVTERR     0x370
#define APIC_TMICT      0x380           /* timer initial count */
#define APIC_TMCCT      0x390           /* timer current count */
#define APIC_TDCR       0x3e0           /* timer divide configuration */
#define   APIC_TDR_DIV_1         0xb

#define APIC_BASE_MSR_BSP   (1ull << 8)
#define APIC_BASE_MSR_EXTD  (1ull << 10)   /* x2APIC mode */
#define APIC_BASE_MSR_EN    (1ull << 11)
#define APIC_BASE_ADDR_MASK 0x000ffffffffff000ull
#define X2APIC_MSR(reg)     (0x800 + ((reg) >> 4))

#define MSR_IA32_ARCH_CAPABILITIES      0x0000010a   /* exists when CPUID.(7,0):EDX[29] */
#define   ARCH_CAP_XAPIC_DISABLE        (1ull << 21) /* IA32_XAPIC_DISABLE_STATUS exists */
#define MSR_IA32_XAPIC_DISABLE_STATUS   0x000000bd
#define   LEGACY_XAPIC_DISABLED         (1ull << 0)  /* x2APIC locked: no way back to xAPIC */

enum lapic_mode { LAPIC_XAPIC, LAPIC_X2APIC };

/* The register window of xAPIC mode; set by lapic_init(). */
extern volatile uint32_t *xapic_base;
extern enum lapic_mode lapic_mode;
extern bool lapic_enabled;          /* lapic_init() succeeded */

static inline uint32_t xapic_read(uint32_t reg) { return xapic_base[reg / 4]; }
static inline void xapic_write(uint32_t reg, uint32_t v) { xapic_base[reg / 4] = v; }
static inline uint32_t x2apic_read(uint32_t reg) { return (uint32_t)rdmsr(X2APIC_MSR(reg)); }
static inline void x2apic_write(uint32_t reg, uint32_t v) { wrmsr(X2APIC_MSR(reg), v); }

/* Explicit EOIs for handlers on a measured path: no mode test, no call. */
static inline void xapic_eoi(void) { xapic_write(APIC_EOI, 0); }
static inline void x2apic_eoi(void) { x2apic_write(APIC_EOI, 0); }

/* Mode dispatch for setup code. */
uint32_t lapic_read(uint32_t reg);
void lapic_write(uint32_t reg, uint32_t v);
void lapic_eoi(void);

/* Enable the local APIC at phys in the requested mode (x2APIC only if the CPU has
 * it), spurious vector, LINT0 as ExtINT (the 8259 path) and LINT1 as NMI, every
 * other LVT masked. Returns false when the APIC cannot be enabled in that mode. */
bool lapic_init(uint64_t phys, enum lapic_mode mode, uint8_t spurious_vector);
uint32_t lapic_id(void);
uint32_t lapic_version(void);
/* The x2APIC is locked on (IA32_XAPIC_DISABLE_STATUS bit 0, where
 * IA32_ARCH_CAPABILITIES bit 21 says the MSR exists; SDM vol. 3A, 12.12.1 and vol. 4):
 * leaving x2APIC mode would #GP. */
bool lapic_x2apic_locked(void);
/* The firmware left this CPU's APIC in x2APIC mode (IA32_APIC_BASE EXTD). */
bool lapic_x2apic_on(void);
/* LINT0 or LINT1 as NMI, with the pin's polarity; the trigger mode is not set: with
 * delivery mode NMI the pin is always edge-sensitive (SDM vol. 3A, 12.5.1). */
void lapic_lint_nmi(unsigned lint, bool active_low);
void lapic_lint_mask(unsigned lint);

/* Interprocessor interrupts through the ICR (SDM vol. 3A, 12.6.1; x2APIC: 12.12.9,
 * one WRMSR to 0x830 with the destination in bits 63:32, no delivery status).
 * apic_id is a physical destination. In xAPIC mode each verb waits for the
 * delivery status to clear, a bounded number of reads; false if it never did. */
bool lapic_send_init(uint32_t apic_id);             /* INIT, level assert */
bool lapic_send_sipi(uint32_t apic_id, uint8_t page); /* start-up at page * 4 KiB */
bool lapic_send_ipi(uint32_t apic_id, uint8_t vector);
bool lapic_send_nmi(uint32_t apic_id);

/* The measured path: one mode, no call. xAPIC: the destination, the command, then
 * the delivery-status poll (bounded); x2APIC: the WRMSR alone. */
#define XAPIC_ICR_POLLS 1000000
static inline bool xapic_send_ipi(uint32_t apic_id, uint8_t vector)
{
	xapic_write(APIC_ICR2, apic_id << 24);
	xapic_write(APIC_ICR, APIC_DM_FIXED | vector);
	for (unsigned i = 0; i < XAPIC_ICR_POLLS; i++)
		if (!(xapic_read(APIC_ICR) & APIC_ICR_BUSY))
			return true;
	return false;
}
static inline void x2apic_send_ipi(uint32_t apic_id, uint8_t vector)
{
	wrmsr(X2APIC_MSR(APIC_ICR), (uint64_t)apic_id << 32 | APIC_DM_FIXED | vector);
}

/* Timer verbs, in timer ticks (bus or crystal clock after the divider). */
void lapic_timer_periodic(uint8_t vector, uint32_t count);
void lapic_timer_oneshot(uint8_t vector, uint32_t count);
void lapic_timer_stop(void);
uint32_t lapic_timer_current(void);
/* One-shot from count with the LVT masked: the counter runs, nothing is delivered
 * (SDM vol. 3A, 12.5.1: a masked LVT entry inhibits the interrupt). For measuring
 * reads and writes of a live timer. */
void lapic_timer_masked(uint32_t count);

/* TSC-deadline mode: the LVT in deadline mode, then MSR IA32_TSC_DEADLINE. */
void tscdl_setup(uint8_t vector);
/* TSC-deadline mode with the LVT masked: deadline writes take effect, nothing is
 * delivered. Fenced as tscdl_setup(). */
void tscdl_setup_masked(void);

/* Arm the deadline (TSC value). The SDM (vol. 3A, 12.5.4.1) notes that a write
 * to the deadline MSR is not serialising and may be ordered before the LVT write
 * that set deadline mode; Linux fences with MFENCE;LFENCE before it (weak_wrmsr_fence,
 * in __setup_APIC_LVTT and lapic_next_deadline). tscdl_setup() fences once; on the
 * measured path this is a plain WRMSR. */
static inline void tscdl_arm(uint64_t deadline) { wrmsr(MSR_IA32_TSC_DEADLINE, deadline); }
static inline void tscdl_stop(void) { wrmsr(MSR_IA32_TSC_DEADLINE, 0); }

#endif
