/* AP bring-up and the mailbox (see smp.h). The start-up sequence follows the SDM's
 * MP initialisation example (vol. 3A, 9.4.4.1): INIT, 10 ms, SIPI, 200 us, SIPI,
 * then up to 100 ms for the AP to say it is online. APs are started one at a time:
 * the trampoline's parameter block serves one AP until it has left it. */
#include "smp.h"
#include "problem.h"
#include "acpi_tables.h"
#include "alloc.h"
#include "console.h"
#include "cpu.h"
#include "irq.h"
#include "lapic.h"
#include "mcheck.h"
#include "lib.h"
#include "record.h"
#include "clock.h"

#define AP_STACK_SIZE   (32 * 1024)
#define TRAMPOLINE_LOW  0x8000      /* lowest page tried: 0..0x7fff hold the IVT, BDA, ... */
#define LOW_MEMORY_END  0xa0000     /* VGA memory and ROMs above */
#define BDA_EBDA_SEG    0x40e       /* BIOS data area: EBDA segment (a word) */
#define EFER_LMA        (1ull << 10)

struct trampoline_params {          /* boot/trampoline.S P_* offsets */
	uint16_t gdt_limit;
	uint32_t gdt_base;
	uint16_t pad0;
	uint32_t far32_offset;
	uint16_t far32_selector, pad1;
	uint32_t far64_offset;
	uint16_t far64_selector, pad2;
	uint32_t cr0, cr4, cr3, pad3;
	uint64_t efer, stack, entry, arg;
} __attribute__((packed));

_Static_assert(offsetof(struct trampoline_params, far32_offset) == 8, "P_FAR32");
_Static_assert(offsetof(struct trampoline_params, cr0) == 24, "P_CR0");
_Static_assert(offsetof(struct trampoline_params, efer) == 40, "P_EFER");
_Static_assert(offsetof(struct trampoline_params, arg) == 64, "P_ARG");

extern const char trampoline_start[], trampoline_end[], trampoline_params[];
extern const char trampoline_gdt[], trampoline_gdt_end[], trampoline_32[], trampoline_64[];

struct smp_state smp;
static unsigned stopped;            /* CPUs halted by smp_halt_stopped() */

static void wake_handler(struct interrupt_frame *f) { lapic_eoi(); }

/* Runs on the AP, on its own stack, straight from the trampoline. */
static _Noreturn void ap_main(void *arg)
{
	struct cpu *c = arg;
	gdt_init_cpu(c->tables, c->ist_stacks);
	idt_load();
	mcheck_init_ap();                   /* its banks and CR4.MCE (kernel/mcheck.c) */
	uint64_t addr = acpi.lapic_addr ? acpi.lapic_addr : 0xfee00000;
	if (!lapic_init(addr, irq.lapic_mode, VEC_SPURIOUS) || lapic_id() != c->apic_id) {
		c->state = CPU_FAILED;      /* or a late starter on another CPU's page */
		halt_forever();
	}
	lapic_write(APIC_LVT0, APIC_LVT_MASKED);   /* ExtINT belongs to the boot CPU */
	irq_setup_lints(c->apic_id);               /* NMI where the MADT says */
	__atomic_store_n(&c->state, CPU_ONLINE, __ATOMIC_RELEASE);
	for (;;) {
		irq_disable();
		while (!c->job)
			wait_for_interrupt();   /* sti; hlt: a wake IPI cannot slip past */
		c->job(c->job_arg);
		__atomic_store_n(&c->job, NULL, __ATOMIC_RELEASE);
	}
}

unsigned smp_self(void)
{
	if (smp.online <= 1)
		return 0;
	uint32_t id = lapic_id();
	for (unsigned i = 0; i < smp.online; i++)
		if (smp.cpu[i].apic_id == id)
			return i;
	return 0;
}

bool smp_call(struct cpu *c, cpu_job job, void *arg)
{
	if (c->state != CPU_ONLINE || c->job)
		return false;
	c->job_arg = arg;
	__atomic_store_n(&c->job, job, __ATOMIC_RELEASE);
	/* The job must be visible before the wake-up arrives, or the AP looks, finds
	 * none and halts again: an x2APIC ICR write (WRMSR) is not ordered after
	 * earlier stores by the store itself (SDM vol. 3A, 12.12.3). */
	__asm__ volatile("mfence; lfence" ::: "memory");
	return lapic_send_ipi(c->apic_id, VEC_IPI_WAKE);
}

bool smp_wait(struct cpu *c, uint64_t timeout)
{
	struct deadline d = deadline_in_cycles(timeout);
	while (__atomic_load_n(&c->job, __ATOMIC_ACQUIRE))
		if (deadline_passed(&d))
			return false;
		else
			cpu_relax();
	return true;
}

