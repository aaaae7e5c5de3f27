/* lib/run/idlestate.c: the wait= words and the states they name, from the CPUID values
 * real CPUs and the emulators here give. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "idlestate.h"

static struct idle_word word(const char *s)
{
	struct idle_word w;
	if (!idle_parse_word(s, strlen(s), &w))
		fail_msg("\"%s\" refused", s);
	return w;
}

static void words(void **state)
{
	struct idle_word w = word("mwait:C1.15");
	assert_int_equal(w.kind, IDLE_MWAIT);
	assert_false(w.mwait_all);
	assert_int_equal(w.cstate, 1);
	assert_int_equal(w.sub, 15);
	w = word("mwait:C7");
	assert_int_equal(w.cstate, 7);
	assert_int_equal(w.sub, 0);
	assert_true(word("mwait").mwait_all);
	assert_int_equal(word("tpause:C0.2").sub, 2);
	assert_int_equal(word("spin").kind, IDLE_SPIN);
	const char *bad[] = { "mwait:", "mwait:C0", "mwait:C8", "mwait:C1.", "mwait:C1.16",
			      "mwait:C1.01", "mwait:C1.1.1", "mwait:c1", "tpause", "tpause:C0",
			      "tpause:C0.0", "tpause:C1.1", "halt", "hlt2", "" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct idle_word x;
		if (idle_parse_word(bad[i], strlen(bad[i]), &x))
			fail_msg("\"%s\" accepted", bad[i]);
	}
}

/* The names of the states word s resolves to on c, joined by spaces; why gets the
 * reason when none. */
static const char *resolve(const char *s, const struct idle_cpuid *c, const char **why)
{
	static char names[512];
	struct idle_state st[IDLE_MAX_STATES];
	struct idle_word w = word(s);
	unsigned n = idle_resolve(&w, c, st, IDLE_MAX_STATES, why);
	names[0] = 0;
	for (unsigned i = 0; i < n; i++) {
		strcat(names, i ? " " : "");
		strcat(names, st[i].name);
	}
	return names;
}

/* QEMU 7.2 TCG, -cpu max: MONITOR, leaf 5 with EDX 0 (qemu-cpu-features.md). */
static void qemu_tcg(void **state)
{
	struct idle_cpuid c = { .monitor = true, .leaf5 = true, .leaf5_edx = 0 };
	const char *why;
	assert_string_equal(resolve("mwait", &c, &why), "mwait:C1");
	assert_null(why);
	assert_string_equal(resolve("mwait:C1", &c, &why), "mwait:C1");
	assert_string_equal(resolve("mwait:C1.1", &c, &why), "");
	assert_string_equal(why, "CPUID.05H:EDX[7:4] enumerates 0 sub-states of MWAIT C1");
	assert_string_equal(resolve("mwait:C3", &c, &why), "");
	assert_string_equal(why, "CPUID.05H:EDX[15:12] enumerates 0 sub-states of MWAIT C3");
	assert_string_equal(resolve("tpause:C0.1", &c, &why), "");
	assert_string_equal(why, "no TPAUSE (CPUID.(07H,0):ECX[5] WAITPKG clear)");
	assert_string_equal(resolve("hlt", &c, &why), "hlt");
	assert_string_equal(resolve("spin", &c, &why), "spin");
}

/* -cpu qemu64 has no MONITOR; a CPU whose maximum leaf stops below 5 still has hint 0. */
static void no_monitor(void **state)
{
	struct idle_cpuid c = { .monitor = false };
	const char *why;
	assert_string_equal(resolve("mwait", &c, &why), "");
	assert_string_equal(why, "no MONITOR/MWAIT (CPUID.01H:ECX[3] clear)");
	assert_string_equal(resolve("mwait:C1", &c, &why), "");
	assert_non_null(strstr(why, "MONITOR/MWAIT"));
	c = (struct idle_cpuid){ .monitor = true, .leaf5 = false, .leaf5_edx = 0x11142120 };
	assert_string_equal(resolve("mwait", &c, &why), "mwait:C1");
}

