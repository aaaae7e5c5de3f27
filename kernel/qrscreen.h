/* The end of a run on a screen: the whole log as QR pages (lib/qrpages.h), one
 * per screen, each captioned "page k/n" with the run id, cycling forever. Drawn on
 * the multiboot2 framebuffer (the console's, already mapped); VGA text has no
 * pixels, so there the screen says how to get a graphics mode instead. */
#ifndef KERNEL_QRSCREEN_H
#define KERNEL_QRSCREEN_H

#include <stdbool.h>
#include "cmdline.h"
#include "multiboot2.h"

/* Before the first record: keep the framebuffer, the qr= and qr_seconds= words, and
 * start the records' copy (kernel/logstore.h) with its compression buffers. */
void qrscreen_init(const struct boot_info *bi, const struct config *cfg);
/* One line (up to 47 characters) of the report's key figures, drawn beside every
 * page's code where the screen leaves room; up to 12 lines, later ones dropped. */
void qrscreen_note(const char *line);
/* Does the run end on the QR pages? machine_ends_itself: QEMU or Bochs, which the
 * kernel ends after the end record unless qr=on. */
bool qrscreen_wanted(bool machine_ends_itself);
/* After the end record, under the console lock: compress, then cycle through the
 * pages forever. Returns only when there is nothing to draw on (no framebuffer, no
 * copy of the records), having said why on the console. */
void qrscreen_show(const char *status);

#endif
