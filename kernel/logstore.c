/* The records' copy for the QR pages (see logstore.h). A line that does not fit
 * whole is dropped, and so is every later one: the copy is a prefix of the log. */
#include "logstore.h"
#include "alloc.h"
#include "lib.h"

static uint8_t *buf;
static size_t used, lines, dropped;

bool logstore_init(void)
{
	buf = alloc(LOGSTORE_BYTES, 4096);
	return buf != NULL;
}

void logstore_add(const char *line, size_t len)
{
	if (!buf || dropped || len > LOGSTORE_BYTES - used) {
		dropped++;
		return;
	}
	memcpy(buf + used, line, len);
	used += len;
	lines++;
}

const uint8_t *logstore_data(void) { return buf; }
size_t logstore_len(void) { return used; }
size_t logstore_lines(void) { return lines; }
size_t logstore_dropped(void) { return dropped; }
