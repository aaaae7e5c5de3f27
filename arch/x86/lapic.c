/* Local APIC driver (see lapic.h). */
#include "lapic.h"
#include "paging.h"

volatile uint32_t *xapic_base;
enum lapic_mode lapic_mode;
bool lapic_enabled;

uint32_t lapic_read(uint32_t reg)
{
	return lapic_mode == LAPIC_X2APIC ? x2apic_read(reg) : xapic_read(reg);
}

void lapic_write(uint32_t reg, uint32_t v)
{
	if (lapic_mode == LAPIC_X2APIC)
		x2apic_write(reg, v);
	else
		xapic_write(reg, v);
}

void lapic_eoi(void) { lapic_write(APIC_EOI, 0); }

/* xAPIC <-> x2APIC: from x2APIC the only way back is through disabled (EN=0,
 * EXTD=0), SDM vol. 3A, 12.12.5, figure 12-27. */
static bool set_mode(uint64_t phys, enum lapic_mode mode)
{
	uint64_t base = rdmsr(MSR_IA32_APICBASE);
	bool in_x2 = (base & APIC_BASE_MSR_EXTD) != 0;
	if (mode == LAPIC_XAPIC && in_x2)
		wrmsr(MSR_IA32_APICBASE, base & ~(APIC_BASE_MSR_EN | APIC_BASE_MSR_EXTD));
	base = (base & ~(APIC_BASE_ADDR_MASK | APIC_BASE_MSR_EXTD)) | (phys & APIC_BASE_ADDR_MASK) |
	       APIC_BASE_MSR_EN;
	if (mode == LAPIC_X2APIC)
		base |= APIC_BASE_MSR_EXTD;
	wrmsr(MSR_IA32_APICBASE, base);
	/* Some emulators drop EXTD silently (QEMU 7.2 TCG): believe the MSR, not the wish. */
	return ((rdmsr(MSR_IA32_APICBASE) & APIC_BASE_MSR_EXTD) != 0) == (mode == LAPIC_X2APIC);
}

bool lapic_init(uint64_t phys, enum lapic_mode mode, uint8_t spurious_vector)
{
	if (!cpu.has_apic || (mode == LAPIC_X2APIC && !cpu.has_x2apic))
		return false;
	if (mode == LAPIC_XAPIC && !paging_map(phys, 0x1000, true))
		return false;
	xapic_base = (volatile uint32_t *)(uintptr_t)phys;
	if (!set_mode(phys, mode))
		return false;
	lapic_mode = mode;
	lapic_write(APIC_SPIV, APIC_SPIV_APIC_ENABLED | spurious_vector);
	lapic_write(APIC_TASKPRI, 0);
	lapic_write(APIC_LVTT, APIC_LVT_MASKED);
	lapic_write(APIC_LVTERR, APIC_LVT_MASKED);
	lapic_write(APIC_LVT0, APIC_DM_EXTINT);
	lapic_write(APIC_LVT1, APIC_DM_NMI);
	lapic_write(APIC_TDCR, APIC_TDR_DIV_1);
	lapic_enabled = true;
	return true;
}

uint32_t lapic_id(void)
{
	uint32_t id = lapic_read(APIC_ID);
	return lapic_mode == LAPIC_X2APIC ? id : id >> 24;
}

uint32_t lapic_version(void) { return lapic_read(APIC_LVR); }

bool lapic_x2apic_locked(void)
{
	uint64_t caps, status;
	if (cpu.max_leaf < 7 || !(cpuid(7, 0).edx & (1u << 29)))
		return false;
	if (rdmsr_safe(MSR_IA32_ARCH_CAPABILITIES, &caps) || !(caps & ARCH_CAP_XAPIC_DISABLE))
		return false;
	return !rdmsr_safe(MSR_IA32_XAPIC_DISABLE_STATUS, &status) && (status & LEGACY_XAPIC_DISABLED);
}

bool lapic_x2apic_on(void)
{
	uint64_t base = rdmsr(MSR_IA32_APICBASE);
	return (base & APIC_BASE_MSR_EN) && (base & APIC_BASE_MSR_EXTD);
}

void lapic_lint_nmi(unsigned lint, bool active_low)
{
	lapic_write(lint ? APIC_LVT1 : APIC_LVT0, APIC_DM_NMI | (active_low ? APIC_LVT_ACTIVE_LOW : 0));
}

void lapic_lint_mask(unsigned lint) { lapic_write(lint ? APIC_LVT1 : APIC_LVT0, APIC_LVT_MASKED); }

static bool send(uint32_t apic_id, uint32_t command)
{
	if (lapic_mode == LAPIC_X2APIC) {
		wrmsr(X2APIC_MSR(APIC_ICR), (uint64_t)apic_id << 32 | command);
		return true;
	}
	xapic_write(APIC_ICR2, apic_id << 24);
	xapic_write(APIC_ICR, command);
	for (unsigned i = 0; i < XAPIC_ICR_POLLS; i++)
		if (!(xapic_read(APIC_ICR) & APIC_ICR_BUSY))
			return true;
	return false;
}

/* INIT as the MP initialisation example sends it (SDM vol. 3A, 9.4.4.1: 0xc4500
 * broadcast; here to one destination): level-triggered, assert. */
bool lapic_send_init(uint32_t apic_id)
{
	return send(apic_id, APIC_DM_INIT | APIC_INT_LEVELTRIG | APIC_INT_ASSERT);
}

bool lapic_send_sipi(uint32_t apic_id, uint8_t page)
{
	return send(apic_id, APIC_DM_STARTUP | page);
}

bool lapic_send_ipi(uint32_t apic_id, uint8_t vector)
{
	return send(apic_id, APIC_DM_FIXED | vector);
}

bool lapic_send_nmi(uint32_t apic_id)
{
	return send(apic_id, APIC_DM_NMI);
}

void lapic_timer_periodic(uint8_t vector, uint32_t count)
{
	lapic_write(APIC_LVTT, APIC_LVT_TIMER_PERIODIC | vector);
	lapic_write(APIC_TMICT, count);
}

void lapic_timer_oneshot(uint8_t vector, uint32_t count)
{
	lapic_write(APIC_LVTT, APIC_LVT_TIMER_ONESHOT | vector);
	lapic_write(APIC_TMICT, count);
}

void lapic_timer_stop(void)
{
	lapic_write(APIC_LVTT, APIC_LVT_MASKED);
	lapic_write(APIC_TMICT, 0);
}

uint32_t lapic_timer_current(void) { return lapic_read(APIC_TMCCT); }

void lapic_timer_masked(uint32_t count)
{
	lapic_write(APIC_LVTT, APIC_LVT_MASKED | APIC_LVT_TIMER_ONESHOT);
	lapic_write(APIC_TMICT, count);
}

void tscdl_setup(uint8_t vector)
{
	lapic_write(APIC_LVTT, APIC_LVT_TIMER_TSCDEADLINE | vector);
	__asm__ volatile("mfence; lfence" ::: "memory");
}

void tscdl_setup_masked(void)
{
	lapic_write(APIC_LVTT, APIC_LVT_MASKED | APIC_LVT_TIMER_TSCDEADLINE);
	__asm__ volatile("mfence; lfence" ::: "memory");
}
