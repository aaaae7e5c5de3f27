/* Parsers of Linux's /proc and /sys text (see proctext.h). Pure C. */
#include "proctext.h"

#include <stdlib.h>
#include <string.h>

static const char *skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static const char *next_line(const char *p)
{
	const char *nl = strchr(p, '\n');
	return nl ? nl + 1 : p + strlen(p);
}

/* The header's columns: the position (from 0) of "CPU<cpu>" among its words, and
 * how many there are. False when the first line is not all "CPUn" words. */
static bool header_column(const char *line, unsigned cpu, int *column, unsigned *columns)
{
	*column = -1;
	*columns = 0;
	for (const char *p = skip_blanks(line); *p && *p != '\n'; p = skip_blanks(p)) {
		char *end;
		if (strncmp(p, "CPU", 3) || p[3] < '0' || p[3] > '9')
			return false;
		unsigned long n = strtoul(p + 3, &end, 10);
		if (n == cpu)
			*column = (int)*columns;
		(*columns)++;
		p = end;
	}
	return *columns > 0;
}

/* One source line: its label, then columns counts; false when it holds fewer (a
 * system-wide count, ERR or MIS) or no label. */
static bool source_line(const char *p, unsigned columns, int column, char *label,
			uint64_t *count)
{
	p = skip_blanks(p);
	const char *colon = p;
	while (*colon && *colon != ':' && *colon != ' ' && *colon != '\n')
		colon++;
	size_t len = (size_t)(colon - p);
	if (*colon != ':' || len == 0 || len >= PROC_LABEL_MAX)
		return false;
	memcpy(label, p, len);
	label[len] = 0;
	p = colon + 1;
	for (unsigned i = 0; i < columns; i++) {
		char *end;
		p = skip_blanks(p);
		if (*p < '0' || *p > '9')
			return false;
		uint64_t v = strtoull(p, &end, 10);
		if ((int)i == column)
			*count = v;
		p = end;
	}
	return true;
}

bool proc_counts_parse(const char *text, unsigned cpu, struct proc_counts *out)
{
	int column;
	unsigned columns;
	out->n = 0;
	if (!header_column(text, cpu, &column, &columns) || column < 0)
		return false;
	for (const char *p = next_line(text); *p && out->n < PROC_LINES_MAX; p = next_line(p)) {
		uint64_t count = 0;
		if (source_line(p, columns, column, out->line[out->n].label, &count))
			out->line[out->n++].count = count;
	}
	return true;
}

static int find(const struct proc_counts *c, const char *label)
{
	for (unsigned i = 0; i < c->n; i++)
		if (!strcmp(c->line[i].label, label))
			return (int)i;
	return -1;
}

void proc_counts_delta(const struct proc_counts *before, const struct proc_counts *after,
		       struct proc_counts *delta)
{
	*delta = *after;
	for (unsigned i = 0; i < delta->n; i++) {
		int b = find(before, after->line[i].label);
		uint64_t then = b < 0 ? 0 : before->line[b].count;
		delta->line[i].count = after->line[i].count >= then ? after->line[i].count - then : 0;
	}
}

bool proc_count(const struct proc_counts *c, const char *label, uint64_t *count)
{
	int i = find(c, label);
	if (i >= 0)
		*count = c->line[i].count;
	return i >= 0;
}

uint64_t proc_count_others(const struct proc_counts *c, const char *except)
{
	uint64_t sum = 0;
	for (unsigned i = 0; i < c->n; i++)
		if (!except || strcmp(c->line[i].label, except))
			sum += c->line[i].count;
	return sum;
}

static bool cpu_number(const char **p, unsigned *cpu)
{
	char *end;
	if (**p < '0' || **p > '9')
		return false;
	unsigned long n = strtoul(*p, &end, 10);
	*p = end;
	*cpu = (unsigned)n;
	return n < CPU_SET_MAX;
}

