/* The 8042's output buffer, polled (see i8042.h). */
#include "i8042.h"
#include "cpu.h"

#define SCAN_BREAK      0x80            /* set 1: bit 7 marks a key's release */
#define SCAN_PREFIX_E0  0xe0            /* extended keys: a second byte follows */
#define SCAN_PREFIX_E1  0xe1            /* Pause */
#define DRAIN_MAX       32              /* bytes read per call at most */

bool i8042_present(void)
{
	return inb(I8042_STATUS) != 0xff;
}

bool i8042_key_pressed(void)
{
	bool pressed = false;
	for (unsigned i = 0; i < DRAIN_MAX; i++) {
		uint8_t status = inb(I8042_STATUS);
		if (status == 0xff || !(status & I8042_STR_OBF))
			break;
		uint8_t code = inb(I8042_DATA);
		if (status & I8042_STR_AUXDATA)
			continue;
		if (code != SCAN_PREFIX_E0 && code != SCAN_PREFIX_E1 && !(code & SCAN_BREAK))
			pressed = true;
	}
	return pressed;
}
