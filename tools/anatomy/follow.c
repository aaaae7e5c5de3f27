/* The anatomy's follower (follow.h): runs of the measured code, their episodes,
 * aggregated per run and written when the run ends. */
#include "follow.h"
#include "tally.h"

#include <stdlib.h>
#include <string.h>

#define ENTRIES_MAX 64          /* distinct episode entries a run keeps apart */

struct entry_tally {
	uint64_t entry;
	uint64_t episodes, instructions;
	struct tally sizes;         /* size -> episodes */
	struct tally blocks;        /* (block, k) -> executions */
};

struct run_aggregate {
	unsigned n;
	struct entry_tally e[ENTRIES_MAX];
	uint64_t overflow;          /* episodes whose entry found no slot */
	bool unfollowed;            /* begun before the outside blocks were followed */
};

void follow_init(struct follow *f, FILE *out, unsigned vcpus)
{
	memset(f, 0, sizeof(*f));
	f->out = out;
	f->vcpus = vcpus < 1 ? 1 : vcpus > FOLLOW_MAX_VCPUS ? FOLLOW_MAX_VCPUS : vcpus;
	fprintf(out, "anatomy %d vcpus %u\n", FOLLOW_FORMAT, f->vcpus);
}

static struct entry_tally *entry_of(struct run_aggregate *a, uint64_t entry)
{
	for (unsigned i = 0; i < a->n; i++)
		if (a->e[i].entry == entry)
			return &a->e[i];
	if (a->n == ENTRIES_MAX)
		return NULL;
	struct entry_tally *e = &a->e[a->n++];
	e->entry = entry;
	return e;
}

/* The instructions run since the last call belong to the last outside block: its
 * first k, in the episode open then (if any). */
static void settle(struct follow *f, uint64_t insns)
{
	uint64_t k = insns - f->insns_then;
	f->insns_then = insns;
	struct vcpu_state *v = f->last_vcpu;
	if (!f->last || !v || !v->episode || !k)
		return;
	v->size += k;
	struct entry_tally *e = entry_of(v->run, v->entry);
	if (e)
		tally_add(&e->blocks, (uintptr_t)f->last, k, 1);
}

#define HOOK(f, name, ...) do { \
	if ((f)->hooks && (f)->hooks->name) \
		(f)->hooks->name((f)->hooks_ctx, __VA_ARGS__); \
} while (0)

static unsigned vcpu_number(const struct follow *f, const struct vcpu_state *v)
{
	return (unsigned)(v - f->vcpu);
}

static void close_episode(struct follow *f, struct vcpu_state *v)
{
	if (!v->episode)
		return;
	v->episode = false;
	HOOK(f, episode_end, vcpu_number(f, v));
	f->episodes++;
	struct entry_tally *e = entry_of(v->run, v->entry);
	if (!e) {
		v->run->overflow++;
		return;
	}
	e->episodes++;
	e->instructions += v->size;
	tally_add(&e->sizes, v->size, 0, 1);
}

static void write_block(FILE *out, struct block *b)
{
	fprintf(out, "block 0x%llx %u ", (unsigned long long)b->vaddr, b->n);
	for (uint32_t i = 0; i < b->n; i++)
		fprintf(out, "%s%u", i ? "," : "", b->offsets[i]);
	fputc('\n', out);
	b->written = true;
}

static void write_blocks(FILE *out, struct entry_tally *e)
{
	for (size_t i = 0; i < e->blocks.cap; i++) {
		const struct tally_slot *s = &e->blocks.slot[i];
		struct block *b = (struct block *)(uintptr_t)s->a;
		if (s->count && !b->written)
			write_block(out, b);
	}
	for (size_t i = 0; i < e->blocks.cap; i++) {
		const struct tally_slot *s = &e->blocks.slot[i];
		if (s->count)
			fprintf(out, "tb 0x%llx 0x%llx %llu %llu\n", (unsigned long long)e->entry,
				(unsigned long long)((struct block *)(uintptr_t)s->a)->vaddr,
				(unsigned long long)s->b, (unsigned long long)s->count);
	}
}

static void write_entry(FILE *out, struct entry_tally *e)
{
	fprintf(out, "ep 0x%llx %llu %llu\n", (unsigned long long)e->entry,
		(unsigned long long)e->episodes, (unsigned long long)e->instructions);
	for (size_t i = 0; i < e->sizes.cap; i++)
		if (e->sizes.slot[i].count)
			fprintf(out, "size 0x%llx %llu %llu\n", (unsigned long long)e->entry,
				(unsigned long long)e->sizes.slot[i].a,
				(unsigned long long)e->sizes.slot[i].count);
	write_blocks(out, e);
}

