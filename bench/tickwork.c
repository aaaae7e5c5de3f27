/* tick's work models (see tickwork.h). */
#include "tickwork.h"
#include "tickmodel.h"
#include "alloc.h"
#include "clock.h"
#include "cpu.h"
#include "format.h"
#include "handler.h"
#include "lib.h"
#include "paging.h"
#include "record.h"
#include "work_limits.h"

struct tick_footprint tick_fp;

#define LINE            64
#define WORDS_PER_LINE  (LINE / sizeof(uint64_t))
#define PAGE_STRIDE     (4096 + LINE)   /* a page and a line: page i's line is i mod 64 */
#define DATA_SPAN       4               /* the data buffer holds 4 footprints */

/* The presets (docs/METHOD.md, "Work models", gives each figure's source): pure
 * work in ns, converted at this TSC's rate, and the footprint. */
static const struct { uint32_t work_ns, data_kib, code_kib, pages; } presets[TICK_MODELS] = {
	[TICK_MODEL_FLOOR]          = { 0, 0, 0, 0 },
	[TICK_MODEL_LINUX_TICK]     = { 1000, 8, 16, 16 },
	[TICK_MODEL_LINUX_LAZY_RCU] = { 3000, 8, 16, 16 },
	[TICK_MODEL_TSAFRIR_2007]   = { 1500, 32, 16, 32 },
};

static struct {
	volatile uint64_t *data;
	uint64_t data_kib;              /* the largest footprint it serves */
	volatile uint64_t *pages;
	uint32_t pages_max;
	const char *data_why, *pages_why;       /* why a buffer could not be had */
} buf;

extern const char tick_code_end[];      /* bench/workcode.S */

unsigned tick_model_count(const struct tick_settings *ts)
{
	unsigned presets = 0;
	for (unsigned k = 0; k < TICK_MODELS; k++)
		presets += ts->tick_models >> k & 1;
	if (presets)
		return presets;
	return ts->tick_work.n * ts->tick_data_kib.n * ts->tick_code_kib.n * ts->tick_pages.n;
}

static void preset_at(const struct tick_settings *ts, unsigned i, struct tick_model *m)
{
	unsigned k = 0;
	for (unsigned seen = 0; k < TICK_MODELS; k++)
		if ((ts->tick_models >> k & 1) && seen++ == i)
			break;
	m->work = mul_div(presets[k].work_ns, clock_tsc_hz(), 1000000000);
	m->data_kib = presets[k].data_kib;
	m->code_kib = presets[k].code_kib;
	m->pages = presets[k].pages;
	m->preset = tick_model_names[k];
}

void tick_model_at(const struct tick_settings *ts, unsigned i, struct tick_model *m)
{
	if (ts->tick_models) {
		preset_at(ts, i, m);
		return;
	}
	m->preset = NULL;
	m->pages = ts->tick_pages.v[i % ts->tick_pages.n];
	i /= ts->tick_pages.n;
	m->code_kib = ts->tick_code_kib.v[i % ts->tick_code_kib.n];
	i /= ts->tick_code_kib.n;
	m->data_kib = ts->tick_data_kib.v[i % ts->tick_data_kib.n];
	i /= ts->tick_data_kib.n;
	m->work = ts->tick_work.v[i];
}

void tick_model_label(const struct tick_model *m, char *buf, size_t size)
{
	const uint64_t parts[] = { m->work, m->data_kib, m->code_kib, m->pages };
	tick_model_words(buf, size, parts, m->preset);
}

void tick_model_fields(struct record *r, const struct tick_model *m)
{
	record_u64(r, "tick_work", m->work);
	record_u64(r, "tick_data_kib", m->data_kib);
	record_u64(r, "tick_code_kib", m->code_kib);
	record_u64(r, "tick_pages", m->pages);
	if (m->preset)
		record_str(r, "tick_model", m->preset);
}

