/* The 8042 keyboard controller, read only: its status and its output buffer, which
 * the firmware left set up (and which a PC's USB legacy support often feeds from a
 * USB keyboard). Nothing is written to it. IBM PC/AT Technical Reference, "Keyboard
 * Controller"; scan code set 1, the 8042's translation of the keyboard's set 2. */
#ifndef ARCH_X86_I8042_H
#define ARCH_X86_I8042_H

#include <stdbool.h>

#define I8042_DATA              0x60    /* output buffer: a scan code (read) */
#define I8042_STATUS            0x64    /* status register (read) */
#define   I8042_STR_OBF         0x01    /* output buffer full: a byte at 0x60 */
#define   I8042_STR_AUXDATA     0x20    /* that byte is the mouse's */

/* Something answers at the status port (an absent controller reads all ones). */
bool i8042_present(void);
/* A key pressed since the last call (a make code; releases, prefixes and mouse
 * bytes are read and dropped): true once per key. */
bool i8042_key_pressed(void);

#endif
