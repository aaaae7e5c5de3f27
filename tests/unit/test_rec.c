/* lib/record/rec_*.c, the record reader the kernel's report and tickstat share: every line
 * of a real log parsed with the kernel's CRC (lib/c/crc32.c) and its fields read
 * back; damaged lines refused, each with its reason. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "configuration.h"
#include "crc32.h"
#include "rec.h"

static char str[8192];
static uint64_t arr[4097];
static struct rec r;

static uint32_t crc(const void *data, size_t len) { return crc32_update(0, data, len); }

static const struct rec_scratch scratch = { str, arr, crc, NULL };

static const char *parse(const char *line)
{
	return rec_parse(&r, line, strlen(line), &scratch);
}

/* A record line of body ("{...," without the crc) with its CRC. */
static const char *sealed(const char *body)
{
	static char line[1024];
	int n = snprintf(line, sizeof(line), "%s", body);
	snprintf(line + n, sizeof(line) - (size_t)n, ",\"crc\":\"%08x\"}", crc32_update(0, line, (size_t)n));
	return line;
}

/* The kinds of r's fields as bytes (rec.h's kinds) are their values' kinds. */
static void kinds_as_bytes(void)
{
	for (size_t i = 0; i < r.nfields; i++)
		assert_int_equal(r.kinds[i], r.f[i].v.kind);
}

/* Every record of a real log (tick on one and two CPUs): intact, its type, seq in
 * order, and a run record's fields as the kernel wrote them. */
static void a_real_log(void **state)
{
	char line[8192];
	FILE *f = fopen(LOG_DIR "/tick-cpus-1-2.log", "r");
	uint64_t seq = 0, runs = 0;
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		size_t len = strcspn(line, "\r\n");
		if (line[0] != '{')
			continue;
		const char *e = rec_parse(&r, line, len, &scratch);
		if (e)
			fail_msg("seq %llu: %s", (unsigned long long)seq, e);
		assert_int_equal(r.seq, seq++);
		kinds_as_bytes();
		if (strcmp(r.type, "run"))
			continue;
		uint64_t cycles, hz;
		bool on;
		assert_true(rec_u64(&r, "cycles", &cycles) && cycles > 0);
		assert_true(rec_u64(&r, "hz", &hz) && hz == 1000);
		assert_true(rec_bool(&r, "timer_on", &on));
		assert_string_equal(rec_str(&r, "timer"), "lapic");
		assert_null(rec_str(&r, "cycles"));           /* an integer, not a string */
		runs++;
	}
	fclose(f);
	assert_true(seq > 40 && runs > 10);
}

static void fields_read_back(void **state)
{
	assert_null(parse(sealed("{\"type\":\"x\",\"seq\":7,\"s\":\"a\\u00e9\\n\",\"i\":-42,"
				 "\"u\":18446744073709551615,\"b\":true,\"a\":[1,2,3]")));
	uint64_t u;
	bool b;
	assert_string_equal(r.type, "x");
	assert_int_equal(r.seq, 7);
	assert_string_equal(rec_str(&r, "s"), "a\xc3\xa9\n");
	const struct value *i = rec_get(&r, "i");
	assert_true(i && i->kind == V_INT && i->neg && i->u == 42);
	assert_false(rec_u64(&r, "i", &u));                 /* negative */
	assert_true(rec_u64(&r, "u", &u) && u == UINT64_MAX);
	assert_true(rec_bool(&r, "b", &b) && b);
	const struct value *a = rec_get(&r, "a");
	assert_true(a && a->kind == V_ARRAY && a->len == 3 && a->arr[2] == 3);
	assert_null(rec_get(&r, "missing"));
	kinds_as_bytes();          /* the full parser's (an escape): all four kinds */
	assert_true(r.kinds[0] == V_STRING && r.kinds[1] == V_INT && r.kinds[3] == V_BOOL &&
		    r.kinds[4] == V_ARRAY);
}

/* Keys of one signature (length, first and last bytes), short, of 9 to 16 bytes
 * (compared as words) and longer: each finds its own field, the first in its slot
 * or the one probed after it, and a key of that signature the record lacks none. */
