/* The measured handler's work and its buffers (see footprint.h). */
#include "footprint.h"
#include "alloc.h"
#include "handler.h"
#include "paging.h"

struct tick_footprint tick_fp;

#define LINE            64
#define WORDS_PER_LINE  (LINE / sizeof(uint64_t))
#define PAGE_STRIDE     (4096 + LINE)   /* a page and a line: page i's line is i mod 64 */
#define DATA_SPAN       4               /* the data buffer holds 4 footprints */

static struct {
	volatile uint64_t *data;
	uint64_t data_kib;              /* the largest footprint it serves */
	volatile uint64_t *pages;
	uint32_t pages_max;
	const char *data_why, *pages_why;       /* why a buffer could not be had */
} buf;

extern const char tick_code_end[];      /* bench/core/workcode.S */

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

void tick_work_reserve(uint64_t data_kib, uint32_t pages)
{
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
