/* The end of a run on a screen. On a framebuffer: the verdict of the report stays in
 * view while the whole log cycles as QR pages (lib/qrpages.h), one per screen,
 * captioned "page k/n" with the run id, and a small plain-text QR code (the run, the
 * machine, the status and the headline verdicts) that any phone camera app reads;
 * a key on the 8042 toggles between the pages and the full report. Layout:
 * lib/qrlayout.h. VGA text has no pixels: there the report stays on the screen
 * and the console says how to get a graphics mode. */
#ifndef KERNEL_QRSCREEN_H
#define KERNEL_QRSCREEN_H

#include <stdbool.h>
#include "cmdline.h"
#include "multiboot2.h"

/* Before the first record: keep the framebuffer, the qr= and qr_seconds= words, and
 * start the records' copy (kernel/logstore.h) with its compression buffers. */
void qrscreen_init(const struct boot_info *bi, const struct kernel_config *cfg);

/* The report's lines as the console printed them, kept for the end screen. */
enum qrscreen_text {
	QRSCREEN_DETAIL,                /* the full report only */
	QRSCREEN_ANSWER,                /* the full report */
	QRSCREEN_VERDICT,               /* the full report, and beside the pages */
	QRSCREEN_SUMMARY,               /* a headline verdict, for the text code */
};
void qrscreen_keep(enum qrscreen_text kind, const char *line);

/* Does the run end on the QR pages? machine_ends_itself: QEMU or Bochs, which the
 * kernel ends after the end record unless qr=on. */
bool qrscreen_wanted(bool machine_ends_itself);
/* After the end record, under the console lock: compress, then cycle through the
 * pages forever. Returns only when there is nothing to draw on (no framebuffer, no
 * copy of the records), having said why on the console. */
void qrscreen_show(const char *status);

#endif
