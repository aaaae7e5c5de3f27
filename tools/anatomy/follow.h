/* The anatomy's follower: what the QEMU plugin (plugin.c) tells it about the blocks
 * the guest executes, turned into runs of the measured code and the episodes that
 * interrupt them (docs/METHOD.md, "The tick's anatomy"). It knows nothing of QEMU,
 * so tests drive it with hand-made block sequences.
 *
 * The measured code is a set of address ranges (the measuring loop and the
 * workloads, tools/anatomy/measured.sh takes them from the ELF): a **run** is one
 * call of one of its entries, from the entry's first block to the return that
 * leaves it (calls among measured functions nest); an **episode** is every stretch
 * of execution outside the measured code while a run is on, from the first block
 * outside (its **entry**: the interrupt vector, the fault, the call) to the next
 * block of measured code. A call from the measured code out of it (ftq's fold of a
 * quantum) is the run's own work, not an episode: what it executes until the
 * measured code runs again is counted nowhere. Per run the follower keeps, for each episode entry, the
 * episodes, their instructions, the distinct episode sizes, and the instructions
 * of each block; never a trace. A run's aggregates are written when it ends, as one
 * piece from its "run" line to its "endrun" (runs of several vCPUs overlap).
 *
 * Instructions are counted exactly, however a block ends: the plugin adds one to a
 * counter before each instruction outside the measured code (QEMU stops a block at
 * an exception or an I/O access midway, and re-executes an I/O instruction in a
 * block of its own without instrumentation), and the follower takes the counter's
 * growth between two calls as the instructions of the block before: its first k.
 *
 * Output, one line each (plugin format 1):
 *   run VCPU ORDINAL                   a run of that vCPU (its ORDINAL-th, from 0) ended
 *   ep ENTRY EPISODES INSTRUCTIONS     per entry address, at the run's end
 *   size ENTRY INSTRUCTIONS COUNT      how many of its episodes had that size
 *   tb ENTRY VADDR K COUNT             a block at VADDR ran its first K instructions
 *                                      COUNT times in that entry's episodes
 *   endrun VCPU ORDINAL EPISODES INSTRUCTIONS [unfollowed] [open] [unkept N]
 *   block VADDR N OFFSET,...           a block's instructions (offsets from VADDR),
 *                                      once, before its first tb line
 * Addresses in hexadecimal (0x...), counts in decimal. */
#ifndef ANATOMY_FOLLOW_H
#define ANATOMY_FOLLOW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define FOLLOW_FORMAT 1
#define FOLLOW_MAX_VCPUS 64

/* A translated block, as the follower needs it. */
struct block {
	uint64_t vaddr;
	uint32_t n;                 /* instructions */
	uint16_t *offsets;          /* each instruction's offset from vaddr */
	bool written;               /* its block line is out */
	struct block *next;         /* the blocks table's chain */
};

struct run_aggregate;

/* What another mode (the caches', caches.h) is told as the follower goes. */
struct follow_hooks {
	void (*run_begin)(void *ctx, unsigned vcpu);
	void (*episode_begin)(void *ctx, unsigned vcpu, uint64_t entry);
	void (*episode_end)(void *ctx, unsigned vcpu);
	void (*block)(void *ctx, unsigned vcpu, struct block *b);  /* an outside block begins */
	void (*run_end)(void *ctx, unsigned vcpu, FILE *out);      /* its lines, in the run's */
};

struct vcpu_state {
	int depth;                  /* measured calls open: > 0 while a run is on */
	bool episode;               /* an episode is open */
	bool measured;              /* measured code ran since this vCPU's last outside block */
	bool call_pending;          /* a measured block that calls out of it began */
	bool in_call;               /* outside the measured code in such a call */
	uint64_t loop_seen;         /* one vCPU: the measured-block counter then */
	uint64_t ordinal;           /* runs begun */
	uint64_t entry, size;       /* the open episode's entry and instructions so far */
	struct run_aggregate *run;
};

struct follow {
	FILE *out;
	unsigned vcpus;
	struct vcpu_state vcpu[FOLLOW_MAX_VCPUS];
	/* The last outside block and whose episode its instructions go to. */
	struct block *last;
	struct vcpu_state *last_vcpu;
	uint64_t insns_then;        /* the instruction counter at the last call */
	uint64_t runs, episodes;    /* in all */
	const struct follow_hooks *hooks;   /* NULL: none */
	void *hooks_ctx;
};

void follow_init(struct follow *f, FILE *out, unsigned vcpus);

/* A block outside the measured code begins on vcpu. insns: the instruction counter
 * now; loop: the measured-block counter now (one vCPU), else ignored. */
void follow_outside(struct follow *f, unsigned vcpu, struct block *b, uint64_t insns,
		    uint64_t loop);
/* A measured block that starts at an entry begins. followed: the blocks outside the
 * measured code are followed (a run begun before they are is written "unfollowed",
 * its episodes unknown). */
void follow_entry(struct follow *f, unsigned vcpu, uint64_t insns, bool followed);
/* A measured block that ends with a return begins (it leaves a measured call). */
void follow_return(struct follow *f, unsigned vcpu, uint64_t insns);
/* A measured block that ends with a call out of the measured code begins. */
void follow_call_out(struct follow *f, unsigned vcpu, uint64_t insns);
/* Several vCPUs: any other measured block begins. */
void follow_measured(struct follow *f, unsigned vcpu, uint64_t insns);
/* The guest stopped: runs still open are written (endrun with "open") and freed. */
void follow_finish(struct follow *f, uint64_t insns);

#endif
