/* Logs of several machines: identity, groups, and the grouping rule (machines.h).
 * A machine is its `machine` record's id; logs of one id and one build (`boot`
 * version) are pooled, any other pair is kept apart and said so. */
#include "machines.h"
#include "schema.h"
#include "tickstat.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void copy_field(char *dst, size_t size, const struct rec *r, const char *key)
{
	const char *s = rec_str(r, key);
	snprintf(dst, size, "%s", s ? s : "");
}

static void scan_record(const struct rec *r, void *ctx)
{
	struct mlog *m = ctx;
	if (!strcmp(r->type, RECORD_TYPE(boot)) && !m->version[0]) {
		copy_field(m->version, sizeof(m->version), r, FIELD(boot, version, STR));
	} else if (!strcmp(r->type, RECORD_TYPE(platform))) {
		const char *os = rec_str(r, FIELD(platform, os, STR));
		m->under_linux |= os && !strcmp(os, "linux");
	} else if (!strcmp(r->type, RECORD_TYPE(machine)) && !m->id[0]) {
		copy_field(m->id, sizeof(m->id), r, FIELD(machine, id, STR));
		copy_field(m->manufacturer, sizeof(m->manufacturer), r,
			   FIELD(machine, system_manufacturer, STR));
		copy_field(m->product, sizeof(m->product), r,
			   FIELD(machine, system_product, STR));
		copy_field(m->brand, sizeof(m->brand), r, FIELD(machine, cpu_brand, STR));
		copy_field(m->bios_version, sizeof(m->bios_version), r,
			   FIELD(machine, bios_version, STR));
		copy_field(m->microcode, sizeof(m->microcode), r,
			   FIELD(machine, microcode, HEX));
		copy_field(m->firmware, sizeof(m->firmware), r, FIELD(machine, firmware, STR));
	}
}

int machine_scan(char **paths, int n, struct mlog *ids)
{
	static const char *const identity[] = { "boot", "platform", "machine", NULL };
	for (int i = 0; i < n; i++) {
		struct log_report quiet = { .quiet = true, .only = identity };
		memset(&ids[i], 0, sizeof(ids[i]));
		ids[i].path = paths[i];
		if (log_read(paths[i], scan_record, &ids[i], &quiet) == 2)
			return 2;
	}
	return 0;
}

/* One machine, one build and one OS below the loop: tickbench-linux's logs are never
 * pooled with the bare kernel's. */
static bool same_group(const struct mlog *a, const struct mlog *b)
{
	return a->id[0] && b->id[0] && !strcmp(a->id, b->id) && !strcmp(a->version, b->version) &&
	       a->under_linux == b->under_linux;
}

int machine_groups(const struct mlog *ids, int n, struct mgroup *out)
{
	int ng = 0;
	for (int i = 0; i < n; i++) {
		int g = 0;
		while (g < ng && !same_group(out[g].who, &ids[i]))
			g++;
		if (g == ng) {
			if (ng == M_MAX_GROUPS)
				return -1;
			memset(&out[ng], 0, sizeof(out[ng]));
			snprintf(out[ng].key, sizeof(out[ng].key), "M%d", ng + 1);
			out[ng].who = &ids[i];
			out[ng].same_id_as = -1;
			for (int k = 0; k < ng && ids[i].id[0]; k++)
				if (out[ng].same_id_as < 0 && !strcmp(out[k].who->id, ids[i].id))
					out[ng].same_id_as = k;
			ng++;
		}
		if (out[g].nlogs == M_MAX_LOGS)
			return -1;
		out[g].logs[out[g].nlogs++] = i;
	}
	return ng;
}

int machine_find(const struct mgroup *g, int n, const char *arg)
{
	int found = -1;
	size_t len = strlen(arg);
	for (int i = 0; i < n; i++)
		if (!strcasecmp(g[i].key, arg))
			return i;
	for (int i = 0; i < n && len; i++) {
		if (strncmp(g[i].who->id, arg, len) || (found >= 0 && same_group(g[found].who, g[i].who)))
			continue;
		if (found >= 0)
			return -1;          /* a prefix of two machines' ids */
		found = i;
	}
	return found;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : log_name(path);
}

/* Cut s to at most cols columns (UTF-8 continuation bytes take none), ending "...". */
static void cut(char *s, size_t cols)
{
	if (columns(s) <= cols || cols < 4)
		return;
	size_t n = 0, i = 0;
	for (; s[i] && n < cols - 3; i++)
		n += ((unsigned char)s[i] & 0xc0) != 0x80;
	while (((unsigned char)s[i] & 0xc0) == 0x80)
		i++;
	snprintf(s + i, 4, "...");
}

void machine_label(char *buf, size_t size, const struct mgroup *g, size_t cols)
{
	const struct mlog *m = g->who;
	if (!m->id[0])
		snprintf(buf, size, "unknown machine: %s (no machine record)", base_name(m->path));
	else
		snprintf(buf, size, "%s%s%s / %s%s", m->manufacturer, m->manufacturer[0] ? " " : "",
			 m->product[0] ? m->product : "(no SMBIOS product)",
			 m->brand[0] ? m->brand : "(no CPU brand)",
			 m->under_linux ? ", under Linux" : "");
	cut(buf, cols);
}