bool smp_meet(struct smp_barrier *b, unsigned n, uint64_t timeout)
{
	uint32_t gen = __atomic_load_n(&b->gen, __ATOMIC_ACQUIRE);
	if (__atomic_add_fetch(&b->count, 1, __ATOMIC_ACQ_REL) == n) {
		b->count = 0;
		__atomic_store_n(&b->gen, gen + 1, __ATOMIC_RELEASE);
		return true;
	}
	struct deadline d = deadline_in_cycles(timeout);
	while (__atomic_load_n(&b->gen, __ATOMIC_ACQUIRE) == gen)
		if (deadline_passed(&d))
			return false;
		else
			cpu_relax();
	return true;
}

/* An NMI to each online CPU but this one, by APIC id (SDM vol. 3A, 12.6.1: ICR
 * delivery mode NMI): it is taken whatever IF says (7.8.1) and blocks further NMIs
 * until an IRET (7.7.1), so the handler's halt is for good. Not the "all excluding
 * self" shorthand: it would also reach CPUs never started or sent back to
 * wait-for-SIPI, whose state is unknown; Linux likewise broadcasts only once every
 * present CPU has been booted (arch/x86/kernel/apic/ipi.c, apic_smt_update).
 * MFENCE;LFENCE first: the claim of the end must be visible before a target takes
 * the NMI, and an x2APIC ICR write (WRMSR) is not ordered by MFENCE alone (SDM
 * vol. 3A, 12.12.3; Linux weak_wrmsr_fence). */
unsigned smp_stop_others(void)
{
	uint32_t me = cpu_apic_id();
	unsigned others = 0;
	__asm__ volatile("mfence; lfence" ::: "memory");
	for (unsigned i = 0; i < smp.online; i++)
		if (smp.cpu[i].apic_id != me) {
			lapic_send_nmi(smp.cpu[i].apic_id);
			others++;
		}
	struct deadline d = deadline_in_ms(100);
	while (__atomic_load_n(&stopped, __ATOMIC_ACQUIRE) < others && !deadline_passed(&d))
		cpu_relax();
	return __atomic_load_n(&stopped, __ATOMIC_ACQUIRE);
}

_Noreturn void smp_halt_stopped(void)
{
	__atomic_add_fetch(&stopped, 1, __ATOMIC_RELEASE);
	halt_forever();
}

/* A free page below 1 MiB for the trampoline: inside the memory map's low available
 * region, under the EBDA, clear of the multiboot2 information. 0 when none. */
static uint64_t find_trampoline_page(const struct boot_info *bi)
{
	volatile uint16_t *bda_ebda;        /* a computed pointer: gcc sees no object at 0x40e */
	__asm__("" : "=r"(bda_ebda) : "0"((uintptr_t)BDA_EBDA_SEG));
	uint64_t top = LOW_MEMORY_END, ebda = (uint64_t)*bda_ebda << 4;
	if (ebda >= 0x80000 && ebda < top)
		top = ebda;
	if (bi->low_base + bi->low_len < top)
		top = bi->low_base + bi->low_len;
	uint64_t info = bi->info_start;
	for (uint64_t p = TRAMPOLINE_LOW; p + 0x1000 <= top; p += 0x1000)
		if (p >= bi->low_base && (p + 0x1000 <= info || p >= bi->info_end))
			return p;
	return 0;
}

static struct trampoline_params *install_trampoline(uint64_t page)
{
	memcpy((void *)(uintptr_t)page, trampoline_start, (size_t)(trampoline_end - trampoline_start));
	struct trampoline_params *p = (void *)(uintptr_t)(page + (uint64_t)(trampoline_params - trampoline_start));
	p->gdt_limit = (uint16_t)(trampoline_gdt_end - trampoline_gdt - 1);
	p->gdt_base = (uint32_t)(page + (uint64_t)(trampoline_gdt - trampoline_start));
	p->far32_offset = (uint32_t)(page + (uint64_t)(trampoline_32 - trampoline_start));
	p->far32_selector = 0x18;
	p->far64_offset = (uint32_t)(page + (uint64_t)(trampoline_64 - trampoline_start));
	p->far64_selector = GDT_KERNEL_CODE;
	uint64_t cr0, cr4;
	__asm__ volatile("mov %%cr0, %0; mov %%cr4, %1" : "=r"(cr0), "=r"(cr4));
	p->cr0 = (uint32_t)cr0;
	p->cr4 = (uint32_t)cr4;
	p->cr3 = (uint32_t)read_cr3();          /* pml4 lies in the image, below 4 GiB */
	p->efer = rdmsr(MSR_EFER) & ~EFER_LMA;  /* LMA is the CPU's to set */
	p->entry = (uint64_t)(uintptr_t)ap_main;
	return p;
}

static bool allocate(struct cpu *c)
{
	uint8_t *stack = alloc(AP_STACK_SIZE, 16);
	c->ist_stacks = alloc(3 * IST_STACK_SIZE, 16);
	c->tables = alloc(sizeof(*c->tables), 16);
	c->stack_top = stack + AP_STACK_SIZE;
	return stack && c->ist_stacks && c->tables;
}

