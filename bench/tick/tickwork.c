/* tick's work models (see tickwork.h). */
#include "tickwork.h"
#include "tickmodel.h"
#include "clock.h"
#include "cpu.h"
#include "lib.h"
#include "record.h"

/* The presets (docs/METHOD.md, "Work models", gives each figure's source): pure
 * work in ns, converted at this TSC's rate, and the footprint. */
static const struct { uint32_t work_ns, data_kib, code_kib, pages; } presets[TICK_MODELS] = {
	[TICK_MODEL_FLOOR]          = { 0, 0, 0, 0 },
	[TICK_MODEL_LINUX_TICK]     = { 1000, 8, 16, 16 },
	[TICK_MODEL_LINUX_LAZY_RCU] = { 3000, 8, 16, 16 },
	[TICK_MODEL_TSAFRIR_2007]   = { 1500, 32, 16, 32 },
};

unsigned tick_model_count(const struct config *cfg, const struct tick_settings *ts)
{
	unsigned presets = 0;
	for (unsigned k = 0; k < TICK_MODELS; k++)
		presets += ts->tick_models >> k & 1;
	if (presets)
		return presets;
	return cfg->tick_work.n * ts->tick_data_kib.n * ts->tick_code_kib.n * ts->tick_pages.n;
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

void tick_model_at(const struct config *cfg, const struct tick_settings *ts, unsigned i,
		   struct tick_model *m)
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
	m->work = cfg->tick_work.v[i];
}

void tick_model_label(const struct tick_model *m, char *buf, size_t size)
{
	const uint64_t parts[] = { m->work, m->data_kib, m->code_kib, m->pages };
	tick_model_words(buf, size, parts, m->preset);
}

void tick_model_fields(struct record *r, const struct tick_model *m)
{
	record_u64(r, FIELD_OF(tick_work, U64, run, ftq, stats), m->work);
	record_u64(r, FIELD_OF(tick_data_kib, U64, run, ftq, stats), m->data_kib);
	record_u64(r, FIELD_OF(tick_code_kib, U64, run, ftq, stats), m->code_kib);
	record_u64(r, FIELD_OF(tick_pages, U64, run, ftq, stats), m->pages);
	if (m->preset)
		record_str(r, FIELD_OF(tick_model, STR, run, ftq, stats), m->preset);
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
static void largest(const struct config *cfg, const struct tick_settings *ts,
		    uint64_t *data_kib, uint32_t *pages)
{
	struct tick_model m;
	*data_kib = *pages = 0;
	for (unsigned i = 0; i < tick_model_count(cfg, ts); i++) {
		tick_model_at(cfg, ts, i, &m);
		*data_kib = m.data_kib > *data_kib ? m.data_kib : *data_kib;
		*pages = m.pages > *pages ? m.pages : *pages;
	}
}

void tick_work_prepare(const struct config *cfg, const struct tick_settings *ts)
{
	uint64_t data_kib;
	uint32_t pages;
	largest(cfg, ts, &data_kib, &pages);
	tick_work_reserve(data_kib, pages);
}