static void keys_of_one_signature(void **state)
{
	assert_null(parse(sealed("{\"type\":\"x\",\"seq\":1,\"mina\":1,\"maxa\":2,"
				 "\"tick_code_kib\":3,\"tick_data_kib\":4,"
				 "\"abcdefgh1234z\":7,\"abcdefgh5678z\":8,"
				 "\"a23456789012345678z\":5,\"a2345678901234567Xz\":6")));
	static const struct { const char *key; uint64_t want; } fields[] = {
		{ "maxa", 2 }, { "mina", 1 }, { "tick_data_kib", 4 }, { "tick_code_kib", 3 },
		{ "a2345678901234567Xz", 6 }, { "a23456789012345678z", 5 },
	};
	uint64_t u;
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		assert_true(rec_u64(&r, fields[i].key, &u) && u == fields[i].want);
	assert_true(rec_u64(&r, "maxa", &u) && u == 2);       /* literals: folded */
	assert_true(rec_u64(&r, "tick_code_kib", &u) && u == 3);
	assert_true(rec_u64(&r, "abcdefgh5678z", &u) && u == 8);   /* its second word differs */
	assert_true(rec_u64(&r, "abcdefgh1234z", &u) && u == 7);
	assert_true(rec_u64(&r, "a2345678901234567Xz", &u) && u == 6);
	assert_null(rec_get(&r, "mida"));
	assert_null(rec_get(&r, "tick_page_kib"));
	assert_null(rec_get(&r, "a2345678901234567Yz"));
}

/* Integers of 1 to 19 digits read by the kernel's form in one to three words, each
 * as strtoull reads it, alone and in an array; 20 digits and a leading zero left to
 * the full parser, which reads the one and refuses the other. */
static void integers_of_every_length(void **state)
{
	static const char digits[] = "12345678912345678912";   /* no 0: no leading zero */
	char body[256];
	for (size_t n = 1; n <= 20; n++) {
		char num[24];
		uint64_t want;
		memcpy(num, digits + 20 - n, n);
		num[n] = 0;
		want = strtoull(num, NULL, 10);
		snprintf(body, sizeof(body), "{\"type\":\"x\",\"seq\":1,\"u\":%s,\"a\":[7,%s,1]", num, num);
		const char *line = sealed(body);
		bool fast = rec_parse_fast(&r, line, strlen(line), &scratch);
		if (fast != (n < 20))
			fail_msg("%zu digits: the fast parser %s", n, fast ? "took it" : "gave up");
		assert_null(parse(line));
		const struct value *u = rec_get(&r, "u"), *a = rec_get(&r, "a");
		if (!u || u->u != want || !a || a->len != 3 || a->arr[1] != want || a->arr[2] != 1)
			fail_msg("%zu digits: %s read wrong", n, num);
	}
	snprintf(body, sizeof(body), "{\"type\":\"x\",\"seq\":1,\"u\":012345678901");
	assert_false(rec_parse_fast(&r, sealed(body), strlen(sealed(body)), &scratch));
	assert_non_null(parse(sealed(body)));
}

/* Each damage, and the words that name it. */
static void damaged_lines(void **state)
{
	static const struct { const char *line, *why; bool seal; } bad[] = {
		{ "{\"type\":\"x\",\"seq\":1,\"a\":1}", "no \"crc\"", false },
		{ "{\"type\":\"x\",\"seq\":1,\"a\":1,\"crc\":\"00000000\"}", "CRC mismatch", false },
		{ "{\"type\":\"x\",\"seq\":1,\"a\":1,\"crc\":\"0000", "cut short", false },
		{ "{\"seq\":1,\"type\":\"x\"", "first member is not \"type\"", true },
		{ "{\"type\":\"x\",\"seq\":-1", "\"seq\"", true },
		{ "{\"type\":\"x\",\"seq\":1,\"a\":1,\"a\":2", "duplicate member", true },
		{ "{\"type\":\"x\",\"seq\":1,\"a\":{\"b\":1}", "nested objects", true },
		{ "{\"type\":\"x\",\"seq\":1,\"a\":1.5", "not an integer", true },
		{ "{\"type\":\"x\",\"seq\":1,\"a\":01", "leading zero", true },
		{ "{\"type\":\"x\",\"seq\":1,\"a\":null", "null", true },
		{ "{\"type\":\"x\",\"seq\":1,\"a\":\"\\q\"", "bad escape", true },
		{ "{\"type\":\"x\",\"seq\":1,\"a\":\"\xff\"", "not UTF-8", true },
		{ "{\"type\":\"x\",\"seq\":1,\"a\":[1,-2]", "unsigned integers only", true },
		{ "{\"type\":\"x\",\"seq\":1,\"a\":99999999999999999999", "out of range", true },
		{ "[1]", "expected '{'", false },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *e = parse(bad[i].seal ? sealed(bad[i].line) : bad[i].line);
		if (!e || !strstr(e, bad[i].why))
			fail_msg("line %zu: \"%s\", not \"%s\"", i, e ? e : "(accepted)", bad[i].why);
	}
	/* one bit off in a real record */
	char line[256];
	snprintf(line, sizeof(line), "%s", sealed("{\"type\":\"end\",\"seq\":9,\"status\":\"pass\""));
	assert_null(parse(line));
	line[33] ^= 1;                          /* "pass": "qass" */
	assert_non_null(strstr(parse(line), "CRC mismatch"));
}

