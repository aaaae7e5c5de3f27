/* The application processors: found in the MADT, started with INIT-SIPI-SIPI through
 * the real-mode trampoline (boot/trampoline.S), then parked in HLT, each waiting on
 * its mailbox for a job. The "cpus" record says which came up; a CPU that did not
 * answer gets a "skip" record. Intel SDM vol. 3A, 9.4.4 (MP initialisation). */
#ifndef KERNEL_SMP_H
#define KERNEL_SMP_H

#include <stdbool.h>
#include <stdint.h>
#include "acpi.h"
#include "cmdline.h"
#include "idt.h"
#include "multiboot2.h"

#define SMP_MAX_CPUS    ACPI_MAX_CPUS  /* every CPU the MADT lists, up to 256 */
#define VEC_IPI_WAKE    0x50    /* wakes a parked CPU to look at its mailbox */
#define VEC_IPI_BENCH   0x51    /* bench/ipi/ipi.c's measured vector */

enum cpu_state { CPU_OFF, CPU_STARTING, CPU_ONLINE, CPU_NO_ANSWER, CPU_FAILED };

typedef void (*cpu_job)(void *arg);

struct cpu {
	uint32_t apic_id;
	unsigned index;                 /* 0: the boot CPU, then APs in MADT order */
	volatile uint32_t state;        /* enum cpu_state */
	/* The mailbox: the owner (the boot CPU) writes arg, then job, then sends
	 * VEC_IPI_WAKE; the CPU runs job(arg) with interrupts off and clears job. */
	cpu_job volatile job;
	void *volatile job_arg;
	bool tsc_trusted;               /* bench/core/tscsync.c found no warp against the boot CPU */
	struct gdt_cpu *tables;
	uint8_t *ist_stacks;            /* 3 * IST_STACK_SIZE */
	uint8_t *stack_top;
};

struct smp_state {
	unsigned found;                 /* CPUs in the MADT, the boot CPU included */
	unsigned online;                /* cpu[0..online-1] are up, cpu[0] is the boot CPU */
	uint64_t trampoline;            /* physical address of its page, 0 when none */
	struct cpu cpu[SMP_MAX_CPUS];
};

extern struct smp_state smp;

/* After timers_init() (the delays use the calibrated TSC). bi: where the free low
 * memory is, for the trampoline's page. */
void smp_init(const struct kernel_config *cfg, const struct boot_info *bi);

/* Post job(arg) to an online AP and wake it; false when its mailbox is busy. */
bool smp_call(struct cpu *c, cpu_job job, void *arg);
/* Wait until c's job has returned, at most timeout TSC cycles. */
bool smp_wait(struct cpu *c, uint64_t timeout);

/* This CPU's index in smp.cpu[] (0 before the APs are up, or on one CPU, without
 * asking the local APIC). */
unsigned smp_self(void);

/* A meeting point: n CPUs call smp_meet(); each returns true once all n have
 * arrived, false when timeout TSC cycles pass first. Reusable round after round. */
struct smp_barrier { volatile uint32_t count, gen; };
bool smp_meet(struct smp_barrier *b, unsigned n, uint64_t timeout);

/* The end of the run on any CPU: stop every other online CPU (an NMI each, which
 * panic_exception turns into smp_halt_stopped()). Returns how many of them halted
 * within 100 ms. */
unsigned smp_stop_others(void);
/* Count this CPU as stopped and halt for good. */
_Noreturn void smp_halt_stopped(void);

#endif
