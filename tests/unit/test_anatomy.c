/* The tick's anatomy, host parts (tools/anatomy): the follower that turns the
 * plugin's block events into runs and episodes, driven with the sequences QEMU
 * gives (a block cut short by an I/O access, a call out of the measured code,
 * nested measured calls, several vCPUs); its output read back; the table of kinds
 * and layers on hand-made names and on the functions of real ticks of Linux 6.1
 * and 6.12 ("other" under 5 %); the symbol reader on a real kallsyms capture. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "follow.h"
#include "profile.h"
#include "symbols.h"
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef ANATOMY_FIXTURES
#define ANATOMY_FIXTURES "tests/unit/anatomy"
#define ANATOMY_LAYERS "tools/anatomy/layers"
#endif

/* ---- the follower, driven as the plugin drives it ----------------------------- */

struct drive {
	struct follow f;
	char path[64];
	FILE *out;
	uint64_t insns, loop;       /* the plugin's two counters */
	struct profile p;
};

static uint16_t offsets6[] = { 0, 1, 8, 15, 25, 26 };
static uint16_t offsets2[] = { 0, 1 };
static uint16_t offsets3[] = { 0, 2, 5 };
static struct block handler = { .vaddr = 0x12e190, .n = 6, .offsets = offsets6 };
static struct block handler_tail = { .vaddr = 0x12e1a9, .n = 2, .offsets = offsets2 };
static struct block other = { .vaddr = 0x200000, .n = 3, .offsets = offsets3 };

static void drive_start(struct drive *d, unsigned vcpus)
{
	memset(d, 0, sizeof(*d));
	snprintf(d->path, sizeof(d->path), "/tmp/test_anatomy.%d", (int)getpid());
	d->out = fopen(d->path, "w");
	assert_non_null(d->out);
	follow_init(&d->f, d->out, vcpus);
	handler.written = handler_tail.written = other.written = false;
}

/* An outside block begins on vcpu 0, and k of its instructions run. */
static void outside(struct drive *d, struct block *b, unsigned k)
{
	follow_outside(&d->f, 0, b, d->insns, d->loop);
	d->insns += k;
}

/* The measured loop runs some blocks (no call: an inline count). */
static void loop(struct drive *d) { d->loop += 3; }

static void drive_end(struct drive *d)
{
	char err[256];
	follow_finish(&d->f, d->insns);
	fclose(d->out);
	assert_null(profile_read(&d->p, d->path, err, sizeof(err)));
	remove(d->path);
}

/* One tick as the bare floor handler's under QEMU: its block of 6 stops after 4,
 * at the EOI's MMIO write, and the last 2 run as a block of their own. */
static void tick(struct drive *d)
{
	outside(d, &handler, 4);
	outside(d, &handler_tail, 2);
	loop(d);
}

static void one_run_two_ticks(void **state)
{
	struct drive d;
	drive_start(&d, 1);
	outside(&d, &other, 3);               /* before the run: no episode */
	follow_entry(&d.f, 0, d.insns, true);
	loop(&d);
	tick(&d);
	tick(&d);
	follow_return(&d.f, 0, d.insns);
	outside(&d, &other, 3);               /* after it */
	drive_end(&d);
	assert_int_equal(d.p.n_runs, 1);
	const struct run_profile *r = &d.p.runs[0];
	assert_false(r->unfollowed || r->open);
	assert_int_equal(r->n, 1);
	assert_int_equal(r->e[0].entry, 0x12e190);
	assert_int_equal(r->e[0].episodes, 2);
	assert_int_equal(r->e[0].instructions, 12);
	assert_int_equal(r->e[0].n_sizes, 1);
	assert_int_equal(r->e[0].sizes[0].size, 6);
	assert_int_equal(r->e[0].sizes[0].count, 2);
	assert_int_equal(r->e[0].n_blocks, 2);
	for (size_t i = 0; i < 2; i++) {
		const struct block_count *b = &r->e[0].blocks[i];
		assert_int_equal(b->k, b->vaddr == 0x12e190 ? 4 : 2);
		assert_int_equal(b->count, 2);
	}
	const struct block_shape *s = profile_block(&d.p, 0x12e190);
	assert_non_null(s);
	assert_int_equal(s->n, 6);
	assert_int_equal(s->offsets[5], 26);
	profile_free(&d.p);
}