/* A record's configuration (lib/record/configuration.c): its type and its fields of role
 * configuration or note (lib/record/schema.def), in the record's order; a measurement
 * (cycles) and the identity (seq, cpu, run) not among them. */
static void configuration_keys(void **state)
{
	struct configuration c;
	assert_null(parse(sealed("{\"type\":\"run\",\"seq\":3,\"bench\":\"tick\",\"cpu\":0,"
				 "\"cpus\":1,\"timer\":\"hpet\",\"hz\":100,\"run\":2,"
				 "\"tick_data_kib\":16,\"cycles\":5")));
	configuration_of(&c, &r);
	assert_string_equal(c.text, "run bench=tick cpus=1 timer=hpet hz=100 tick_data_kib=16");
	assert_true(configuration_is(&r, c.text));
	assert_false(configuration_is(&r, "run bench=tick cpus=1 timer=hpet hz=1000 tick_data_kib=16"));
	assert_false(configuration_is(&r, "run bench=tick cpus=1 timer=hpet hz=100"));
	assert_false(configuration_field(&r, 1) || configuration_field(&r, 9));  /* seq, cycles */
	/* a table's key: the parts it names, without the type, the absent one's text
	 * where r lacks it */
	static const struct configuration_part parts[] = {
		{ "timer", "" }, { "mode", "periodic" }, { "cpus", "1" }, { NULL, NULL } };
	struct configuration k;
	configuration_pick(&k, &r, parts);
	assert_string_equal(k.text, "timer=hpet mode=periodic cpus=1");
	/* items kept once each, in the order met, each with its configuration */
	struct item { struct configuration c; int n; };
	struct configurations t = { .size = sizeof(struct item), .max = 2 };
	bool added;
	assert_int_equal(configurations_place(&t, &c, &added), 0);
	assert_true(added);
	((struct item *)configurations_at(&t, 0))->n = 7;
	assert_int_equal(configurations_place(&t, &k, &added), 1);
	assert_int_equal(((struct item *)configurations_at(&t, 1))->n, 0);   /* zeroed */
	assert_int_equal(configurations_place(&t, &c, &added), 0);
	assert_false(added);
	assert_int_equal(((struct item *)configurations_at(&t, 0))->n, 7);
	assert_int_equal(configurations_find(&t, &c, 1), -1);
	configuration_add(&k, "machine", "m1");
	assert_string_equal(k.text, "timer=hpet mode=periodic cpus=1 machine=m1");
	assert_int_equal(configurations_place(&t, &k, &added), -1);   /* full */
	configurations_free(&t);
}

/* Records read against the shapes of those before (lib/record/rec_shapes.c): a record
 * of the same keys gets its type's shape id and finds its fields; one whose keys
 * differ from some field on, or that has fewer or a key given twice, is read as
 * any other (the index made anew) and gets a new id; keys of one to four words,
 * and a prefix of another, are told apart; a key too long for a shape reads; ids
 * are unique across scratches (tickstat reads several logs, each with its own). */
static void shapes(void **state)
{
	static struct rec_shapes sh;
	const struct rec_scratch s = { str, arr, crc, &sh };
	static const char *const lines[] = {
		"{\"type\":\"x\",\"seq\":1,\"a\":1,\"bb\":2,\"ccccccccccccccccccccccccc\":3",
		"{\"type\":\"x\",\"seq\":2,\"a\":4,\"bb\":5,\"ccccccccccccccccccccccccc\":6",
		"{\"type\":\"y\",\"seq\":3,\"a\":7",
		"{\"type\":\"x\",\"seq\":4,\"a\":8,\"bbb\":9,\"ccccccccccccccccccccccccc\":10",
		"{\"type\":\"x\",\"seq\":5,\"a\":11",
		"{\"type\":\"x\",\"seq\":6,\"a\":12,\"a2345678901234567890123456789\":13",
	};
	uint64_t id[6], u;
	for (size_t i = 0; i < 6; i++) {
		const char *line = sealed(lines[i]);
		assert_null(rec_parse(&r, line, strlen(line), &s));
		id[i] = r.shape;
		assert_true(rec_u64(&r, "a", &u));
	}
	assert_true(id[0] && id[1] == id[0] && id[2] && id[2] != id[0]);
	assert_true(id[3] && id[3] != id[0] && id[4] && id[4] != id[3]);
	assert_int_equal(id[5], 0);                              /* a key of 29 bytes */
	assert_true(rec_u64(&r, "a2345678901234567890123456789", &u) && u == 13);
	const char *line = sealed(lines[1]);                   /* x's shape is now [5]'s */
	assert_null(rec_parse(&r, line, strlen(line), &s));
	assert_true(rec_u64(&r, "ccccccccccccccccccccccccc", &u) && u == 6);
	line = sealed(lines[3]);
	assert_null(rec_parse(&r, line, strlen(line), &s));
	assert_true(rec_u64(&r, "bbb", &u) && u == 9);
	assert_null(rec_get(&r, "bb"));
	assert_true(rec_u64(&r, "ccccccccccccccccccccccccc", &u) && u == 10);
	line = sealed(lines[4]);                               /* fewer keys than [3] */
	assert_null(rec_parse(&r, line, strlen(line), &s));
	assert_true(rec_u64(&r, "a", &u) && u == 11);
	assert_null(rec_get(&r, "bbb"));
	assert_null(rec_get(&r, "ccccccccccccccccccccccccc"));
	line = sealed("{\"type\":\"x\",\"seq\":7,\"a\":1,\"a\":2");   /* after [4]: a, a */
	assert_non_null(strstr(rec_parse(&r, line, strlen(line), &s), "duplicate member"));
	/* another log's shapes: its ids are new ones, not the first log's again */
	static struct rec_shapes other;
	const struct rec_scratch s2 = { str, arr, crc, &other };
	line = sealed("{\"type\":\"z\",\"seq\":1,\"q\":1");
	assert_null(rec_parse(&r, line, strlen(line), &s2));
	for (size_t i = 0; i < 6; i++)
		assert_true(r.shape != id[i]);
}

