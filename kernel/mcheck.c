/* Machine-check set-up and reports (see mcheck.h).
 *
 * What is enabled, after the SDM's initialisation (vol. 3B, 16.8.1): IA32_MCG_CTL all
 * ones when MCG_CAP.MCG_CTL_P says it exists, IA32_MCi_CTL all ones in each bank, then
 * CR4.MCE. On Intel bank 0 is left as the firmware set it: the SDM's pseudocode starts
 * at bank 1, as on P6-family and early Core CPUs IA32_MC0_CTL belongs to the BIOS;
 * AMD's initialisation (APM vol. 2, 9.8) enables every bank.
 *
 * Can this make a healthy PC raise #MC? The MCi_CTL bits gate only the signalling of
 * uncorrected errors. A corrected error is logged in its bank and never raises #MC
 * (SDM 16.3.2.1, 16.4); its interrupt, CMCI, needs IA32_MCi_CTL2 bit 30, which this
 * kernel never sets; an uncorrected error that needs no action (UCNA) also goes
 * through CMCI only (16.6.2). What can now raise #MC with the machine still able to
 * go on is an SRAO error (software-recoverable, action optional: a patrol scrub found
 * a bad memory line no one has read, MCG_CAP.SER_P CPUs only). tickbench reports it
 * and ends the run like any machine check: figures from a machine whose memory just
 * failed are not to be trusted. Linux enables the same banks. */
#include "mcheck.h"
#include "console.h"
#include "cpu.h"
#include "format.h"
#include "lib.h"
#include "mce.h"
#include "problem.h"
#include "record.h"

static bool intel(void) { return !strcmp(cpu.vendor, "GenuineIntel"); }

/* Banks enabled on this CPU: the first one is 1 on Intel, 0 elsewhere. */
static unsigned enable_banks(void)
{
	if (!mce_has_banks())
		return 0;
	if (mce_cap() & MCG_CAP_CTL_P)
		mce_enable_global();
	unsigned n = mce_bank_count(), first = intel() ? 1 : 0;
	for (unsigned i = first; i < n; i++)
		mce_enable_bank(i);
	return n > first ? n - first : 0;
}

void mcheck_init_ap(void)
{
	if (!mce_has_exception())
		return;
	enable_banks();
	mce_enable_exception();
}

static void hex_field(char *buf, size_t len, uint64_t v)
{
	format(buf, len, "0x%016llx", (unsigned long long)v);
}

/* Errors logged before this boot (the firmware keeps them across a warm reset, SDM
 * 16.3.2.2): one record each, then the bank is cleared (optional per 16.8.1). */
static unsigned report_old_logs(void)
{
	unsigned found = 0;
	for (unsigned i = 0; i < mce_bank_count(); i++) {
		struct mce_bank b;
		if (!mce_read_bank(i, &b))
			continue;
		struct record r;
		REC_BEGIN(&r, machine_check_log);
		REC_U64(&r, machine_check_log, bank, i);
		REC_HEX(&r, machine_check_log, status, b.status);
		REC_HEX(&r, machine_check_log, addr, b.addr);
		REC_HEX(&r, machine_check_log, misc, b.misc);
		record_emit(&r);
		kprintf("tickbench: machine-check bank %u holds an error from before this boot (status 0x%016llx)\n",
			i, (unsigned long long)b.status);
		mce_clear_bank(i);
		found++;
	}
	return found;
}

void mcheck_init(void)
{
	bool exception = mce_has_exception(), banks = mce_has_banks();
	unsigned old = banks ? report_old_logs() : 0;
	unsigned enabled = exception ? enable_banks() : 0;
	if (exception)
		mce_enable_exception();
	uint64_t cap = mce_cap();
	struct record r;
	REC_BEGIN(&r, machine_check);
	REC_BOOL(&r, machine_check, mce, exception);
	REC_BOOL(&r, machine_check, mca, banks);
	REC_U64(&r, machine_check, banks, cap & MCG_CAP_COUNT_MASK);
	REC_U64(&r, machine_check, banks_enabled, enabled);
	REC_BOOL(&r, machine_check, mcg_ctl, cap & MCG_CAP_CTL_P);
	REC_BOOL(&r, machine_check, cmci, cap & MCG_CAP_CMCI_P);
	REC_BOOL(&r, machine_check, ser, cap & MCG_CAP_SER_P);
	REC_U64(&r, machine_check, logged_before_boot, old);
	record_emit(&r);
	if (!exception)
		kprintf("tickbench: no machine-check exception on this CPU (CPUID.1:EDX[7]): a machine check resets it\n");
}

static void report_bank(uint32_t apic_id, uint64_t mcg_status, unsigned i,
			const struct mce_bank *b)
{
	char hex[20];
	struct problem p;
	problem_begin(&p, PROBLEM_ERROR, NULL);
	ERROR_STR(&p, what, "machine_check");
	ERROR_U64(&p, cpu, apic_id);
	ERROR_U64(&p, bank, i);
	hex_field(hex, sizeof(hex), mcg_status);
	ERROR_HEX(&p, mcg_status, hex);
	hex_field(hex, sizeof(hex), b->status);
	ERROR_HEX(&p, status, hex);
	if (b->status & MCi_STATUS_ADDRV) {
		hex_field(hex, sizeof(hex), b->addr);
		ERROR_HEX(&p, addr, hex);
	}
	if (b->status & MCi_STATUS_MISCV) {
		hex_field(hex, sizeof(hex), b->misc);
		ERROR_HEX(&p, misc, hex);
	}
	problem_end(&p, b->status & MCi_STATUS_UC ? "uncorrected machine check"
						   : "corrected error logged at a machine check");
}

unsigned mcheck_report(uint32_t apic_id)
{
	if (!mce_has_banks()) {
		kprintf("tickbench: #MC on a CPU without machine-check banks: nothing to read\n");
		return 0;
	}
	uint64_t mcg_status = mce_global_status();
	kprintf("tickbench: IA32_MCG_STATUS 0x%016llx (RIPV %u, EIPV %u, MCIP %u)\n",
		(unsigned long long)mcg_status, (unsigned)(mcg_status & MCG_STATUS_RIPV),
		(unsigned)(mcg_status & MCG_STATUS_EIPV) >> 1,
		(unsigned)(mcg_status & MCG_STATUS_MCIP) >> 2);
	unsigned found = 0;
	for (unsigned i = 0; i < mce_bank_count(); i++) {
		struct mce_bank b;
		if (mce_read_bank(i, &b)) {
			report_bank(apic_id, mcg_status, i, &b);
			found++;
		}
	}
	if (!found)
		kprintf("tickbench: no bank holds a valid error\n");
	return found;
}
