/* Skip and error records (see problem.h). */
#include "problem.h"
#include "console.h"
#include "format.h"
#include "qrscreen.h"
#include "status.h"

static const char *const kind_names[] = {
	[PROBLEM_SKIP] = RECORD_TYPE(skip), [PROBLEM_ERROR] = RECORD_TYPE(error),
};

void problem_begin(struct problem *p, enum problem_kind kind, const char *bench)
{
	p->kind = kind;
	p->fields = false;
	record_begin(&p->r, kind_names[kind]);
	if (bench)
		record_str(&p->r, FIELD_OF(bench, STR, skip, error), bench);
	p->len = (size_t)format(p->line, sizeof(p->line), "%s %s", bench ? bench : "tickbench",
				kind_names[kind]);
}

/* One "key value" more in the line's parenthesis; a field that does not fit is left
 * out of the line (the record keeps it). */
static void say(struct problem *p, const char *key, const char *value)
{
	size_t room = sizeof(p->line) - p->len;
	int n = format(p->line + p->len, room, "%s%s %s", p->fields ? ", " : " (", key, value);
	if (n > 0 && (size_t)n < room) {
		p->len += (size_t)n;
		p->fields = true;
	} else {
		p->line[p->len] = '\0';
	}
}

void problem_str(struct problem *p, const char *key, const char *value)
{
	record_str(&p->r, key, value);
	say(p, key, value);
}

void problem_u64(struct problem *p, const char *key, uint64_t value)
{
	char digits[24];
	format(digits, sizeof(digits), "%llu", (unsigned long long)value);
	record_u64(&p->r, key, value);
	say(p, key, digits);
}

void problem_end(struct problem *p, const char *reason)
{
	record_str(&p->r, FIELD_OF(reason, STR, skip, error), reason);
	record_emit(&p->r);
	if (p->kind == PROBLEM_ERROR) {     /* a reason the run ends with status error */
		qrscreen_say(QRSCREEN_WHY, "%s%s: %s", p->line, p->fields ? ")" : "", reason);
		run_set_status(RUN_ERROR);
	} else {
		kprintf("%s%s: %s\n", p->line, p->fields ? ")" : "", reason);
	}
}
