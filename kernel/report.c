/* The end-of-run report (see report.h). lib/'s answer computes in double
 * precision: SSE is enabled here, the benchmarks done (arch/x86/fpu.h); its lines
 * go to the console and the end screen (qrscreen.h), its figures become records. */
#include "report.h"
#include "alloc.h"
#include "answer.h"
#include "console.h"
#include "crc32.h"
#include "format.h"
#include "fpu.h"
#include "alloc_hook.h"
#include "lib.h"
#include "logstore.h"
#include "problem.h"
#include "qrscreen.h"
#include "rec.h"
#include "record.h"
#include "status.h"
#include "serial.h"
#include "student.h"

#define LINE_MAX 8192                   /* a record line is at most 4096 bytes */

/* lib/'s memory from the bump allocator: a grown array is a copy, nothing freed. */
static void *bump_resize(void *p, size_t old, size_t size)
{
	void *q = alloc(size ? size : 1, 16);
	if (q && p)
		memcpy(q, p, old < size ? old : size);
	return q;
}

static const struct heap kernel_heap = { bump_resize, NULL };

static uint32_t record_crc(const void *data, size_t len) { return crc32_update(0, data, len); }

/* Every record line of the copy, parsed (its CRC checked again) into r. */
static void read_back(struct report *r)
{
	static struct rec rec;
	struct rec_scratch s = { alloc(LINE_MAX + 16, 16), alloc((LINE_MAX / 2 + 1) * 8, 16),
				 record_crc, alloc(sizeof(struct rec_shapes), 16) };
	const char *p = (const char *)logstore_data(), *end = p + logstore_len();
	unsigned long line = 0;
	if (!s.str || !s.arr)      /* no shapes: each record read as new (rec.h), slower */
		return;
	while (p < end) {
		const char *nl = p;
		while (nl < end && *nl != '\n')
			nl++;
		size_t len = (size_t)(nl - p);
		line++;
		if (len && len <= LINE_MAX && *p == '{' && !rec_parse(&rec, p, len, &s)) {
			rec.file = "run";
			rec.line = line;
			report_take(&rec, r);
		}
		p = nl + 1;
	}
}

/* A line to the console and the end screen, kept as what it is (one kind for one:
 * answer_out.h's and qrscreen.h's); the summary's lines go to the screen's text
 * code alone. */
static void say(void *ctx, enum answer_kind kind, const char *line)
{
	static const enum qrscreen_text screen[] = { QRSCREEN_DETAIL, QRSCREEN_ANSWER,
						     QRSCREEN_VERDICT, QRSCREEN_SUMMARY,
						     QRSCREEN_WARNING };
	static bool answer_begun;
	enum answer_kind what = kind & ANSWER_KIND;
	enum qrscreen_text keep = screen[what] | (kind & ANSWER_HEAD ? QRSCREEN_HEAD : 0);
	if (what != ANSWER_DETAIL && !answer_begun) {    /* the details end here */
		bool serial = strcmp(console_serial_name(), "none");
		qrscreen_say(QRSCREEN_DETAIL, "%s", serial ? "The serial log holds every record: "
			     "tickstat report LOG compares them." : "No serial port: the records "
			     "leave as the screen's QR pages (tools/qr-import).");
		kprintf("\n");
		answer_begun = true;
	}
	if (what == ANSWER_SUMMARY)
		qrscreen_keep(keep, line);
	else
		qrscreen_say(keep, "%s", line);
}

/* A figure of the answer as a "report" record (docs/FORMAT.md, "report"). */
static void figure(void *ctx, const struct answer_figure *f)
{
	struct record r;
	REC_BEGIN(&r, report);
	REC_STR(&r, report, what, f->what);
	if (f->text) {
		REC_STR(&r, report, text, f->text);
	} else {
		REC_STR(&r, report, name, f->name);
		REC_I64(&r, report, value, f->value);
		REC_STR(&r, report, unit, f->unit);
	}
	for (int i = 0; i < f->nfields; i++) {
		if (f->f[i].is_str)
			record_str(&r, f->f[i].key, f->f[i].s);
		else if (f->f[i].is_bool)
			record_bool(&r, f->f[i].key, f->f[i].i);
		else
			record_i64(&r, f->f[i].key, f->f[i].i);
	}
	record_emit(&r);
}

/* The skip where SSE cannot run: the records are out, tickstat reads them. */
static void skip_report(void)
{
	struct problem p;
	problem_begin(&p, PROBLEM_SKIP, NULL);
	SKIP_STR(&p, what, "report");
	problem_end(&p, "the hypervisor below emulates every instruction, and its emulator "
		    "(KVM's) has no SSE arithmetic: the report's doubles would stop the "
		    "machine; tickstat report LOG gives the same answer from the records");
}

void report_at_end(const struct platform_speed *below)
{
	if (platform_emulates_everything(below)) {
		skip_report();
		return;
	}
	fpu_enable_sse();
	heap_use(&kernel_heap);
	struct report *r = report_new(CONF_95);
	if (!r) {
		kprintf("tickbench: no memory for the report\n");
		return;
	}
	read_back(r);
	report_end(r, run_status_name());      /* its record follows the report */
	if (logstore_dropped()) {
		char text[160];
		format(text, sizeof(text), "the records' copy ended after %llu lines (%llu left "
		       "out): the figures leave out what came later",
		       (unsigned long long)logstore_lines(), (unsigned long long)logstore_dropped());
		report_warn(r, text);
	}
	kprintf("\n");
	answer_print(r, say, figure, NULL);
}