/* A Skylake client's leaf 5 EDX, 0x11142120: C1 2 sub-states, C2 1, C3 2, C4 4,
 * C5 1, C6 1, C7 1 (C0's nibble 0). */
static void skylake(void **state)
{
	struct idle_cpuid c = { .monitor = true, .leaf5 = true, .leaf5_ecx = 3,
				.leaf5_edx = 0x11142120 };
	const char *why;
	assert_string_equal(resolve("mwait", &c, &why),
			    "mwait:C1 mwait:C1.1 mwait:C2 mwait:C3 mwait:C3.1 mwait:C4 mwait:C4.1 "
			    "mwait:C4.2 mwait:C4.3 mwait:C5 mwait:C6 mwait:C7");
	assert_string_equal(resolve("mwait:C4.3", &c, &why), "mwait:C4.3");
	assert_string_equal(resolve("mwait:C4.4", &c, &why), "");
	assert_string_equal(why, "CPUID.05H:EDX[19:16] enumerates 4 sub-states of MWAIT C4");
	assert_string_equal(resolve("mwait:C2.1", &c, &why), "");
	assert_string_equal(why, "CPUID.05H:EDX[11:8] enumerates 1 sub-state of MWAIT C2");
	assert_int_equal(idle_mwait_substates(&c, 0), 0);
	assert_int_equal(idle_mwait_substates(&c, 4), 4);
	assert_int_equal(idle_mwait_substates(&c, 7), 1);

	struct idle_state st[IDLE_MAX_STATES];
	struct idle_word w = word("mwait");
	unsigned n = idle_resolve(&w, &c, st, IDLE_MAX_STATES, &why);
	assert_int_equal(n, 12);
	assert_int_equal(st[1].hint, 0x01);
	assert_false(st[1].deep);
	assert_int_equal(st[2].hint, 0x10);
	assert_true(st[2].deep);
	assert_int_equal(st[11].hint, 0x60);
	/* without ARAT the local APIC timer may stop from C2 on */
	assert_true(idle_lapic_wakes(&st[1], false));
	assert_false(idle_lapic_wakes(&st[2], false));
	assert_true(idle_lapic_wakes(&st[2], true));
	/* room for fewer: the first ones */
	assert_int_equal(idle_resolve(&w, &c, st, 3, &why), 3);
	assert_string_equal(st[2].name, "mwait:C2");
}

/* AMD (and QEMU's max model under TCG, whose vendor is AuthenticAMD): C1 only. */
static void amd(void **state)
{
	struct idle_cpuid c = { .monitor = true, .leaf5 = true, .leaf5_ecx = 3,
				.leaf5_edx = 0x11, .amd = true };
	const char *why;
	assert_string_equal(resolve("mwait", &c, &why), "mwait:C1");
	assert_null(why);
	assert_string_equal(resolve("mwait:C2", &c, &why), "");
	assert_non_null(strstr(why, "AMD: MWAIT enters C1 only"));
	assert_string_equal(resolve("mwait:C1.1", &c, &why), "");
	assert_non_null(strstr(why, "AMD"));
}

static void tpause(void **state)
{
	struct idle_cpuid c = { .monitor = true, .leaf5 = true, .waitpkg = true };
	struct idle_state st[2];
	const char *why;
	struct idle_word w = word("tpause:C0.1");
	assert_int_equal(idle_resolve(&w, &c, st, 2, &why), 1);
	assert_int_equal(st[0].hint, 1);                /* ECX[0] = 1: C0.1 */
	assert_string_equal(st[0].name, "tpause:C0.1");
	assert_false(st[0].deep);
	w = word("tpause:C0.2");
	assert_int_equal(idle_resolve(&w, &c, st, 2, &why), 1);
	assert_int_equal(st[0].hint, 0);
	assert_string_equal(st[0].name, "tpause:C0.2");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(words),
		cmocka_unit_test(qemu_tcg),
		cmocka_unit_test(no_monitor),
		cmocka_unit_test(skylake),
		cmocka_unit_test(amd),
		cmocka_unit_test(tpause),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