/* The second episode enters elsewhere: two entries, one episode each. */
static void two_entries(void **state)
{
	struct drive d;
	drive_start(&d, 1);
	follow_entry(&d.f, 0, d.insns, true);
	tick(&d);
	outside(&d, &other, 3);
	outside(&d, &handler, 6);             /* the same episode, on */
	loop(&d);
	follow_return(&d.f, 0, d.insns);
	drive_end(&d);
	const struct run_profile *r = &d.p.runs[0];
	assert_int_equal(r->n, 2);
	assert_int_equal(r->e[1].entry, 0x200000);
	assert_int_equal(r->e[1].episodes, 1);
	assert_int_equal(r->e[1].instructions, 9);
	profile_free(&d.p);
}

/* A call among measured functions nests; a call out of them (ftq's fold) is the
 * run's own work, not an episode. */
static void nested_and_call_out(void **state)
{
	struct drive d;
	drive_start(&d, 1);
	follow_entry(&d.f, 0, d.insns, true);
	loop(&d);
	follow_entry(&d.f, 0, d.insns, true);      /* matrix_once */
	follow_return(&d.f, 0, d.insns);
	follow_call_out(&d.f, 0, d.insns);
	d.loop++;                                  /* the calling block's own count */
	outside(&d, &other, 3);                    /* the callee */
	loop(&d);                                  /* back in the loop */
	tick(&d);
	follow_return(&d.f, 0, d.insns);
	drive_end(&d);
	assert_int_equal(d.p.n_runs, 1);
	assert_int_equal(d.p.runs[0].n, 1);
	assert_int_equal(d.p.runs[0].e[0].entry, 0x12e190);
	assert_int_equal(d.p.runs[0].e[0].instructions, 6);
	profile_free(&d.p);
}

/* Runs are numbered on their vCPU; one begun before the plugin followed the code
 * outside is "unfollowed"; one open when the guest stops is "open". */
static void ordinals_unfollowed_open(void **state)
{
	struct drive d;
	drive_start(&d, 1);
	follow_entry(&d.f, 0, d.insns, false);
	follow_return(&d.f, 0, d.insns);
	follow_entry(&d.f, 0, d.insns, true);
	tick(&d);
	drive_end(&d);
	assert_int_equal(d.p.n_runs, 2);
	assert_int_equal(d.p.runs[0].ordinal, 0);
	assert_true(d.p.runs[0].unfollowed);
	assert_int_equal(d.p.runs[1].ordinal, 1);
	assert_true(d.p.runs[1].open);
	assert_true(d.p.exited);
	profile_free(&d.p);
}

/* Two vCPUs: measured blocks call (no shared counter), each vCPU its own state. */
static void two_vcpus(void **state)
{
	struct drive d;
	drive_start(&d, 2);
	follow_entry(&d.f, 0, d.insns, true);
	follow_entry(&d.f, 1, d.insns, true);
	follow_outside(&d.f, 1, &handler, d.insns, 0);   /* vCPU 1's tick */
	d.insns += 6;
	follow_measured(&d.f, 1, d.insns);
	follow_outside(&d.f, 0, &other, d.insns, 0);     /* vCPU 0's interrupt */
	d.insns += 3;
	follow_measured(&d.f, 0, d.insns);
	follow_return(&d.f, 1, d.insns);
	follow_return(&d.f, 0, d.insns);
	drive_end(&d);
	assert_int_equal(d.p.n_runs, 2);
	for (size_t i = 0; i < 2; i++) {
		const struct run_profile *r = &d.p.runs[i];
		assert_int_equal(r->n, 1);
		assert_int_equal(r->e[0].entry, r->vcpu ? 0x12e190 : 0x200000);
		assert_int_equal(r->e[0].instructions, r->vcpu ? 6 : 3);
	}
	profile_free(&d.p);
}

static void profile_refuses_other_text(void **state)
{
	char path[64], err[256];
	struct profile p;
	snprintf(path, sizeof(path), "/tmp/test_anatomy_bad.%d", (int)getpid());
	FILE *f = fopen(path, "w");
	fputs("anatomy 1 vcpus 1\nrun 0 0\nep 0x10 1 6\nwhat is this\n", f);
	fclose(f);
	assert_non_null(profile_read(&p, path, err, sizeof(err)));
	assert_non_null(strstr(err, ":4: not the plugin's output"));
	profile_free(&p);
	remove(path);
}

/* ---- the table of kinds and layers ------------------------------------------------ */

static const char *const hand_made =
	"# a comment\n"
	"kind tick asm_sysvec_apic_timer_interrupt floor_*\n"
	"kind irq asm_sysvec_* asm_common_interrupt\n"
	"layer entry the entry and exit\n"
	"layer sched the scheduler\n"
	"entry asm_* irqentry_*  # trailing comment\n"
	"sched sched_* __update_load_avg_* sched_clock_irq_special\n"
	"entry sched_clock_irq\n";

