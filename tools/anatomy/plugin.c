/* tickbench's QEMU TCG plugin (docs/METHOD.md, "The tick's anatomy"): follows the
 * guest's measured code and counts every instruction of each episode that
 * interrupts it, by block, without changing one guest instruction. QEMU's plugin
 * API, version 1 (Debian 12's QEMU 7.2; the header from Debian's source package,
 * scripts/get-qemu-plugin-header). tools/run --anatomy loads it:
 *
 *   -plugin build/anatomy/plugin.so,measured=FILE,out=FILE[,caches=SPEC]
 *
 *   measured=FILE  the measured code (tools/anatomy/measured.sh writes it from the
 *                  ELF at build time): lines "range START END" (hexadecimal, END
 *                  excluded) and "entry ADDRESS NAME"
 *   out=FILE       where the runs' aggregates go (follow.h's format)
 *   caches=SPEC    the cache mode too (caches.h): a preset (zen4, golden-cove) or
 *                  PRESET:LEVEL=SIZE/WAYS[@LATENCY],... (cache.h); one vCPU
 *
 * Instrumentation, chosen once per translated block (a block lies in the measured
 * code or not by its first instruction):
 *   - outside: an inline add of 1 to a counter before each instruction (exact
 *     whatever ends the block), and a call at the block's start (follow_outside);
 *   - measured, one vCPU: an inline add of its instructions to a second counter, no
 *     call (the loop's own blocks are the bulk of a run: 2 to 4 instructions each
 *     under -icount, where RDTSC ends a block); several vCPUs: a call per block
 *     instead, which knows its vCPU (inline ops in API 1 are not per vCPU);
 *   - and a call where a measured block starts at an entry, or ends with a return
 *     or a call out of the measured code.
 * Until the first run begins (the boot, Linux's included) the blocks outside are
 * not instrumented at all; the first entry asks QEMU to reset the plugin (which
 * flushes every translated block) and once that is done they are: the boot runs
 * at nearly its own speed. Runs begun before are written "unfollowed" (the first is
 * the loop's calibration, with interrupts off).
 * The cache mode adds a call on every memory access (its guest physical address) and
 * feeds each outside block's instruction lines (their host address: API version 1
 * gives no guest physical one for an instruction) from the block's call.
 * QEMU calls the plugin from one thread under -icount (its vCPUs run in turn);
 * tools/run asks for one thread (-accel tcg,thread=single) with several vCPUs, and
 * a lock guards the follower there all the same. */
#include "caches.h"
#include "follow.h"

#include <qemu-plugin.h>

#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define RANGES_MAX  16
#define ENTRIES_MAX 64
#define BLOCKS_HASH 65536

static struct {
	uint64_t start, end;
} ranges[RANGES_MAX];
static unsigned n_ranges;
static uint64_t entries[ENTRIES_MAX];
static unsigned n_entries;

static qemu_plugin_id_t plugin_id;
static enum { BOOTING, RESETTING, FOLLOWING } phase;
static struct follow follow;
static FILE *out;
static struct caches caches_state;
static bool one_vcpu;
static uint64_t insns;          /* instructions outside the measured code */
static uint64_t loop_insns;     /* the measured blocks' instructions (one vCPU) */
static struct caches *caches;   /* the cache mode, NULL without */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct block *blocks[BLOCKS_HASH];

/* An outside block's call: its block, and for the cache mode the lines it fetches. */
struct outside_block {
	struct block *b;
	uint32_t nlines;
	uint64_t line[];            /* host addresses of its distinct instruction lines */
};

static bool measured(uint64_t vaddr)
{
	for (unsigned i = 0; i < n_ranges; i++)
		if (vaddr >= ranges[i].start && vaddr < ranges[i].end)
			return true;
	return false;
}

static bool is_entry(uint64_t vaddr)
{
	for (unsigned i = 0; i < n_entries; i++)
		if (entries[i] == vaddr)
			return true;
	return false;
}

/* A legacy prefix or REX (SDM vol. 2, 2.1 and 2.2.1). */
static bool is_prefix(uint8_t b)
{
	static const uint8_t legacy[] = { 0x66, 0x67, 0xf2, 0xf3, 0x2e, 0x3e, 0x26, 0x64, 0x65, 0x36 };
	for (size_t i = 0; i < sizeof(legacy); i++)
		if (b == legacy[i])
			return true;
	return (b & 0xf0) == 0x40;
}

/* RET (C3) or RET imm16 (C2), after any prefixes. */
static bool is_return(struct qemu_plugin_insn *insn)
{
	const uint8_t *p = qemu_plugin_insn_data(insn);
	size_t n = qemu_plugin_insn_size(insn), i = 0;
	while (i < n && is_prefix(p[i]))
		i++;
	return i < n && (p[i] == 0xc3 || p[i] == 0xc2);
}

/* A CALL out of the measured code: CALL rel32 (E8) to an address outside it, or an
 * indirect CALL (FF /2), whose target the block cannot tell. */