bool cpu_list_parse(const char *text, struct cpu_set *set)
{
	memset(set, 0, sizeof(*set));
	const char *p = text;
	while (*p && *p != '\n') {
		unsigned first, last;
		if (!cpu_number(&p, &first))
			return false;
		last = first;
		if (*p == '-') {
			p++;
			if (!cpu_number(&p, &last) || last < first)
				return false;
		}
		for (unsigned c = first; c <= last; c++)
			set->bits[c / 64] |= 1ull << (c % 64);
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return false;
	}
	return !*p || !p[1];
}

bool cpu_set_has(const struct cpu_set *set, unsigned cpu)
{
	return cpu < CPU_SET_MAX && (set->bits[cpu / 64] >> (cpu % 64) & 1);
}

int cpu_set_last(const struct cpu_set *set)
{
	for (int w = CPU_SET_MAX / 64 - 1; w >= 0; w--)
		if (set->bits[w])
			return w * 64 + 63 - __builtin_clzll(set->bits[w]);
	return -1;
}

/* The last CPU of both a and b; -1 when they share none. */
static int last_common(const struct cpu_set *a, const struct cpu_set *b)
{
	struct cpu_set both;
	for (unsigned w = 0; w < CPU_SET_MAX / 64; w++)
		both.bits[w] = a->bits[w] & b->bits[w];
	return cpu_set_last(&both);
}

int cpu_default(const struct cpu_set *allowed, const struct cpu_set *nohz_full,
		const struct cpu_set *isolated)
{
	int cpu = last_common(allowed, nohz_full);
	if (cpu < 0)
		cpu = last_common(allowed, isolated);
	return cpu >= 0 ? cpu : cpu_set_last(allowed);
}

/* The rest of the line at p into value (size bytes), blanks before it skipped. */
static void copy_rest(const char *p, char *value, unsigned size)
{
	p = skip_blanks(p);
	size_t len = strcspn(p, "\n");
	if (len >= size)
		len = size - 1;
	memcpy(value, p, len);
	value[len] = 0;
}

bool config_value(const char *text, const char *key, char *value, unsigned size)
{
	size_t klen = strlen(key);
	for (const char *p = text; *p; p = next_line(p))
		if (!strncmp(p, key, klen) && p[klen] == '=') {
			copy_rest(p + klen + 1, value, size);
			return true;
		}
	return false;
}

/* "name<blanks>: value" at p: the value's start, or NULL when the line is not name's. */
static const char *cpuinfo_line(const char *p, const char *name)
{
	size_t len = strlen(name);
	if (strncmp(p, name, len))
		return NULL;
	p = skip_blanks(p + len);
	return *p == ':' ? p + 1 : NULL;
}

bool cpuinfo_value(const char *text, unsigned cpu, const char *field, char *value,
		   unsigned size)
{
	bool mine = false;
	for (const char *p = text; *p; p = next_line(p)) {
		const char *v = cpuinfo_line(p, "processor");
		if (v)
			mine = strtoul(v, NULL, 10) == cpu;
		else if (mine && (v = cpuinfo_line(p, field))) {
			copy_rest(v, value, size);
			return true;
		}
	}
	return false;
}

bool cmdline_param(const char *cmdline, const char *key, char *value, unsigned size)
{
	size_t klen = strlen(key);
	for (const char *p = skip_blanks(cmdline); *p && *p != '\n'; p = skip_blanks(p)) {
		size_t len = strcspn(p, " \t\n");
		if (len == 2 && !strncmp(p, "--", 2))
			return false;
		if (len >= klen && !strncmp(p, key, klen) && (len == klen || p[klen] == '=')) {
			size_t vlen = len > klen ? len - klen - 1 : 0;
			if (vlen >= size)
				vlen = size - 1;
			memcpy(value, p + klen + (len > klen), vlen);
			value[vlen] = 0;
			return true;
		}
		p += len;
	}
	return false;
}
