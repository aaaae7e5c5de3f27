/* A copy of every record line as it is emitted (the record sink calls logstore_add),
 * kept for the QR pages shown at the end of the run (lib/endscreen/qrpages.c). */
#ifndef KERNEL_LOGSTORE_H
#define KERNEL_LOGSTORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LOGSTORE_BYTES (1u << 20)       /* the quick suite writes ~80 KB of records */

/* Take the buffer from the allocator; false (and nothing kept) when it has no room. */
bool logstore_init(void);
void logstore_add(const char *line, size_t len);

const uint8_t *logstore_data(void);
size_t logstore_len(void);
size_t logstore_lines(void);
/* Lines that did not fit (the copy ends before them). */
size_t logstore_dropped(void);

#endif