static bool is_call_out(struct qemu_plugin_insn *insn)
{
	const uint8_t *p = qemu_plugin_insn_data(insn);
	size_t n = qemu_plugin_insn_size(insn), i = 0;
	while (i < n && is_prefix(p[i]))
		i++;
	if (i + 5 == n && p[i] == 0xe8) {
		int32_t rel;
		memcpy(&rel, p + i + 1, sizeof(rel));
		return !measured(qemu_plugin_insn_vaddr(insn) + n + (int64_t)rel);
	}
	return i + 1 < n && p[i] == 0xff && (p[i + 1] >> 3 & 7) == 2;
}

/* One block per start address and length, made once: QEMU translates a block
 * again after a flush, or shorter under -icount when the budget ends within it. */
static struct block *block_of(struct qemu_plugin_tb *tb)
{
	uint64_t vaddr = qemu_plugin_tb_vaddr(tb);
	uint32_t n = (uint32_t)qemu_plugin_tb_n_insns(tb);
	struct block **head = &blocks[(vaddr ^ vaddr >> 16 ^ n) & (BLOCKS_HASH - 1)];
	for (struct block *b = *head; b; b = b->next)
		if (b->vaddr == vaddr && b->n == n)
			return b;
	struct block *b = calloc(1, sizeof(*b) + n * sizeof(uint16_t));
	if (!b)
		abort();
	b->vaddr = vaddr;
	b->n = n;
	b->offsets = (uint16_t *)(b + 1);
	for (uint32_t i = 0; i < n; i++)
		b->offsets[i] = (uint16_t)(qemu_plugin_insn_vaddr(qemu_plugin_tb_get_insn(tb, i)) - vaddr);
	b->next = *head;
	*head = b;
	return b;
}

static void on_outside(unsigned int vcpu, void *udata)
{
	struct outside_block *o = udata;
	pthread_mutex_lock(&lock);
	follow_outside(&follow, vcpu, o->b, insns, loop_insns);
	for (uint32_t i = 0; caches && i < o->nlines; i++)
		caches_access(caches, o->line[i], true, false);
	pthread_mutex_unlock(&lock);
}

static void on_memory(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata)
{
	struct qemu_plugin_hwaddr *hw = qemu_plugin_get_hwaddr(info, vaddr);
	if (!hw || qemu_plugin_hwaddr_is_io(hw))
		return;
	pthread_mutex_lock(&lock);
	caches_access(caches, qemu_plugin_hwaddr_phys_addr(hw), false, udata != NULL);
	pthread_mutex_unlock(&lock);
}

/* The distinct host lines of a block's instructions, into line[] (at most max). */
static uint32_t fetch_lines(struct qemu_plugin_tb *tb, uint64_t *line, uint32_t max)
{
	uint32_t n = 0;
	for (size_t i = 0; i < qemu_plugin_tb_n_insns(tb); i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uintptr_t h = (uintptr_t)qemu_plugin_insn_haddr(insn);
		uint64_t first = h >> LINE_SHIFT, last = (h + qemu_plugin_insn_size(insn) - 1) >> LINE_SHIFT;
		for (uint64_t l = first; l <= last && n < max; l++)
			if (!n || line[n - 1] != l)
				line[n++] = l;
	}
	for (uint32_t i = 0; i < n; i++)
		line[i] <<= LINE_SHIFT;
	return n;
}

static void instrument_memory(struct qemu_plugin_tb *tb, bool measured)
{
	for (size_t i = 0; caches && i < qemu_plugin_tb_n_insns(tb); i++)
		qemu_plugin_register_vcpu_mem_cb(qemu_plugin_tb_get_insn(tb, i), on_memory,
						 QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW,
						 measured ? (void *)1 : NULL);
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
static void on_guest_exit(qemu_plugin_id_t id, void *udata);

static void on_reset(qemu_plugin_id_t id)
{
	pthread_mutex_lock(&lock);
	phase = FOLLOWING;
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_guest_exit, NULL);
	pthread_mutex_unlock(&lock);
}

static void on_entry(unsigned int vcpu, void *udata)
{
	pthread_mutex_lock(&lock);
	follow_entry(&follow, vcpu, insns, phase == FOLLOWING);
	if (phase == BOOTING) {
		phase = RESETTING;
		qemu_plugin_reset(plugin_id, on_reset);
	}
	pthread_mutex_unlock(&lock);
}

static void on_return(unsigned int vcpu, void *udata)
{
	pthread_mutex_lock(&lock);
	follow_return(&follow, vcpu, insns);
	pthread_mutex_unlock(&lock);
}

static void on_call_out(unsigned int vcpu, void *udata)
{
	pthread_mutex_lock(&lock);
	follow_call_out(&follow, vcpu, insns);
	pthread_mutex_unlock(&lock);
}

static void on_measured(unsigned int vcpu, void *udata)
{
	pthread_mutex_lock(&lock);
	follow_measured(&follow, vcpu, insns);
	pthread_mutex_unlock(&lock);
}