static void emit_skip(const struct cpu *c, const char *reason)
{
	struct problem p;
	problem_begin(&p, PROBLEM_SKIP, NULL);
	SKIP_STR(&p, what, "cpu");
	SKIP_U64(&p, apic_id, c->apic_id);
	problem_end(&p, reason);
}

/* INIT, 10 ms, SIPI, 200 us, SIPI (unless online already), then at most 100 ms (1 s
 * under a hypervisor, clock_bound). */
static const char *start_ap(struct cpu *c, struct trampoline_params *p, bool no_sipi)
{
	if (!allocate(c))
		return "no memory for its stacks";
	p->stack = (uint64_t)(uintptr_t)c->stack_top;
	p->arg = (uint64_t)(uintptr_t)c;
	c->state = CPU_STARTING;
	uint8_t vector = (uint8_t)(smp.trampoline >> 12);
	if (!lapic_send_init(c->apic_id))
		return "the INIT IPI was never delivered (ICR delivery status stayed busy)";
	clock_delay_us(10000);
	for (int i = 0; i < 2 && !no_sipi && c->state == CPU_STARTING; i++) {
		if (!lapic_send_sipi(c->apic_id, vector))
			return "a start-up IPI was never delivered (ICR delivery status stayed busy)";
		clock_delay_us(200);
	}
	struct deadline d = deadline_in_cycles(clock_bound(clock_cycles_ms(100)));
	while (__atomic_load_n(&c->state, __ATOMIC_ACQUIRE) == CPU_STARTING && !deadline_passed(&d))
		cpu_relax();
	if (c->state == CPU_ONLINE)
		return NULL;
	const char *why = c->state == CPU_FAILED ?
		"it started but could not enable its local APIC in the boot CPU's mode" :
		no_sipi ? "no answer in time (selftest=ap-no-start: no SIPI was sent)" :
		"no answer within 100 ms (1 s under a hypervisor) of the second start-up IPI";
	c->state = CPU_NO_ANSWER;
	lapic_send_init(c->apic_id);        /* back to wait-for-SIPI: it must not start late */
	return why;
}

static void emit_record(void)
{
	uint64_t ids[SMP_MAX_CPUS];
	for (unsigned i = 0; i < smp.online; i++)
		ids[i] = smp.cpu[i].apic_id;
	struct record r;
	REC_BEGIN(&r, cpus);
	REC_U64(&r, cpus, found, smp.found);
	REC_U64(&r, cpus, online, smp.online);
	REC_U64(&r, cpus, bsp_apic_id, smp.cpu[0].apic_id);
	REC_ARRAY(&r, cpus, apic_ids, ids, smp.online);
	REC_HEX(&r, cpus, trampoline, smp.trampoline);
	record_emit(&r);
	kprintf("cpus: %u in the MADT, %u online\n", smp.found, smp.online);
}

/* The MADT's CPUs other than the boot CPU, each once, at most max of all. */
static unsigned list_aps(uint32_t *ids, unsigned max)
{
	unsigned n = 0;
	for (unsigned i = 0; i < acpi.n_cpus; i++) {
		uint32_t id = acpi.cpu_apic_ids[i];
		bool dup = id == smp.cpu[0].apic_id;
		for (unsigned j = 0; j < n && !dup; j++)
			dup = ids[j] == id;
		if (!dup && n + 1 < max)
			ids[n++] = id;
	}
	return n;
}

void smp_init(const struct kernel_config *cfg, const struct boot_info *bi)
{
	uint32_t ids[SMP_MAX_CPUS];
	smp.cpu[0] = (struct cpu){ .apic_id = irq.bsp_apic_id, .state = CPU_ONLINE, .tsc_trusted = true };
	smp.online = 1;
	unsigned n = irq.lapic ? list_aps(ids, SMP_MAX_CPUS) : 0;
	smp.found = n + 1;
	unsigned want = cfg->cpus && cfg->cpus - 1 < n ? cfg->cpus - 1 : n;
	idt_set_handler(VEC_IPI_WAKE, wake_handler);
	if (want && clock_tsc_hz())
		smp.trampoline = find_trampoline_page(bi);
	if (smp.trampoline)
		alloc_reserve(smp.trampoline, 0x1000);
	struct trampoline_params *p = smp.trampoline ? install_trampoline(smp.trampoline) : NULL;
	for (unsigned i = 0; i < want; i++) {
		struct cpu *c = &smp.cpu[smp.online];
		*c = (struct cpu){ .apic_id = ids[i], .index = smp.online };
		const char *why = !clock_tsc_hz() ? "the TSC is not calibrated (the start-up delays need it)" :
			!p ? "no free page below 1 MiB for the trampoline" :
			irq.lapic_mode == LAPIC_XAPIC && ids[i] > 0xfe ? "APIC id above 254 in xAPIC mode" :
			start_ap(c, p, cfg->selftest == SELFTEST_AP_NO_START && i == 0);
		if (why) {
			emit_skip(c, why);
			*c = (struct cpu){ 0 };
		} else {
			smp.online++;
		}
	}
	emit_record();
}
