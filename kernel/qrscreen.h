/* The end of a run on a screen, in a cycle that nothing but time drives: first the
 * text pages (why the run ended so, where it did not end on its report; then the
 * report, or help's table), each for two turns of the QR pages; then, on a
 * framebuffer, the whole log as QR pages (lib/endscreen/qrpages.h), one per screen, captioned
 * "page k/n" with the run id, beside the verdict (or the reason the run ended) and a
 * small plain-text QR code (the run, the machine, the status, the reason, the
 * warnings and the headline verdicts) that any phone camera app reads. Where the
 * 8042 answers, a key turns to the next text page, or from the QR pages to the
 * first; where none is found, the screen says nothing of keys. Layout:
 * lib/endscreen/qrlayout.h, the text pages: lib/endscreen/textpages.h. VGA text has no pixels: there
 * the text pages alone cycle. */
#ifndef KERNEL_QRSCREEN_H
#define KERNEL_QRSCREEN_H

#include <stdarg.h>
#include <stdbool.h>
#include "cmdline.h"
#include "multiboot2.h"

/* Before the first record: keep the framebuffer, the qr= and qr_seconds= words, and
 * start the records' copy (kernel/logstore.h) with its compression buffers. */
void qrscreen_init(const struct boot_info *bi, const struct kernel_config *cfg);

/* The lines the console printed that the end screen keeps, by what they are. */
enum qrscreen_text {
	QRSCREEN_DETAIL,                /* the text pages */
	QRSCREEN_ANSWER,                /* the text pages */
	QRSCREEN_VERDICT,               /* the text pages, and beside the QR pages */
	QRSCREEN_SUMMARY,               /* a headline verdict: the text code only */
	QRSCREEN_WARNING,               /* the text pages and the text code */
	QRSCREEN_WHY,                   /* why the run ended so (an error, an exception,
					   help): first on the text pages, beside the QR
					   pages, and in the text code */
	QRSCREEN_KIND = 0x0f,           /* the kind, less the flag: */
	QRSCREEN_HEAD = 0x10,           /* OR'ed: the line heads a table, which a text
					   page that goes on with it repeats */
};
void qrscreen_keep(enum qrscreen_text kind, const char *line);
/* One line to the console and kept, trailing spaces cut. */
void qrscreen_say(enum qrscreen_text kind, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void qrscreen_vsay(enum qrscreen_text kind, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

/* Does the run end on the end screen? machine_ends_itself: QEMU or Bochs, which the
 * kernel ends after the end record unless qr=on. */
bool qrscreen_wanted(bool machine_ends_itself);
/* After the end record, under the console lock: compress, then cycle through the
 * pages forever. Returns only when there is no screen to draw on, having said so on
 * the console. machine: the machine's id (kernel/machine.h), for the summary. */
void qrscreen_show(const char *status, const char *machine);

#endif