static void instrument_outside(struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	uint64_t lines[64];
	uint32_t nl = caches ? fetch_lines(tb, lines, 64) : 0;
	struct outside_block *o = malloc(sizeof(*o) + nl * sizeof(o->line[0]));
	if (!o)
		abort();
	o->b = block_of(tb);
	o->nlines = nl;
	memcpy(o->line, lines, nl * sizeof(lines[0]));
	qemu_plugin_register_vcpu_tb_exec_cb(tb, on_outside, QEMU_PLUGIN_CB_NO_REGS, o);
	for (size_t i = 0; i < n; i++)
		qemu_plugin_register_vcpu_insn_exec_inline(qemu_plugin_tb_get_insn(tb, i),
							   QEMU_PLUGIN_INLINE_ADD_U64, &insns, 1);
	instrument_memory(tb, false);
}

static void instrument_measured(struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	bool entry = is_entry(qemu_plugin_tb_vaddr(tb));
	struct qemu_plugin_insn *last = n ? qemu_plugin_tb_get_insn(tb, n - 1) : NULL;
	bool ret = last && is_return(last), call_out = last && is_call_out(last);
	if (one_vcpu)
		qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &loop_insns, n);
	else if (!entry && !ret && !call_out)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_measured, QEMU_PLUGIN_CB_NO_REGS, NULL);
	if (entry)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_entry, QEMU_PLUGIN_CB_NO_REGS, NULL);
	if (ret)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_return, QEMU_PLUGIN_CB_NO_REGS, NULL);
	if (call_out)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_call_out, QEMU_PLUGIN_CB_NO_REGS, NULL);
	if (caches) {
		uint64_t lines[64];
		caches_measured_lines(caches, lines, fetch_lines(tb, lines, 64));
		instrument_memory(tb, true);
	}
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	pthread_mutex_lock(&lock);
	if (measured(qemu_plugin_tb_vaddr(tb)))
		instrument_measured(tb);
	else if (phase == FOLLOWING)
		instrument_outside(tb);
	pthread_mutex_unlock(&lock);
}

static void on_guest_exit(qemu_plugin_id_t id, void *udata)
{
	pthread_mutex_lock(&lock);
	follow_finish(&follow, insns);
	fclose(out);
	out = NULL;
	pthread_mutex_unlock(&lock);
}

/* The measured code: "range START END" and "entry ADDRESS NAME" lines. */
static const char *read_measured(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[256];
	if (!f)
		return "cannot open the measured= file";
	while (fgets(line, sizeof(line), f)) {
		uint64_t a, b;
		if (sscanf(line, "range %" SCNx64 " %" SCNx64, &a, &b) == 2 && n_ranges < RANGES_MAX)
			ranges[n_ranges].start = a, ranges[n_ranges++].end = b;
		else if (sscanf(line, "entry %" SCNx64, &a) == 1 && n_entries < ENTRIES_MAX)
			entries[n_entries++] = a;
	}
	fclose(f);
	return n_ranges && n_entries ? NULL : "the measured= file names no range or no entry";
}

/* The cache mode's model; NULL, or why not. */
static const char *start_caches(const char *spec)
{
	static char err[256];
	struct cache_geometry g;
	if (!one_vcpu)
		return "the cache mode models one CPU's caches: one vCPU (--smp 1)";
	if (cache_geometry_parse(&g, spec, err, sizeof(err)))
		return err;
	if (!caches_init(&caches_state, &g, &loop_insns))
		return "out of memory for the caches' model";
	caches = &caches_state;
	return NULL;
}

static int refuse(const char *why, const char *what)
{
	fprintf(stderr, "tickbench-anatomy: %s%s%s\n", why, what ? ": " : "", what ? what : "");
	return 1;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *measured_path = NULL, *out_path = NULL, *caches_spec = NULL;
	for (int i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "measured=", 9))
			measured_path = argv[i] + 9;
		else if (!strncmp(argv[i], "out=", 4))
			out_path = argv[i] + 4;
		else if (!strncmp(argv[i], "caches=", 7))
			caches_spec = argv[i] + 7;
		else
			return refuse("unknown argument (measured=FILE,out=FILE[,caches=SPEC])", argv[i]);
	}
	if (!info->system_emulation || strcmp(info->target_name, "x86_64"))
		return refuse("follows x86_64 system emulation only", info->target_name);
	if (!measured_path || !out_path)
		return refuse("needs measured=FILE and out=FILE", NULL);
	const char *why = read_measured(measured_path);
	if (why)
		return refuse(why, measured_path);
	one_vcpu = info->system.max_vcpus <= 1;
	if (caches_spec && (why = start_caches(caches_spec)))
		return refuse(why, caches_spec);
	if (!(out = fopen(out_path, "w")))
		return refuse("cannot write", out_path);
	plugin_id = id;
	follow_init(&follow, out, (unsigned)info->system.max_vcpus);
	if (caches) {
		char spec[256];
		caches_describe(&caches->geometry, spec, sizeof(spec));
		fprintf(out, "caches %s %s\n", caches->geometry.name, spec);
		follow.hooks = &caches_hooks;
		follow.hooks_ctx = caches;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_guest_exit, NULL);
	return 0;
}