/* The shape a line of body gets, read with s; its fields' values checked: key
 * "a" is 1, and "b", where the line has it, 2. */
static uint64_t shape_read(const struct rec_scratch *s, const char *body)
{
	const char *line = sealed(body);
	uint64_t u;
	assert_null(rec_parse(&r, line, strlen(line), s));
	kinds_as_bytes();
	assert_true(rec_u64(&r, "a", &u) && u == 1);
	assert_true(!rec_get(&r, "b") || (rec_u64(&r, "b", &u) && u == 2));
	return r.shape;
}

/* A type's shapes taken in turns each keep their id (the tick benchmark's runs
 * with the timer and without it, which differ by "expected": with one shape a
 * type, each record was read as new); one that is another's first keys, and
 * another's with a key more, are told from it; sixteen shapes of a type, and
 * twenty types, are kept at once. */
static void shapes_in_turns(void **state)
{
	static struct rec_shapes sh;
	const struct rec_scratch s = { str, arr, crc, &sh };
	static const char *const bodies[] = {
		"{\"type\":\"run\",\"seq\":1,\"a\":1,\"interrupts\":0,\"b\":2",
		"{\"type\":\"run\",\"seq\":2,\"a\":1,\"interrupts\":9,\"expected\":9,\"b\":2",
		"{\"type\":\"run\",\"seq\":3,\"a\":1,\"interrupts\":9",
		"{\"type\":\"run\",\"seq\":4,\"a\":1,\"interrupts\":9,\"expected\":9,\"b\":2,\"c\":3",
	};
	uint64_t id[4];
	for (size_t i = 0; i < 4; i++)
		id[i] = shape_read(&s, bodies[i]);
	for (size_t i = 0; i < 4; i++)
		for (size_t j = 0; j < i; j++)
			assert_true(id[i] && id[i] != id[j]);
	for (size_t round = 0; round < 3; round++)
		for (size_t i = 0; i < 4; i++)
			assert_int_equal(shape_read(&s, bodies[(i * 3 + round) % 4]),
					 id[(i * 3 + round) % 4]);
	char body[160];
	uint64_t many[REC_SHAPE_WAYS], types[20];
	for (int round = 0; round < 2; round++) {
		for (int k = 0; k < REC_SHAPE_WAYS; k++) {   /* one type's 16 shapes */
			snprintf(body, sizeof(body), "{\"type\":\"stats\",\"seq\":1,\"a\":1,\"k%d\":0", k);
			uint64_t got = shape_read(&s, body);
			assert_true(round ? got == many[k] : (many[k] = got) != 0);
		}
		for (int k = 0; k < 20; k++) {                 /* twenty types */
			snprintf(body, sizeof(body), "{\"type\":\"type%d\",\"seq\":1,\"a\":1", k);
			uint64_t got = shape_read(&s, body);
			assert_true(round ? got == types[k] : (types[k] = got) != 0);
		}
	}
	for (size_t i = 0; i < 4; i++)      /* run's shapes kept through it all */
		assert_int_equal(shape_read(&s, bodies[i]), id[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_real_log),
		cmocka_unit_test(fields_read_back),
		cmocka_unit_test(keys_of_one_signature),
		cmocka_unit_test(integers_of_every_length),
		cmocka_unit_test(damaged_lines),
		cmocka_unit_test(configuration_keys),
		cmocka_unit_test(shapes),
		cmocka_unit_test(shapes_in_turns),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