const char *tick_model_suffix(const struct tick_model *m)
{
	static char suffix[96];
	suffix[0] = 0;
	if (m->preset || m->work || tick_model_has_footprint(m)) {
		suffix[0] = ' ';
		tick_model_label(m, suffix + 1, sizeof(suffix) - 1);
	}
	return suffix;
}

/* The largest data footprint and page count among the models. */
static void largest(const struct tick_settings *ts, uint64_t *data_kib, uint32_t *pages)
{
	struct tick_model m;
	*data_kib = *pages = 0;
	for (unsigned i = 0; i < tick_model_count(ts); i++) {
		tick_model_at(ts, i, &m);
		*data_kib = m.data_kib > *data_kib ? m.data_kib : *data_kib;
		*pages = m.pages > *pages ? m.pages : *pages;
	}
}

/* The pages' buffer in 2 MiB pieces of its own, mapped in 4 KiB pages. */
static const char *take_pages(uint32_t pages)
{
	uint64_t size = ((uint64_t)pages * PAGE_STRIDE + (2u << 20) - 1) & ~((2ull << 20) - 1);
	unsigned tables = (unsigned)(size >> 21);
	void *p = alloc(size, 2u << 20);
	uint64_t (*pt)[512] = alloc((size_t)tables * 4096, 4096);
	if (!p || !pt)
		return "tick_pages' buffer does not fit in the free memory below 4 GiB";
	if (!paging_split_4k((uint64_t)(uintptr_t)p, size, pt, tables))
		return "tick_pages' buffer could not be mapped in 4 KiB pages";
	buf.pages = p;
	buf.pages_max = pages;
	return NULL;
}

void tick_work_prepare(const struct tick_settings *ts)
{
	uint64_t data_kib;
	uint32_t pages;
	largest(ts, &data_kib, &pages);
	if (data_kib > buf.data_kib) {
		volatile uint64_t *d = alloc(data_kib * 1024 * DATA_SPAN, 4096);
		if (d) {
			buf.data = d;
			buf.data_kib = data_kib;
		} else {
			buf.data_why = "tick_data_kib's buffer (4 times the largest) does not fit "
				       "in the free memory below 4 GiB";
		}
	}
	if (pages > buf.pages_max)
		buf.pages_why = take_pages(pages);
}

const char *tick_work_set(const struct tick_model *m)
{
	const char *why = m->data_kib > buf.data_kib ? buf.data_why :
			  m->pages > buf.pages_max ? buf.pages_why : NULL;
	if (why) {
		tick_work_clear();
		return why;
	}
	tick_fp.data = buf.data;
	tick_fp.data_lines = (uint64_t)m->data_kib * 1024 / LINE;
	tick_fp.data_span = tick_fp.data_lines * DATA_SPAN;
	tick_fp.data_next = 0;
	tick_fp.pages = buf.pages;
	tick_fp.n_pages = m->pages;
	tick_fp.code = m->code_kib ? (void (*)(void))(tick_code_end - m->code_kib * 1024) : NULL;
	tick_fp.active = tick_model_has_footprint(m);
	birq.inject_cycles = m->work;
	return NULL;
}

void tick_work_clear(void)
{
	tick_fp.active = false;
	birq.inject_cycles = 0;
}

/* A read-modify-write of the first word of each line, so every line is dirtied (and
 * later written back) as an OS tick's data is; then one line per page; then the
 * code. What it executes per line is in docs/METHOD.md ("Work models"). */
void tick_footprint_touch(void)
{
	volatile uint64_t *d = tick_fp.data + tick_fp.data_next * WORDS_PER_LINE;
	for (uint64_t i = 0; i < tick_fp.data_lines; i++)
		d[i * WORDS_PER_LINE]++;
	tick_fp.data_next += tick_fp.data_lines;
	if (tick_fp.data_next == tick_fp.data_span)
		tick_fp.data_next = 0;
	for (uint32_t i = 0; i < tick_fp.n_pages; i++)
		tick_fp.pages[i * (PAGE_STRIDE / sizeof(uint64_t))]++;
	if (tick_fp.code)
		tick_fp.code();
}