/* "id ..., build ..., N logs; BIOS ..., microcode ..., boots ...": on one line when
 * it fits, else the firmware part on a line of its own. */
static void legend_details(const struct mgroup *g)
{
	const struct mlog *m = g->who;
	char who[160], fw[200];
	snprintf(who, sizeof(who), "%s%s%sbuild %s, %d log%s", m->id[0] ? "id " : "", m->id,
		 m->id[0] ? ", " : "", m->version[0] ? m->version : "?", g->nlogs,
		 g->nlogs == 1 ? "" : "s");
	if (m->id[0])
		snprintf(fw, sizeof(fw), "BIOS %s, microcode %s, boots %s",
			 m->bios_version[0] ? m->bios_version : "?",
			 m->microcode[0] ? m->microcode : "?", m->firmware[0] ? m->firmware : "?");
	else
		snprintf(fw, sizeof(fw), "never pooled");
	cut(who, R_WIDTH - 6);
	cut(fw, R_WIDTH - 6);
	if (6 + columns(who) + 2 + columns(fw) <= R_WIDTH)
		printf("      %s; %s\n", who, fw);
	else
		printf("      %s;\n      %s\n", who, fw);
}

/* Notes on machines kept apart that a reader could take for one. */
static void legend_notes(const struct mgroup *g, int n)
{
	for (int i = 0; i < n; i++) {
		const struct mlog *a = g[i].who;
		const struct mlog *first = g[i].same_id_as >= 0 ? g[g[i].same_id_as].who : NULL;
		if (first && first->under_linux != a->under_linux)
			printf("note: %s is %s's machine, %s: kept apart\n", g[i].key,
			       g[g[i].same_id_as].key, a->under_linux ? "under Linux (tickbench-linux)" :
			       "the bare kernel");
		else if (first)
			printf("note: %s is %s's machine, another build (%s): kept apart\n",
			       g[i].key, g[g[i].same_id_as].key, a->version);
		for (int k = 0; k < i && a->id[0]; k++)
			if (strcmp(g[k].who->id, a->id) && g[k].who->brand[0] &&
			    !strcmp(g[k].who->brand, a->brand)) {
				printf("note: %s and %s share a CPU brand, not a machine id: kept "
				       "apart\n", g[k].key, g[i].key);
				break;
			}
	}
}

void machine_legend(const struct mgroup *g, int n, int baseline)
{
	char label[160];
	for (int i = 0; i < n; i++) {
		machine_label(label, sizeof(label), &g[i], R_WIDTH - 6);
		printf("  %-3s %s\n", g[i].key, label);
		legend_details(&g[i]);
	}
	legend_notes(g, n);
	printf("baseline: %s; logs of one machine id and one build are pooled, no others\n",
	       g[baseline].key);
}

int machine_bare_first(char **paths, struct mlog *ids, int n, struct mgroup *groups, int ng,
		       int *bare)
{
	char **p = calloc((size_t)n + 1, sizeof(*p));
	struct mlog *m = calloc((size_t)n + 1, sizeof(*m));
	int k = 0;
	*bare = 0;
	for (int pass = 0; p && m && pass < 2; pass++)
		for (int i = 0; i < n; i++)
			if (ids[i].under_linux == (pass == 1)) {
				p[k] = paths[i];
				m[k++] = ids[i];
				if (!pass)
					*bare = k;
			}
	if (!p || !m) {
		ng = -1;
	} else {
		memcpy(paths, p, (size_t)n * sizeof(*p));
		memcpy(ids, m, (size_t)n * sizeof(*m));
		if (*bare > 0 && *bare < n)
			ng = machine_groups(ids, *bare, groups);
	}
	free(p);
	free(m);
	return ng;
}

int machine_setup(char **paths, int n, struct mlog **ids, struct mgroup **groups)
{
	*ids = NULL;
	*groups = NULL;
	*ids = calloc((size_t)n + 1, sizeof(**ids));
	*groups = calloc(M_MAX_GROUPS, sizeof(**groups));
	if (!*ids || !*groups || machine_scan(paths, n, *ids))
		return -1;
	int ng = machine_groups(*ids, n, *groups);
	if (ng < 0)
		say_error("more than %d machines, or %d logs of one",
			M_MAX_GROUPS, M_MAX_LOGS);
	return ng;
}

int machine_reports(struct mgroup *g, int n, char **logs, int ci)
{
	int worst = 0;
	for (int i = 0; i < n && worst < 2; i++) {
		struct log_report rep = { 0 };
		char *paths[M_MAX_LOGS];
		if (!(g[i].rep = report_new(ci)))
			return 2;
		for (int k = 0; k < g[i].nlogs; k++)
			paths[k] = logs[g[i].logs[k]];
		int rc = read_logs(paths, g[i].nlogs, report_take, g[i].rep, &rep);
		worst = rc > worst ? rc : worst;
	}
	return worst;
}

void machine_reports_free(struct mgroup *g, int n)
{
	for (int i = 0; i < n; i++)
		if (g[i].rep) {
			report_free(g[i].rep);
			g[i].rep = NULL;
		}
}
