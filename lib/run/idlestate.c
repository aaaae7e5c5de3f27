/* The idle states and wait= words (see idlestate.h). */
#include "idlestate.h"
#include "format.h"
#include "lib.h"

static bool is(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && !strncmp(s, word, len);
}

/* "n" or "n.k" with n in lo..hi and k 0..15 (k absent: 0). */
static bool parse_cstate(const char *s, size_t len, unsigned lo, unsigned hi,
			 struct idle_word *w)
{
	if (!len || s[0] < '0' + (int)lo || s[0] > '0' + (int)hi)
		return false;
	w->cstate = (uint8_t)(s[0] - '0');
	w->sub = 0;
	if (len == 1)
		return true;
	if (s[1] != '.' || len < 3 || len > 4)
		return false;
	unsigned k = 0;
	for (size_t i = 2; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		k = k * 10 + (unsigned)(s[i] - '0');
	}
	if (k > 15 || (len == 4 && s[2] == '0'))
		return false;
	w->sub = (uint8_t)k;
	return true;
}

bool idle_parse_word(const char *s, size_t len, struct idle_word *w)
{
	*w = (struct idle_word){ 0 };
	if (is(s, len, "spin") || is(s, len, "hlt")) {
		w->kind = is(s, len, "spin") ? IDLE_SPIN : IDLE_HLT;
		return true;
	}
	if (is(s, len, "mwait")) {
		w->kind = IDLE_MWAIT;
		w->mwait_all = true;
		return true;
	}
	if (len > 7 && !strncmp(s, "mwait:C", 7)) {
		w->kind = IDLE_MWAIT;
		return parse_cstate(s + 7, len - 7, 1, 7, w);
	}
	if (len > 8 && !strncmp(s, "tpause:C", 8)) {
		w->kind = IDLE_TPAUSE;
		return parse_cstate(s + 8, len - 8, 0, 0, w) && (w->sub == 1 || w->sub == 2);
	}
	return false;
}

unsigned idle_mwait_substates(const struct idle_cpuid *c, unsigned n)
{
	if (!c->leaf5 || n > 7)
		return 0;
	return (c->leaf5_edx >> (4 * n)) & 0xf;
}

void idle_state_name(uint8_t kind, uint8_t hint, char *buf, size_t size)
{
	unsigned n = (hint >> 4) + 1, k = hint & 0xf;
	if (kind == IDLE_SPIN || kind == IDLE_HLT)
		format(buf, size, "%s", kind == IDLE_SPIN ? "spin" : "hlt");
	else if (kind == IDLE_TPAUSE)
		format(buf, size, "tpause:C0.%u", hint & 1 ? 1 : 2);
	else if (k)
		format(buf, size, "mwait:C%u.%u", n, k);
	else
		format(buf, size, "mwait:C%u", n);
}

void idle_word_name(const struct idle_word *w, char *buf, size_t size)
{
	if (w->kind == IDLE_MWAIT && w->mwait_all)
		format(buf, size, "mwait");
	else if (w->kind == IDLE_TPAUSE)
		format(buf, size, "tpause:C0.%u", w->sub);
	else
		idle_state_name(w->kind, (uint8_t)((w->cstate ? w->cstate - 1 : 0) << 4 | w->sub),
				buf, size);
}

static unsigned put(struct idle_state *out, unsigned max, unsigned n, uint8_t kind,
		    uint8_t hint)
{
	if (n >= max)
		return n;
	out[n] = (struct idle_state){ kind, hint, kind == IDLE_MWAIT && hint >= 0x10, "" };
	idle_state_name(kind, hint, out[n].name, sizeof(out[n].name));
	return n + 1;
}

/* "mwait": each C-state's enumerated sub-states, C1 up; hint 0 alone where leaf 5
 * enumerates nothing (QEMU TCG: EDX 0) or the CPU is AMD's. */
static unsigned every_hint(const struct idle_cpuid *c, struct idle_state *out, unsigned max)
{
	unsigned n = 0;
	for (unsigned cs = 1; cs <= 7 && !c->amd; cs++)
		for (unsigned k = 0; k < idle_mwait_substates(c, cs); k++)
			n = put(out, max, n, IDLE_MWAIT, (uint8_t)((cs - 1) << 4 | k));
	return n ? n : put(out, max, 0, IDLE_MWAIT, 0);
}

static const char *mwait_why(const struct idle_word *w, const struct idle_cpuid *c)
{
	static char why[128];
	bool hint0 = w->mwait_all || (w->cstate == 1 && w->sub == 0);
	if (!c->monitor)
		return "no MONITOR/MWAIT (CPUID.01H:ECX[3] clear)";
	if (c->amd && !hint0)
		return "AMD: MWAIT enters C1 only; deeper core states are entered by the I/O "
		       "read ACPI _CST names, which tickbench does not interpret";
	if (hint0 || w->sub < idle_mwait_substates(c, w->cstate))
		return NULL;
	format(why, sizeof(why), "CPUID.05H:EDX[%u:%u] enumerates %u sub-state%s of MWAIT C%u",
	       4 * w->cstate + 3, 4 * w->cstate, idle_mwait_substates(c, w->cstate),
	       idle_mwait_substates(c, w->cstate) == 1 ? "" : "s", w->cstate);
	return why;
}

unsigned idle_resolve(const struct idle_word *w, const struct idle_cpuid *c,
		      struct idle_state *out, unsigned max, const char **why)
{
	*why = NULL;
	switch (w->kind) {
	case IDLE_SPIN:
	case IDLE_HLT:
		return put(out, max, 0, w->kind, 0);
	case IDLE_TPAUSE:
		if (!c->waitpkg) {
			*why = "no TPAUSE (CPUID.(07H,0):ECX[5] WAITPKG clear)";
			return 0;
		}
		return put(out, max, 0, IDLE_TPAUSE, w->sub == 1 ? 1 : 0);
	}
	if ((*why = mwait_why(w, c)))
		return 0;
	if (w->mwait_all)
		return every_hint(c, out, max);
	return put(out, max, 0, IDLE_MWAIT, (uint8_t)((w->cstate - 1) << 4 | w->sub));
}