static void table_rules(void **state)
{
	struct table t;
	char err[256];
	assert_null(table_parse(&t, hand_made, err, sizeof(err)));
	assert_string_equal(table_kind(&t, "asm_sysvec_apic_timer_interrupt"), "tick");
	assert_string_equal(table_kind(&t, "asm_sysvec_reschedule_ipi"), "irq");
	assert_string_equal(table_kind(&t, "floor_xapic"), "tick");
	assert_null(table_kind(&t, "entry_SYSCALL_64"));
	assert_string_equal(table_layer(&t, "irqentry_enter"), "entry");
	assert_string_equal(table_layer(&t, "__update_load_avg_se"), "sched");
	assert_string_equal(table_layer(&t, "sched_tick"), "sched");           /* prefix */
	assert_string_equal(table_layer(&t, "sched_clock_irq"), "entry");      /* exact first */
	assert_string_equal(table_layer(&t, "sched_clock_irq_special"), "sched");
	assert_string_equal(table_layer(&t, "rb_erase"), LAYER_OTHER);
	assert_string_equal(table_layer(&t, NULL), LAYER_OTHER);
	assert_string_equal(table_description(&t, "sched"), "the scheduler");
	table_free(&t);
}

static void table_refuses_undeclared_layer(void **state)
{
	struct table t;
	char err[256];
	assert_non_null(table_parse(&t, "layer a A\nb foo_*\n", err, sizeof(err)));
	assert_non_null(strstr(err, "line 2"));
	table_free(&t);
}

/* The functions of a real tick (tests/unit/anatomy/README.md): "other" under 5 %
 * of its instructions with the project's own table. */
static void real_tick_other_share(const char *fixture)
{
	struct table t;
	char err[256], path[256], line[256];
	assert_null(table_read(&t, ANATOMY_LAYERS, err, sizeof(err)));
	snprintf(path, sizeof(path), "%s/%s", ANATOMY_FIXTURES, fixture);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	unsigned long long all = 0, other = 0, n;
	char name[128];
	int functions = 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llu %127s", &n, name) == 2) {
			all += n;
			other += strcmp(table_layer(&t, name), LAYER_OTHER) ? 0 : n;
			functions++;
		}
	fclose(f);
	assert_true(functions > 200);
	print_message("%s: %d functions, other %.2f %%\n", fixture, functions, 100.0 * other / all);
	assert_true(other * 100 < all * 5);
	table_free(&t);
}

static void tick_61_other(void **state) { real_tick_other_share("tick-6.1.functions"); }
static void tick_612_other(void **state) { real_tick_other_share("tick-6.12.functions"); }

/* ---- symbols ------------------------------------------------------------------------ */

/* A real capture: GRUB's menu on COM2, then kallsyms gzip'ed by linux/init. */
static void kallsyms_capture(void **state)
{
	struct symbols s;
	assert_null(symbols_read(&s, ANATOMY_FIXTURES "/kallsyms-6.1.gz"));
	assert_true(s.n > 2000);
	const char *name = symbols_find(&s, 0xffffffffb6c01580ull);
	assert_non_null(name);
	assert_string_equal(name, "__x86_indirect_thunk_rax");   /* not its markers */
	assert_string_equal(symbols_find(&s, 0xffffffffb6c01590ull), "__x86_indirect_thunk_rax");
	assert_null(symbols_find(&s, 0x1000));
	symbols_free(&s);
}

static void symbols_text(void **state)
{
	static const char text[] =
		"0000000000100b30 t isr_stub_0\n"
		"ffffffff81000000 D some_data\n"
		"0000000000100000 T _start\n"
		"not a symbol line\n"
		"0000000000100b40 t isr_stub_1 [module]\n";
	struct symbols s;
	assert_int_equal(symbols_parse(&s, text, sizeof(text) - 1), 3);
	assert_string_equal(symbols_find(&s, 0x100b3f), "isr_stub_0");
	assert_string_equal(symbols_find(&s, 0x100b40), "isr_stub_1");
	assert_string_equal(symbols_find(&s, 0x100001), "_start");
	symbols_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_run_two_ticks),
		cmocka_unit_test(two_entries),
		cmocka_unit_test(nested_and_call_out),
		cmocka_unit_test(ordinals_unfollowed_open),
		cmocka_unit_test(two_vcpus),
		cmocka_unit_test(profile_refuses_other_text),
		cmocka_unit_test(table_rules),
		cmocka_unit_test(table_refuses_undeclared_layer),
		cmocka_unit_test(tick_61_other),
		cmocka_unit_test(tick_612_other),
		cmocka_unit_test(kallsyms_capture),
		cmocka_unit_test(symbols_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