static void end_run(struct follow *f, struct vcpu_state *v, bool open)
{
	struct run_aggregate *a = v->run;
	uint64_t episodes = 0, instructions = 0;
	fprintf(f->out, "run %u %llu\n", (unsigned)(v - f->vcpu), (unsigned long long)v->ordinal - 1);
	for (unsigned i = 0; i < a->n; i++) {
		write_entry(f->out, &a->e[i]);
		episodes += a->e[i].episodes;
		instructions += a->e[i].instructions;
		tally_free(&a->e[i].sizes);
		tally_free(&a->e[i].blocks);
	}
	HOOK(f, run_end, vcpu_number(f, v), f->out);
	fprintf(f->out, "endrun %u %llu %llu %llu%s%s", (unsigned)(v - f->vcpu),
		(unsigned long long)v->ordinal - 1, (unsigned long long)episodes,
		(unsigned long long)instructions, a->unfollowed ? " unfollowed" : "",
		open ? " open" : "");
	if (a->overflow)
		fprintf(f->out, " unkept %llu", (unsigned long long)a->overflow);
	fputc('\n', f->out);
	fflush(f->out);
	free(a);
	v->run = NULL;
}

static struct vcpu_state *vcpu_of(struct follow *f, unsigned vcpu)
{
	return &f->vcpu[vcpu < f->vcpus ? vcpu : f->vcpus - 1];
}

void follow_outside(struct follow *f, unsigned vcpu, struct block *b, uint64_t insns,
		    uint64_t loop)
{
	settle(f, insns);
	struct vcpu_state *v = vcpu_of(f, vcpu);
	bool left = f->vcpus == 1 ? loop != v->loop_seen : v->measured;
	v->loop_seen = loop;
	v->measured = false;
	if (left) {
		v->in_call = v->call_pending;
		v->call_pending = false;
	}
	if (v->in_call) {
		f->last = NULL;
		return;
	}
	if (v->depth > 0 && (left || !v->episode)) {
		close_episode(f, v);
		v->episode = true;
		v->entry = b->vaddr;
		v->size = 0;
		HOOK(f, episode_begin, vcpu, b->vaddr);
	}
	HOOK(f, block, vcpu, b);
	f->last = b;
	f->last_vcpu = v;
}

/* Measured code runs on v: the outside block before it is settled, and an open
 * episode ends. */
static struct vcpu_state *measured_runs(struct follow *f, unsigned vcpu, uint64_t insns)
{
	settle(f, insns);
	f->last = NULL;
	struct vcpu_state *v = vcpu_of(f, vcpu);
	v->measured = true;
	close_episode(f, v);
	return v;
}

void follow_entry(struct follow *f, unsigned vcpu, uint64_t insns, bool followed)
{
	struct vcpu_state *v = measured_runs(f, vcpu, insns);
	if (v->depth++ > 0)
		return;
	v->run = calloc(1, sizeof(*v->run));
	if (!v->run) {
		fprintf(f->out, "error out of memory\n");
		abort();
	}
	v->run->unfollowed = !followed;
	v->ordinal++;
	HOOK(f, run_begin, vcpu_number(f, v));
	f->runs++;
}

void follow_return(struct follow *f, unsigned vcpu, uint64_t insns)
{
	struct vcpu_state *v = measured_runs(f, vcpu, insns);
	if (v->depth == 0)          /* a return whose call came before the plugin did */
		return;
	if (--v->depth == 0)
		end_run(f, v, false);
}

void follow_call_out(struct follow *f, unsigned vcpu, uint64_t insns)
{
	measured_runs(f, vcpu, insns)->call_pending = true;
}

void follow_measured(struct follow *f, unsigned vcpu, uint64_t insns)
{
	measured_runs(f, vcpu, insns);
}

void follow_finish(struct follow *f, uint64_t insns)
{
	settle(f, insns);
	for (unsigned i = 0; i < f->vcpus; i++) {
		struct vcpu_state *v = &f->vcpu[i];
		close_episode(f, v);
		if (v->run)
			end_run(f, v, true);
	}
	fprintf(f->out, "exit runs %llu episodes %llu\n", (unsigned long long)f->runs,
		(unsigned long long)f->episodes);
	fflush(f->out);
}
