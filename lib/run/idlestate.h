/* The idle states a CPU offers, and the wait= words that name them: freestanding
 * decoding of CPUID values the caller reads (host-tested: tests/unit/test_idlestate.c).
 *
 *   spin           a PAUSE loop, interrupts on (C0)
 *   hlt            STI; HLT
 *   mwait          every MWAIT hint CPUID leaf 5 enumerates; mwait:C1 (hint 0) where
 *                  MONITOR exists but leaf 5 enumerates nothing, as Linux's
 *                  mwait_idle uses
 *   mwait:Cn.k     one hint: EAX[7:4] = n - 1, EAX[3:0] = k (SDM vol. 2B, MWAIT;
 *                  mwait:Cn is k = 0). n is MWAIT's own C-state number, not ACPI's
 *   tpause:C0.1    TPAUSE with ECX[0] = 1 (the faster wake), tpause:C0.2 with 0
 *                  (where CPUID.(07H,0):ECX[5] WAITPKG)
 *
 * CPUID.05H:EDX holds four bits of sub-state count per C-state: bits 3:0 C0, 7:4
 * C1, 11:8 C2, ... (SDM vol. 2A, CPUID, leaf 05H). AMD's MWAIT enters C1 only:
 * its deeper core states are entered by the I/O read that ACPI _CST names (an AML
 * method, which tickbench does not interpret), so on AMD and Hygon mwait is
 * mwait:C1, and a deeper hint is a skip that says so. */
#ifndef LIB_IDLESTATE_H
#define LIB_IDLESTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IDLE_MAX_WORDS  8       /* wait= items */
#define IDLE_MAX_STATES 32      /* states they resolve to */
#define IDLE_NAME_MAX   16      /* "mwait:C7.15" and its NUL */

enum idle_kind { IDLE_SPIN, IDLE_HLT, IDLE_MWAIT, IDLE_TPAUSE };

/* One wait= item as written: mwait_all is "mwait"; cstate and sub are MWAIT's
 * (1..7, 0..15) or TPAUSE's C0.sub (cstate 0, sub 1 or 2). */
struct idle_word {
	uint8_t kind;                   /* enum idle_kind */
	bool mwait_all;
	uint8_t cstate, sub;
};

struct wait_list {
	unsigned n;
	struct idle_word v[IDLE_MAX_WORDS];
};

/* A wait= item: spin, hlt, mwait, mwait:Cn or mwait:Cn.k (n 1..7, the C-states
 * leaf 5 can enumerate; k 0..15),
 * tpause:C0.1, tpause:C0.2. False when it is none of them. */
bool idle_parse_word(const char *s, size_t len, struct idle_word *w);
/* The accepted forms, for error messages and the help text. */
#define IDLE_WORDS_HELP \
	"spin|hlt|mwait|mwait:Cn (n 1..7)|mwait:Cn.k (k 0..15)|tpause:C0.1|tpause:C0.2"

/* What the states depend on, as CPUID gives it. */
struct idle_cpuid {
	bool monitor;                   /* CPUID.01H:ECX[3] MONITOR/MWAIT */
	bool leaf5;                     /* the maximum basic leaf reaches 05H */
	uint32_t leaf5_ecx, leaf5_edx;  /* CPUID.05H: ECX[0] EMX, ECX[1] IBE; EDX sub-states */
	bool waitpkg;                   /* CPUID.(07H,0):ECX[5] TPAUSE, UMONITOR, UMWAIT */
	bool amd;                       /* AuthenticAMD or HygonGenuine */
};
#define CPUID5_ECX_EMX  (1u << 0)       /* leaf 5 enumerates MWAIT extensions */
#define CPUID5_ECX_IBE  (1u << 1)       /* interrupts break MWAIT even with IF=0 (ECX[0]) */

/* One state to wait in. */
struct idle_state {
	uint8_t kind;                   /* enum idle_kind */
	uint8_t hint;                   /* MWAIT EAX; TPAUSE ECX (1: C0.1, 0: C0.2) */
	bool deep;                      /* an MWAIT C-state from C2 on (hint >= 0x10): a
					 * core state whose local APIC timer stops on a CPU
					 * without ARAT (SDM vol. 3A, 12.5.4) */
	char name[IDLE_NAME_MAX];       /* "hlt", "mwait:C1.1", ... as records spell it */
};

/* Sub-states MWAIT's C-state n (1..7; C0 is 0) offers: CPUID.05H:EDX[4n+3:4n]. */
unsigned idle_mwait_substates(const struct idle_cpuid *c, unsigned n);

/* The states word w names on this CPU into out[0..max): "mwait" every enumerated
 * hint in order (hint 0 alone where leaf 5 enumerates none); returns how many. With
 * none, *why says which CPUID bit or rule rules it out (a skip names it). */
unsigned idle_resolve(const struct idle_word *w, const struct idle_cpuid *c,
		      struct idle_state *out, unsigned max, const char **why);

/* The word as the command line spells it ("mwait", "mwait:C3.1", ...) into buf. */
void idle_word_name(const struct idle_word *w, char *buf, size_t size);
/* The name of a state (as idle_resolve gives it) into buf. */
void idle_state_name(uint8_t kind, uint8_t hint, char *buf, size_t size);

/* Without ARAT (CPUID.06H:EAX[2]) the local APIC timer may stop in a deep state:
 * it must then not be the only wake-up. True when waiting in s with the local APIC
 * timer as its only wake is safe. */
static inline bool idle_lapic_wakes(const struct idle_state *s, bool arat)
{
	return arat || !s->deep;
}

#endif
